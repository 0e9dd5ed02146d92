// A config file that other users can change (src/config/trust.ts), through the commands: its key
// and base URL are refused in one line naming the file and the fix, and no request carrying the
// key reaches the base URL someone else wrote into it. Writes leave such a file as it is. The
// tests run as root here: modes still count for root, and "another user" is nobody (65534), which
// only root can hand a file to (those cases say so when skipped).
import { chmodSync, chownSync, mkdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli, useHome, type CliResult } from '../helpers/cli.js';
import { startServer, type TestServer } from '../helpers/mock-agent.js';
import { useService } from '../helpers/service.js';

const service = useService({ start: 'real' });
const fx = useHome();
const isRoot = process.getuid?.() === 0;
const NOBODY = 65534;
const KEY = 'hb_victim_key_0123456789';

/** The base URL someone else wrote into the file: a listener that records what it receives. */
let attacker: TestServer;
beforeAll(async () => {
  attacker = await startServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"message":"ok","data":[]}');
  });
});
afterAll(() => attacker.close());
beforeEach(() => void (attacker.seen.length = 0));

const configDir = () => dirname(fx.configFile());
const modeOf = (path: string) => statSync(path).mode & 0o7777;

/** Writes the config file, 0600 in a 0700 directory (modes changed afterwards by each case). */
function writeConfig(values: unknown): string {
  mkdirSync(configDir(), { recursive: true });
  chmodSync(configDir(), 0o700);
  const text = JSON.stringify(values);
  writeFileSync(fx.configFile(), text);
  chmodSync(fx.configFile(), 0o600);
  return text;
}

/** The one line of a refusal. */
const refused = (reason: string, fix: string, consequence = 'its key and base URL are not used') =>
  `error: config file ${fx.configFile()} can be changed by other users (${reason}), so ${consequence}: ${fix}\n`;
const doctorFix = (path: string) => `check what it holds, then run \`habits doctor --fix\` (or chmod go-w ${path})`;

/** The key never shows, and nothing reached the listener. */
function expectNothingLeaked(r: CliResult): void {
  expect(r.stdout + r.stderr).not.toContain(KEY);
  expect(attacker.seen).toEqual([]);
}

