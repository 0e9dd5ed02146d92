// `habits config …` and the config file: location, modes, validation, precedence, corruption.
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { systemTimeZone } from '../../src/model/dates.js';
import { runCli, tempHome } from '../helpers/cli.js';

let home: ReturnType<typeof tempHome>;
beforeEach(() => {
  home = tempHome();
});
afterEach(() => home.cleanup());

const configFile = () => join(home.env.XDG_CONFIG_HOME, 'habits', 'config.json');
const run = (argv: string[], env: Record<string, string> = {}) => runCli(argv, { env: { ...home.env, ...env } });

describe('config file', () => {
  it('lives at $XDG_CONFIG_HOME/habits/config.json (no -nodejs suffix), 0600 in a 0700 directory', async () => {
    const r = await run(['config', 'set', 'timezone', 'Europe/Paris']);
    expect(r).toMatchObject({ code: 0, stdout: '' });
    expect(r.stderr).toContain(`Set timezone to Europe/Paris in ${configFile()}`);
    expect(JSON.parse(readFileSync(configFile(), 'utf8'))).toEqual({ timezone: 'Europe/Paris' });
    expect(statSync(configFile()).mode & 0o777).toBe(0o600);
    expect(statSync(join(home.env.XDG_CONFIG_HOME, 'habits')).mode & 0o777).toBe(0o700);
    expect(existsSync(join(home.env.XDG_CONFIG_HOME, 'habits-nodejs'))).toBe(false);
  });

  it('restores 0600 and 0700 on every write', async () => {
    const dir = join(home.env.XDG_CONFIG_HOME, 'habits');
    mkdirSync(dir, { recursive: true });
    writeFileSync(configFile(), '{"color":"never"}');
    chmodSync(configFile(), 0o644);
    chmodSync(dir, 0o755);
    expect((await run(['config', 'set', 'timeout', '10s'])).code).toBe(0);
    expect(statSync(configFile()).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(JSON.parse(readFileSync(configFile(), 'utf8'))).toEqual({ color: 'never', timeout: '10s' });
  });

  it('HABITS_CONFIG_DIR overrides the directory', async () => {
    const dir = join(home.home, 'elsewhere');
    const r = await run(['config', 'path'], { HABITS_CONFIG_DIR: dir });
    expect(r).toEqual({ code: 0, stdout: join(dir, 'config.json') + '\n', stderr: '' });
  });

  it('keeps keys it does not know', async () => {
    mkdirSync(join(home.env.XDG_CONFIG_HOME, 'habits'), { recursive: true });
    writeFileSync(configFile(), JSON.stringify({ 'future-key': { a: 1 }, color: 'never' }));
    expect((await run(['config', 'unset', 'color'])).code).toBe(0);
    expect(JSON.parse(readFileSync(configFile(), 'utf8'))).toEqual({ 'future-key': { a: 1 } });
  });

  describe('a corrupt file', () => {
    const corrupt = '{"timezone": "Europe/Paris",';
    beforeEach(() => {
      mkdirSync(join(home.env.XDG_CONFIG_HOME, 'habits'), { recursive: true });
      writeFileSync(configFile(), corrupt);
    });

    it('gives one clear error naming the file, exit 2, and the file is kept', async () => {
      const r = await run(['config', 'get', 'timezone']);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(new RegExp(`^error: config file ${configFile().replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} is not valid JSON .*left untouched\\nhint: .*\\n$`));
      expect(r.stdout).toBe('');
      expect(readFileSync(configFile(), 'utf8')).toBe(corrupt);
    });

    it('is not overwritten by config set', async () => {
      expect((await run(['config', 'set', 'color', 'never'])).code).toBe(2);
      expect(readFileSync(configFile(), 'utf8')).toBe(corrupt);
    });

    it('does not stop --version or --help', async () => {
      expect((await run(['--version'])).code).toBe(0);
      const help = await run(['--help']);
      expect(help.code).toBe(0);
      expect(help.stdout).toContain('journal');
    });

    it('with --json the error is JSON on stderr', async () => {
      const r = await run(['config', 'list', '--json']);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      const body = JSON.parse(r.stderr) as { error: { code: string; message: string; status: null } };
      expect(body.error.code).toBe('config');
      expect(body.error.message).toContain(configFile());
      expect(body.error.status).toBeNull();
    });
  });
});

describe('config set validation', () => {
  it.each([
    [['timezone', 'Mars/Olympus'], /timezone: "Mars\/Olympus" is not a known time zone/],
    [['base-url', 'not a url'], /base-url: "not a url" is not a URL/],
    [['base-url', 'ftp://example.com/v2'], /base-url: "ftp:\/\/example.com\/v2" must start with https:\/\/ or http:\/\//],
    [['base-url', 'https://example.com/v2?x=1#frag'], /base-url: must not contain a query \(\?…\) or fragment \(#…\)/],
    [['color', 'sometimes'], /color: "sometimes" must be auto, always or never/],
    [['timeout', 'soon'], /timeout: "soon" is not a duration/],
    [['timeout', '0'], /out of range/],
    [['colour', 'never'], /unknown config key "colour"/],
  ])('rejects %j with exit 2 and writes nothing', async (args, message) => {
    const r = await run(['config', 'set', ...args]);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toMatch(message);
    expect(existsSync(configFile())).toBe(false);
  });

  it.each([
    ['ftp://me:hunter2@host/v2', /^error: base-url: must not contain a user name or password\n/],
    ['http://me:hunter2@exa mple/v2', /^error: base-url: "http:\/\/…@exa mple\/v2" is not a URL\n/],
  ])('never shows the password in %s', async (url, message) => {
    const r = await run(['config', 'set', 'base-url', url]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr + r.stdout).not.toContain('hunter2');
    expect(existsSync(configFile())).toBe(false);
  });

  it('refuses the API key on the command line, pointing to auth login', async () => {
    const r = await run(['config', 'set', 'api-key', 'hb_abc']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('habits auth login');
    expect(r.stderr).not.toContain('hb_abc');
    expect(existsSync(configFile())).toBe(false);
  });

  it('normalises values: a trailing slash, `LOCAL`', async () => {
    await run(['config', 'set', 'base-url', 'https://example.com/v2/']);
    expect(JSON.parse(readFileSync(configFile(), 'utf8'))['base-url']).toBe('https://example.com/v2');
    await run(['config', 'set', 'base-url', 'LOCAL']);
    expect(JSON.parse(readFileSync(configFile(), 'utf8'))['base-url']).toBe('local');
  });
});

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

  it("falls back to the system's zone when nothing names one, or TZ is not a zone", async () => {
    await run(['config', 'unset', 'timezone']);
    for (const env of [{ HABITS_TIMEZONE: '' }, { HABITS_TIMEZONE: '', TZ: 'Not/AZone' }] as Record<string, string>[]) {
      const r = await run(['config', 'get', 'timezone', '--json'], env);
      expect(JSON.parse(r.stdout)).toEqual({ key: 'timezone', value: systemTimeZone(), source: 'system' });
    }
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
    mkdirSync(join(home.env.XDG_CONFIG_HOME, 'habits'), { recursive: true });
    writeFileSync(configFile(), JSON.stringify({ 'api-key': unsendable }));
    const r = await run(['config', 'get', 'api-key']);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe(`error: "api-key" in ${configFile()}: the API key contains characters that cannot be sent in an HTTP header`);
  });

  it('auth login --no-verify refuses to save it', async () => {
    const r = await runCli(['auth', 'login', '--with-key', '--no-verify'], { env: home.env, stdin: `${unsendable}\n` });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: the API key contains characters that cannot be sent in an HTTP header\n/);
    expect(existsSync(configFile())).toBe(false);
  });
});
