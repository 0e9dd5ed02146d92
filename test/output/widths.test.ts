// Columns line up whatever the names hold: emoji (ZWJ sequences, a variation selector), CJK,
// combining marks. Measured as a terminal does (string-width, which cli-table3 uses too).
import stringWidth from 'string-width';
import { beforeAll, describe, expect, it } from 'vitest';
import { displayWidth, loadDisplayWidth, truncate } from '../../src/output/plain.js';
import { addHabit, mark, useService } from '../helpers/service.js';

const NAMES = ['👨‍👩‍👧 Family', '🧘‍♀️', '読書', 'Cafe\u0301 run', 'Walk', '🇫🇷 French'];
const fx = useService();

beforeAll(async () => {
  for (const name of NAMES) {
    const h = await addHabit(fx.svc, { name });
    if (name === 'Walk') await mark(fx.svc, h.id, 'complete', '2026-11-22');
  }
});

/** The display column where each line's `n`th cell (cells are two or more spaces apart) begins. */
function cellStarts(text: string, n: number): number[] {
  return text.trimEnd().split('\n').map((line) => {
    const cells = [...line.matchAll(/(?:^|\s{2,})(\S(?:\S| (?! ))*)/g)];
    const cell = cells[n];
    if (!cell) throw new Error(`no cell ${n} in ${JSON.stringify(line)}`);
    return stringWidth(line.slice(0, cell.index + cell[0].length - cell[1]!.length));
  });
}

describe('display width', () => {
  it('counts an emoji sequence, a flag and a CJK character as a terminal shows them', async () => {
    await loadDisplayWidth();
    expect(NAMES.map(displayWidth)).toEqual([9, 2, 4, 8, 4, 9]);
    expect(displayWidth('\u001b[1m読書\u001b[22m')).toBe(4);
  });

  it('cuts between graphemes, never inside a sequence', async () => {
    await loadDisplayWidth();
    expect(truncate('👨‍👩‍👧 Family', 4)).toBe('👨‍👩‍👧 …');
    expect(truncate('👨‍👩‍👧👨‍👩‍👧', 3)).toBe('👨‍👩‍👧…');
    expect(truncate('読書読書', 5)).toBe('読書…');
  });
});

describe('tables on a terminal line up', () => {
  const tty = { tty: { stdout: true }, columns: 120, env: { NO_COLOR: '1' } };

  it('habit ls: the second column starts at the same column on every line', async () => {
    const r = await fx.cli(['habit', 'ls'], tty);
    expect(r.code).toBe(0);
    for (const name of NAMES) expect(r.stdout).toContain(name);
    const starts = cellStarts(r.stdout, 1);
    expect(starts).toHaveLength(NAMES.length + 1);
    expect(new Set(starts).size).toBe(1);
  });

  it('journal: the status column starts at the same column on every line', async () => {
    const r = await fx.cli(['journal', '--date', '2026-11-22'], tty);
    expect(r.code).toBe(0);
    const table = r.stdout.split('\n\n')[1]!; // after the day's heading
    const starts = cellStarts(table, 1);
    expect(starts.length).toBeGreaterThanOrEqual(NAMES.length + 1);
    expect(new Set(starts).size).toBe(1);
  });

  it('week: the day glyphs start at the same column on every line', async () => {
    const r = await fx.cli(['week', '--date', '2026-11-22'], tty);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n').filter((l) => NAMES.some((n) => l.startsWith(n)) || l.startsWith('HABIT'));
    expect(lines).toHaveLength(NAMES.length + 1);
    expect(new Set(cellStarts(lines.join('\n'), 1)).size).toBe(1);
  });

  it('habit ls on a narrow terminal: columns leave before names are cut; names cut to fit still leave the columns aligned', async () => {
    // At 40 columns the names fit whole once the other columns have left (issue 22).
    const wide = await fx.cli(['habit', 'ls'], { ...tty, columns: 40 });
    expect(wide.stdout.split('\n')[0]!.split(/\s{2,}/)).toEqual(['NAME', 'GOAL', 'ID']);
    expect(wide.stdout).not.toContain('…');
    // Narrower still (24), the names give up width too.
    const r = await fx.cli(['habit', 'ls'], { ...tty, columns: 24 });
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines.some((l) => l.includes('…')), r.stdout).toBe(true);
    expect(new Set(cellStarts(r.stdout, 1)).size).toBe(1);
  });
});
