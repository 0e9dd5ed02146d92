// `habits auth token [--show]`: the key itself, for scripts. Not onto a terminal unless asked: a
// key on the screen ends up in scrollback, screen shares and recordings.
import type { Command } from 'commander';
import { noApiKey, UsageError } from '../../errors.js';
import { examples, type App } from '../shared/app.js';
import type { Deps } from '../shared/deps.js';

export function register(parent: Command, app: App): void {
  parent
    .command('token')
    .description('print the API key for a script (not onto a terminal unless --show)')
    .option('--show', 'print it even when standard output is a terminal')
    .addHelpText('after', examples([
      ['curl -H "X-API-Key: $(habits auth token)" https://api.habitify.me/v2/habits'],
      ['habits auth token | pbcopy'],
      ['habits auth token --show', 'on the screen'],
    ]))
    .action((opts: { show?: boolean }, cmd: Command) => app.run(cmd, (ctx) => run({ show: !!opts.show }, ctx)));
}

export async function run(opts: { show: boolean }, deps: Pick<Deps, 'io' | 'isLocal' | 'out' | 'settings'>): Promise<void> {
  if (deps.isLocal) throw new UsageError('local mode has no API key to print', 'drop --local (or HABITS_LOCAL / base-url local) for the key of the server');
  const key = deps.settings.apiKey;
  if (!key) throw noApiKey();
  if (deps.io.stdoutIsTTY && !opts.show) {
    throw new UsageError(
      'not printing the API key onto a terminal (it would stay in the scrollback)',
      'pipe it to where it goes (`habits auth token | pbcopy`), or pass --show to see it',
    );
  }
  await deps.out.result({ key: key.value, source: key.source === 'env' ? 'HABITS_API_KEY' : 'config' }, () => key.value);
}
