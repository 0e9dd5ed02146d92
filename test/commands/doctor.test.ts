// `habits doctor`: one line per check in a temp home, good and bad states, --offline, --json, --fix.
import { chmodSync, lstatSync, mkdirSync, readFileSync, readdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeCheck, type Check } from '../../src/commands/doctor.js';
import { hasNodeSqlite } from '../../src/local.js';
import { Outbox } from '../../src/record/index.js';
import { NOW, runCli, useHome } from '../helpers/cli.js';
import { useService } from '../helpers/service.js';

const service = useService({ start: 'real' });
const fx = useHome();
const configDir = () => join(fx.home.env.XDG_CONFIG_HOME, 'habits');
const dataDir = () => join(fx.home.env.XDG_DATA_HOME, 'habits');
const remote = (extra: Record<string, string> = {}) => ({ HABITS_BASE_URL: service.svc.url, HABITS_API_KEY: service.svc.apiKey, ...extra });

function writeConfig(values: Record<string, string> | string, mode = 0o600, dirMode = 0o700): void {
  mkdirSync(configDir(), { recursive: true });
  chmodSync(configDir(), dirMode);
  writeFileSync(fx.configFile(), typeof values === 'string' ? values : JSON.stringify(values));
  chmodSync(fx.configFile(), mode);
}

/** The --json document's check named `name`. */
async function checks(args: string[], env: Record<string, string> = {}): Promise<{ code: number; byName: Record<string, Check>; stderr: string }> {
  const r = await fx.run(['doctor', '--json', ...args], env);
  const list = JSON.parse(r.stdout) as Check[];
  return { code: r.code, stderr: r.stderr, byName: Object.fromEntries(list.map((c) => [c.check, c])) };
}

const mode = (path: string) => statSync(path).mode & 0o777;

