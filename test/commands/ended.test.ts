// A habit that has ended is over (issue 31, part 2), tried as a new user would: habits made with
// `habit add --end`, logged with the log verbs, then read with journal, status, habit ls/show,
// week, check and remind. Each case runs against `habits serve`'s service over loopback and in
// local mode; then against a production-like server that keeps listing an ended habit and says
// `isMet` but not when, where the client applies the rule itself. Today is Sunday 2026-11-22; the
// week is Monday 16 to Sunday 22 November.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../src/api/types.js';
import type { Overview } from '../../src/model/overview.js';
import { runCli, scriptedPrompter, tempHome, type CliResult, type RunOptions } from '../helpers/cli.js';
import { startProduction, type ProductionServer } from '../helpers/production.js';
import { useService } from '../helpers/service.js';

const fx = useService({ per: 'test' });
let local: ReturnType<typeof tempHome>;
beforeEach(() => {
  local = tempHome();
});
afterEach(() => local.cleanup());

type Habits = (args: string[], opts?: RunOptions) => Promise<CliResult>;

const MODES: [string, () => Habits][] = [
  ['against habits serve over loopback', () => (args, opts = {}) => fx.cli(args, { now: fx.clock.now, ...opts })],
  ['in local mode', () => (args, opts = {}) => runCli(['--local', ...args], { now: fx.clock.now, ...opts, env: { ...local.env, ...opts.env } })],
];

const TTY = { stdin: true, stdout: true, stderr: true };

/** Runs a command that must succeed, and returns its result. */
async function ok(habits: Habits, args: string[], opts?: RunOptions): Promise<CliResult> {
  const r = await habits(args, opts);
  if (r.code !== 0) throw new Error(`habits ${args.join(' ')}: exit ${r.code}: ${r.stderr}`);
  return r;
}

/** The names `journal --json` lists on `date` (default today). */
async function journal(habits: Habits, date?: string): Promise<string[]> {
  const r = await ok(habits, ['journal', '--json', ...(date ? ['--date', date] : [])]);
  return (JSON.parse(r.stdout) as JournalEntry[]).map((e) => e.name);
}

/** A habit's row of `week --json`: its days' statuses and its rate. */
async function weekOf(habits: Habits, name: string): Promise<{ days: string[]; rate: number | null }> {
  const overview = JSON.parse((await ok(habits, ['week', '--json'])).stdout) as Overview;
  const row = overview.habits.find((h) => h.name === name)!;
  return { days: row.days.map((d) => d.status), rate: row.completionRate };
}

/** `habit ls` piped: each habit's name and its `ended` column. */
async function endedColumn(habits: Habits): Promise<string[][]> {
  const r = await ok(habits, ['habit', 'ls']);
  return r.stdout.split('\n').slice(0, -1).map((l) => l.split('\t')).map((row) => [row[1]!, row[6]!]);
}

