// `habits mcp [--read-only]`: the Model Context Protocol server over stdio, for an assistant
// (src/mcp/server.ts, on the official SDK, loaded only here). Every tool runs the command it adapts
// in this process (App.invoke), with the global flags `habits mcp` was given: cloud with a key, a
// profile, or --local.
import type { Command } from 'commander';
import { summary, undoPreview } from '../mcp/summary.js';
import { parseDateArg } from '../model/dates.js';
import { VERSION } from '../version.js';
import { examples, type App } from './shared/app.js';
import type { Deps } from './shared/deps.js';

/**
 * The global flags that choose the account and how requests go, as words for each tool's command
 * line: each value joined to its flag (`--profile=NAME`), so that no value is read as a flag.
 */
export function accountFlags(flags: { local?: boolean; profile?: string; baseUrl?: string; timeout?: string; queue?: boolean; allowInsecure?: boolean }): string[] {
  return [
    ...(flags.local ? ['--local'] : []),
    ...(flags.profile !== undefined ? [`--profile=${flags.profile}`] : []),
    ...(flags.baseUrl !== undefined ? [`--base-url=${flags.baseUrl}`] : []),
    ...(flags.timeout !== undefined ? [`--timeout=${flags.timeout}`] : []),
    ...(flags.queue === false ? ['--no-queue'] : []),
    ...(flags.allowInsecure ? ['--allow-insecure'] : []),
  ];
}

export function register(cmd: Command, app: App): void {
  cmd
    .description('serve the Model Context Protocol over stdio, for an assistant (cloud, a profile, or --local)')
    .option('--read-only', 'offer only the tools that read')
    .addHelpText('after', `
An assistant (Claude Desktop, VS Code, any MCP client) starts it and talks to it on stdin and
stdout; diagnostics go to stderr. Tools: journal, week, month, habit_list, habit_show, habit_stats,
note_list, area_list, log_list; and, unless --read-only, log_done, log_skip, log_fail, log_add,
log_set, log_undo, undo_last, note_add, habit_add, habit_archive. Each runs the habits command it
names, with its checks, warnings and outbox; log_undo of values, undo_last and habit_archive act
only with confirm: true. Resources: habits://journal/today, habits://habit/{id}. Prompt: daily_review.
${examples([
  ['habits --local mcp', 'the offline store'],
  ['habits mcp --read-only', 'the account of the API key, reads only'],
  ['habits --profile home mcp'],
])}`)
    .action((opts: { readOnly?: boolean }, self: Command) =>
      app.run(self, (ctx) => run({ readOnly: !!opts.readOnly, globals: accountFlags(ctx.flags), secrets: secretsOf(ctx) }, app, ctx), { outboxFirst: false }));
}

/** What no tool result may show: the key, and the path of the config file that may hold it. */
function secretsOf(deps: Pick<Deps, 'paths' | 'settings'>): string[] {
  let key: string | undefined;
  try {
    key = deps.settings.apiKey?.value;
  } catch {
    // A config the tools will report on their own.
  }
  return [deps.paths.configFile, ...(key ? [key] : [])];
}

/** Serves until the client closes stdin. */
export async function run(options: { readOnly: boolean; globals: string[]; secrets: string[] }, app: Pick<App, 'invoke'>, deps: Pick<Deps, 'io' | 'isLocal' | 'today'>): Promise<void> {
  const { serveMcp } = await import('../mcp/server.js');
  await serveMcp({
    invoke: (argv, io) => app.invoke(argv, io), globals: options.globals, readOnly: options.readOnly, secrets: options.secrets, version: VERSION,
    // Read when a tool needs them (log_undo): a settings error is then the tool's, not the server's.
    isLocal: () => deps.isLocal, dateOf: (arg) => parseDateArg(arg, deps.today(), '--date'),
    // From this chunk, not the SDK's (see McpOptions.words).
    words: { summary, undoPreview },
  }, deps.io.stdin, deps.io.stdout);
}
