// `habits auth status`: where the key comes from, masked, and whether the server accepts it; through
// the CLI, and its run() alone with narrow dependencies.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run as runStatus, type AuthStatus } from '../../../src/commands/auth/status.js';
import { resolvePaths } from '../../../src/config/paths.js';
import { resolveSettings } from '../../../src/config/settings.js';
import type { Env } from '../../../src/io.js';
import { AuthError } from '../../../src/errors.js';
import { runCli, useHome } from '../../helpers/cli.js';
import { useService } from '../../helpers/service.js';
import { verbDeps } from '../../helpers/verb.js';

const service = useService({ start: 'real' });
const fx = useHome();
const { configFile } = fx;
const env = (extra: Record<string, string> = {}) => ({ ...fx.home.env, HABITS_BASE_URL: service.svc.url, ...extra });
const masked = () => `${service.svc.apiKey.slice(0, 3)}…${service.svc.apiKey.slice(-4)}`;

describe('auth status', () => {
  it('reports the key from the config file as valid', async () => {
    await runCli(['auth', 'login', '--with-key'], { env: env(), stdin: service.svc.apiKey });
    const r = await runCli(['auth', 'status'], { env: env() });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`Server:  ${service.svc.url}\nKey:     ${masked()} (from config file ${configFile()})\nStatus:  ✓ valid\n`);
  });

  it('says the environment is the source when HABITS_API_KEY is set, as JSON too', async () => {
    const r = await runCli(['auth', 'status', '--json'], { env: env({ HABITS_API_KEY: service.svc.apiKey }) });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ mode: 'remote', profile: 'default', baseUrl: service.svc.url, key: masked(), source: 'environment (HABITS_API_KEY)', valid: true });
    expect(r.stdout).not.toContain(service.svc.apiKey);
  });

  it('exits 4 for a key the server refuses, after showing the status', async () => {
    const r = await runCli(['auth', 'status'], { env: env({ HABITS_API_KEY: 'hb_revoked_key_9999' }) });
    expect(r.code).toBe(4);
    expect(r.stdout).toContain('✗ not accepted');
    expect(r.stderr).toMatch(/^error: the server refused the key hb_…9999 \(HTTP 401/);
  });

  it('an unreachable server leaves the key unknown, not refused: exit 1, valid null', async () => {
    const down = { HABITS_BASE_URL: 'http://127.0.0.1:9/v2', HABITS_API_KEY: 'hb_unchecked_key_1234', HABITS_TIMEOUT: '2s' };
    const r = await runCli(['auth', 'status'], { env: { ...fx.home.env, ...down } });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('Status:  ! unknown: the key could not be checked (see the error below)\n');
    expect(r.stdout).not.toContain('not accepted');
    expect(r.stderr).toMatch(/^error: connection refused by 127\.0\.0\.1:9/);
    const json = await runCli(['auth', 'status', '--json'], { env: { ...fx.home.env, ...down } });
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ key: 'hb_…1234', valid: null, error: expect.stringContaining('connection refused') });
  });

  it('in local mode needs no key', async () => {
    const r = await runCli(['auth', 'status', '--local', '--json'], { env: fx.home.env });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ mode: 'local', valid: true });
  });
});

describe('auth status run() alone, with its narrow dependencies', () => {
  /** The verb's dependencies as main() would resolve them from `vars` (no config file). */
  const depsFor = (vars: Env, opts: { json?: boolean } = {}) => {
    const run = verbDeps(service.svc, opts);
    const paths = resolvePaths({ ...fx.home.env, ...vars });
    const settings = resolveSettings({}, { ...fx.home.env, ...vars }, {}, paths.configFile);
    return { run, deps: { ...run.deps, paths, settings, isLocal: settings.local.value } };
  };

  it('checks the key with one request and prints the status on stdout', async () => {
    const { run, deps } = depsFor({ HABITS_BASE_URL: service.svc.url, HABITS_API_KEY: service.svc.apiKey });
    const before = service.svc.requests.length;
    try {
      await runStatus(deps);
      expect(run.stdout()).toBe(`Server:  ${service.svc.url}\nKey:     ${masked()} (from environment (HABITS_API_KEY))\nStatus:  ✓ valid\n`);
      expect(run.stderr()).toBe('');
      expect(service.svc.requests.slice(before).map((q) => [q.method, q.path, q.query])).toEqual([['GET', '/habits', { limit: '1' }]]);
    } finally {
      await run.close();
    }
  });

  it('without a key: the status document with --json, nothing in a pipe, then the auth error', async () => {
    const before = service.svc.requests.length;
    const json = depsFor({ HABITS_BASE_URL: service.svc.url }, { json: true });
    const plain = depsFor({ HABITS_BASE_URL: service.svc.url });
    try {
      await expect(runStatus(json.deps)).rejects.toThrow(AuthError);
      const status: AuthStatus = { mode: 'remote', profile: 'default', baseUrl: service.svc.url, key: null, source: null, valid: false, error: 'no API key is configured' };
      expect(JSON.parse(json.run.stdout())).toEqual(status);
      await expect(runStatus(plain.deps)).rejects.toThrow('no API key is configured');
      expect(plain.run.stdout()).toBe('');
      expect(json.run.stderr() + plain.run.stderr()).toBe('');
      expect(service.svc.requests.length).toBe(before);
    } finally {
      await json.run.close();
      await plain.run.close();
    }
  });

  it('in local mode names the data directory and asks nothing', async () => {
    const { run, deps } = depsFor({ HABITS_LOCAL: '1' });
    const before = service.svc.requests.length;
    try {
      await runStatus(deps);
      expect(run.stdout()).toBe(`Local mode: no API key needed (data in ${join(fx.home.env.XDG_DATA_HOME, 'habits')})\n`);
      expect(service.svc.requests.length).toBe(before);
    } finally {
      await run.close();
    }
  });
});