describe.each(MODES)('a habit that has ended, %s', (_mode, make) => {
  let habits: Habits;
  beforeEach(async () => {
    habits = make();
    // Walk runs on; a week ago both started, and Walk was done every day since Monday.
    await ok(habits, ['habit', 'add', 'Walk', '--daily', '--start', '2026-11-15']);
    for (const d of ['16', '17', '18', '19', '20', '21']) await ok(habits, ['log', 'done', 'Walk', '--date', `2026-11-${d}`]);
  });

  it('an end date three days ago: gone from journal and status, "ended" in habit ls and show, the week rates 2 of 4', async () => {
    await ok(habits, ['habit', 'add', 'Stretch', '--daily', '--start', '2026-11-15', '--end', 'date:2026-11-19']);
    await ok(habits, ['log', 'done', 'Stretch', '--date', '2026-11-16']);
    await ok(habits, ['log', 'done', 'Stretch', '--date', '2026-11-17']);

    expect(await journal(habits)).toEqual(['Walk']);
    // Its last day was the end date itself.
    expect(await journal(habits, '2026-11-19')).toEqual(['Walk', 'Stretch']);
    expect(await journal(habits, '2026-11-20')).toEqual(['Walk']);
    // The status line counts Walk alone: 0 of 1 done today, Walk's streak of 6.
    await ok(habits, ['journal']);
    expect((await ok(habits, ['status'])).stdout).toBe('0/1 ✓  🔥6\n');
    expect(JSON.parse((await ok(habits, ['status', '--json'])).stdout)).toMatchObject({ done: 0, due: 1, open: 1, next: 'Walk' });

    expect(await endedColumn(habits)).toEqual([['Stretch', '2026-11-19'], ['Walk', '']]);
    const table = (await ok(habits, ['habit', 'ls', '--no-color'], { tty: { stdout: true }, columns: 120 })).stdout;
    expect(table).toMatch(/^Stretch +good +every day +– +– +ended 2026-11-19 /m);
    expect(table).toMatch(/^Walk +good +every day +– +– +active /m);
    const listed = JSON.parse((await ok(habits, ['habit', 'ls', '--json'])).stdout) as { name: string; ended: boolean; endedOn: string | null }[];
    expect(listed.map((h) => [h.name, h.ended, h.endedOn])).toEqual([['Walk', false, null], ['Stretch', true, '2026-11-19']]);
    const shown = await ok(habits, ['habit', 'show', 'Stretch']);
    expect(shown.stdout).toContain('end\tends on 2026-11-19 (met)\nstate\tended 2026-11-19: no longer due\n');
    expect(JSON.parse((await ok(habits, ['habit', 'show', 'Stretch', '--json'])).stdout)).toMatchObject({ ended: true, endedOn: '2026-11-19', endCondition: { type: 'date', isMet: true } });

    // Due Monday to Thursday, done on two of them: 2 of 4. The three days after its end are not
    // due, not missed (they used to make it 2 of 6).
    expect(await weekOf(habits, 'Stretch')).toEqual({ days: ['done', 'done', 'open', 'open', 'not-due', 'not-due', 'not-due'], rate: 0.5 });
    expect(await weekOf(habits, 'Walk')).toEqual({ days: ['done', 'done', 'done', 'done', 'done', 'done', 'open'], rate: 1 });
    const piped = (await ok(habits, ['week'])).stdout.split('\n').find((l) => l.split('\t')[1] === 'Stretch')!.split('\t');
    expect(piped.slice(2)).toEqual(['done', 'done', 'open', 'open', 'not-due', 'not-due', 'not-due', '0', '2', '0.5']);

    // Its history stays: statistics, logs, and the weeks before its end.
    expect(JSON.parse((await ok(habits, ['habit', 'stats', 'Stretch', '--from', '2026-11-15', '--to', '2026-11-22', '--json'])).stdout)).toMatchObject({ completions: 2, completionRate: 0.4 });
    expect((await ok(habits, ['log', 'ls', 'Stretch', '--from', '2026-11-15'])).stdout.split('\n').filter(Boolean)).toHaveLength(2);
  });

  it('a total reached by logs ends it on the day it was reached', async () => {
    await ok(habits, ['habit', 'add', 'Pages', '--goal', '10 rep daily', '--start', '2026-11-15', '--end', 'total:25']);
    await ok(habits, ['log', 'add', 'Pages', '10', '--date', '2026-11-16']);
    await ok(habits, ['log', 'add', 'Pages', '10', '--date', '2026-11-17']);
    expect(await endedColumn(habits)).toEqual([['Pages', ''], ['Walk', '']]);
    await ok(habits, ['log', 'add', 'Pages', '5', '--date', '2026-11-18']);

    expect(await journal(habits)).toEqual(['Walk']);
    expect(await journal(habits, '2026-11-18')).toEqual(['Walk', 'Pages']);
    expect(await endedColumn(habits)).toEqual([['Pages', '2026-11-18'], ['Walk', '']]);
    // Due the 16th to the 18th, its goal reached on two: 2 of 3.
    expect(await weekOf(habits, 'Pages')).toEqual({ days: ['done', 'done', 'partial', 'not-due', 'not-due', 'not-due', 'not-due'], rate: 0.666667 });
  });

  it('three successful days end it on the third', async () => {
    await ok(habits, ['habit', 'add', 'Floss', '--start', '2026-11-15', '--end', 'periods:3']);
    for (const d of ['16', '17', '19']) await ok(habits, ['log', 'done', 'Floss', '--date', `2026-11-${d}`]);

    expect(await journal(habits)).toEqual(['Walk']);
    expect(await journal(habits, '2026-11-19')).toEqual(['Walk', 'Floss']);
    expect(await endedColumn(habits)).toEqual([['Floss', '2026-11-19'], ['Walk', '']]);
    expect(await weekOf(habits, 'Floss')).toEqual({ days: ['done', 'done', 'open', 'done', 'not-due', 'not-due', 'not-due'], rate: 0.75 });
  });

  it('check does not offer it, remind does not fire for it, a log after the end says so', async () => {
    await ok(habits, ['habit', 'add', 'Stretch', '--start', '2026-11-15', '--end', 'date:2026-11-19', '--remind', '11:45']);
    await ok(habits, ['habit', 'edit', 'Walk', '--remind', '11:45']);

    const prompter = scriptedPrompter(['l']);
    const check = await habits(['check'], { prompter, tty: TTY });
    expect(check.code).toBe(0);
    expect(prompter.calls).toEqual([{ kind: 'keys', message: 'Walk (pending)' }]);

    const remind = await ok(habits, ['remind', '--notify', 'stdout']);
    expect(remind.stdout.split('\n').filter(Boolean).map((l) => l.split(';')[0])).toEqual(['11:45 Reminder: Walk']);

    const late = await ok(habits, ['log', 'done', 'Stretch']);
    expect(late.stderr).toContain('warning: "Stretch" ended on 2026-11-19 (its end condition was met), so it is no longer due on 2026-11-22: the log is kept, but settles nothing\n');
    expect(await journal(habits)).toEqual(['Walk']);
  });

  it('an end removed with habit edit --no-end makes it due again', async () => {
    await ok(habits, ['habit', 'add', 'Stretch', '--start', '2026-11-15', '--end', 'date:2026-11-19']);
    await ok(habits, ['log', 'done', 'Stretch', '--date', '2026-11-16']);
    expect(await journal(habits)).toEqual(['Walk']);
    await ok(habits, ['habit', 'edit', 'Stretch', '--no-end']);
    expect(await journal(habits)).toEqual(['Walk', 'Stretch']);
    expect(await endedColumn(habits)).toEqual([['Stretch', ''], ['Walk', '']]);
    // Every day of the week due again: 1 done of the 6 before today.
    expect((await weekOf(habits, 'Stretch')).rate).toBe(0.166667);
  });
});

