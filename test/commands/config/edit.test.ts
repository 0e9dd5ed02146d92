// `habits config edit` with a fake editor: a node script that writes the next of a list of contents
// into the file it is given (and records what it was shown), as a user in $EDITOR would.
import { chmodSync, chownSync, existsSync, lstatSync, mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, scriptedPrompter, useHome, type CliResult } from '../../helpers/cli.js';

const fx = useHome();

const FAKE_EDITOR = `const fs = require('node:fs');
const file = process.argv[2];
const queue = JSON.parse(fs.readFileSync(process.env.FAKE_EDITS, 'utf8'));
const next = queue.shift();
fs.writeFileSync(process.env.FAKE_EDITS, JSON.stringify(queue));
fs.appendFileSync(process.env.FAKE_EDITS + '.shown', JSON.stringify(fs.readFileSync(file, 'utf8')) + '\\n');
if (next.exit) process.exit(next.exit);
fs.rmSync(file);
fs.writeFileSync(file, next.text, { mode: 0o644 });
fs.chmodSync(file, 0o644);
`;

interface Edit {
  text?: string;
  exit?: number;
}

/** Runs `habits config edit` on a terminal with the fake editor doing `edits`, and the prompter answering `answers`. */
async function edit(edits: Edit[], answers: unknown[] = [], opts: { tty?: boolean; env?: Record<string, string> } = {}): Promise<CliResult & { shown: string[]; asked: string[] }> {
  const dir = join(fx.home.home, 'editor');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'editor.cjs'), FAKE_EDITOR);
  const queue = join(dir, 'edits.json');
  writeFileSync(queue, JSON.stringify(edits));
  const prompter = opts.tty === false ? undefined : scriptedPrompter(answers);
  const r = await runCli(['config', 'edit'], {
    env: { ...fx.home.env, EDITOR: `"${process.execPath}" "${join(dir, 'editor.cjs')}"`, FAKE_EDITS: queue, ...opts.env },
    tty: opts.tty === false ? {} : { stdin: true, stderr: true },
    ...(prompter ? { prompter } : {}),
  });
  const shownFile = `${queue}.shown`;
  const shown = existsSync(shownFile) ? readFileSync(shownFile, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as string) : [];
  return { ...r, shown, asked: prompter?.asked ?? [] };
}

const GOOD = '{\n  "api-key": "hb_secret_key_1234",\n  "timezone": "Europe/Paris"\n}\n';

function writeConfig(text: string): void {
  mkdirSync(dirname(fx.configFile()), { recursive: true });
  writeFileSync(fx.configFile(), text, { mode: 0o600 });
}
const configText = () => readFileSync(fx.configFile(), 'utf8');
const mode = () => statSync(fx.configFile()).mode & 0o777;
const backupExists = () => existsSync(`${fx.configFile()}.bak`);

