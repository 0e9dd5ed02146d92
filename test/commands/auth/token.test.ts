// `habits auth token`: the key for scripts, never onto a terminal unless --show; and the warning for
// a config file that holds the key where other users can read it.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, useHome } from '../../helpers/cli.js';

const fx = useHome();
const KEY = 'hb_token_for_scripts_7a3f';

function writeConfig(values: Record<string, string>, mode: number): void {
  mkdirSync(dirname(fx.configFile()), { recursive: true, mode: 0o700 });
  writeFileSync(fx.configFile(), JSON.stringify(values));
  chmodSync(fx.configFile(), mode);
}

describe('auth token', () => {
  it('prints the key alone on stdout when piped', async () => {
    writeConfig({ 'api-key': KEY }, 0o600);
    const r = await fx.run(['auth', 'token']);
    expect(r).toEqual({ code: 0, stdout: `${KEY}\n`, stderr: '' });
  });

  it('the key from HABITS_API_KEY wins over the file, as everywhere', async () => {
    writeConfig({ 'api-key': KEY }, 0o600);
    const r = await fx.run(['auth', 'token'], { HABITS_API_KEY: 'hb_from_the_environment_1' });
    expect(r.stdout).toBe('hb_from_the_environment_1\n');
  });

  it('refuses a terminal without --show (exit 2, saying why and how), prints with --show', async () => {
    writeConfig({ 'api-key': KEY }, 0o600);
    const env = fx.home.env;
    const refused = await runCli(['auth', 'token'], { env, tty: { stdout: true } });
    expect(refused.code).toBe(2);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toBe(
      'error: not printing the API key onto a terminal (it would stay in the scrollback)\n' +
      'hint: pipe it to where it goes (`habits auth token | pbcopy`), or pass --show to see it\n',
    );
    const shown = await runCli(['auth', 'token', '--show'], { env, tty: { stdout: true } });
    expect(shown.code).toBe(0);
    expect(shown.stdout).toBe(`${KEY}\n`);
  });

  it('exits 4 without a key, as other commands do', async () => {
    const r = await fx.run(['auth', 'token']);
    expect(r.code).toBe(4);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error: no API key is configured\n/);
  });

  it('--verbose adds no line carrying the key', async () => {
    writeConfig({ 'api-key': KEY }, 0o600);
    const r = await fx.run(['auth', 'token', '--verbose']);
    expect(r.stdout).toBe(`${KEY}\n`);
    expect(r.stderr).not.toContain(KEY);
  });
});

describe('a config file with the key, readable by others', () => {
  const warning = () =>
    `warning: ${fx.configFile()} holds your API key and other users can read it (mode 0644): run \`habits doctor --fix\` (or chmod 600 it)\n`;

  it('warns once on stderr on a command that reads the config', async () => {
    writeConfig({ 'api-key': KEY, timezone: 'UTC' }, 0o644);
    const r = await fx.run(['config', 'get', 'timezone']);
    expect(r).toEqual({ code: 0, stdout: 'UTC\n', stderr: warning() });
    const token = await fx.run(['auth', 'token']);
    expect(token.stderr).toBe(warning());
    expect(token.stdout).toBe(`${KEY}\n`);
  });

  it('says nothing for a 0600 file, for a readable file without a key, or on --version', async () => {
    writeConfig({ 'api-key': KEY, timezone: 'UTC' }, 0o600);
    expect((await fx.run(['config', 'get', 'timezone'])).stderr).toBe('');
    writeConfig({ timezone: 'UTC' }, 0o644);
    expect((await fx.run(['config', 'get', 'timezone'])).stderr).toBe('');
    writeConfig({ 'api-key': KEY }, 0o640);
    const version = await fx.run(['--version']);
    expect(version.code).toBe(0);
    expect(version.stderr).toBe('');
    // Group-readable is enough to warn.
    expect((await fx.run(['config', 'get', 'timezone'])).stderr).toContain('(mode 0640)');
  });

  it('after doctor --fix the warning is gone', async () => {
    writeConfig({ 'api-key': KEY }, 0o644);
    await fx.run(['doctor', '--offline', '--fix']);
    expect((await fx.run(['auth', 'token'])).stderr).toBe('');
  });
});
