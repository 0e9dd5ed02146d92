// `habits config get <key>`: the value in use (the API key masked); through the CLI, and its run()
// alone with narrow dependencies.
import { describe, expect, it } from 'vitest';
import { run as runGet } from '../../../src/commands/config/get.js';
import type { ConfigValues } from '../../../src/config/file.js';
import { resolvePaths } from '../../../src/config/paths.js';
import { resolveSettings } from '../../../src/config/settings.js';
import type { Env } from '../../../src/io.js';
import { AuthError } from '../../../src/errors.js';
import { useHome } from '../../helpers/cli.js';
import { verbDeps } from '../../helpers/verb.js';

const fx = useHome();
const { configFile, run } = fx;

describe('config get', () => {
  it('prints the value alone in a pipe, and with --json the value and its source', async () => {
    expect(await run(['config', 'get', 'timezone'], { HABITS_TIMEZONE: 'Europe/Paris' })).toEqual({ code: 0, stdout: 'Europe/Paris\n', stderr: '' });
    const r = await run(['config', 'get', 'timeout', '--json']);
    expect(JSON.parse(r.stdout)).toEqual({ key: 'timeout', value: '30s', source: 'default' });
  });

  it('masks the API key, and without one exits 4', async () => {
    expect((await run(['config', 'get', 'api-key'], { HABITS_API_KEY: 'hb_secret_key_1234' })).stdout).toBe('hb_…1234\n');
    const none = await run(['config', 'get', 'api-key']);
    expect(none).toEqual({ code: 4, stdout: '', stderr: 'error: no API key is configured\nhint: run `habits auth login`, or set HABITS_API_KEY\n' });
  });

  it('refuses an unknown key before reading anything', async () => {
    const r = await run(['config', 'get', 'colour']);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe('error: unknown config key "colour"');
  });
});

describe('config get run() alone, with its narrow dependencies', () => {
  /** out from verbDeps (no request is made), and settings and paths as main() would resolve them. */
  const depsFor = (vars: Env, file: ConfigValues, opts: { json?: boolean } = {}) => {
    const run = verbDeps({ url: 'http://127.0.0.1:9/v2', apiKey: 'unused' }, opts);
    const paths = resolvePaths({ ...fx.home.env, ...vars });
    const settings = resolveSettings({}, { ...fx.home.env, ...vars }, file, paths.configFile);
    return { run, deps: { out: run.deps.out, paths, settings } };
  };

  it('prints the value from the file, and names the file as the source with --json', async () => {
    const plain = depsFor({ HABITS_TIMEZONE: '' }, { timezone: 'Asia/Tokyo' });
    const json = depsFor({ HABITS_TIMEZONE: '' }, { timezone: 'Asia/Tokyo' }, { json: true });
    try {
      await runGet('timezone', plain.deps);
      await runGet('timezone', json.deps);
      expect(plain.run.stdout()).toBe('Asia/Tokyo\n');
      expect(JSON.parse(json.run.stdout())).toEqual({ key: 'timezone', value: 'Asia/Tokyo', source: configFile() });
      expect(plain.run.stderr() + json.run.stderr()).toBe('');
    } finally {
      await plain.run.close();
      await json.run.close();
    }
  });

  it('an unset API key is the auth error, with nothing printed', async () => {
    const { run, deps } = depsFor({}, {});
    try {
      await expect(runGet('api-key', deps)).rejects.toThrow(AuthError);
      expect(run.stdout() + run.stderr()).toBe('');
    } finally {
      await run.close();
    }
  });
});
