// Profiles: two accounts side by side in one config file, here two local services (a "cloud" one at
// the top level and a self-hosted one in the profile "home"), selected by --profile or HABITS_PROFILE.
import { readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli, useHome, type CliResult } from '../../helpers/cli.js';
import { addHabit, useService } from '../../helpers/service.js';

const cloud = useService({ start: 'real' });
const home = useService({ start: 'real' });
const fx = useHome();

beforeAll(async () => {
  await addHabit(cloud.svc, { name: 'Cloud walk' });
  await addHabit(home.svc, { name: 'Home read' });
});

const run = (argv: string[], env: Record<string, string> = {}, stdin?: string): Promise<CliResult> =>
  runCli(argv, { env: { ...fx.home.env, ...env }, ...(stdin === undefined ? {} : { stdin }) });
const stored = (): unknown => JSON.parse(readFileSync(fx.configFile(), 'utf8'));
const masked = (key: string) => `${key.slice(0, 3)}…${key.slice(-4)}`;

/** The config of the two accounts, written as a user would have it. */
function writeTwoAccounts(homeKey = home.svc.apiKey): void {
  mkdirSync(dirname(fx.configFile()), { recursive: true });
  writeFileSync(fx.configFile(), JSON.stringify({
    'base-url': cloud.svc.url,
    'api-key': cloud.svc.apiKey,
    profiles: { home: { 'base-url': home.svc.url, 'api-key': homeKey } },
  }), { mode: 0o600 });
}

/** How many requests each service received while `body` ran. */
async function requestsDuring(body: () => Promise<void>): Promise<{ cloud: number; home: number }> {
  const before = { cloud: cloud.svc.requests.length, home: home.svc.requests.length };
  await body();
  return { cloud: cloud.svc.requests.length - before.cloud, home: home.svc.requests.length - before.home };
}

