// `habits config set <key> <value>`: the value checked (and normalised) before anything is written.
import { existsSync, readFileSync } from 'node:fs';
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