describe('habits doctor', () => {
  it('all good: a line per check with ✓, the key masked and accepted, exit 0', async () => {
    writeConfig({ 'api-key': service.svc.apiKey, 'base-url': service.svc.url });
    const r = await fx.run(['doctor']);
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.map((l) => l.split(/\s+/).slice(0, 2).join(' '))).toEqual([
      '✓ node', '✓ config', '✓ timezone', '✓ proxy', '✓ base-url', '✓ key', '✓ local-store', '✓ outbox', '✓ record', '✓ reminders',
    ]);
    const masked = `${service.svc.apiKey.slice(0, 3)}…${service.svc.apiKey.slice(-4)}`;
    expect(r.stdout).toContain(`✓ key          ${masked} from the config file ${fx.configFile()}: accepted by the server`);
    expect(r.stdout).toContain(`✓ base-url     ${service.svc.url} (reachable)`);
    expect(r.stdout).toContain('✓ timezone     UTC (from HABITS_TIMEZONE)');
    expect(r.stdout).not.toContain(service.svc.apiKey);
    expect(r.stderr).toBe('');
  });

  it('--offline makes no request; the live check makes one', async () => {
    const before = service.svc.requests.length;
    const offline = await checks(['--offline'], remote());
    expect(offline.code).toBe(0);
    expect(service.svc.requests.length).toBe(before);
    expect(offline.byName.key?.detail).toContain('(not checked: --offline)');
    expect(offline.byName['base-url']?.detail).toBe(`${service.svc.url} (not contacted: --offline)`);
    const online = await checks([], remote());
    expect(online.code).toBe(0);
    expect(service.svc.requests.length).toBe(before + 1);
  });

  it('a key the server refuses fails the key check, exit 1', async () => {
    const r = await checks([], remote({ HABITS_API_KEY: 'hb_revoked_key_9999' }));
    expect(r.code).toBe(1);
    expect(r.byName.key).toMatchObject({ status: 'fail', detail: 'hb_…9999 from the environment (HABITS_API_KEY): refused by the server (HTTP 401)' });
    expect(r.byName.key?.fix).toContain('habits auth login');
    expect(r.byName['base-url']?.status).toBe('ok');
    expect(r.stderr).toBe('{"error":{"code":"doctor","message":"1 of 10 checks failed","status":null}}\n');
  });

  it('an unreachable server fails base-url; the key is left unchecked (a warning)', async () => {
    const r = await checks([], { HABITS_BASE_URL: 'http://127.0.0.1:9/v2', HABITS_API_KEY: 'hb_some_key_1234', HABITS_TIMEOUT: '2s' });
    expect(r.code).toBe(1);
    expect(r.byName['base-url']).toMatchObject({ status: 'fail' });
    expect(r.byName['base-url']?.detail).toMatch(/^http:\/\/127\.0\.0\.1:9\/v2: connection refused/);
    expect(r.byName.key).toMatchObject({ status: 'warn', detail: 'hb_…1234 from the environment (HABITS_API_KEY) (not checked: the server could not be reached)' });
  });

  it('a missing key fails with the way to set one; the fix is on the next line, indented', async () => {
    const r = await fx.run(['doctor', '--offline']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('✗ key          no API key is configured\n               run `habits auth login` (or set HABITS_API_KEY), or use --local for the offline store\n');
    expect(r.stderr).toBe('error: 1 of 10 checks failed\n');
  });

  it('a corrupt config file fails the config check without echoing it; the other checks still run', async () => {
    writeConfig('{"api-key": "hb_secret_value_4242", oops');
    const r = await fx.run(['doctor', '--offline'], { HABITS_API_KEY: 'hb_env_key_1111' });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`✗ config       config file ${fx.configFile()} is not valid JSON (line 1, column 37); it was left untouched`);
    expect(r.stdout).toContain('✓ key          hb_…1111 from the environment');
    expect(r.stdout + r.stderr).not.toContain('hb_secret_value_4242');
  });

  it('a config file with the key readable by others fails; --fix tightens file and directory and says so', async () => {
    writeConfig({ 'api-key': 'hb_config_key_5678' }, 0o644, 0o755);
    const r = await checks(['--offline']);
    expect(r.code).toBe(1);
    expect(r.byName.config).toMatchObject({
      status: 'fail',
      detail: `${fx.configFile()}: the directory is 0755, not 0700; the file is 0644, not 0600: other users can read your API key`,
    });
    expect(r.byName.config?.fix).toContain('habits doctor --fix');
    expect(mode(fx.configFile())).toBe(0o644);

    const fixed = await checks(['--offline', '--fix']);
    expect(fixed.code).toBe(0);
    expect(fixed.byName.config).toEqual({
      check: 'config', status: 'ok',
      detail: `${fx.configFile()}, 0600 in a 0700 directory (fixed: the directory 0755 → 0700, the file 0644 → 0600)`,
    });
    expect(mode(fx.configFile())).toBe(0o600);
    expect(mode(configDir())).toBe(0o700);
    const again = await checks(['--offline']);
    expect(again.byName.config?.status).toBe('ok');
    expect(again.stderr).toBe('');
  });

  it('--fix never changes a mode through a symbolic link: it says where the link points and leaves it', async () => {
    // config.json -> ../public/index.html: a web page, not a config.
    const page = join(fx.home.env.XDG_CONFIG_HOME, 'public', 'index.html');
    mkdirSync(join(fx.home.env.XDG_CONFIG_HOME, 'public'), { recursive: true });
    writeFileSync(page, '<html>hello</html>\n');
    chmodSync(page, 0o644);
    mkdirSync(configDir(), { recursive: true });
    chmodSync(configDir(), 0o700);
    symlinkSync('../public/index.html', fx.configFile());
    const r = await checks(['--offline', '--fix'], remote());
    expect(r.code).toBe(1);
    expect(r.byName.config).toMatchObject({
      status: 'fail',
      detail: `config file ${fx.configFile()} is not valid JSON (line 1, column 1); it was left untouched; the file is 0644, not 0600, and is a symbolic link to ../public/index.html, left as it is`,
    });
    expect(mode(page)).toBe(0o644);
    expect(readFileSync(page, 'utf8')).toBe('<html>hello</html>\n');
    expect(lstatSync(fx.configFile()).isSymbolicLink()).toBe(true);
  });

  it('a link to a config whose key others can read fails; --fix leaves the target and says to chmod it', async () => {
    const target = join(fx.home.home, 'dotfiles', 'habits.json');
    mkdirSync(join(fx.home.home, 'dotfiles'));
    writeFileSync(target, JSON.stringify({ 'api-key': 'hb_linked_key_4321' }));
    chmodSync(target, 0o644);
    mkdirSync(configDir(), { recursive: true });
    chmodSync(configDir(), 0o700);
    symlinkSync(target, fx.configFile());
    const r = await checks(['--offline', '--fix']);
    expect(r.code).toBe(1);
    expect(r.byName.config).toEqual({
      check: 'config', status: 'fail',
      detail: `${fx.configFile()}: the file is 0644, not 0600, and is a symbolic link to ${target}, left as it is: other users can read your API key`,
      fix: `habits leaves a link's target alone: chmod 600 ${target} if it is yours`,
    });
    expect(mode(target)).toBe(0o644);
  });

  it('--fix leaves a shared config directory as it is: sticky (1777), or holding other files', async () => {
    const shared = join(fx.home.home, 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o1777);
    writeFileSync(join(shared, 'someone-else.txt'), 'x');
    writeFileSync(join(shared, 'config.json'), JSON.stringify({ timezone: 'UTC' }));
    chmodSync(join(shared, 'config.json'), 0o600);
    const sticky = await checks(['--offline', '--fix'], remote({ HABITS_CONFIG_DIR: shared }));
    expect(sticky.code).toBe(0);
    expect(sticky.byName.config).toEqual({
      check: 'config', status: 'ok',
      detail: `${join(shared, 'config.json')}, 0600 in a 01777 directory (the directory, 01777, is left as it is: it is a shared directory (sticky bit))`,
    });
    expect(statSync(shared).mode & 0o7777).toBe(0o1777);

    chmodSync(shared, 0o755);
    const project = await checks(['--offline', '--fix'], remote({ HABITS_CONFIG_DIR: shared }));
    expect(project.byName.config?.detail).toBe(`${join(shared, 'config.json')}, 0600 in a 0755 directory (the directory, 0755, is left as it is: it holds other files)`);
    expect(statSync(shared).mode & 0o7777).toBe(0o755);
  });

  it('checks the settings of the profile in use: its key, base URL and time zone, live', async () => {
    writeConfig(JSON.stringify({
      'api-key': 'hb_top_level_key_that_is_not_checked_here', timezone: 'UTC',
      profiles: { home: { 'base-url': service.svc.url, 'api-key': service.svc.apiKey, timezone: 'Europe/Paris' }, empty: { timezone: 'Mars/Base' } },
    }));
    const before = service.svc.requests.length;
    const home = await checks(['--profile', 'home'], { HABITS_TIMEZONE: '' });
    expect(home.code).toBe(0);
    expect(home.byName.config?.detail).toMatch(/; profile home \(from --profile\)$/);
    expect(home.byName['base-url']?.detail).toBe(`${service.svc.url} (reachable)`);
    expect(home.byName.key?.detail).toContain(`from the config file ${fx.configFile()} (profiles.home.api-key): accepted by the server`);
    expect(home.byName.timezone?.detail).toContain('Europe/Paris');
    expect(service.svc.requests.length).toBe(before + 1);
    // A profile's account is its own: the top-level key is not used for it.
    const empty = await checks(['--offline'], { HABITS_PROFILE: 'empty', HABITS_TIMEZONE: '' });
    expect(empty.code).toBe(1);
    expect(empty.byName.key).toMatchObject({ status: 'fail', detail: 'no API key is configured for profile empty', fix: expect.stringContaining('habits auth login --profile empty') });
    expect(empty.byName.timezone).toMatchObject({ status: 'fail', detail: expect.stringContaining('"profiles.empty.timezone"') });
  });

  it('a profile the file does not hold fails the config check, naming those it does', async () => {
    writeConfig(JSON.stringify({ profiles: { home: { 'base-url': service.svc.url } } }));
    const r = await fx.run(['doctor', '--offline', '--profile', 'wrok']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/✗ config {7}unknown profile "wrok" \(from --profile\) in .*config\.json\n {15}known profiles: default, home;/);
  });

  it('a loose config file without a key is a warning (exit 0)', async () => {
    writeConfig({ timezone: 'UTC' }, 0o644);
    const r = await checks(['--offline'], remote());
    expect(r.code).toBe(0);
    expect(r.byName.config).toMatchObject({ status: 'warn', detail: `${fx.configFile()}: the file is 0644, not 0600` });
  });

  it('a bad HABITS_TIMEZONE fails, an unknown TZ warns', async () => {
    const bad = await checks(['--offline'], remote({ HABITS_TIMEZONE: 'Mars/Olympus' }));
    expect(bad.code).toBe(1);
    expect(bad.byName.timezone).toMatchObject({ status: 'fail', detail: 'HABITS_TIMEZONE: "Mars/Olympus" is not a known time zone' });
    expect(bad.byName.timezone?.fix).toContain('IANA');
    expect(bad.byName.key?.status).toBe('ok');

    const tz = await checks(['--offline'], remote({ HABITS_TIMEZONE: '', TZ: 'Not/AZone' }));
    expect(tz.code).toBe(0);
    expect(tz.byName.timezone?.status).toBe('warn');
    expect(tz.byName.timezone?.detail).toMatch(/^TZ="Not\/AZone" is not a known time zone; using the system's/);
  });

  it('a bad proxy URL fails without echoing it; a good one is named without its password', async () => {
    const bad = await checks(['--offline'], remote({ HTTPS_PROXY: 'http://user:pw@exa mple:80' }));
    expect(bad.code).toBe(1);
    expect(bad.byName.proxy).toMatchObject({ status: 'fail', detail: 'invalid proxy URL in HTTPS_PROXY' });
    expect(JSON.stringify(bad.byName)).not.toContain('pw@');

    const good = await checks(['--offline'], remote({ HTTPS_PROXY: 'http://user:pw@proxy.example:8080', NO_PROXY: 'internal' }));
    expect(good.byName.proxy).toEqual({
      check: 'proxy', status: 'ok',
      detail: 'HTTPS_PROXY http://proxy.example:8080, NO_PROXY internal; loopback addresses never go through it',
    });
  });

  it('a plain-http base URL to another machine fails', async () => {
    const r = await checks(['--offline'], { HABITS_BASE_URL: 'http://habits.example/v2', HABITS_API_KEY: 'hb_some_key_1234' });
    expect(r.code).toBe(1);
    expect(r.byName['base-url']?.status).toBe('fail');
    expect(r.byName['base-url']?.fix).toContain('https://');
  });

  it('the local store: "no local store yet" creates nothing; a store present opens read-only', async () => {
    const none = await checks(['--offline', '--local']);
    expect(none.code).toBe(0);
    // The driver this Node uses: node:sqlite from 22.16, better-sqlite3 before.
    const driver = hasNodeSqlite(process.versions.node) ? /^node:sqlite \(SQLite 3\.\d+\.\d+\)$/ : /^better-sqlite3 \d+\.\d+\.\d+ \(SQLite 3\.\d+\.\d+\)$/;
    const [named, rest] = none.byName['local-store']?.detail.split('; ') ?? [];
    expect(named).toMatch(driver);
    expect(rest).toBe(`no local store yet (the first --local command creates ${join(dataDir(), 'habits.db')})`);
    expect(() => readdirSync(dataDir())).toThrow();

    expect((await fx.run(['--local', 'habit', 'add', 'Walk'])).code).toBe(0);
    const files = readdirSync(dataDir()).sort();
    const present = await checks(['--local']);
    expect(present.code).toBe(0);
    expect(present.byName['local-store']?.status).toBe('ok');
    expect(present.byName['local-store']?.detail).toMatch(/ opens with (node:sqlite|better-sqlite3 \d+\.\d+\.\d+) \(SQLite 3\.\d+\.\d+\) \(schema \d+\)$/);
    expect(present.byName['local-store']?.detail.startsWith(`${join(dataDir(), 'habits.db')} opens`)).toBe(true);
    expect(readdirSync(dataDir()).sort()).toEqual(files);
  });

  it('a file that is not a store fails the local-store check', async () => {
    mkdirSync(dataDir(), { recursive: true });
    writeFileSync(join(dataDir(), 'habits.db'), 'not sqlite at all, just text that is long enough to have a header.......................................');
    const r = await checks(['--offline', '--local']);
    expect(r.code).toBe(1);
    expect(r.byName['local-store']).toMatchObject({ status: 'fail', detail: `${join(dataDir(), 'habits.db')} is not a habits database; it was left untouched` });
  });

  it('the outbox: writes waiting, and held ones, are a warning with what to do', async () => {
    mkdirSync(dataDir(), { recursive: true });
    const outbox = new Outbox(join(dataDir(), 'outbox-0123456789abcdef0123.jsonl'), () => NOW);
    const write = { route: 'POST /habits/{habitId}/logs/complete' as const, params: { habitId: 'h1' }, body: { targetDate: '2026-11-22' }, habit: { id: 'h1', name: 'Walk' }, why: 'no answer' };
    outbox.queue(write, false);
    const waiting = await checks(['--offline'], remote());
    expect(waiting.code).toBe(0);
    expect(waiting.byName.outbox).toEqual({ check: 'outbox', status: 'warn', detail: '1 write waiting to be sent', fix: 'run `habits sync` to send them' });
    outbox.queue({ ...write, route: 'POST /habits/{habitId}/logs' }, true);
    const held = await checks(['--offline'], remote());
    expect(held.byName.outbox).toMatchObject({ status: 'warn', detail: '2 writes waiting to be sent, 1 of them held (the server may have it)' });
    expect(held.byName.outbox?.fix).toContain('habits sync --confirm N');
  });
});

describe('nodeCheck', () => {
  it('passes 20.18.1 and later, fails older', () => {
    expect(nodeCheck('20.18.1')).toMatchObject({ status: 'ok', detail: 'Node 20.18.1 (needs 20.18.1 or later; 20 is past its end of life: 22 or 24 are supported, and have SQLite built in)' });
    expect(nodeCheck('22.0.0')).toMatchObject({ status: 'ok', detail: 'Node 22.0.0 (needs 20.18.1 or later)' });
    expect(nodeCheck('24.21.0').status).toBe('ok');
    expect(nodeCheck('20.18.0')).toMatchObject({ status: 'fail', detail: 'Node 20.18.0 is too old: habits needs 20.18.1 or later' });
    expect(nodeCheck('18.20.4').status).toBe('fail');
  });
});
