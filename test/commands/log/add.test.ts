// `habits log add` against the real local service: through the CLI, and its run() alone.
import { describe, expect, it } from 'vitest';
import { parse, parseUnit, parseValue, run as logAdd } from '../../../src/commands/log/add.js';
import type { JournalEntry } from '../../../src/api/types.js';
import { UsageError } from '../../../src/errors.js';
import { verbDeps } from '../../helpers/verb.js';
import { addHabit, call, useService, writes } from '../../helpers/service.js';

const fx = useService({ per: 'test' });

const runGoal = { goal: { periodicity: 'daily', value: 5, unit: 'kM' } } as const;

describe('log add', () => {
  it("defaults to the goal's unit, and the day's total adds up", async () => {
    const run = await addHabit(fx.svc, { name: 'Run', ...runGoal });
    fx.reset();
    const r = await fx.cli(['log', 'add', 'Run', '2']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^Logged 2 km to "Run" for 2026-11-22 \(log id:-[\w-]+\)\n$/);
    const r2 = await fx.cli(['log', 'add', 'run', '1.5', '--unit', 'km']);
    expect(r2.stderr).toMatch(/^Logged 1.5 km to "Run" for 2026-11-22/);
    expect(writes(fx.svc)).toEqual([
      { method: 'POST', path: `/habits/${run.id}/logs`, body: { value: 2, unitSymbol: 'kM', targetDate: '2026-11-22' }, status: 201 },
      { method: 'POST', path: `/habits/${run.id}/logs`, body: { value: 1.5, unitSymbol: 'kM', targetDate: '2026-11-22' }, status: 201 },
    ]);
    // The default unit came from the goal the habit listing gave (the name cache): one request per value.
    expect(fx.svc.requests.filter((q) => q.path === `/habits/${run.id}` && q.method === 'GET')).toHaveLength(0);
    const journal = await call<JournalEntry[]>(fx.svc, 'GET', '/habits/journal?date=2026-11-22');
    expect(journal.find((e) => e.id === run.id)?.progress).toMatchObject({ current: 3.5, target: 5, unit: 'kM' });
  });

  it('--date yesterday goes to that day', async () => {
    const run = await addHabit(fx.svc, { name: 'Run', ...runGoal });
    fx.reset();
    const r = await fx.cli(['log', 'add', 'Run', '5', '--date', 'yesterday']);
    expect(r.code).toBe(0);
    expect(writes(fx.svc)[0]?.body).toEqual({ value: 5, unitSymbol: 'kM', targetDate: '2026-11-21' });
    const journal = await call<JournalEntry[]>(fx.svc, 'GET', '/habits/journal?date=2026-11-21');
    expect(journal.find((e) => e.id === run.id)).toMatchObject({ status: 'completed', progress: { current: 5 } });
  });

  it('an invalid unit exits 2 with the valid ones, and writes nothing', async () => {
    await addHabit(fx.svc, { name: 'Run', ...runGoal });
    fx.reset();
    const r = await fx.cli(['log', 'add', 'Run', '2', '--unit', 'parsecs']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('error: --unit: unknown unit "parsecs" (use one of m, km, ft, yd, mi, floor, L, mL, fl oz, cup, sec, min, hr, ms, kg, g, mg, oz, lb, mcg, J, kJ, kcal, cal, rep, step)\n');
    expect(writes(fx.svc)).toEqual([]);
  });

  it('no goal and no --unit exits 2 naming --unit, and logs nothing', async () => {
    await addHabit(fx.svc, { name: 'Stretch' });
    fx.reset();
    const r = await fx.cli(['log', 'add', 'Stretch', '3']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('error: --unit is required: "Stretch" has no goal to take the unit from');
    expect(writes(fx.svc)).toEqual([]);
    const ok = await fx.cli(['log', 'add', 'Stretch', '3', '--unit', 'REP']);
    expect(ok.code).toBe(0);
    expect(writes(fx.svc)[0]?.body).toEqual({ value: 3, unitSymbol: 'rep', targetDate: '2026-11-22' });
  });

  it.each([['0'], ['abc'], ['1e999'], ['2,5'], ['']])('value %j exits 2 before any request', async (value) => {
    await addHabit(fx.svc, { name: 'Run', ...runGoal });
    fx.reset();
    const r = await fx.cli(['log', 'add', 'Run', value]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: <value>: /);
    expect(fx.svc.requests).toEqual([]);
  });

  it('a negative value lowers the day\'s total; 0 is refused', async () => {
    const run = await addHabit(fx.svc, { name: 'Run', ...runGoal });
    await fx.cli(['log', 'add', 'Run', '5']);
    const r = await fx.cli(['log', 'add', 'Run', '-1.5']);
    expect(r).toMatchObject({ code: 0, stderr: expect.stringMatching(/^Logged -1.5 km to "Run" for 2026-11-22 \(log id:/) });
    expect(await fx.cli(['log', 'add', 'Run', '--', '-0.5'])).toMatchObject({ code: 0 });
    const journal = await call<JournalEntry[]>(fx.svc, 'GET', '/habits/journal?date=2026-11-22');
    expect(journal.find((e) => e.id === run.id)?.progress).toMatchObject({ current: 3, unit: 'kM' });
    expect(await fx.cli(['log', 'add', 'Run', '0'])).toMatchObject({ code: 2, stderr: 'error: <value>: must not be 0, got 0\nhint: to change a total, `habits log set <habit> <total>` sends the difference\n' });
  });

  it('a negative value that would take the day below 0 is refused: exit 2, one line pointing to log set 0, nothing sent', async () => {
    const run = await addHabit(fx.svc, { name: 'Run', ...runGoal });
    await fx.cli(['log', 'add', 'Run', '2']);
    await fx.cli(['log', 'add', 'Run', '1', '--date', 'yesterday']);
    fx.reset();
    const below = await fx.cli(['log', 'add', 'Run', '--', '-2.5']);
    expect(below).toMatchObject({ code: 2, stdout: '', stderr: 'error: -2.5 km would take "Run" below 0 for 2026-11-22 (it shows 2): to clear the day\'s values, habits log set Run 0\n' });
    // In another unit of the goal's kind; another day names its date.
    const metres = await fx.cli(['log', 'add', 'Run', '--unit', 'm', '--date', 'yesterday', '--', '-1500']);
    expect(metres).toMatchObject({ code: 2, stderr: 'error: -1500 m would take "Run" below 0 for 2026-11-21 (it shows 1000): to clear the day\'s values, habits log set Run 0 --date 2026-11-21\n' });
    expect(writes(fx.svc)).toEqual([]);
    // Down to 0 exactly is allowed.
    expect((await fx.cli(['log', 'add', 'Run', '--', '-2'])).code).toBe(0);
    const journal = await call<JournalEntry[]>(fx.svc, 'GET', '/habits/journal?date=2026-11-22');
    expect(journal.find((e) => e.id === run.id)?.progress).toMatchObject({ current: 0 });
  });

  it('a warm positive value is one request; a negative one two: the day read, then the value', async () => {
    const run = await addHabit(fx.svc, { name: 'Run', ...runGoal });
    await fx.cli(['log', 'add', 'Run', '2']);
    const up = await fx.cli(['log', 'add', 'Run', '1']);
    expect(up.requests.map((q) => `${q.method} ${q.path}`)).toEqual([`POST /habits/${run.id}/logs`]);
    const down = await fx.cli(['log', 'add', 'Run', '--', '-1']);
    expect(down.code).toBe(0);
    expect(down.requests.map((q) => `${q.method} ${q.path}`)).toEqual([`GET /habits/${run.id}/statistics`, `POST /habits/${run.id}/logs`]);
  });

  it('--json prints what the server returned', async () => {
    await addHabit(fx.svc, { name: 'Run', ...runGoal });
    const r = await fx.cli(['log', 'add', 'Run', '1', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ message: 'Logged 1 kM for 2026-11-22', logId: expect.stringMatching(/^-/) });
  });
});

describe('log add parsing', () => {
  it('matches units ignoring case and spaces', () => {
    expect(parseUnit('km').symbol).toBe('kM');
    expect(parseUnit(' FL   OZ ').symbol).toBe('fl oz');
    expect(parseUnit('kcal').symbol).toBe('kCal');
    expect(parseUnit('minutes').symbol).toBe('min');
    // Any other word may be the habit's own unit name, which only the habit can tell.
    expect(parseUnit(' pages ')).toEqual({ typed: 'pages' });
    expect(() => parseUnit('  ')).toThrow('--unit is empty');
  });

  it('takes finite decimals greater than 0', () => {
    expect(parseValue('2.5')).toBe(2.5);
    expect(parseValue('.5')).toBe(0.5);
    expect(parseValue('1e3')).toBe(1000);
    expect(() => parseValue('0x10')).toThrow('is not a number');
    expect(() => parseValue('Infinity')).toThrow('is not a number');
    expect(parse('Run', '3', { unit: 'MIN' })).toEqual({ ref: 'Run', value: 3, unit: { symbol: 'min', typed: 'MIN' }, date: 'today', strict: false });
  });
});

describe('log add run() alone, with its narrow dependencies', () => {
  it("takes the goal's unit, resolves the date against today(), and confirms on stderr", async () => {
    const run = await addHabit(fx.svc, { name: 'Run', ...runGoal });
    fx.reset();
    const verb = verbDeps(fx.svc, { today: '2026-11-20' });
    try {
      await logAdd({ ref: 'run', value: 2.5, date: 'yesterday', strict: false }, verb.deps);
      const logId = /\(log id:(-[\w-]+)\)/.exec(verb.stderr())?.[1];
      expect(verb.stderr()).toBe(`Logged 2.5 km to "Run" for 2026-11-19 (log id:${logId})\n`);
      expect(verb.stdout()).toBe(`${logId}\n`);
      expect(writes(fx.svc)).toEqual([
        { method: 'POST', path: `/habits/${run.id}/logs`, body: { value: 2.5, unitSymbol: 'kM', targetDate: '2026-11-19' }, status: 201 },
      ]);
    } finally {
      await verb.close();
    }
  });

  it('with --json prints the answer; without a goal or a unit it refuses before writing', async () => {
    await addHabit(fx.svc, { name: 'Stretch' });
    fx.reset();
    const verb = verbDeps(fx.svc, { json: true });
    try {
      await expect(logAdd({ ref: 'Stretch', value: 3, date: 'today', strict: false }, verb.deps)).rejects.toThrow(UsageError);
      expect(writes(fx.svc)).toEqual([]);
      await logAdd({ ref: 'Stretch', value: 3, unit: { symbol: 'rep', typed: 'rep' }, date: '2026-11-22', strict: false }, verb.deps);
      expect(JSON.parse(verb.stdout())).toEqual({ message: 'Logged 3 rep for 2026-11-22', logId: expect.stringMatching(/^-/) });
      expect(verb.stderr()).toMatch(/^Logged 3 rep to "Stretch" for 2026-11-22/);
    } finally {
      await verb.close();
    }
  });
});

describe('log add: what it prints', () => {
  it('piped: the new log id alone on stdout, with or without -q; -q silences only the confirmation', async () => {
    await addHabit(fx.svc, { name: 'Run', ...runGoal });
    const r = await fx.cli(['log', 'add', 'Run', '2']);
    const id = /\(log id:(-[\w-]+)\)/.exec(r.stderr)?.[1];
    expect(id).toBeDefined();
    expect(r).toMatchObject({ code: 0, stdout: `${id}\n`, stderr: `Logged 2 km to "Run" for 2026-11-22 (log id:${id})\n` });
    const q = await fx.cli(['log', 'add', 'Run', '1', '-q']);
    expect(q).toMatchObject({ code: 0, stderr: '' });
    expect(q.stdout).toMatch(/^-[\w-]+\n$/);
    expect(q.stdout).not.toBe(r.stdout);
  });

  it('on a terminal: the confirmation only, as before', async () => {
    await addHabit(fx.svc, { name: 'Run', ...runGoal });
    const r = await fx.cli(['log', 'add', 'Run', '2'], { tty: { stdout: true } });
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout).toMatch(/^Logged 2 km to "Run" for 2026-11-22 \(log id:-[\w-]+\)\n$/);
  });

  it('a server that returns no log id: nothing on stdout, and a note on stderr saying so', async () => {
    await addHabit(fx.svc, { name: 'Run', ...runGoal });
    fx.reset();
    const verb = verbDeps(fx.svc);
    try {
      const real = await verb.deps.api();
      type Loose = (route: string, opts?: unknown) => Promise<unknown>;
      const send = real.request as unknown as Loose;
      const request: Loose = async (route, opts) => {
        const answer = await send(route, opts);
        if (!route.startsWith('POST ')) return answer;
        const { logId: _dropped, ...rest } = answer as { logId?: string };
        return rest;
      };
      const api = { request: request as unknown as typeof real.request };
      await logAdd({ ref: 'Run', value: 2, date: 'today', strict: false }, { ...verb.deps, api: async () => api });
      expect(verb.stdout()).toBe('');
      expect(verb.stderr()).toBe('The server returned no log id: nothing on stdout\nLogged 2 km to "Run" for 2026-11-22\n');
      expect(writes(fx.svc)).toHaveLength(1);
    } finally {
      await verb.close();
    }
  });
});