describe('against production, which lists an ended habit and says isMet but not when', () => {
  let prod: ProductionServer;
  let habits: Habits;
  beforeEach(async () => {
    prod = await startProduction([
      { id: 'w1', name: 'Walk', goal: null, startDate: '2026-11-15' },
      { id: 's1', name: 'Stretch', goal: null, startDate: '2026-11-15', endCondition: { type: 'date', date: '2026-11-19' } },
      { id: 'p1', name: 'Pages', goal: { periodicity: 'daily', value: 10, unit: 'rep' }, startDate: '2026-11-15', endCondition: { type: 'totalLogValue', totalLogValue: 25 } },
    ], { everyDay: true });
    habits = (args, opts = {}) => runCli(args, { now: fx.clock.now, ...opts, env: { ...local.env, HABITS_BASE_URL: prod.url, HABITS_API_KEY: 'hb_prod', ...opts.env } });
    await ok(habits, ['log', 'done', 'Stretch', '--date', '2026-11-16']);
    for (const [value, day] of [['10', '16'], ['10', '17'], ['5', '18']] as const) await ok(habits, ['log', 'add', 'Pages', value, '--date', `2026-11-${day}`]);
  });
  afterEach(() => prod.stop());

  const since = (n: number): string[] => prod.seen.slice(n).filter((r) => r.startsWith('GET')).map((r) => r.replace(' /v2/', ' /'));

  it('the journal leaves out an end date passed with no extra request, and a total met with one statistics request, once', async () => {
    const before = prod.seen.length;
    expect(await journal(habits)).toEqual(['Walk']);
    // The names the log verbs looked up saw Pages' total unmet: one listing says it is met now, and
    // its statistics, read once, on which day.
    expect(since(before)).toEqual(['GET /habits/journal?date=2026-11-22', 'GET /habits?archived=false&limit=100&offset=0', 'GET /habits/p1/statistics?startDate=2026-11-15&endDate=2026-11-22']);
    const again = prod.seen.length;
    expect(await journal(habits)).toEqual(['Walk']);
    expect(since(again)).toEqual(['GET /habits/journal?date=2026-11-22']);
    // Each was due up to its last day.
    expect(await journal(habits, '2026-11-18')).toEqual(['Walk', 'Stretch', 'Pages']);
    expect(await journal(habits, '2026-11-19')).toEqual(['Walk', 'Stretch']);
    // Today's journal, seen above, counts Walk alone in the status line.
    expect((await ok(habits, ['status'])).stdout).toBe('0/1 ✓  🔥0\n');
    expect(JSON.parse((await ok(habits, ['status', '--json'])).stdout)).toMatchObject({ done: 0, due: 1, next: 'Walk' });
  });

  it('habit ls says when each ended; the week counts no day after the end', async () => {
    expect(await endedColumn(habits)).toEqual([['Pages', '2026-11-18'], ['Stretch', '2026-11-19'], ['Walk', '']]);
    // Stretch: done Monday, then open to Thursday: 1 of 4 (it was 1 of 6). Pages: 2 of 3.
    expect(await weekOf(habits, 'Stretch')).toEqual({ days: ['done', 'open', 'open', 'open', 'not-due', 'not-due', 'not-due'], rate: 0.25 });
    expect(await weekOf(habits, 'Pages')).toEqual({ days: ['done', 'done', 'partial', 'not-due', 'not-due', 'not-due', 'not-due'], rate: 0.666667 });
  });
});
