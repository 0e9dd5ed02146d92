// `habits auth status`: where the key comes from, masked, and whether the server accepts it.
import type { Command } from 'commander';
import { ApiError, keyRefused } from '../../api/errors.js';
import { maskKey } from '../../config/settings.js';
import { AuthError, noApiKey } from '../../errors.js';
import { examples, type App } from '../shared/app.js';
import { checkKey } from './check.js';
import type { Deps } from '../shared/deps.js';

export interface AuthStatus {
  mode: 'remote' | 'local';
  /** The profile in use: `default`, or a name from --profile / HABITS_PROFILE. */
  profile: string;
  baseUrl: string;
  key: string | null;
  source: string | null;
  /** Whether the server takes the key; null when it could not tell (unreachable, a server error). */
  valid: boolean | null;
  error?: string;
}

export function register(parent: Command, app: App): void {
  parent
    .command('status')
    .description('show where the API key comes from and check it against the server (exit 4 if refused)')
    .addHelpText('after', examples([['habits auth status'], ['habits auth status --json']]))
    .action((_opts, cmd: Command) => app.run(cmd, run));
}

export async function run(deps: Pick<Deps, 'api' | 'isLocal' | 'out' | 'paths' | 'settings'>): Promise<void> {
  const { settings } = deps;
  if (deps.isLocal) {
    const status: AuthStatus = { mode: 'local', profile: settings.profile.value, baseUrl: 'local', key: null, source: null, valid: true };
    return deps.out.result(status, () => `Local mode: no API key needed (data in ${deps.paths.dataDir})`);
  }
  const key = settings.apiKey;
  const baseUrl = settings.baseUrl.value;
  if (!key) {
    const status: AuthStatus = { mode: 'remote', profile: settings.profile.value, baseUrl, key: null, source: null, valid: false, error: 'no API key is configured' };
    await deps.out.result(status, () => '');
    throw noApiKey();
  }
  const source = key.source === 'env'
    ? 'environment (HABITS_API_KEY)'
    : `config file ${deps.paths.configFile}${key.origin.startsWith('profiles.') ? `, profile ${settings.profile.value}` : ''}`;
  const status: AuthStatus = { mode: 'remote', profile: settings.profile.value, baseUrl, key: maskKey(key.value), source, valid: false };
  let failure: unknown;
  try {
    await checkKey(await deps.api());
    status.valid = true;
  } catch (err) {
    failure = err;
    status.error = err instanceof ApiError ? err.message : (err as Error).message;
    // Only a refusal says the key is bad; a server that cannot be reached says nothing of it.
    if (!keyRefused(err)) status.valid = null;
  }
  await deps.out.result(status, () => [
    ...(settings.profile.source === 'default' ? [] : [`Profile: ${settings.profile.value} (from ${settings.profile.origin})`]),
    `Server:  ${baseUrl}`,
    `Key:     ${status.key} (from ${source})`,
    `Status:  ${status.valid ? deps.out.c.green('✓ valid') : status.valid === false ? deps.out.c.red('✗ not accepted') : deps.out.c.yellow('! unknown: the key could not be checked (see the error below)')}`,
  ].join('\n'));
  if (failure) {
    if (keyRefused(failure)) {
      throw new AuthError(`the server refused the key ${status.key} (HTTP ${failure.status}: ${failure.serverMessage})`);
    }
    throw failure;
  }
}
