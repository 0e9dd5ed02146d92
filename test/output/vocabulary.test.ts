// One meaning per glyph and word, in every view (issue 22): the same days of the same habits,
// rendered by the journal (each day), check's questions, week, month, `week --json` and the
// heatmap of `habit stats`, must show the same glyph for the same situation, and the journal's
// word must be the one the legends and docs/cli-contract.md's vocabulary table give that glyph.
// Against the real local service at the fixed clock (Sunday 2026-11-22).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../src/api/types.js';
import type { Overview } from '../../src/model/overview.js';
import { checkInQuestion } from '../../src/output/check-in.js';
import { DAY_GLYPHS } from '../../src/output/week.js';
import { ROOT, type RunOptions } from '../helpers/cli.js';
import { addHabit, logValue, mark, useService } from '../helpers/service.js';

const fx = useService();
/** The glyphs, written out: the views are read as a user reads them. */
const GLYPH = { done: '✓', partial: '◐', open: '○', skipped: '»', failed: '✗', notDue: '·' } as const;
const tty: RunOptions = { tty: { stdout: true }, columns: 120, env: { NO_COLOR: '1' } };
const WEEK = ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22'];

/**
 * What each habit shows on each day of the week, as the vocabulary says it should: the glyph, and
 * the journal's word (null: the journal does not list the habit that day, it is not due).
 */
const EXPECTED: Record<string, [glyph: string, word: string | null][]> = {
  // A daily goal of 30 min: done, an amount short (past), nothing (past: missed), skipped,
  // failed, done by amount, and today an amount short.
  Walk: [['✓', 'done'], ['◐', 'partial'], ['○', 'missed'], ['»', 'skipped'], ['✗', 'failed'], ['✓', 'done'], ['◐', 'partial']],
  // No goal, nothing logged: missed on past days, pending today.
  Stretch: [['○', 'missed'], ['○', 'missed'], ['○', 'missed'], ['○', 'missed'], ['○', 'missed'], ['○', 'missed'], ['○', 'pending']],
  // Mondays, Wednesdays and Fridays; a done mark on Tuesday counts for nothing: not due.
  Gym: [['✓', 'done'], ['·', null], ['○', 'missed'], ['·', null], ['»', 'skipped'], ['·', null], ['·', null]],
  // A bad habit, a limit of 2 cups: within it (nothing, or 1), over it, and today under it.
  Coffee: [['✓', 'within limit'], ['✓', 'within limit'], ['✗', 'over limit'], ['✓', 'within limit'], ['✓', 'within limit'], ['✓', 'within limit'], ['○', 'under limit']],
  // A bad habit without a limit: avoided on past days, clean so far today.
  Smoking: [['✓', 'avoided'], ['✓', 'avoided'], ['✓', 'avoided'], ['✓', 'avoided'], ['✓', 'avoided'], ['✓', 'avoided'], ['○', 'clean so far']],
};

beforeAll(async () => {
  const { svc } = fx;
  const start = '2026-11-16';
  const walk = await addHabit(svc, { name: 'Walk', startDate: start, goal: { periodicity: 'daily', value: 30, unit: 'min' } });
  await mark(svc, walk.id, 'complete', '2026-11-16');
  await logValue(svc, walk.id, 10, 'min', '2026-11-17');
  await mark(svc, walk.id, 'skipped', '2026-11-19');
  await mark(svc, walk.id, 'failed', '2026-11-20');
  await logValue(svc, walk.id, 30, 'min', '2026-11-21');
  await logValue(svc, walk.id, 12, 'min', '2026-11-22');
  await addHabit(svc, { name: 'Stretch', startDate: start });
  const gym = await addHabit(svc, { name: 'Gym', startDate: start, occurrence: { type: 'weekDays', days: [1, 3, 5] } });
  await mark(svc, gym.id, 'complete', '2026-11-16');
  await mark(svc, gym.id, 'complete', '2026-11-17');
  await mark(svc, gym.id, 'skipped', '2026-11-20');
  const piano = await addHabit(svc, { name: 'Piano', startDate: start, goal: { periodicity: 'weekly', value: 3, unit: 'rep' } });
  await logValue(svc, piano.id, 1, 'rep', '2026-11-17');
  const coffee = await addHabit(svc, { name: 'Coffee', type: 'bad', startDate: start, goal: { periodicity: 'daily', value: 2, unit: 'cup' } });
  await logValue(svc, coffee.id, 1, 'cup', '2026-11-17');
  await logValue(svc, coffee.id, 3, 'cup', '2026-11-18');
  await logValue(svc, coffee.id, 1, 'cup', '2026-11-22');
  await addHabit(svc, { name: 'Smoking', type: 'bad', startDate: start });
});

