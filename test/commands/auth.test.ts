// `habits auth login|status|logout` against the local service, a server that follows the spec.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli, scriptedPrompter, tempHome } from '../helpers/cli.js';
import { startLocalService, type LocalService } from '../helpers/local-service.js';

let svc: LocalService;
let home: ReturnType<typeof tempHome>;
beforeAll(async () => {
  svc = await startLocalService();
});
afterAll(() => svc.close());
beforeEach(() => {
  home = tempHome();
});
afterEach(() => home.cleanup());

const configFile = () => join(home.env.XDG_CONFIG_HOME, 'habits', 'config.json');
const env = (extra: Record<string, string> = {}) => ({ ...home.env, HABITS_BASE_URL: svc.url, ...extra });
const masked = () => `${svc.apiKey.slice(0, 3)}…${svc.apiKey.slice(-4)}`;

describe('auth login', () => {
  it('--with-key reads the key from stdin, checks it, and stores it 0600', async () => {
    const before = svc.requests.length;
    const r = await runCli(['auth', 'login', '--with-key'], { env: env(), stdin: `${svc.apiKey}\n` });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`Saved key ${masked()} to ${configFile()} (checked against ${svc.url})\n`);
    expect(JSON.parse(readFileSync(configFile(), 'utf8'))).toEqual({ 'api-key': svc.apiKey });
    expect(statSync(configFile()).mode & 0o777).toBe(0o600);
    const checks = svc.requests.slice(before);
    expect(checks.map((q) => `${q.method} ${q.path} ${q.status}`)).toEqual(['GET /habits 200']);
    expect(checks[0]!.headers['x-api-key']).not.toBe(svc.apiKey); // recorded redacted
  });

  it('refuses a key the server rejects: exit 4, nothing stored, the key not echoed', async () => {
    const r = await runCli(['auth', 'login', '--with-key'], { env: env(), stdin: 'hb_wrongwrongwrongwrong1234' });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/^error: .* refused the key hb_…1234; it was not saved\nhint: /);
    expect(r.stderr).not.toContain('hb_wrongwrongwrongwrong1234');
    expect(existsSync(configFile())).toBe(false);
  });

  it('--no-verify stores without a request', async () => {
    const before = svc.requests.length;
    const r = await runCli(['auth', 'login', '--with-key', '--no-verify'], { env: env(), stdin: 'hb_offline_key_0000' });
    expect(r.code).toBe(0);
    expect(svc.requests.length).toBe(before);
    expect(JSON.parse(readFileSync(configFile(), 'utf8'))['api-key']).toBe('hb_offline_key_0000');
  });

  it('asks with a masked prompt on a terminal', async () => {
    const prompter = scriptedPrompter([svc.apiKey]);
    const r = await runCli(['auth', 'login'], { env: env(), prompter, tty: { stdin: true, stderr: true } });
    expect(r.code).toBe(0);
    expect(prompter.asked).toEqual(['API key']);
    expect(JSON.parse(readFileSync(configFile(), 'utf8'))['api-key']).toBe(svc.apiKey);
  });

  it('without a terminal and without --with-key, fails at once naming the flag', async () => {
    const r = await runCli(['auth', 'login'], { env: env() });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--with-key');
  });

  it('rejects an empty or multi-word key', async () => {
    expect((await runCli(['auth', 'login', '--with-key'], { env: env(), stdin: '\n' })).code).toBe(2);
    expect((await runCli(['auth', 'login', '--with-key'], { env: env(), stdin: 'two words' })).code).toBe(2);
  });
});

describe('auth status', () => {
  it('reports the key from the config file as valid', async () => {
    await runCli(['auth', 'login', '--with-key'], { env: env(), stdin: svc.apiKey });
    const r = await runCli(['auth', 'status'], { env: env() });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`Server:  ${svc.url}\nKey:     ${masked()} (from config file ${configFile()})\nStatus:  ✓ valid\n`);
  });

  it('says the environment is the source when HABITS_API_KEY is set, as JSON too', async () => {
    const r = await runCli(['auth', 'status', '--json'], { env: env({ HABITS_API_KEY: svc.apiKey }) });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ mode: 'remote', baseUrl: svc.url, key: masked(), source: 'environment (HABITS_API_KEY)', valid: true });
    expect(r.stdout).not.toContain(svc.apiKey);
  });

  it('exits 4 for a key the server refuses, after showing the status', async () => {
    const r = await runCli(['auth', 'status'], { env: env({ HABITS_API_KEY: 'hb_revoked_key_9999' }) });
    expect(r.code).toBe(4);
    expect(r.stdout).toContain('✗ not accepted');
    expect(r.stderr).toMatch(/^error: the server refused the key hb_…9999 \(HTTP 401/);
  });

  it('in local mode needs no key', async () => {
    const r = await runCli(['auth', 'status', '--local', '--json'], { env: home.env });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ mode: 'local', valid: true });
  });
});

describe('auth logout', () => {
  it('removes the stored key and keeps the other settings', async () => {
    await runCli(['auth', 'login', '--with-key', '--no-verify'], { env: env(), stdin: 'hb_x_key_1234' });
    await runCli(['config', 'set', 'timezone', 'Europe/Paris'], { env: env() });
    const r = await runCli(['auth', 'logout'], { env: env() });
    expect(r).toMatchObject({ code: 0, stderr: `Removed the API key from ${configFile()}\n` });
    expect(JSON.parse(readFileSync(configFile(), 'utf8'))).toEqual({ timezone: 'Europe/Paris' });
    expect((await runCli(['auth', 'status'], { env: env() })).code).toBe(4);
  });

  it('warns that HABITS_API_KEY still applies', async () => {
    const r = await runCli(['auth', 'logout'], { env: env({ HABITS_API_KEY: 'k' }) });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('HABITS_API_KEY is still set');
  });
});