describe('config edit', () => {
  it('opens the file in $EDITOR, keeps a valid save, and keeps the file 0600', async () => {
    writeConfig(GOOD);
    const next = '{\n  "api-key": "hb_secret_key_1234",\n  "timezone": "Asia/Tokyo",\n  "timeout": "10s",\n  "profiles": {"home": {"base-url": "http://127.0.0.1:8080/v2"}}\n}\n';
    const r = await edit([{ text: next }]);
    expect(r).toMatchObject({ code: 0, stdout: '', stderr: `Saved ${fx.configFile()}\n` });
    expect(r.shown).toEqual([GOOD]);
    expect(configText()).toBe(next);
    expect(mode()).toBe(0o600); // the editor wrote it 0644
    expect(backupExists()).toBe(false);
    const tz = await fx.run(['config', 'get', 'timezone'], { HABITS_TIMEZONE: '' });
    expect(tz.stdout).toBe('Asia/Tokyo\n');
  });

  it('starts a missing file as {} and says when nothing changed', async () => {
    const r = await edit([{ text: '{}\n' }]);
    expect(r).toMatchObject({ code: 0, stderr: `No changes to ${fx.configFile()}\n` });
    expect(r.shown).toEqual(['{}\n']);
    expect(mode()).toBe(0o600);
  });

  it('invalid JSON: says where, without the content; restoring brings back the previous file', async () => {
    writeConfig(GOOD);
    const r = await edit([{ text: '{\n  "api-key": "hb_secret_key_1234",\n  "timezone": "Europe/Paris"\n' }], ['restore']);
    expect(r.code).toBe(2);
    expect(r.asked).toEqual(['What now?']);
    expect(r.stderr).toBe(
      `${fx.configFile()} is not a valid config:\n` +
      `  - config file ${fx.configFile()} is not valid JSON (line 4, column 1)\n` +
      `error: the edit was not saved: ${fx.configFile()} holds its previous content again\n`,
    );
    expect(r.stderr).not.toContain('hb_secret');
    expect(configText()).toBe(GOOD);
    expect(mode()).toBe(0o600);
    expect(backupExists()).toBe(false);
  });

  it('re-opening shows the broken save again; the backup stays until a valid one', async () => {
    writeConfig(GOOD);
    const broken = '{"timezone": "Europe/Paris",}';
    const fixed = '{"timezone": "Europe/Berlin"}\n';
    const r = await edit([{ text: broken }, { text: fixed }], ['reopen']);
    expect(r.code).toBe(0);
    expect(r.shown).toEqual([GOOD, broken]);
    expect(configText()).toBe(fixed);
    expect(backupExists()).toBe(false);
  });

  it('an unknown key, a bad value and a bad key are refused, the key never quoted', async () => {
    writeConfig(GOOD);
    const text = JSON.stringify({ 'api-key': 'hb_secret key 1234', tiemzone: 'UTC', timeout: 'soon', color: 'blue', profiles: { home: { color: 'never', timezone: 'Mars/Base' } } });
    const r = await edit([{ text }], ['restore']);
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n').slice(0, 8)).toEqual([
      `${fx.configFile()} is not a valid config:`,
      '  - "api-key": the API key must be a single line with no spaces',
      '  - unknown key "tiemzone" (keys: api-key, base-url, timezone, day-start, color, timeout, profiles)',
      '  - "timeout": "soon" is not a duration',
      '  - "color": "blue" must be auto, always or never',
      '  - unknown key "profiles.home.color" (a profile holds api-key, base-url, timezone, day-start, timeout)',
      '  - "profiles.home.timezone": "Mars/Base" is not a known time zone',
      `error: the edit was not saved: ${fx.configFile()} holds its previous content again`,
    ]);
    expect(r.stderr).not.toContain('secret');
    expect(configText()).toBe(GOOD);
  });

  it('a killed session leaves a backup; the next edit restores to it, not to the broken file', async () => {
    writeConfig(GOOD);
    const first = await edit([{ text: '{' }], [new Error('killed')]);
    expect(first.code).toBe(1);
    expect(configText()).toBe('{');
    expect(readFileSync(`${fx.configFile()}.bak`, 'utf8')).toBe(GOOD);
    expect(mode()).toBe(0o644); // as the (killed) editor left it
    const second = await edit([{ text: '[]' }], ['restore']);
    expect(second.code).toBe(2);
    expect(second.stderr).toContain('must hold a JSON object');
    expect(configText()).toBe(GOOD);
    expect(mode()).toBe(0o600);
  });

  it('an editor that fails restores the file: exit 1', async () => {
    writeConfig(GOOD);
    const r = await edit([{ exit: 3 }]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: the editor \(.*\) exited with status 3; the config file was restored\n/);
    expect(configText()).toBe(GOOD);
  });

  it('a file that other users can write is not opened: exit 2, one line with the fix, the file as it was', async () => {
    writeConfig(GOOD);
    chmodSync(fx.configFile(), 0o666);
    const r = await edit([{ text: '{"base-url": "http://127.0.0.1:1/v2"}' }]);
    expect(r).toMatchObject({
      code: 2,
      stdout: '',
      stderr: `error: config file ${fx.configFile()} can be changed by other users (it is writable by them, mode 0666), so it was left as it is: check what it holds, then run \`habits doctor --fix\` (or chmod go-w ${fx.configFile()})\n`,
    });
    expect(r.shown).toEqual([]);
    expect(configText()).toBe(GOOD);
    expect(mode()).toBe(0o666);
    expect(backupExists()).toBe(false);
  });

  it.runIf(process.getuid?.() === 0)('a file of another user is not opened: exit 2, never "unexpected error" (root: chown to nobody)', async () => {
    writeConfig(GOOD);
    chmodSync(fx.configFile(), 0o666);
    chownSync(fx.configFile(), 65534, 65534);
    const r = await edit([{ text: '{}' }]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`error: config file ${fx.configFile()} can be changed by other users (it is writable by them, mode 0666), so it was left as it is: move ${fx.configFile()} away, then set up your own with \`habits auth login\`\n`);
    expect(r.stderr).not.toContain('unexpected');
    expect(r.shown).toEqual([]);
    expect(configText()).toBe(GOOD);
    expect(statSync(fx.configFile()).uid).toBe(65534);
  });

  it('a symbolic link: the editor gets its target, the link stays, and the target\'s mode is left as it is', async () => {
    const target = join(fx.home.home, 'dotfiles', 'habits.json');
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, GOOD);
    chmodSync(target, 0o600);
    mkdirSync(dirname(fx.configFile()), { recursive: true });
    symlinkSync(target, fx.configFile());
    const next = '{\n  "api-key": "hb_secret_key_1234",\n  "timezone": "Asia/Tokyo"\n}\n';
    const r = await edit([{ text: next }]);
    expect(r).toMatchObject({
      code: 0,
      stdout: '',
      stderr: `warning: ${fx.configFile()} is a symbolic link to ${target}; its mode 0644 was left as it is (chmod 600 it if it is yours)\nSaved ${fx.configFile()}\n`,
    });
    expect(r.shown).toEqual([GOOD]);
    expect(lstatSync(fx.configFile()).isSymbolicLink()).toBe(true);
    expect(readFileSync(target, 'utf8')).toBe(next);
    expect(statSync(target).mode & 0o777).toBe(0o644); // as the editor wrote it
  });

  it('without a terminal, or without an editor, exits 2 pointing at config set', async () => {
    writeConfig(GOOD);
    const r = await edit([{ text: '{}' }], [], { tty: false });
    expect(r).toMatchObject({ code: 2, stdout: '' });
    expect(r.stderr).toBe('error: config edit needs a terminal\nhint: change one key with `habits config set KEY VALUE` (the file is at `habits config path`)\n');
    expect(r.shown).toEqual([]);
    const none = await edit([{ text: '{}' }], [], { env: { EDITOR: '' } });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('no editor');
    expect(configText()).toBe(GOOD);
  });
});
