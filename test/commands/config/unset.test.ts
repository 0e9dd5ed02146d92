// `habits config unset <key>`: removes a key from the config file; a key that is not there is no error.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ConfigValues } from '../../../src/config/file.js';
import { useHome } from '../../helpers/cli.js';

const fx = useHome();
const { configFile, run } = fx;
beforeEach(() => {
  mkdirSync(join(fx.home.env.XDG_CONFIG_HOME, 'habits'), { recursive: true });
  writeFileSync(configFile(), JSON.stringify({ timezone: 'Europe/Paris', color: 'never' }));
});

const stored = () => JSON.parse(readFileSync(configFile(), 'utf8')) as ConfigValues;

describe('config unset', () => {
  it('removes the key, keeps the others, and says so', async () => {
    expect(await run(['config', 'unset', 'timezone'])).toEqual({ code: 0, stdout: '', stderr: `Removed timezone from ${configFile()}\n` });
    expect(stored()).toEqual({ color: 'never' });
  });

  it('a key that is not set is no error; --json says whether anything was removed', async () => {
    expect(await run(['config', 'unset', 'timeout'])).toEqual({ code: 0, stdout: '', stderr: `timeout was not set in ${configFile()}\n` });
    const r = await run(['config', 'unset', 'color', '--json']);
    expect(JSON.parse(r.stdout)).toEqual({ key: 'color', removed: true });
    expect(stored()).toEqual({ timezone: 'Europe/Paris' });
  });

  it('refuses an unknown key and leaves the file alone', async () => {
    const r = await run(['config', 'unset', 'colour']);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe('error: unknown config key "colour"');
    expect(stored()).toEqual({ timezone: 'Europe/Paris', color: 'never' });
  });
});