describe('a config file that other users can change: its key and base URL are refused', () => {
  const cases: { name: string; root?: boolean; setup(): void; reason(): string; fix(): string }[] = [
    {
      name: 'the file is world-writable (0666)',
      setup: () => chmodSync(fx.configFile(), 0o666),
      reason: () => 'it is writable by them, mode 0666',
      fix: () => doctorFix(fx.configFile()),
    },
    {
      name: 'the file is group-writable (0620)',
      setup: () => chmodSync(fx.configFile(), 0o620),
      reason: () => 'it is writable by them, mode 0620',
      fix: () => doctorFix(fx.configFile()),
    },
    {
      name: 'its directory is world-writable without the sticky bit (0777)',
      setup: () => chmodSync(configDir(), 0o777),
      reason: () => `its directory ${configDir()} is writable by them, mode 0777`,
      fix: () => doctorFix(configDir()),
    },
    {
      name: 'the file is a link to a world-writable file elsewhere',
      setup: () => {
        const target = join(fx.home.home, 'dotfiles', 'habits.json');
        mkdirSync(dirname(target), { recursive: true });
        writeFileSync(target, readFileSync(fx.configFile()));
        chmodSync(target, 0o666);
        rmSync(fx.configFile());
        symlinkSync(target, fx.configFile());
      },
      reason: () => `it links to ${join(fx.home.home, 'dotfiles', 'habits.json')}, which is writable by them, mode 0666`,
      fix: () => `check what it holds, then run \`chmod go-w ${join(fx.home.home, 'dotfiles', 'habits.json')}\``,
    },
    {
      name: 'the file belongs to another user (nobody)',
      root: true,
      setup: () => chownSync(fx.configFile(), NOBODY, NOBODY),
      reason: () => `it belongs to another user, uid ${NOBODY}`,
      fix: () => `move ${fx.configFile()} away, then set up your own with \`habits auth login\``,
    },
    {
      name: 'its directory belongs to another user (nobody)',
      root: true,
      setup: () => chownSync(configDir(), NOBODY, NOBODY),
      reason: () => `its directory ${configDir()} belongs to another user, uid ${NOBODY}`,
      fix: () => 'keep your config in a directory of your own (HABITS_CONFIG_DIR)',
    },
  ];
  for (const c of cases) {
    it.runIf(!c.root || isRoot)(`${c.name}: journal exits 2 in one line, and no request reaches the base URL in the file`, async () => {
      const text = writeConfig({ 'api-key': KEY, 'base-url': attacker.url });
      c.setup();
      const r = await fx.run(['journal']);
      expect(r).toEqual({ code: 2, stdout: '', stderr: refused(c.reason(), c.fix()) });
      expectNothingLeaked(r);
      expect(readFileSync(fx.configFile(), 'utf8')).toBe(text);
    });
  }
  if (!isRoot) console.log('trust.test: files and directories of another user need root (chown to nobody); those cases skipped');

  it('every command that would use them refuses the same way; --json carries the line', async () => {
    writeConfig({ 'api-key': KEY, 'base-url': attacker.url, timezone: 'Europe/Paris' });
    chmodSync(fx.configFile(), 0o666);
    const line = refused('it is writable by them, mode 0666', doctorFix(fx.configFile()));
    for (const argv of [['habit', 'ls'], ['log', 'done', 'Walk'], ['auth', 'status'], ['auth', 'token'], ['config', 'get', 'base-url'], ['config', 'get', 'timezone'], ['config', 'list'], ['export']]) {
      const r = await fx.run(argv, { HABITS_TIMEZONE: '' });
      expect(r, argv.join(' ')).toEqual({ code: 2, stdout: '', stderr: line });
    }
    const json = await fx.run(['habit', 'ls', '--json']);
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stderr)).toEqual({ error: { code: 'config', message: line.slice('error: '.length, -1), status: null } });
    expectNothingLeaked(json);
  });

  it('auth login does not send the new key to the base URL in the file', async () => {
    writeConfig({ 'base-url': attacker.url });
    chmodSync(fx.configFile(), 0o666);
    const piped = await runCli(['auth', 'login', '--with-key'], { env: fx.home.env, stdin: `${KEY}\n` });
    expect(piped).toEqual({ code: 2, stdout: '', stderr: refused('it is writable by them, mode 0666', doctorFix(fx.configFile())) });
    expectNothingLeaked(piped);
    expect(JSON.parse(readFileSync(fx.configFile(), 'utf8'))).toEqual({ 'base-url': attacker.url });
  });

  it("a profile's key and base URL are refused the same way", async () => {
    writeConfig({ profiles: { home: { 'api-key': KEY, 'base-url': attacker.url } } });
    chmodSync(fx.configFile(), 0o666);
    const r = await fx.run(['journal', '--profile', 'home']);
    expect(r).toEqual({ code: 2, stdout: '', stderr: refused('it is writable by them, mode 0666', doctorFix(fx.configFile())) });
    expectNothingLeaked(r);
  });

  it('a run that takes neither from the file is not stopped: both from the environment, or --local', async () => {
    writeConfig({ 'api-key': KEY, 'base-url': attacker.url });
    chmodSync(fx.configFile(), 0o666);
    const env = await fx.run(['habit', 'ls'], { HABITS_API_KEY: service.svc.apiKey, HABITS_BASE_URL: service.svc.url });
    expect(env.code, env.stderr).toBe(0);
    const local = await fx.run(['--local', 'habit', 'ls']);
    expect(local.code, local.stderr).toBe(0);
    expect(attacker.seen).toEqual([]);
  });

  it('a shared directory with the sticky bit (1777) and a file of ours, 0600, is trusted', async () => {
    const shared = join(fx.home.home, 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o1777);
    writeFileSync(join(shared, 'someone-else.txt'), 'x');
    writeFileSync(join(shared, 'config.json'), JSON.stringify({ 'api-key': service.svc.apiKey, 'base-url': service.svc.url }));
    chmodSync(join(shared, 'config.json'), 0o600);
    const r = await fx.run(['habit', 'ls'], { HABITS_CONFIG_DIR: shared });
    expect(r.code, r.stderr).toBe(0);
    expect(modeOf(shared)).toBe(0o1777);
  });
});

