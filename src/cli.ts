// main(argv, world) -> exit code. The one place where errors become exit codes and error text.
// `habits --version` is answered here without loading anything, `habits __complete -- …` with
// ./complete.js alone; the rest (commander, the context, the commands) is one dynamic import away,
// in ./core.js.
import { isatty } from 'node:tty';
import type { Context, World, GlobalFlags } from './context.js';
import type { IO } from './io.js';
import type { App } from './program.js';

// The package version, fixed at build time (as in version.ts; not imported from there, so that
// this file shares no chunk with the rest and `--version` loads nothing else).
declare const __HABITS_VERSION__: string;

/** Runs the CLI with `argv` (without node and script) and returns the exit code. */
export async function main(argv: string[], world: Partial<World> = {}): Promise<number> {
  const full = withDefaults(world);
  if (isVersionRequest(argv)) {
    // Exactly what commander prints for `.version(VERSION, '-V, --version')`, without loading it.
    full.io.stdout.write(`${__HABITS_VERSION__}\n`);
    return 0; // EXIT.ok, which lives with commander's chunk
  }
  if (argv[0] === '__complete' && argv[1] === '--') {
    // A shell waits on this at every Tab: complete.ts answers without commander or the context.
    const { answer } = await import('./complete.js');
    full.io.stdout.write(await answer(argv.slice(2), full, main));
    return 0;
  }
  const core = await import('./core.js');
  const { Context, buildProgram } = core;
  let ctx: Context | undefined;
  const runner: Pick<App, 'run'> = {
    async run(cmd, body, options) {
      ctx = new Context(full, cmd.optsWithGlobals<GlobalFlags>(), core.jsonShape(core.commandPath(cmd), cmd.opts()), options);
      await ctx.out.prepare();
      try {
        await body(ctx);
        await ctx.out.flush();
      } finally {
        ctx.reportSkipped();
      }
    },
  };
  try {
    core.rejectOptionsAfterDashes(argv);
    await buildProgram(runner, full.io).parseAsync(argv[0] === '__complete' ? argv : core.normalizeColorFlag(core.normalizeJsonFlag(argv)), { from: 'user' });
    return core.EXIT.ok;
  } catch (err) {
    const flags = ctx?.flags ?? scanFlags(argv);
    return report(core, err, full, flags);
  } finally {
    await ctx?.close();
  }
}

/** `habits --version` or `habits -V` and nothing else; anything more goes through commander. */
function isVersionRequest(argv: string[]): boolean {
  return argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V');
}

function report(core: typeof import('./core.js'), err: unknown, world: World, flags: GlobalFlags): number {
  const { describeError, envFlag, escapeControls, jsonText, EXIT } = core;
  const r = describeError(err);
  if (r.exitCode === EXIT.ok) return EXIT.ok;
  // One line, whatever the message quotes (a parser's excerpt of a file, a server's text).
  r.message = r.message.replace(/\s*\n\s*/g, ' ');
  const { stderr } = world.io;
  if (flags.json) {
    stderr.write(jsonText({ error: { code: r.code, message: r.message, status: r.status ?? null, ...(r.usage ? { usage: r.usage } : {}), ...(r.hint ? { hint: r.hint } : {}) } }) + '\n');
  } else {
    // A name or a server's message may hold control characters: shown escaped, never acted on.
    // A write kept in the outbox is not an error: it is said as what it is.
    stderr.write(`${r.code === 'queued' ? 'queued' : 'error'}: ${escapeControls(r.message)}\n`);
    if (r.usage) stderr.write(`usage: ${r.usage}\n`);
    if (r.hint) stderr.write(`hint: ${escapeControls(r.hint)}\n`);
  }
  const debug = flags.verbose || envFlag(world.env.HABITS_DEBUG);
  if (debug && r.code === 'internal' && err instanceof Error && err.stack) stderr.write(err.stack + '\n');
  return r.exitCode;
}

/** Global flags read straight from argv, for errors raised before any command ran. */
function scanFlags(argv: string[]): GlobalFlags {
  const end = argv.indexOf('--');
  const head = end === -1 ? argv : argv.slice(0, end);
  return { json: head.some((w) => w === '--json' || w.startsWith('--json=') || w === '--jq'), verbose: head.includes('--verbose') };
}

function withDefaults(world: Partial<World>): World {
  return {
    io: world.io ?? processIO(),
    env: world.env ?? process.env,
    now: world.now ?? (() => new Date()),
    prompter: world.prompter,
    dispatcher: world.dispatcher,
    sleep: world.sleep,
  };
}

function processIO(): IO {
  for (const stream of [process.stdout, process.stderr]) {
    // A reader that goes away (`habits journal | head -1`) is not our failure: stop quietly
    // instead of dying with an EPIPE stack trace.
    stream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EPIPE') throw err;
    });
  }
  return {
    // process.stdin is created on first access; most commands never read it.
    get stdin() {
      return process.stdin;
    },
    stdout: process.stdout,
    stderr: process.stderr,
    stdinIsTTY: isatty(0),
    stdoutIsTTY: !!process.stdout.isTTY,
    stderrIsTTY: !!process.stderr.isTTY,
    columns: process.stdout.columns,
  };
}
