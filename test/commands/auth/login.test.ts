// `habits auth login` against the local service, a server that follows the spec: reading the key,
// checking it, and storing it 0600.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ConfigValues } from '../../../src/config/file.js';
import { runCli, scriptedPrompter, useHome } from '../../helpers/cli.js';
import { useService } from '../../helpers/service.js';

const service = useService({ start: 'real' });
const fx = useHome();
const { configFile } = fx;
const env = (extra: Record<string, string> = {}) => ({ ...fx.home.env, HABITS_BASE_URL: service.svc.url, ...extra });
const stored = () => JSON.parse(readFileSync(configFile(), 'utf8')) as ConfigValues;
const masked = () => `${service.svc.apiKey.slice(0, 3)}…${service.svc.apiKey.slice(-4)}`;

describe('auth login', () => {
  it('--with-key reads the key from stdin, checks it, and stores it 0600', async () => {
    const before = service.svc.requests.length;
    const r = await runCli(['auth', 'login', '--with-key'], { env: env(), stdin: `${service.svc.apiKey}\n` });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`Saved key ${masked()} to ${configFile()} (checked against ${service.svc.url})\n`);
    expect(stored()).toEqual({ 'api-key': service.svc.apiKey });
    expect(statSync(configFile()).mode & 0o777).toBe(0o600);
    const checks = service.svc.requests.slice(before);
    expect(checks.map((q) => `${q.method} ${q.path} ${q.status}`)).toEqual(['GET /habits 200']);
    expect(checks[0]!.headers['x-api-key']).not.toBe(service.svc.apiKey); // recorded redacted
  });

  it('refuses a key the server rejects: exit 4, nothing stored, the key not echoed', async () => {
    const r = await runCli(['auth', 'login', '--with-key'], { env: env(), stdin: 'hb_wrongwrongwrongwrong1234' });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/^error: .* refused the key hb_…1234; it was not saved\nhint: /);
    expect(r.stderr).not.toContain('hb_wrongwrongwrongwrong1234');
    expect(existsSync(configFile())).toBe(false);
  });

  it('--no-verify stores without a request', async () => {
    const before = service.svc.requests.length;
    const r = await runCli(['auth', 'login', '--with-key', '--no-verify'], { env: env(), stdin: 'hb_offline_key_0000' });
    expect(r.code).toBe(0);
    expect(service.svc.requests.length).toBe(before);
    expect(stored()['api-key']).toBe('hb_offline_key_0000');
  });

  it('asks with a masked prompt on a terminal', async () => {
    const prompter = scriptedPrompter([service.svc.apiKey]);
    const r = await runCli(['auth', 'login'], { env: env(), prompter, tty: { stdin: true, stderr: true } });
    expect(r.code).toBe(0);
    expect(prompter.asked).toEqual(['API key']);
    expect(stored()['api-key']).toBe(service.svc.apiKey);
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

  it('with --no-verify still refuses a key that no HTTP header can carry', async () => {
    const unsendable = 'hb_ctrl\x01key_9f2c';
    const r = await runCli(['auth', 'login', '--with-key', '--no-verify'], { env: fx.home.env, stdin: `${unsendable}\n` });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: the API key contains characters that cannot be sent in an HTTP header\n/);
    expect(existsSync(configFile())).toBe(false);
  });
});