/** Each habit's glyphs in a week or month grid, by date, read at the columns of the header's initials. */
function gridGlyphs(text: string, initials: string, firstDate: string, names = Object.keys(EXPECTED)): Map<string, Map<string, string>> {
  const lines = text.split('\n');
  const header = lines.find((l) => l.startsWith('HABIT'))!;
  const at = header.indexOf(initials);
  expect(at, header).toBeGreaterThan(0);
  const byHabit = new Map<string, Map<string, string>>();
  for (const name of names) {
    const row = lines.find((l) => l.startsWith(`${name} `))!;
    expect(row, `${name} in\n${text}`).toBeDefined();
    const days = new Map<string, string>();
    // Columns: one per day, a space between weeks (where the initials have one).
    let date = firstDate;
    for (let col = 0; col < initials.length; col++) {
      if (initials[col] === ' ') continue;
      days.set(date, row[at + col] ?? ' ');
      date = new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    }
    byHabit.set(name, days);
  }
  return byHabit;
}

/** The journal's rows of a day: glyph and word by habit name. */
function journalRows(text: string): Map<string, [string, string]> {
  const rows = new Map<string, [string, string]>();
  for (const line of text.split('\n')) {
    const m = /^(\w+)\s{2,}(\S) (.+?)(?:\s{2,}|$)/.exec(line);
    if (m && m[1] !== 'HABIT') rows.set(m[1]!, [m[2]!, m[3]!]);
  }
  return rows;
}

