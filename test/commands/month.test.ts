// `habits month`: every active habit over the calendar month holding a date, against the real
// local service at the fixed clock (Sunday 2026-11-22).
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from '../../src/commands/month.js';
import type { Overview } from '../../src/model/overview.js';
import { displayWidth } from '../../src/output/plain.js';
import type { RunOptions } from '../helpers/cli.js';
import { addHabit, logValue, mark, useService } from '../helpers/service.js';

const fx = useService();

beforeAll(async () => {
  const { svc } = fx;
  const walk = await addHabit(svc, { name: 'Walk', startDate: '2026-11-02', goal: { periodicity: 'daily', value: 30, unit: 'min' } });
  for (const d of ['2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06']) await mark(svc, walk.id, 'complete', d);
  await mark(svc, walk.id, 'skipped', '2026-11-07');
  await mark(svc, walk.id, 'failed', '2026-11-08');
  await logValue(svc, walk.id, 10, 'min', '2026-11-20');
  for (const d of ['2026-11-21', '2026-11-22']) await mark(svc, walk.id, 'complete', d);
  const swim = await addHabit(svc, { name: 'Swim', startDate: '2026-10-01', goal: { periodicity: 'weekly', value: 1000, unit: 'm' } });
  await logValue(svc, swim.id, 1000, 'm', '2026-11-10');
  await logValue(svc, swim.id, 1200, 'm', '2026-11-17');
});

const month = (args: string[], opts: RunOptions = {}) => fx.cli(['month', ...args], opts);
const tty = (columns: number): RunOptions => ({ tty: { stdout: true }, columns, env: { NO_COLOR: '1' } });

describe('parse', () => {
  it('covers the calendar month holding the date', () => {
    expect(parse({}, '2026-11-22')).toEqual({ from: '2026-11-01', to: '2026-11-30', date: '2026-11-22', month: true });
    expect(parse({ date: '2026-12-31' }, '2026-11-22')).toMatchObject({ from: '2026-12-01', to: '2026-12-31' });
    expect(parse({ date: '2028-02-10' }, '2026-11-22')).toMatchObject({ from: '2028-02-01', to: '2028-02-29' });
    expect(() => parse({ date: 'soon' }, '2026-11-22')).toThrow(/--date/);
  });
});

describe('habits month', () => {
  it('draws the month on a terminal, days grouped by ISO week, days to come blank', async () => {
    const r = await month([], tty(80));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatchInlineSnapshot(`
      "November 2026

               2 Nov   9 Nov   16 Nov  23 Nov
      HABIT  S MTWTFSS MTWTFSS MTWTFSS MTWTFSS M  STREAK  BEST  RATE
      Swim   ○ ○○○○○○○ ✓✓✓✓✓✓✓ ✓✓✓✓✓✓✓                2w    2w   50%
      Walk   · ✓✓✓✓✓»✗ ○○○○○○○ ○○○○◐✓✓                2d    5d   35%

      ✓ done   ◐ partial   » skipped   ✗ failed   ○ pending or missed   · not due
      blank: to come
      "
    `);
  });

  it('keeps the week of --date when the terminal is narrow, and says so', async () => {
    const r = await month(['--date', '2026-11-03'], tty(44));
    expect(r.code).toBe(0);
    for (const line of r.stdout.split('\n')) expect(displayWidth(line)).toBeLessThanOrEqual(44);
    expect(r.stdout).toMatchInlineSnapshot(`
      "November 2026

             2 Nov   9 Nov
      HABIT  MTWTFSS MTWTFSS  STREAK  BEST  RATE
      Swim   ○○○○○○○ ✓✓✓✓✓✓✓      2w    2w   50%
      Walk   ✓✓✓✓✓»✗ ○○○○○○○      2d    5d   35%
      showing 2 of 6 weeks: the terminal is 44
      columns wide

      ✓ done   ◐ partial   » skipped   ✗ failed
      ○ pending or missed   · not due
      blank: to come
      "
    `);
  });

  it('pipes one line per habit: id, name, 30 day statuses, streak, longest, rate', async () => {
    const r = await month([]);
    expect(r.code).toBe(0);
    const rows = r.stdout.trimEnd().split('\n').map((l) => l.split('\t'));
    expect(rows.map((row) => row.length)).toEqual([35, 35]);
    expect(rows.map((row) => row[1])).toEqual(['Swim', 'Walk']);
    const walk = rows[1]!;
    expect(walk.slice(2, 10)).toEqual(['not-due', 'done', 'done', 'done', 'done', 'done', 'skipped', 'failed']);
    expect(walk.slice(21, 32)).toEqual(['partial', 'done', 'done', 'future', 'future', 'future', 'future', 'future', 'future', 'future', 'future']);
    expect(walk.slice(32)).toEqual(['2', '5', expect.stringMatching(/^0\.\d+$/)]);
  });

  it('says in --json that the numbers come from the server, in the goal period', async () => {
    const r = await month(['--json']);
    const doc = JSON.parse(r.stdout) as Overview;
    expect(doc).toMatchObject({ from: '2026-11-01', to: '2026-11-30' });
    expect(doc.habits.map((h) => [h.name, h.source, h.streakUnit, h.days.length])).toEqual([['Swim', 'server', 'week', 30], ['Walk', 'server', 'day', 30]]);
  });
});
