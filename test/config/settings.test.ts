// Settings (src/config/settings.ts), read back through `config get` and `config list`: precedence of
// flag, environment, file and default, and values refused with the place they came from.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { findSettings } from '../../src/config/load.js';
import { resolveSettings, settleSettings, take } from '../../src/config/settings.js';
import { useHome } from '../helpers/cli.js';

const fx = useHome();
const { configFile, run } = fx;

describe('precedence: flag > environment > file > default', () => {
  beforeEach(async () => {
    await run(['config', 'set', 'base-url', 'https://file.example/v2']);
    await run(['config', 'set', 'timezone', 'Asia/Tokyo']);
    await run(['config', 'set', 'timeout', '5']);
  });

  it('reads the file over defaults', async () => {
    const r = await run(['config', 'list', '--json'], { HABITS_TIMEZONE: '' });
    const rows = JSON.parse(r.stdout) as { key: string; value: string; source: string }[];
    const byKey = Object.fromEntries(rows.map((x) => [x.key, x]));
    expect(byKey['base-url']).toEqual({ key: 'base-url', value: 'https://file.example/v2', source: configFile() });
    expect(byKey.timezone!.value).toBe('Asia/Tokyo');
    expect(byKey.timeout!.value).toBe('5s');
    expect(byKey.color).toEqual({ key: 'color', value: 'auto', source: 'default' });
    expect(byKey['api-key']).toEqual({ key: 'api-key', value: null, source: 'not set' });
  });

  it('lets the environment beat the file, and a flag beat both', async () => {
    const env = { HABITS_BASE_URL: 'https://env.example/v2', HABITS_TIMEZONE: 'Europe/Paris', HABITS_TIMEOUT: '7s' };
    let r = await run(['config', 'get', 'base-url'], env);
    expect(r.stdout).toBe('https://env.example/v2\n');
    r = await run(['config', 'get', 'timezone'], { ...env, TZ: 'America/New_York' });
    expect(r.stdout).toBe('Europe/Paris\n');
    r = await run(['config', 'get', 'base-url', '--base-url', 'https://flag.example/v2'], env);
    expect(r.stdout).toBe('https://flag.example/v2\n');
    r = await run(['config', 'get', 'timeout', '--timeout', '500ms'], env);
    expect(r.stdout).toBe('0.5s\n');
  });

  it('uses TZ only when neither HABITS_TIMEZONE nor the file says', async () => {
    await run(['config', 'unset', 'timezone']);
    const r = await run(['config', 'get', 'timezone', '--json'], { HABITS_TIMEZONE: '', TZ: 'America/New_York' });
    expect(JSON.parse(r.stdout)).toEqual({ key: 'timezone', value: 'America/New_York', source: 'env TZ' });
  });

  it('a bad value in the environment is a clear error naming the variable', async () => {
    const r = await run(['config', 'get', 'timeout'], { HABITS_TIMEOUT: 'forever' });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: HABITS_TIMEOUT: "forever" is not a duration/);
  });

  it('a base URL with a password, from the environment or a flag, names its source and hides the password', async () => {
    const env = await run(['config', 'get', 'base-url'], { HABITS_BASE_URL: 'http://me:hunter2@exa mple/v2' });
    expect(env.code).toBe(2);
    expect(env.stderr).toMatch(/^error: HABITS_BASE_URL: "http:\/\/…@exa mple\/v2" is not a URL\n/);
    const flag = await run(['config', 'get', 'base-url', '--base-url', 'ftp://me:hunter2@host/v2']);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toMatch(/^error: --base-url: must not contain a user name or password\n/);
    expect(env.stderr + flag.stderr).not.toContain('hunter2');
  });

  it('a base URL in the file with a query the client would drop is refused, naming the file', async () => {
    writeFileSync(configFile(), JSON.stringify({ 'base-url': 'https://file.example/v2?tenant=7' }));
    const r = await run(['config', 'get', 'base-url']);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe(`error: "base-url" in ${configFile()}: must not contain a query (?…) or fragment (#…)`);
  });
});

describe('the API key setting', () => {
  const unsendable = 'hb_ctrl\x01key_9f2c';

  it('a key in HABITS_API_KEY that no header can carry is a config error naming the variable, not the key', async () => {
    const r = await run(['config', 'get', 'api-key'], { HABITS_API_KEY: unsendable });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: HABITS_API_KEY: the API key contains characters that cannot be sent in an HTTP header\n/);
    expect(r.stderr).not.toContain('ctrl');
  });

  it('the same key in the config file names the file', async () => {
    mkdirSync(join(fx.home.env.XDG_CONFIG_HOME, 'habits'), { recursive: true });
    // 0600, as auth login writes it (a readable one adds a warning line first).
    writeFileSync(configFile(), JSON.stringify({ 'api-key': unsendable }), { mode: 0o600 });
    const r = await run(['config', 'get', 'api-key']);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe(`error: "api-key" in ${configFile()}: the API key contains characters that cannot be sent in an HTTP header`);
  });
});

describe('each setting on its own (what doctor checks)', () => {
  const file = { 'base-url': 'ftp://nope', timezone: 'Mars/Olympus', timeout: 'forever', color: 'never' };

  it('a bad value is its own error; the others resolve; resolveSettings throws the first (base URL, time zone, key, timeout, color)', () => {
    const s = settleSettings({}, { HABITS_API_KEY: 'hb_env_key_1111' }, file, '/c.json');
    expect(Object.keys(s).filter((k) => 'error' in s[k as keyof typeof s]).sort()).toEqual(['baseUrl', 'local', 'timeoutMs', 'timezone']);
    expect(take(s.apiKey)?.value).toBe('hb_env_key_1111');
    expect(take(s.color)).toEqual({ value: 'never', source: 'config', origin: 'color' });
    expect(() => resolveSettings({}, {}, file, '/c.json')).toThrow('"base-url" in /c.json');
    expect(() => resolveSettings({}, {}, { ...file, 'base-url': 'local' }, '/c.json')).toThrow('"timezone" in /c.json');
    expect(() => resolveSettings({}, {}, { timeout: 'forever', color: 'pink' }, '/c.json')).toThrow('"timeout" in /c.json');
  });

  it('findSettings reads the file once and keeps its error, and the profile\'s, next to the settings from the environment', () => {
    mkdirSync(join(fx.home.env.XDG_CONFIG_HOME, 'habits'), { recursive: true });
    writeFileSync(configFile(), '{"timezone": "UTC",');
    const corrupt = findSettings({}, undefined, { HABITS_TIMEZONE: 'Asia/Tokyo' }, configFile());
    expect('error' in corrupt.file && String(corrupt.file.error)).toContain('is not valid JSON (line 1, column 20)');
    expect(take(corrupt.settings.timezone).value).toBe('Asia/Tokyo');

    writeFileSync(configFile(), JSON.stringify({ timezone: 'UTC', profiles: { home: { timezone: 'Europe/Paris' } } }));
    const unknown = findSettings({}, 'work', {}, configFile());
    expect('error' in unknown.inUse && String(unknown.inUse.error)).toContain('unknown profile "work"');
    expect(take(unknown.settings.timezone).source).not.toBe('config'); // none of the file's values
    const home = findSettings({}, 'home', {}, configFile());
    expect(take(home.settings.timezone)).toEqual({ value: 'Europe/Paris', source: 'config', origin: 'profiles.home.timezone' });
  });
});
