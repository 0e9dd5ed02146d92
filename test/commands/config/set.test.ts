// `habits config set <key> <value>`: the value checked (and normalised) before anything is written.
import { chmodSync, existsSync, lstatSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ConfigValues } from '../../../src/config/file.js';
import { useHome } from '../../helpers/cli.js';

const fx = useHome();
const { configFile, run } = fx;

const stored = () => JSON.parse(readFileSync(configFile(), 'utf8')) as ConfigValues;

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
    expect(stored()['base-url']).toBe('https://example.com/v2');
    await run(['config', 'set', 'base-url', 'LOCAL']);
    expect(stored()['base-url']).toBe('local');
  });
});

describe('config set', () => {
  it('says what it wrote, and with --json prints it', async () => {
    const r = await run(['config', 'set', 'color', 'never', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ key: 'color', value: 'never', profile: 'default', file: configFile() });
    expect(r.stderr).toBe(`Set color to never in ${configFile()}\n`);
    expect(stored()).toEqual({ color: 'never' });
  });
});

describe('config set through a symbolic link', () => {
  it('writes the target, keeps the link, and leaves the target\'s mode as it is, saying so', async () => {
    const target = join(fx.home.home, 'dotfiles', 'habits.json');
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, '{"timezone":"UTC"}');
    chmodSync(target, 0o644);
    mkdirSync(dirname(configFile()), { recursive: true });
    symlinkSync(target, configFile());
    const r = await run(['config', 'set', 'color', 'never']);
    expect(r).toEqual({
      code: 0,
      stdout: '',
      stderr: `warning: ${configFile()} is a symbolic link to ${target}; its mode 0644 was left as it is (chmod 600 it if it is yours)\nSet color to never in ${configFile()}\n`,
    });
    expect(lstatSync(configFile()).isSymbolicLink()).toBe(true);
    expect(JSON.parse(readFileSync(target, 'utf8'))).toEqual({ timezone: 'UTC', color: 'never' });
    expect(statSync(target).mode & 0o777).toBe(0o644);
  });

  it('a link to a private target: written through, nothing to say', async () => {
    const target = join(fx.home.home, 'dotfiles', 'habits.json');
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, '{}');
    chmodSync(target, 0o600);
    mkdirSync(dirname(configFile()), { recursive: true });
    symlinkSync(target, configFile());
    const r = await run(['config', 'set', 'timeout', '10s']);
    expect(r).toEqual({ code: 0, stdout: '', stderr: `Set timeout to 10s in ${configFile()}\n` });
    expect(JSON.parse(readFileSync(target, 'utf8'))).toEqual({ timeout: '10s' });
    expect(statSync(target).mode & 0o777).toBe(0o600);
    expect(lstatSync(configFile()).isSymbolicLink()).toBe(true);
  });

  it('a link to nothing is left as it is: exit 2', async () => {
    mkdirSync(dirname(configFile()), { recursive: true });
    symlinkSync('../nowhere/habits.json', configFile());
    const r = await run(['config', 'set', 'color', 'never']);
    expect(r).toEqual({
      code: 2,
      stdout: '',
      stderr: `error: config file ${configFile()} is a symbolic link to ../nowhere/habits.json, which does not exist; it was left as it is\nhint: create ../nowhere/habits.json, or remove the link\n`,
    });
    expect(lstatSync(configFile()).isSymbolicLink()).toBe(true);
  });
});
