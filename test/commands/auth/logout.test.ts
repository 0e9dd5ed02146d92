// `habits auth logout`: the stored key removed, the other settings kept.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCli, useHome } from '../../helpers/cli.js';
import { useService } from '../../helpers/service.js';

const service = useService({ start: 'real' });
const fx = useHome();
const { configFile } = fx;
const env = (extra: Record<string, string> = {}) => ({ ...fx.home.env, HABITS_BASE_URL: service.svc.url, ...extra });

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

  it('with no key stored says so, and --json says what it did', async () => {
    expect(await runCli(['auth', 'logout'], { env: env() })).toEqual({ code: 0, stdout: '', stderr: 'No API key was stored\n' });
    const r = await runCli(['auth', 'logout', '--json'], { env: env() });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ removed: false, file: configFile() });
    expect(r.stderr).toBe('No API key was stored\n');
  });
});
