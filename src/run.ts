// Runs one command line: builds the program, a Context per command, and turns every error into
// its exit code and one line of text. main() (cli.ts) comes here for everything but `--version`
// and `__complete --`, through one dynamic import, so that esbuild puts commander, the program,
// the Context and the error mapping in one chunk.
import { Context } from './command-context.js';
import { envFlag } from './config/settings.js';
import { describeError } from './describe-error.js';
import { EXIT } from './errors.js';
import { escapeControls } from './model/text.js';
import { jsonShape } from './output/fields.js';
import { jsonText } from './output/output.js';
import { buildProgram, commandPath, normalizeColorFlag, normalizeJsonFlag, rejectOptionsAfterDashes, type App } from './program.js';
import type { GlobalFlags, World } from './world.js';

export { buildProgram, completionTree } from './program.js';

/** Runs `argv` (without node and script) in `full`, and returns the exit code. */
export async function runCommandLine(argv: string[], full: World): Promise<number> {
  let ctx: Context | undefined;
  const runner: Pick<App, 'run' | 'invoke'> = {
    // A nested command line (habits mcp's tools): the same world, its own streams, never a prompt.
    invoke: (nested, io) => runCommandLine(nested, { ...full, io, prompter: undefined }),
    async run(cmd, body, options = {}) {
      // A dry run sends nothing, not even what waits in the outbox: the flag declares it for every verb that has it.
      const declared = cmd.opts().dryRun === true ? { ...options, outboxFirst: false } : options;
      ctx = new Context(full, cmd.optsWithGlobals<GlobalFlags>(), jsonShape(commandPath(cmd), cmd.opts()), declared);
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
    rejectOptionsAfterDashes(argv);
    await buildProgram(runner, full.io).parseAsync(argv[0] === '__complete' ? argv : normalizeColorFlag(normalizeJsonFlag(argv)), { from: 'user' });
    return EXIT.ok;
  } catch (err) {
    const flags = ctx?.flags ?? scanFlags(argv);
    return report(err, full, flags);
  } finally {
    await ctx?.close();
  }
}

/** Says what went wrong, on stderr (as JSON with --json), and returns the exit code. */
function report(err: unknown, world: World, flags: GlobalFlags): number {
  const r = describeError(err);
  if (r.exitCode === EXIT.ok) return EXIT.ok;
  // One line, whatever the message quotes (a parser's excerpt of a file, a server's text).
  r.message = r.message.replace(/\s*\n\s*/g, ' ');
  const { stderr } = world.io;
  if (flags.json) {
    stderr.write(jsonText({ error: { code: r.code, message: r.message, status: r.status ?? null, ...(r.usage ? { usage: r.usage } : {}), ...(r.hint ? { hint: r.hint } : {}) } }) + '\n');
  } else {
    // A name or a server's message may hold control characters: shown escaped, never acted on.
    // A write kept in the outbox is not an error: it is said as what it is; nor is Cancel chosen.
    stderr.write(r.chosen ? `${escapeControls(r.message)}\n` : `${r.code === 'queued' ? 'queued' : 'error'}: ${escapeControls(r.message)}\n`);
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
