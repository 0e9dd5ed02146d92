// `habits serve`: the local service, standalone, until SIGINT or SIGTERM.
import { join, resolve } from 'node:path';
import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import { storageError } from '../local.js';
import { examples, type App } from './shared/app.js';
import type { Deps } from './shared/deps.js';

export interface ServeOptions {
  port: number;
  host: string;
  data?: string;
  apiKey?: string;
}

export function register(cmd: Command, app: App): void {
  cmd
    .description('run the local service standalone: all of API v2 on SQLite, at http://HOST:PORT/v2')
    .option('--port <n>', 'TCP port (0 picks a free one)', '8787')
    .option('--host <address>', 'address to listen on', '127.0.0.1')
    .option('--data <file>', 'SQLite file (default: the local-mode database, $XDG_DATA_HOME/habits/habits.db)')
    .option('--api-key <key>', 'key clients must send (default: generated on first run and stored with the data; HABITS_SERVE_API_KEY also works and stays out of `ps`)')
    .addHelpText('after', `
Logs one line per request to stderr (none with --quiet). Stops cleanly on Ctrl-C or SIGTERM:
in-flight requests finish and the database is closed.
${examples([
    ['habits serve --data ./habits.db'],
    ['habits serve --port 0 --quiet', 'pick a free port'],
    ['HABITS_BASE_URL=http://127.0.0.1:8787/v2 HABITS_API_KEY=… habits journal'],
  ])}`)
    .action((opts: { port: string; host: string; data?: string; apiKey?: string }, self: Command) => {
      return app.run(self, (ctx) => run(parse(opts, ctx.env.HABITS_SERVE_API_KEY), ctx));
    });
}

export function parse(opts: { port: string; host: string; data?: string; apiKey?: string }, envKey?: string): ServeOptions {
  const port = Number(opts.port);
  if (!/^\d+$/.test(opts.port) || port > 65535) throw new UsageError(`--port: "${opts.port}" is not a port number (0-65535)`);
  const host = opts.host.trim();
  if (!host) throw new UsageError('--host: empty address');
  const apiKey = (opts.apiKey ?? envKey)?.trim() || undefined;
  if (apiKey !== undefined && /\s/.test(apiKey)) throw new UsageError('--api-key: the key must not contain spaces');
  return { port, host, data: opts.data, apiKey };
}

export async function run(opts: ServeOptions, deps: Pick<Deps, 'out' | 'io' | 'paths'>): Promise<void> {
  const { runServe } = await import('../server/index.js');
  let handle;
  const dataFile = resolve(opts.data ?? join(deps.paths.dataDir, 'habits.db'));
  try {
    handle = await runServe({
      port: opts.port,
      host: opts.host,
      dataFile,
      apiKey: opts.apiKey,
      quiet: deps.out.quiet,
      stderr: deps.io.stderr,
      signals: true,
    });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new UsageError(`port ${opts.port} on ${opts.host} is in use`, 'pick another with --port, or --port 0 for any free one');
    // A file system's EACCES names a path; the port's does not.
    if (code === 'EACCES' && (err as NodeJS.ErrnoException).path === undefined) throw new UsageError(`no permission to listen on ${opts.host}:${opts.port}`, 'ports below 1024 need privileges; try --port 8787');
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') throw new UsageError(`cannot listen on ${opts.host}: no such local address`);
    throw storageError(err, dataFile) ?? err;
  }
  await handle.done;
}
