// `habits off`, `off ls`, `off rm` against the real local service over loopback, the clock in the
// test's hand: streaks held over time off, marked days left alone, ranges listed and undone
// exactly, the pace of a year over many habits, progress only on a terminal, reminders quiet.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { offRangeId } from '../../src/record/off.js';
import { addHabit, call, logValue, mark, useService, writes } from '../helpers/service.js';

// Friday 2026-11-20, 18:00 UTC: `mon` is 2026-11-16, `fri` today.
const fx = useService({ per: 'test', start: '2026-11-20T18:00:00.000Z', timezone: 'UTC' });

async function at(iso: string, args: string[], opts: Parameters<typeof fx.cli>[1] = {}) {
  fx.clock.set(iso);
  return fx.cli(args, { now: fx.clock.now, ...opts });
}
const cli = (args: string[], opts: Parameters<typeof fx.cli>[1] = {}) => fx.cli(args, { now: fx.clock.now, ...opts });

async function streak(id: string, date: string): Promise<number> {
  const journal = await call<{ id: string; currentStreak?: { length: number } }[]>(fx.svc, 'GET', `/habits/journal?date=${date}`);
  return journal.find((e) => e.id === id)!.currentStreak!.length;
}

/** stdout's lines, sorted (habits report in the order they finish). */
const sortedLines = (text: string) => text.split('\n').filter(Boolean).sort();

async function logsOf(id: string): Promise<{ date: string; kind: string }[]> {
  return (await call<{ date: string; kind: string }[]>(fx.svc, 'GET', `/habits/${id}/logs`)).map(({ date, kind }) => ({ date, kind }));
}

