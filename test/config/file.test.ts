// The config file (src/config/file.ts), through the config verbs that write and read it: location,
// modes, unknown keys kept, and a corrupt file that is reported and never overwritten.
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { useHome } from '../helpers/cli.js';

const fx = useHome();
const { configFile, run } = fx;

describe('config file', () => {
  it('lives at $XDG_CONFIG_HOME/habits/config.json (no -nodejs suffix), 0600 in a 0700 directory', async () => {
    const r = await run(['config', 'set', 'timezone', 'Europe/Paris']);
    expect(r).toMatchObject({ code: 0, stdout: '' });
    expect(r.stderr).toContain(`Set timezone to Europe/Paris in ${configFile()}`);
    expect(JSON.parse(readFileSync(configFile(), 'utf8'))).toEqual({ timezone: 'Europe/Paris' });
    expect(statSync(configFile()).mode & 0o777).toBe(0o600);
    expect(statSync(join(fx.home.env.XDG_CONFIG_HOME, 'habits')).mode & 0o777).toBe(0o700);
    expect(existsSync(join(fx.home.env.XDG_CONFIG_HOME, 'habits-nodejs'))).toBe(false);
  });

  it('restores 0600 and 0700 on every write', async () => {
    const dir = join(fx.home.env.XDG_CONFIG_HOME, 'habits');
    mkdirSync(dir, { recursive: true });
    writeFileSync(configFile(), '{"color":"never"}');
    chmodSync(configFile(), 0o644);
    chmodSync(dir, 0o755);
    expect((await run(['config', 'set', 'timeout', '10s'])).code).toBe(0);
    expect(statSync(configFile()).mode & 0o777).toBe(0o600);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(JSON.parse(readFileSync(configFile(), 'utf8'))).toEqual({ color: 'never', timeout: '10s' });
  });

  it('keeps keys it does not know', async () => {
    mkdirSync(join(fx.home.env.XDG_CONFIG_HOME, 'habits'), { recursive: true });
    writeFileSync(configFile(), JSON.stringify({ 'future-key': { a: 1 }, color: 'never' }));
    expect((await run(['config', 'unset', 'color'])).code).toBe(0);
    expect(JSON.parse(readFileSync(configFile(), 'utf8'))).toEqual({ 'future-key': { a: 1 } });
  });

  describe('a corrupt file', () => {
    const corrupt = '{"timezone": "Europe/Paris",';
    beforeEach(() => {
      mkdirSync(join(fx.home.env.XDG_CONFIG_HOME, 'habits'), { recursive: true });
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