describe('a config file that other users can change is not written', () => {
  const line = () => refused('it is writable by them, mode 0666', doctorFix(fx.configFile()), 'it was left as it is');

  it.each([
    [['config', 'set', 'timezone', 'Europe/Paris']],
    [['config', 'unset', 'timezone']],
    [['auth', 'logout']],
    [['auth', 'login', '--with-key', '--no-verify']],
  ])('habits %j: exit 2, the file keeps its content and its mode', async (argv) => {
    const text = writeConfig({ timezone: 'UTC' });
    chmodSync(fx.configFile(), 0o666);
    const r = await runCli(argv, { env: fx.home.env, stdin: 'hb_new_key_000000001\n' });
    expect(r).toEqual({ code: 2, stdout: '', stderr: line() });
    expect(readFileSync(fx.configFile(), 'utf8')).toBe(text);
    expect(modeOf(fx.configFile())).toBe(0o666);
  });
});

describe('doctor and a config file that other users can change', () => {
  it('fails the config check with the fix, and fails the key and base URL it holds without contacting that server', async () => {
    writeConfig({ 'api-key': KEY, 'base-url': attacker.url });
    chmodSync(fx.configFile(), 0o666);
    const r = await fx.run(['doctor', '--json']);
    expect(r.code).toBe(1);
    const checks = Object.fromEntries((JSON.parse(r.stdout) as { check: string }[]).map((c) => [c.check, c]));
    expect(checks.config).toEqual({
      check: 'config', status: 'fail',
      detail: `${fx.configFile()} can be changed by other users (it is writable by them, mode 0666): its key and base URL are not used`,
      fix: doctorFix(fx.configFile()),
    });
    expect(checks['base-url']).toEqual({ check: 'base-url', status: 'fail', detail: `${attacker.url} from the config file: not used, other users can change the config file (see config)` });
    expect(checks.key).toMatchObject({ status: 'fail', detail: `hb_…6789 from the config file ${fx.configFile()}: not used, other users can change the config file (see config)` });
    expectNothingLeaked(r);
  });

  it('--fix takes the write bits off a file of ours; the server in it is still not contacted in that run', async () => {
    writeConfig({ 'api-key': KEY, 'base-url': attacker.url });
    chmodSync(fx.configFile(), 0o666);
    const r = await fx.run(['doctor', '--fix', '--json']);
    expect(r.code, r.stdout).toBe(0);
    const checks = Object.fromEntries((JSON.parse(r.stdout) as { check: string }[]).map((c) => [c.check, c]));
    expect(checks.config).toEqual({
      check: 'config', status: 'warn',
      detail: `${fx.configFile()}: other users could change it until now (fixed: the file 0666 → 0600)`,
      fix: 'check what it holds (`habits config list`) before the next command uses it: its base-url receives your key',
    });
    expect(checks['base-url']).toMatchObject({ status: 'ok', detail: `${attacker.url} (not contacted: other users could change the config file until now)` });
    expect(modeOf(fx.configFile())).toBe(0o600);
    expectNothingLeaked(r);
  });

  it.runIf(isRoot)('--fix leaves a file of another user as it is, and says what to do (root: chown to nobody)', async () => {
    writeConfig({ 'api-key': KEY, 'base-url': attacker.url });
    chmodSync(fx.configFile(), 0o644);
    chownSync(fx.configFile(), NOBODY, NOBODY);
    const r = await fx.run(['doctor', '--fix']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`✗ config       ${fx.configFile()} can be changed by other users (it belongs to another user, uid ${NOBODY}): its key and base URL are not used\n`);
    expect(r.stdout).toContain(`move ${fx.configFile()} away, then set up your own with \`habits auth login\`\n`);
    expect(modeOf(fx.configFile())).toBe(0o644);
    expect(statSync(fx.configFile()).uid).toBe(NOBODY);
    expectNothingLeaked(r);
  });
});