describe('habits off', () => {
  it('off --from mon --to fri over a week keeps a 10-day streak (the acceptance)', async () => {
    const walk = await addHabit(fx.svc, { name: 'Walk', startDate: '2026-11-01' });
    for (let d = 6; d <= 15; d++) await mark(fx.svc, walk.id, 'complete', `2026-11-${String(d).padStart(2, '0')}`);
    expect(await streak(walk.id, '2026-11-15')).toBe(10);
    // The week missed: the streak is broken.
    expect(await streak(walk.id, '2026-11-20')).toBe(0);
    fx.reset();
    const r = await cli(['off', '--from', 'mon', '--to', 'fri', '--reason', 'flu']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('"Walk": 5 days off (2026-11-16..2026-11-20)\n');
    expect(r.stderr).toMatch(/^Time off [0-9a-f]{8}: 2026-11-16\.\.2026-11-20, 5 days marked skipped; `habits off rm [0-9a-f]{8}` undoes them\n$/);
    expect(await streak(walk.id, '2026-11-20')).toBe(10);
    // One listing, one statistics read for the range, five marks.
    expect(r.requests.map((q) => `${q.method} ${q.path}`)).toEqual([
      'GET /habits', `GET /habits/${walk.id}/statistics`, ...Array(5).fill(`POST /habits/${walk.id}/logs/skipped`),
    ]);
    expect(r.requests[1]!.query).toEqual({ startDate: '2026-11-16', endDate: '2026-11-20' });
  });

  it('never overwrites a day that holds a mark or a value: lists it and leaves it alone; days not due are not marked', async () => {
    const run = await addHabit(fx.svc, { name: 'Run', startDate: '2026-11-01', goal: { value: 5, unit: 'kM', periodicity: 'daily' } });
    const gym = await addHabit(fx.svc, { name: 'Gym', startDate: '2026-11-01', occurrence: { type: 'weekDays', days: [1, 3, 5] } });
    await mark(fx.svc, run.id, 'complete', '2026-11-16');
    await logValue(fx.svc, run.id, 2, 'kM', '2026-11-17');
    await mark(fx.svc, run.id, 'failed', '2026-11-18');
    await mark(fx.svc, gym.id, 'skipped', '2026-11-18');
    fx.reset();
    const r = await cli(['off', '--from', '2026-11-16', '--to', '2026-11-20']);
    expect(r.code).toBe(0);
    expect(sortedLines(r.stdout)).toEqual([
      '"Gym": 2 days off (2026-11-16, 2026-11-20); left alone: 2026-11-18 skipped',
      '"Run": 2 days off (2026-11-19..2026-11-20); left alone: 2026-11-16 completed, 2026-11-17 value, 2026-11-18 failed',
    ]);
    expect(writes(fx.svc).map((w) => `${w.path} ${(w.body as { targetDate: string }).targetDate}`).sort()).toEqual([
      `/habits/${gym.id}/logs/skipped 2026-11-16`, `/habits/${gym.id}/logs/skipped 2026-11-20`,
      `/habits/${run.id}/logs/skipped 2026-11-19`, `/habits/${run.id}/logs/skipped 2026-11-20`,
    ].sort());
    expect((await logsOf(run.id)).sort((a, b) => a.date.localeCompare(b.date))).toEqual([
      { date: '2026-11-16', kind: 'completed' }, { date: '2026-11-17', kind: 'value' }, { date: '2026-11-18', kind: 'failed' },
      { date: '2026-11-19', kind: 'skipped' }, { date: '2026-11-20', kind: 'skipped' },
    ]);
    // Run again: nothing more is sent; its own marks read as already off.
    fx.reset();
    const again = await cli(['off', '--from', '2026-11-16', '--to', '2026-11-20', '--json']);
    expect(writes(fx.svc)).toEqual([]);
    const doc = JSON.parse(again.stdout);
    expect(doc.marks).toBe(0);
    expect(doc.habits.find((h: { habit: { name: string } }) => h.habit.name === 'Run')).toMatchObject({ marked: [], already: ['2026-11-19', '2026-11-20'] });
  });

  it('--habit takes only the named habits; days after today are planned: each marked on its day, first thing, unless it holds something', async () => {
    const a = await addHabit(fx.svc, { name: 'Alpha', startDate: '2026-11-01' });
    const b = await addHabit(fx.svc, { name: 'Beta', startDate: '2026-11-01' });
    const r = await cli(['off', '--from', 'yesterday', '--to', '2026-11-23', '--habit', 'Alpha', '--reason', 'trip']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('"Alpha": 2 days off (2026-11-19..2026-11-20); planned: 2026-11-21..2026-11-23\n');
    expect(r.stderr).toMatch(/^Time off [0-9a-f]{8}: 2026-11-19\.\.2026-11-23, 2 days marked skipped, 3 planned \(each marked on its day/);
    expect(await logsOf(b.id)).toEqual([]);
    expect((await logsOf(a.id)).length).toBe(2);
    // The same command again plans nothing twice.
    await cli(['off', '--from', 'yesterday', '--to', '2026-11-23', '--habit', 'Alpha', '--reason', 'trip']);
    const ls = await cli(['off', 'ls']);
    expect(ls.stdout).toMatch(/^[0-9a-f]{8}\t2026-11-19\t2026-11-23\t1\t2\t3\ttrip\n$/);
    expect((await cli(['sync', '--list'])).stdout.split('\n').filter((l) => l.includes('planned')).length).toBe(3);
    // A day to come waits; sync does not send it early, and that is no failure.
    const sync = await cli(['sync']);
    expect(sync.code).toBe(0);
    expect(sync.stderr).toContain('log skip "Alpha" for 2026-11-21 waits for its day (planned time off)');
    expect((await logsOf(a.id)).length).toBe(2);
    // The 21st: the first command (here journal) marks it before its own request.
    const j21 = await at('2026-11-21T08:00:00Z', ['journal']);
    expect(j21.stderr).toContain('Took 1 planned day off (habits off ls)');
    expect(j21.stdout).toMatch(/Alpha\tskipped/);
    expect((await logsOf(a.id)).filter((l) => l.date === '2026-11-21')).toEqual([{ date: '2026-11-21', kind: 'skipped' }]);
    // The 22nd was done on another device before this machine ran anything: left alone.
    fx.clock.set('2026-11-22T07:00:00Z');
    await mark(fx.svc, a.id, 'complete', '2026-11-22');
    const j22 = await at('2026-11-22T08:00:00Z', ['log', 'done', 'Beta']);
    expect(j22.code).toBe(0);
    expect(j22.stderr).toContain('Left log skip "Alpha" for 2026-11-22 alone: the day already holds a completed mark (planned time off)');
    expect((await logsOf(a.id)).filter((l) => l.date === '2026-11-22')).toEqual([{ date: '2026-11-22', kind: 'completed' }]);
    // off rm drops what is still planned, and undoes what was marked.
    const rm = await cli(['off', 'rm', '2026-11-19..2026-11-23']);
    expect(rm.code).toBe(0);
    expect(rm.stderr).toMatch(/3 marks undone, 1 planned day dropped from the outbox\n$/);
    expect((await cli(['sync', '--list'])).stdout).toBe('');
    await at('2026-11-23T08:00:00Z', ['journal']);
    expect((await logsOf(a.id)).map((l) => `${l.date} ${l.kind}`)).toEqual(['2026-11-22 completed']);
  });

  it('a reminder stays quiet on a day planned off: the scheduled run marks the day first', async () => {
    const h = await addHabit(fx.svc, { name: 'Stretch', startDate: '2026-11-01', reminders: { timeTriggers: [{ time: { hour: 7, minute: 30 } }] } });
    expect((await cli(['off', '--from', 'tomorrow', '--to', 'tomorrow'])).stdout).toBe('"Stretch": planned: 2026-11-21\n');
    const run = await at('2026-11-21T07:31:00Z', ['remind', '--notify', 'stdout']);
    expect(run).toMatchObject({ code: 0, stdout: '' });
    expect(run.stderr).toContain('Took 1 planned day off');
    expect(await logsOf(h.id)).toEqual([{ date: '2026-11-21', kind: 'skipped' }]);
  });

  it('bad input: one line and exit 2, before any request; an unknown habit is exit 3', async () => {
    await addHabit(fx.svc, { name: 'Alpha', startDate: '2026-11-01' });
    for (const [args, line] of [
      [['off', '--from', 'fri', '--to', 'mon'], 'error: --to 2026-11-16 is before --from 2026-11-20'],
      [['off', '--from', '2025-01-01', '--to', '2026-11-20'], 'error: the range is 689 days long: at most 366'],
      [['off', '--from', 'soon', '--to', 'today'], 'error: --from: expected'],
      [['off', '--to', 'today'], 'error: --from <date> is required'],
      [['off', '--from', 'today'], 'error: --to <date> is required'],
    ] as const) {
      fx.reset();
      const r = await cli([...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.split('\n')[0], args.join(' ')).toContain(line);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(r.requests).toEqual([]);
    }
    const unknown = await cli(['off', '--from', 'mon', '--to', 'fri', '--habit', 'Nope']);
    expect(unknown.code).toBe(3);
    expect(writes(fx.svc)).toEqual([]);
  });
});

describe('habits off ls and off rm', () => {
  it('lists the ranges this machine recorded; rm undoes exactly its standing marks, nothing else', async () => {
    const walk = await addHabit(fx.svc, { name: 'Walk', startDate: '2026-11-01', goal: { value: 3, unit: 'kM', periodicity: 'daily' } });
    const read = await addHabit(fx.svc, { name: 'Read', startDate: '2026-11-01' });
    const first = await cli(['off', '--from', '2026-11-10', '--to', '2026-11-12', '--reason', 'trip', '--json']);
    const second = await cli(['off', '--from', '2026-11-16', '--to', '2026-11-17', '--habit', 'Read', '--json']);
    const id1 = JSON.parse(first.stdout).id as string;
    const id2 = JSON.parse(second.stdout).id as string;
    expect(id1).not.toBe(id2);
    const ls = await cli(['off', 'ls']);
    expect(ls.stdout).toBe(`${id1}\t2026-11-10\t2026-11-12\t2\t6\t0\ttrip\n${id2}\t2026-11-16\t2026-11-17\t1\t2\t0\t\n`);
    // Since then: Walk done on the 11th (replaces the skip: no longer the range's), a value on the 12th.
    await cli(['log', 'done', 'Walk', '--date', '2026-11-11']);
    await logValue(fx.svc, walk.id, 1, 'kM', '2026-11-12');
    const lsJson = JSON.parse((await cli(['off', 'ls', '--json'])).stdout);
    expect(lsJson[0]).toMatchObject({ id: id1, from: '2026-11-10', to: '2026-11-12', reason: 'trip', habits: 2, days: 5 });

    fx.reset();
    const rm = await cli(['off', 'rm', id1.slice(0, 5)]);
    expect(rm.code).toBe(0);
    expect(sortedLines(rm.stdout)).toEqual([
      '"Read": 3 days undone (2026-11-10..2026-11-12)',
      '"Walk": 1 day undone (2026-11-10); left alone: 2026-11-12 skipped',
    ]);
    expect(rm.stderr).toBe(`Time off ${id1} (2026-11-10..2026-11-12): 4 marks undone\n`);
    expect(writes(fx.svc).map((w) => `${w.path} ${(w.body as { targetDate: string }).targetDate}`).sort()).toEqual([
      `/habits/${read.id}/logs/undo 2026-11-10`, `/habits/${read.id}/logs/undo 2026-11-11`, `/habits/${read.id}/logs/undo 2026-11-12`,
      `/habits/${walk.id}/logs/undo 2026-11-10`,
    ].sort());
    // The store: Walk keeps its done day and its skipped day with a value; the other range is untouched.
    expect((await logsOf(walk.id)).sort((a, b) => a.date.localeCompare(b.date) || a.kind.localeCompare(b.kind))).toEqual([
      { date: '2026-11-11', kind: 'completed' }, { date: '2026-11-12', kind: 'skipped' }, { date: '2026-11-12', kind: 'value' },
    ]);
    expect((await logsOf(read.id)).map((l) => `${l.date} ${l.kind}`).sort()).toEqual(['2026-11-16 skipped', '2026-11-17 skipped']);
    // Only the left-alone day still counts for the first range.
    expect((await cli(['off', 'ls'])).stdout).toBe(`${id1}\t2026-11-10\t2026-11-12\t1\t1\t0\ttrip\n${id2}\t2026-11-16\t2026-11-17\t1\t2\t0\t\n`);
    const byDates = await cli(['off', 'rm', '2026-11-16..2026-11-17']);
    expect(byDates.code).toBe(0);
    expect(await logsOf(read.id)).toEqual([]);
  });

  it('a skip whose answer was never recorded (the run killed in between) is still the range\'s: off counts it as its own, off rm undoes it, or settles it when it never landed', async () => {
    const walk = await addHabit(fx.svc, { name: 'Walk', startDate: '2026-11-01' });
    const first = await cli(['off', '--from', '2026-11-16', '--to', '2026-11-18', '--json']);
    const id = JSON.parse(first.stdout).id as string;
    // As a kill leaves the record: the intent of the 17th and 18th written, not their answers; the
    // 17th never reached the service (undone here behind the CLI's back, as if never sent).
    const dir = join(fx.env.XDG_DATA_HOME!, 'habits');
    const file = join(dir, readdirSync(dir).find((f) => f.startsWith('writes-'))!);
    const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
    const answered = (date: string) => (l: string) => l.includes(`"targetDate":"${date}"`) && !l.includes('"intent":true');
    expect(lines.filter((l) => l.includes('"intent":true'))).toHaveLength(3);
    writeFileSync(file, lines.filter((l) => !answered('2026-11-17')(l) && !answered('2026-11-18')(l)).map((l) => `${l}\n`).join(''));
    await call(fx.svc, 'POST', `/habits/${walk.id}/logs/undo`, { targetDate: '2026-11-17' });
    expect(JSON.parse((await cli(['off', 'ls', '--json'])).stdout)).toMatchObject([{ id, habits: 1, days: 3 }]);
    // Run again: the 18th, skipped, is its own; the 17th, open, is marked.
    const again = await cli(['off', '--from', '2026-11-16', '--to', '2026-11-18']);
    expect(again.stdout).toBe('"Walk": 1 day off (2026-11-17); already off: 2026-11-16, 2026-11-18\n');
    // The 18th is still only an intent (the re-run sent nothing for it); off rm undoes all three.
    const after = readFileSync(file, 'utf8').split('\n').filter(Boolean);
    expect(after.filter(answered('2026-11-18'))).toHaveLength(0);
    fx.reset();
    const rm = await cli(['off', 'rm', id]);
    expect([rm.code, rm.stdout, rm.stderr]).toEqual([0, '"Walk": 3 days undone (2026-11-16..2026-11-18)\n', `Time off ${id} (2026-11-16..2026-11-18): 3 marks undone\n`]);
    expect(await logsOf(walk.id)).toEqual([]);
    expect((await cli(['off', 'ls', '--json'])).stdout).toBe('[]\n');
    // A skip that never landed: off rm sends nothing for it, and settles it in the record.
    await cli(['off', '--from', '2026-11-19', '--to', '2026-11-19']);
    const id2 = offRangeId('2026-11-19', '2026-11-19', undefined);
    writeFileSync(file, readFileSync(file, 'utf8').split('\n').filter((l) => l && !answered('2026-11-19')(l)).map((l) => `${l}\n`).join(''));
    await call(fx.svc, 'POST', `/habits/${walk.id}/logs/undo`, { targetDate: '2026-11-19' });
    fx.reset();
    const rm2 = await cli(['off', 'rm', id2]);
    expect([rm2.code, rm2.stdout, rm2.stderr]).toEqual([0, '"Walk": nothing undone\n', `Time off ${id2} (2026-11-19): 0 marks undone\n`]);
    expect(writes(fx.svc)).toEqual([]);
    expect((await cli(['off', 'ls', '--json'])).stdout).toBe('[]\n');
  });

  it('rm of a range not recorded is exit 3; a malformed one exit 2; ls with nothing prints nothing in a pipe', async () => {
    expect(await cli(['off', 'ls'])).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect((await cli(['off', 'ls', '--json'])).stdout).toBe('[]\n');
    const missing = await cli(['off', 'rm', 'abcdef12']);
    expect(missing.code).toBe(3);
    expect(missing.stderr.split('\n')[0]).toBe('error: no time off "abcdef12" recorded on this machine');
    const bad = await cli(['off', 'rm', 'next week']);
    expect(bad.code).toBe(2);
    expect(bad.stderr.split('\n')[0]).toBe('error: <range>: expected an id from habits off ls or FROM..TO, got "next week"');
  });
});

describe('habits off: pace and progress', () => {
  it('a year over 3 habits stays within 500 requests a minute: paced to 400, waiting on the injected clock, no 429', async () => {
    for (const name of ['A', 'B', 'C']) await addHabit(fx.svc, { name, startDate: '2025-11-01' });
    fx.reset();
    const sleeps: number[] = [];
    const sleep = async (ms: number) => {
      sleeps.push(ms);
      fx.clock.advance(ms);
    };
    const r = await cli(['off', '--from', '2025-11-21', '--to', '2026-11-20', '--json'], { sleep });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).marks).toBe(3 * 365);
    expect(r.requests.filter((q) => q.status === 429)).toEqual([]);
    expect(r.requests.length).toBe(1 + 3 + 3 * 365);
    // 1099 requests at 400 a minute: two full windows waited out.
    expect(sleeps.length).toBeGreaterThan(0);
    expect(sleeps.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(2 * 60_000);
    // The marks, by the instant each was recorded (the service's clock): no 60 s holds more than 400.
    const times = (await Promise.all(['A', 'B', 'C'].map(async (name) => {
      const habits = await call<{ id: string; name: string }[]>(fx.svc, 'GET', '/habits');
      const id = habits.find((h) => h.name === name)!.id;
      return (await call<{ createdAt: string }[]>(fx.svc, 'GET', `/habits/${id}/logs`)).map((l) => Date.parse(l.createdAt));
    }))).flat().sort((a, b) => a - b);
    expect(times.length).toBe(3 * 365);
    let most = 0;
    for (let i = 0, j = 0; i < times.length; i++) {
      while (times[i]! - times[j]! >= 60_000) j++;
      most = Math.max(most, i - j + 1);
    }
    expect(most).toBeLessThanOrEqual(400);
  });

  it('shows progress on stderr on a terminal, and nothing of it in a pipe', async () => {
    await addHabit(fx.svc, { name: 'A', startDate: '2026-11-01' });
    const tty = await cli(['off', '--from', '2026-11-16', '--to', 'today'], { tty: { stdout: true, stderr: true } });
    expect(tty.code).toBe(0);
    expect(tty.stderr).toContain('off: marking days 5/5 (100%)');
    expect(tty.stdout).toContain('"A": 5 days off');
    await cli(['off', 'rm', '2026-11-16..2026-11-20']);
    const piped = await cli(['off', '--from', '2026-11-16', '--to', 'today']);
    expect(piped.stderr).not.toContain('marking');
    expect(piped.stderr).not.toContain('\r');
  });
});

describe('off days elsewhere', () => {
  // eslint-disable-next-line no-control-regex
  const plain = (text: string) => text.replace(/\u001b\[[0-9;]*m/g, '');

  it('journal, week and month draw time off with its own glyph (~ off); a skip of its own stays »', async () => {
    await addHabit(fx.svc, { name: 'Walk', startDate: '2026-11-01' });
    const read = await addHabit(fx.svc, { name: 'Read', startDate: '2026-11-01' });
    await mark(fx.svc, read.id, 'skipped', '2026-11-18');
    await cli(['off', '--from', '2026-11-17', '--to', '2026-11-18', '--habit', 'Walk']);
    const tty = { tty: { stdout: true }, columns: 100 } as const;
    const journal = plain((await cli(['journal', '--date', '2026-11-18'], tty)).stdout);
    expect(journal).toMatch(/^Read\s+» skipped/m);
    expect(journal).toMatch(/^Walk\s+~ off/m);
    const week = plain((await cli(['week', '--date', '2026-11-18'], tty)).stdout);
    expect(week).toMatch(/^Read\s+○○»○○  /m);
    expect(week).toMatch(/^Walk\s+○~~○○  /m);
    expect(week).toContain('~ off (time off)');
    const month = plain((await cli(['month', '--date', '2026-11-18'], tty)).stdout);
    expect(month).toMatch(/^Walk .*~~/m);
    // Piped and --json keep the API's word: skipped.
    expect((await cli(['week', '--date', '2026-11-18'])).stdout).toMatch(/Walk\topen\tskipped\tskipped\topen/);
  });

  it('habits remind stays quiet on an off day', async () => {
    await addHabit(fx.svc, { name: 'Stretch', startDate: '2026-11-01', reminders: { timeTriggers: [{ time: { hour: 19, minute: 0 } }] } });
    await addHabit(fx.svc, { name: 'Water', startDate: '2026-11-01', reminders: { timeTriggers: [{ time: { hour: 19, minute: 0 } }] } });
    await at('2026-11-20T18:00:00Z', ['off', '--from', 'today', '--to', 'today', '--habit', 'Stretch']);
    const r = await at('2026-11-20T19:01:00Z', ['remind', '--notify', 'stdout']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^19:00 Reminder: Water;/);
    expect(r.stdout).not.toContain('Stretch');
  });
});

describe('habits off over a bad habit', () => {
  it('a day that stayed within the limit with nothing logged is no mark: it is taken off; values, failed days and its own "avoided" marks are left alone', async () => {
    const snacks = await addHabit(fx.svc, { name: 'Snacks', type: 'bad', startDate: '2026-11-01', goal: { value: 3, unit: 'rep', periodicity: 'daily' } });
    await logValue(fx.svc, snacks.id, 2, 'rep', '2026-11-17');
    await logValue(fx.svc, snacks.id, 5, 'rep', '2026-11-18');
    expect((await cli(['log', 'done', 'Snacks', '--date', '2026-11-19'])).code).toBe(0);
    fx.reset();
    const r = await cli(['off', '--from', '2026-11-16', '--to', '2026-11-20', '--habit', 'Snacks']);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('"Snacks": 2 days off (2026-11-16, 2026-11-20); left alone: 2026-11-17 value, 2026-11-18 failed, 2026-11-19 completed\n');
    expect(r.stdout + r.stderr).not.toContain('2026-11-16 completed');
    expect(writes(fx.svc).map((w) => `${w.path} ${(w.body as { targetDate: string }).targetDate}`)).toEqual([
      `/habits/${snacks.id}/logs/skipped 2026-11-16`, `/habits/${snacks.id}/logs/skipped 2026-11-20`,
    ]);
  });

  it('planned days of a bad habit sent days late are taken off, not left alone as "completed"; the line counts them in words', async () => {
    const snacks = await addHabit(fx.svc, { name: 'Snacks', type: 'bad', startDate: '2026-11-01', goal: { value: 3, unit: 'rep', periodicity: 'daily' } });
    expect((await cli(['off', '--from', 'tomorrow', '--to', '2026-11-22', '--habit', 'Snacks'])).stdout).toBe('"Snacks": planned: 2026-11-21..2026-11-22\n');
    // Nothing runs on the 21st and 22nd; both days are over, within the limit, when the 23rd's first command runs.
    const late = await at('2026-11-23T08:00:00Z', ['journal']);
    expect(late.code).toBe(0);
    expect(late.stderr).toContain('Took 2 planned days off (habits off ls)');
    expect(late.stderr).not.toContain('Left log skip');
    expect((await logsOf(snacks.id)).map((l) => `${l.date} ${l.kind}`).sort()).toEqual(['2026-11-21 skipped', '2026-11-22 skipped']);
  });
});
