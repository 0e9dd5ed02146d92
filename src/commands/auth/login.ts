// `habits auth login [--with-key] [--no-verify]`: stores the API key in the config file (0600).
import type { Command } from 'commander';
import { keyRefused } from '../../api/errors.js';
import { parseApiKey } from '../../api/key.js';
import { updateConfigFile } from '../../config/file.js';
import { inProfile, profileTarget } from '../../config/profiles.js';
import { maskKey } from '../../config/settings.js';
import { AuthError, UsageError } from '../../errors.js';
import { examples, type App } from '../shared/app.js';
import { readAll } from '../../stdin.js';
import { checkKey } from './check.js';
import type { Deps } from '../shared/deps.js';

export interface LoginOptions {
  withKey: boolean;
  verify: boolean;
}

export function register(parent: Command, app: App): void {
  parent
    .command('login')
    .description('store your API key (find it in the app under Settings > API; API access needs a paid plan)')
    .option('--with-key', 'read the key from standard input instead of a prompt')
    .option('--no-verify', 'store the key without checking it against the server')
    .addHelpText('after', examples([
      ['habits auth login', 'asks for the key, masked'],
      ['habits auth login --with-key < ~/.habits-key'],
      ['pass show habits | habits auth login --with-key'],
      ['habits auth login --profile home', 'the key of the profile "home" (created if new)'],
    ]))
    .action((opts: { withKey?: boolean; verify?: boolean }, cmd: Command) =>
      // Logging in to a profile the file does not hold yet creates it.
      app.run(cmd, (ctx) => run({ withKey: !!opts.withKey, verify: opts.verify !== false }, ctx), { createsProfile: true }));
}

/** The prompt's check: the same rules as parseApiKey, shown as the prompt's own message. */
function promptCheck(value: string): true | string {
  if (!value.trim()) return 'paste the key from Settings > API';
  try {
    parseApiKey(value);
    return true;
  } catch (err) {
    return err instanceof UsageError ? err.message : String(err);
  }
}

export async function run(opts: LoginOptions, deps: Pick<Deps, 'clientFor' | 'env' | 'io' | 'isLocal' | 'out' | 'paths' | 'prompter' | 'settings'>): Promise<void> {
  if (deps.isLocal) throw new UsageError('local mode needs no API key', 'drop --local (or HABITS_LOCAL / base-url local) to log in to a server');
  let raw: string;
  if (opts.withKey) {
    raw = await readAll(deps.io.stdin, 64 * 1024);
  } else if (deps.prompter.available) {
    raw = await deps.prompter.password({ message: 'API key', validate: promptCheck });
  } else {
    throw new UsageError('no terminal to ask for the key', 'pipe it in: `habits auth login --with-key < keyfile`');
  }
  // The client's own check, so --no-verify cannot save a key that no request could carry.
  const key = parseApiKey(raw);
  const baseUrl = deps.settings.baseUrl.value;
  if (opts.verify) {
    // Check this key, not the configured one.
    const client = await deps.clientFor({ baseUrl, apiKey: key });
    try {
      await checkKey(client);
    } catch (err) {
      if (keyRefused(err)) {
        throw new AuthError(`${baseUrl} refused the key ${maskKey(key)}; it was not saved`, 'copy the key again from Settings > API (generating a new one revokes the old)');
      }
      throw err;
    }
  }
  const { profile } = deps.settings;
  await updateConfigFile(deps.paths, (values) => {
    values['api-key'] = key;
  }, profileTarget(profile), (line) => deps.out.warn(line));
  await deps.out.result({ saved: true, key: maskKey(key), file: deps.paths.configFile, verified: opts.verify, profile: profile.value }, () => '');
  deps.out.info(`Saved key ${maskKey(key)}${inProfile(profile)} to ${deps.paths.configFile}${opts.verify ? ` (checked against ${baseUrl})` : ''}`);
  if (deps.env.HABITS_API_KEY) deps.out.warn('note: HABITS_API_KEY is set in the environment and takes precedence over the saved key');
}