describe('one glyph and one word per situation, in every view', () => {
  it('each day shows one glyph in the journal, week, month and week --json, and one word in the journal and check', async () => {
    const week = await fx.cli(['week'], tty);
    expect(week.code, week.stderr).toBe(0);
    const weekGlyphs = gridGlyphs(week.stdout, 'MTWTFSS', '2026-11-16');
    const month = await fx.cli(['month'], tty);
    expect(month.code, month.stderr).toBe(0);
    // November 2026 begins on a Sunday and ends on a Monday.
    const monthGlyphs = gridGlyphs(month.stdout, 'S MTWTFSS MTWTFSS MTWTFSS MTWTFSS M', '2026-11-01');
    const json = JSON.parse((await fx.cli(['week', '--json'])).stdout) as Overview;
    for (const [i, date] of WEEK.entries()) {
      const r = await fx.cli(['journal', '--date', date], tty);
      expect(r.code, r.stderr).toBe(0);
      const rows = journalRows(r.stdout);
      for (const [name, days] of Object.entries(EXPECTED)) {
        const [glyph, word] = days[i]!;
        if (word === null) expect(rows.has(name), `${name} is not due on ${date}`).toBe(false);
        else expect(rows.get(name), `journal: ${name} on ${date}:\n${r.stdout}`).toEqual([glyph, word]);
        expect(weekGlyphs.get(name)!.get(date), `week: ${name} on ${date}`).toBe(glyph);
        expect(monthGlyphs.get(name)!.get(date), `month: ${name} on ${date}`).toBe(glyph);
        const status = json.habits.find((h) => h.name === name)!.days[i]!.status;
        expect(DAY_GLYPHS[status], `week --json: ${name} on ${date} is ${status}`).toBe(glyph);
      }
    }
    // check asks about today's open habits in the journal's words.
    const today = JSON.parse((await fx.cli(['journal', '--json'])).stdout) as JournalEntry[];
    for (const e of today.filter((x) => x.status === 'inprogress' && EXPECTED[x.name])) {
      expect(checkInQuestion(e)).toMatch(new RegExp(`^${e.name} \\(${EXPECTED[e.name]![6]![1]}[,)]`));
    }
  });

  it("the legend of week and month gives each glyph the journal's words for it", async () => {
    const week = (await fx.cli(['week'], tty)).stdout;
    const legend = week.slice(week.lastIndexOf('\n\n')).trim().split('\n');
    // `✓ done   ◐ partial …` then `bad habits: ✓ within limit …`: each glyph and its words.
    const parse = (lines: string[]) => new Map(lines.join('   ').replace(/^bad habits: /, '').split(/\s{3,}/).map((part) => [part[0]!, part.slice(2)] as const));
    const badAt = legend.findIndex((l) => l.startsWith('bad habits:'));
    const good = parse(legend.slice(0, badAt));
    const bad = parse(legend.slice(badAt));
    for (const [name, days] of Object.entries(EXPECTED)) {
      const isBad = name === 'Coffee' || name === 'Smoking';
      for (const [glyph, word] of days) {
        if (word === null) continue;
        // The legend's words for the glyph (`○ pending or missed`); a bad habit's ✓ within limit
        // covers avoided (nothing logged), its ○ under limit covers clean so far.
        const said = (isBad ? bad : good).get(glyph);
        expect(said, `${glyph} for ${name} in ${legend.join('\n')}`).toBeDefined();
        const covered = word === 'avoided' ? 'within limit' : word === 'clean so far' ? 'under limit' : word;
        expect(said!.split(' or '), `${name}: "${word}" under ${glyph}`).toContain(covered);
      }
    }
  });

  it('a goal per week: the journal speaks of the week, the grids of each day; no rate while the week runs', async () => {
    // Piano, 3 times a week, once on Tuesday: the journal of Monday already shows the week's 1/3.
    const monday = journalRows((await fx.cli(['journal', '--date', '2026-11-16'], tty)).stdout);
    expect(monday.get('Piano')).toEqual([GLYPH.partial, 'partial']);
    const week = (await fx.cli(['week'], tty)).stdout;
    expect(gridGlyphs(week, 'MTWTFSS', '2026-11-16', ['Piano']).get('Piano')).toEqual(new Map(WEEK.map((d) => [d, d === '2026-11-17' ? GLYPH.partial : GLYPH.open])));
    // The week ends today: nothing counts yet, so no rate (–), not 0%.
    expect(week.split('\n').find((l) => l.startsWith('Piano '))).toMatch(/\s–$/);
    const json = JSON.parse((await fx.cli(['week', '--json'])).stdout) as Overview;
    expect(json.habits.find((h) => h.name === 'Piano')).toMatchObject({ completionRate: null, source: 'server' });
    const stats = await fx.cli(['habit', 'stats', 'Piano', '--from', '2026-11-16'], tty);
    expect(stats.stdout).toContain('Completion rate  –\n');
  });

  it("habit stats' heatmap draws a due day with nothing, a skip and a fail as week does; a day not due blank", async () => {
    const shown = async (name: string) => {
      const r = await fx.cli(['habit', 'stats', name, '--from', '2026-11-16', '--to', '2026-11-22'], tty);
      expect(r.code, r.stderr).toBe(0);
      // One column: Monday 16 to Sunday 22, a row each.
      return r.stdout.split('\n').filter((l) => /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun)\b/.test(l)).map((l) => l.slice(4) || ' ');
    };
    const walk = await shown('Walk');
    expect([walk[2], walk[3], walk[4]]).toEqual([GLYPH.open, GLYPH.skipped, GLYPH.failed]);
    // Gym's Tuesday holds a done mark but is not due: blank, as week's · says it counts for nothing.
    expect(await shown('Gym')).toEqual(['█', ' ', GLYPH.open, ' ', GLYPH.skipped, ' ', ' ']);
  });

  it('docs/cli-contract.md writes the same glyph for each word in its vocabulary table', () => {
    const doc = readFileSync(join(ROOT, 'docs', 'cli-contract.md'), 'utf8');
    const table = doc.slice(doc.indexOf('**The vocabulary'));
    const rows = table.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| Word') && !l.startsWith('|---'));
    const glyphOf = new Map(rows.map((l) => l.split('|').map((c) => c.trim())).map((c) => [c[1]!.replace(/`/g, ''), c[2]!]));
    for (const days of Object.values(EXPECTED)) {
      for (const [glyph, word] of days) {
        if (word !== null) expect(glyphOf.get(word), `the table's row for "${word}"`).toBe(glyph);
      }
    }
    expect(glyphOf.get('not due')).toBe(GLYPH.notDue);
  });
});
