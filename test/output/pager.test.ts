// Long listings go through a pager on a terminal: $HABITS_PAGER, then $PAGER, then `less -FRX`.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { choosePager, runPager } from '../../src/output/pager.js';
import { bufferIO, type RunOptions } from '../helpers/cli.js';
import { addHabit, useService } from '../helpers/service.js';

const dir = mkdtempSync(join(tmpdir(), 'habits-pager-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const file = () => join(dir, `paged-${++n}.txt`);

describe('choosePager', () => {
  const tty = { flag: undefined, stdinIsTTY: true, stdoutIsTTY: true };

  it('takes HABITS_PAGER, then PAGER, then less -FRX', () => {
    expect(choosePager({ ...tty, env: { HABITS_PAGER: 'most', PAGER: 'more' } })).toBe('most');
    expect(choosePager({ ...tty, env: { PAGER: 'more' } })).toBe('more');
    expect(choosePager({ ...tty, env: {} })).toBe('less -FRX');
  });

  it('none with --no-pager, an empty value or cat, or off a terminal (stdout or stdin)', () => {
    expect(choosePager({ ...tty, flag: false, env: {} })).toBeUndefined();
    expect(choosePager({ ...tty, env: { HABITS_PAGER: '', PAGER: 'more' } })).toBeUndefined();
    expect(choosePager({ ...tty, env: { HABITS_PAGER: 'cat' } })).toBeUndefined();
    expect(choosePager({ ...tty, env: { PAGER: ' ' } })).toBeUndefined();
    expect(choosePager({ ...tty, stdoutIsTTY: false, env: {} })).toBeUndefined();
    expect(choosePager({ ...tty, stdinIsTTY: false, env: {} })).toBeUndefined();
  });
});

describe('runPager', () => {
  it('a pager that quits without reading everything (q in less) ends quietly', async () => {
    const b = bufferIO();
    const big = 'x'.repeat(99) + '\n';
    await expect(runPager('true', big.repeat(20_000), b.io, { PATH: process.env.PATH })).resolves.toBe(true);
    await expect(runPager('head -n 1', big.repeat(20_000), b.io, { PATH: process.env.PATH })).resolves.toBe(true);
    expect(b.stdout()).toBe(big);
  });

  it('a pager that is not there says so (the caller prints directly)', async () => {
    const b = bufferIO();
    await expect(runPager('habits-no-such-pager', 'text\n', b.io, { PATH: process.env.PATH })).resolves.toBe(false);
    await expect(runPager("habits-no-such-pager '-R'", 'text\n', b.io, { PATH: process.env.PATH })).resolves.toBe(false);
  });
});

describe('long listings on a terminal', () => {
  const fx = useService();
  beforeAll(async () => {
    for (const name of ['Walk', 'Read', 'Stretch']) await addHabit(fx.svc, { name });
  });
  const terminal: RunOptions['tty'] = { stdin: true, stdout: true };
  const run = (args: string[], env: Record<string, string>, tty: RunOptions['tty'] = terminal) =>
    fx.cli(args, { tty, columns: 100, env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', ...env } });

  it('habit ls goes through $HABITS_PAGER, which receives the table', async () => {
    const out = file();
    const r = await run(['habit', 'ls'], { HABITS_PAGER: `sh -c 'cat > ${out}'`, PAGER: 'false' });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    const paged = readFileSync(out, 'utf8');
    expect(paged).toMatch(/^NAME/);
    for (const name of ['Walk', 'Read', 'Stretch']) expect(paged).toContain(name);
  });

  it('$PAGER when HABITS_PAGER is unset; what the pager writes reaches the terminal', async () => {
    const out = file();
    const r = await run(['week', '--date', '2026-11-22'], { PAGER: `tee ${out}` });
    expect(r.code).toBe(0);
    expect(readFileSync(out, 'utf8')).toContain('Stretch');
    expect(r.stdout).toBe(readFileSync(out, 'utf8'));
  });

  it.each([
    ['--no-pager', ['--no-pager'], {}, terminal],
    ['HABITS_PAGER=cat', [], { HABITS_PAGER: 'cat' }, terminal],
    ['an empty HABITS_PAGER', [], { HABITS_PAGER: '' }, terminal],
    ['piped stdout', [], {}, { stdin: true }],
    ['stdin not a terminal', [], {}, { stdout: true }],
  ] as const)('%s prints directly', async (_name, args, env, tty) => {
    const out = file();
    const r = await run(['habit', 'ls', ...args], { PAGER: `sh -c 'cat > ${out}'`, ...env }, tty);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Stretch');
    expect(existsSync(out)).toBe(false);
  });

  it('a pager that is not installed: the listing is printed directly', async () => {
    const r = await run(['habit', 'ls'], { HABITS_PAGER: 'habits-no-such-pager -R' });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Stretch');
  });

  it('--json and the journal are not paged', async () => {
    const out = file();
    const json = await run(['habit', 'ls', '--json'], { HABITS_PAGER: `sh -c 'cat > ${out}'` });
    expect((JSON.parse(json.stdout) as unknown[]).length).toBe(3);
    const journal = await run(['journal'], { HABITS_PAGER: `sh -c 'cat > ${out}'` });
    expect(journal.stdout).toContain('Stretch');
    expect(existsSync(out)).toBe(false);
  });
});