describe('profiles', () => {
  it('config set --profile and auth login --profile create the profile, beside the top level, 0600', async () => {
    expect((await run(['auth', 'login', '--with-key', '--base-url', cloud.svc.url], {}, cloud.svc.apiKey)).code).toBe(0);
    const set = await run(['config', 'set', '--profile', 'home', 'base-url', home.svc.url]);
    expect(set).toEqual({ code: 0, stdout: '', stderr: `Set base-url to ${home.svc.url} (profile home) in ${fx.configFile()}\n` });

    const login = await run(['auth', 'login', '--with-key', '--profile', 'home'], {}, `${home.svc.apiKey}\n`);
    expect(login.code).toBe(0);
    expect(login.stderr).toBe(`Saved key ${masked(home.svc.apiKey)} (profile home) to ${fx.configFile()} (checked against ${home.svc.url})\n`);
    expect(stored()).toEqual({
      'api-key': cloud.svc.apiKey,
      profiles: { home: { 'base-url': home.svc.url, 'api-key': home.svc.apiKey } },
    });
    expect(statSync(fx.configFile()).mode & 0o777).toBe(0o600);

    // A profile login checks the key against the profile's server: the cloud key is refused there.
    const wrong = await run(['auth', 'login', '--with-key', '--profile', 'home'], {}, cloud.svc.apiKey);
    expect(wrong.code).toBe(4);
    expect(wrong.stderr).toContain(`${home.svc.url} refused the key`);
  });

  it('auth login --profile NEW creates the profile; config set refuses color per profile', async () => {
    const r = await run(['auth', 'login', '--with-key', '--no-verify', '--profile', 'work'], {}, 'hb_work_key_0000');
    expect(r.code).toBe(0);
    expect(stored()).toEqual({ profiles: { work: { 'api-key': 'hb_work_key_0000' } } });
    const color = await run(['config', 'set', '--profile', 'work', 'color', 'never']);
    expect(color.code).toBe(2);
    expect(color.stderr).toMatch(/^error: color is not set per profile\n/);
  });

  it('--profile and HABITS_PROFILE send commands to the profile\'s server with its key; the flag beats the variable', async () => {
    writeTwoAccounts();
    let byDefault: CliResult | undefined;
    expect(await requestsDuring(async () => void (byDefault = await run(['habit', 'ls'])))).toEqual({ cloud: 1, home: 0 });
    expect(byDefault!.stdout).toContain('Cloud walk');

    let byFlag: CliResult | undefined;
    expect(await requestsDuring(async () => void (byFlag = await run(['habit', 'ls', '--profile', 'home'])))).toEqual({ cloud: 0, home: 1 });
    expect(byFlag!.code).toBe(0);
    expect(byFlag!.stdout).toContain('Home read');
    expect(byFlag!.stdout).not.toContain('Cloud walk');

    let byEnv: CliResult | undefined;
    expect(await requestsDuring(async () => void (byEnv = await run(['habit', 'ls'], { HABITS_PROFILE: 'home' })))).toEqual({ cloud: 0, home: 1 });
    expect(byEnv!.stdout).toContain('Home read');

    let flagOverEnv: CliResult | undefined;
    expect(await requestsDuring(async () => void (flagOverEnv = await run(['habit', 'ls', '--profile', 'default'], { HABITS_PROFILE: 'home' })))).toEqual({ cloud: 1, home: 0 });
    expect(flagOverEnv!.stdout).toContain('Cloud walk');
  });

  it('names resolve through each account\'s own cache: a mark by name goes to the right server', async () => {
    writeTwoAccounts();
    expect((await run(['log', 'done', 'Cloud walk'])).code).toBe(0);
    const r = await run(['log', 'done', 'Home read'], { HABITS_PROFILE: 'home' });
    expect(r.code).toBe(0);
    // The cloud account's cached names do not answer for the profile: it has no "Cloud walk".
    const across = await run(['log', 'done', 'Cloud walk', '--profile', 'home']);
    expect(across.code).toBe(3);
  });

  it('an unknown profile exits 2 naming the known ones, before any request', async () => {
    writeTwoAccounts();
    const counts = await requestsDuring(async () => {
      const r = await run(['habit', 'ls', '--profile', 'hmoe']);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toBe(`error: unknown profile "hmoe" (from --profile) in ${fx.configFile()}\n` +
        'hint: known profiles: default, home; create one with `habits config set --profile hmoe base-url URL` or `habits auth login --profile hmoe`\n');
      const env = await run(['journal'], { HABITS_PROFILE: 'nope' });
      expect(env.code).toBe(2);
      expect(env.stderr).toContain('unknown profile "nope" (from HABITS_PROFILE)');
      const unset = await run(['config', 'unset', 'timezone', '--profile', 'nope']);
      expect(unset.code).toBe(2);
    });
    expect(counts).toEqual({ cloud: 0, home: 0 });
    expect((await run(['config', 'list', '--profile', 'bad name'])).stderr).toContain('"bad name" is not a profile name');
  });

  it('HABITS_API_KEY beats the profile\'s key, and config list says where each value comes from', async () => {
    writeTwoAccounts('hb_stale_home_key_0000');
    const stale = await run(['habit', 'ls', '--profile', 'home']);
    expect(stale.code).toBe(4);

    const r = await run(['habit', 'ls', '--profile', 'home'], { HABITS_API_KEY: home.svc.apiKey });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Home read');

    const list = await run(['config', 'list', '--profile', 'home'], { HABITS_API_KEY: home.svc.apiKey });
    expect(list.stdout.split('\n').slice(0, 3)).toEqual([
      'profile\thome\tflag --profile',
      `api-key\t${masked(home.svc.apiKey)}\tenv HABITS_API_KEY`,
      `base-url\t${home.svc.url}\t${fx.configFile()} (profiles.home.base-url)`,
    ]);
    // The top-level key is never the profile's: without one of its own, the profile has no key.
    writeFileSync(fx.configFile(), JSON.stringify({ 'api-key': cloud.svc.apiKey, timezone: 'Europe/Paris', profiles: { home: { 'base-url': home.svc.url } } }));
    const noKey = await run(['config', 'list', '--profile', 'home', '--json'], { HABITS_TIMEZONE: '' });
    expect(JSON.parse(noKey.stdout)).toEqual([
      { key: 'profile', value: 'home', source: 'flag --profile' },
      { key: 'api-key', value: null, source: 'not set' },
      { key: 'base-url', value: home.svc.url, source: `${fx.configFile()} (profiles.home.base-url)` },
      { key: 'timezone', value: 'Europe/Paris', source: fx.configFile() }, // the top level's, shared
      { key: 'day-start', value: '00:00', source: 'default' },
      { key: 'color', value: 'auto', source: 'default' },
      { key: 'timeout', value: '30s', source: 'default' },
    ]);
  });

  it('auth status names the profile and where its key lives', async () => {
    writeTwoAccounts();
    const r = await run(['auth', 'status', '--profile', 'home']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(`Profile: home (from --profile)\nServer:  ${home.svc.url}\nKey:     ${masked(home.svc.apiKey)} (from config file ${fx.configFile()}, profile home)\nStatus:  ✓ valid\n`);
    const json = await run(['auth', 'status', '--json'], { HABITS_PROFILE: 'home' });
    expect(JSON.parse(json.stdout)).toMatchObject({ profile: 'home', baseUrl: home.svc.url, valid: true });
    const logout = await run(['auth', 'logout', '--profile', 'home']);
    expect(logout.stderr).toBe(`Removed the API key (profile home) from ${fx.configFile()}\n`);
    expect(stored()).toEqual({ 'base-url': cloud.svc.url, 'api-key': cloud.svc.apiKey, profiles: { home: { 'base-url': home.svc.url } } });
  });
});

// Issue 20, item 9: names of Object.prototype's members are profile names like any other.
describe('profiles named like Object.prototype members (own properties only)', () => {
  const names = ['constructor', 'toString', 'valueOf', 'hasOwnProperty'];

  it.each(names)('journal --profile %s: an unknown profile, exit 2, before any request', async (name) => {
    writeTwoAccounts();
    const counts = await requestsDuring(async () => {
      const r = await run(['journal', '--profile', name]);
      expect(r).toEqual({
        code: 2,
        stdout: '',
        stderr: `error: unknown profile "${name}" (from --profile) in ${fx.configFile()}\n` +
          `hint: known profiles: default, home; create one with \`habits config set --profile ${name} base-url URL\` or \`habits auth login --profile ${name}\`\n`,
      });
    });
    expect(counts).toEqual({ cloud: 0, home: 0 });
  });

  it.each(names)('auth logout and config unset --profile %s: exit 2, the file unchanged', async (name) => {
    writeTwoAccounts();
    const before = readFileSync(fx.configFile(), 'utf8');
    const logout = await run(['auth', 'logout', '--profile', name]);
    expect(logout.code).toBe(2);
    expect(logout.stderr).toMatch(new RegExp(`^error: unknown profile "${name}" \\(from --profile\\)`));
    const unset = await run(['config', 'unset', 'timezone'], { HABITS_PROFILE: name });
    expect(unset.code).toBe(2);
    expect(readFileSync(fx.configFile(), 'utf8')).toBe(before);
  });

  it('config set --profile toString creates that profile, which then works like any other', async () => {
    writeTwoAccounts();
    expect((await run(['config', 'set', '--profile', 'toString', 'base-url', home.svc.url])).code).toBe(0);
    expect((await run(['auth', 'login', '--with-key', '--profile', 'toString'], {}, home.svc.apiKey)).code).toBe(0);
    expect((stored() as { profiles: Record<string, unknown> }).profiles).toEqual({
      home: { 'base-url': home.svc.url, 'api-key': home.svc.apiKey },
      toString: { 'base-url': home.svc.url, 'api-key': home.svc.apiKey },
    });
    const r = await run(['habit', 'ls', '--profile', 'toString']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('Home read');
  });
});
