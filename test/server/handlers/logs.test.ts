// Logs, journal and statistics over real HTTP, checked against what is stored.
import { describe, expect, test } from 'vitest';
import type { JournalEntry, LogEntry, Statistics } from '../../../src/api/types.js';
import { LOGS_BETWEEN } from '../../../src/server/store/repo/logs.js';
import { type Data, type Failure, type Invalid, type Logged, type ServedHabit, createHabit, useService, SERVICE_START } from '../fixtures.js';

const { call, clock, service } = useService({ start: SERVICE_START, per: 'test' });

const habit = (body: Record<string, unknown> = {}): Promise<ServedHabit> => createHabit(call, { name: 'Water', startDate: '2026-03-01', ...body });

function storedLogs(habitId: string): { id: string; date: string; kind: string; value: number; unit: string | null }[] {
  return service().store.db.prepare('SELECT id, date, kind, value, unit FROM logs WHERE habit_id = ? ORDER BY seq').all(habitId) as never;
}

describe('logs', () => {
  test('a value log adds to the day and answers 201 {message, logId}', async () => {
    const h = await habit({ goal: { periodicity: 'daily', value: 2, unit: 'L' } });
    const first = await call<Logged>('POST', `/habits/${h.id}/logs`, { value: 500, unitSymbol: 'mL' });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ message: 'Logged 500 mL for 2026-03-10', logId: expect.stringMatching(/^[-\w]{20}$/) });
    await call('POST', `/habits/${h.id}/logs`, { value: 1, unitSymbol: 'L', targetDate: '2026-03-10' });
    expect(storedLogs(h.id)).toEqual([
      { id: first.body.logId, date: '2026-03-10', kind: 'value', value: 500, unit: 'mL' },
      { id: expect.any(String), date: '2026-03-10', kind: 'value', value: 1, unit: 'L' },
    ]);
    const [entry] = (await call<Data<JournalEntry[]>>('GET', '/habits/journal')).body.data;
    expect(entry!.progress).toEqual({ current: 1.5, target: 2, unit: 'L', periodicity: 'daily' });
    expect(entry!.status).toBe('inprogress');
    expect((await call('POST', '/habits/-Nope/logs', { value: 1, unitSymbol: 'L' })).status).toBe(404);
  });

  test('an empty unitSymbol is "no unit": taken on a habit without a goal, refused on one with a goal', async () => {
    const plain = await habit({ name: 'plain' });
    const res = await call<Logged>('POST', `/habits/${plain.id}/logs`, { value: 2, unitSymbol: '', targetDate: '2026-03-09' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: 'Logged 2 for 2026-03-09', logId: expect.any(String) });
    expect(storedLogs(plain.id)).toEqual([{ id: res.body.logId, date: '2026-03-09', kind: 'value', value: 2, unit: null }]);
    // It counts: without a goal any amount completes the day.
    const stats = (await call<Data<Statistics>>('GET', `/habits/${plain.id}/statistics?startDate=2026-03-09&endDate=2026-03-09`)).body.data;
    expect(stats.dailyProgress).toEqual([{ date: '2026-03-09', totalLog: 2, status: 'completed' }]);
    const goal = await habit({ name: 'goal', goal: { periodicity: 'daily', value: 2, unit: 'L' } });
    const refused = await call<Invalid>('POST', `/habits/${goal.id}/logs`, { value: 2, unitSymbol: '' });
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([{ field: 'unitSymbol', message: "must be a unit symbol: this habit's goal is in L (an empty symbol means no unit, for a habit without a goal)" }]);
    expect(storedLogs(goal.id)).toEqual([]);
    // Any other symbol outside the 26 is still refused, on either habit.
    expect((await call<Invalid>('POST', `/habits/${plain.id}/logs`, { value: 2, unitSymbol: 'km' })).body.details[0]!.field).toBe('unitSymbol');
  });

  test('complete records the rest of the goal; the same mark again is 409', async () => {
    const h = await habit({ goal: { periodicity: 'weekly', value: 20, unit: 'kM' } });
    await call('POST', `/habits/${h.id}/logs`, { value: 5000, unitSymbol: 'm', targetDate: '2026-03-09' });
    const res = await call<Logged>('POST', `/habits/${h.id}/logs/complete`, { targetDate: '2026-03-10' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ message: 'Habit marked completed for 2026-03-10', logId: expect.any(String) });
    expect(storedLogs(h.id).at(-1)).toEqual({ id: res.body.logId, date: '2026-03-10', kind: 'completed', value: 15, unit: 'kM' });
    const again = await call('POST', `/habits/${h.id}/logs/complete`, { targetDate: '2026-03-10' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'Conflict', message: `Habit ${h.id} is already marked completed on 2026-03-10` });
    expect(storedLogs(h.id)).toHaveLength(2);
    // No body at all means today.
    const plain = await habit({ name: 'plain' });
    const bare = await call<Logged>('POST', `/habits/${plain.id}/logs/complete`);
    expect(bare.status).toBe(201);
    expect(storedLogs(plain.id)).toEqual([{ id: bare.body.logId, date: '2026-03-10', kind: 'completed', value: 1, unit: null }]);
  });

  test('failed and skipped: 409 when repeated, a different mark replaces the earlier one', async () => {
    const h = await habit();
    const failed = await call<Logged>('POST', `/habits/${h.id}/logs/failed`, { targetDate: '2026-03-05' });
    expect(failed.status).toBe(201);
    expect(failed.body.message).toBe('Habit marked failed for 2026-03-05');
    expect((await call('POST', `/habits/${h.id}/logs/failed`, { targetDate: '2026-03-05' })).status).toBe(409);
    const skipped = await call<Logged>('POST', `/habits/${h.id}/logs/skipped`, { targetDate: '2026-03-05' });
    expect(skipped.status).toBe(201);
    expect((await call<Failure>('POST', `/habits/${h.id}/logs/skipped`, { targetDate: '2026-03-05' })).body.error).toBe('Conflict');
    expect(storedLogs(h.id)).toEqual([{ id: skipped.body.logId, date: '2026-03-05', kind: 'skipped', value: 0, unit: null }]);
    const stats = (await call<Data<Statistics>>('GET', `/habits/${h.id}/statistics?startDate=2026-03-05&endDate=2026-03-05`)).body.data;
    expect(stats.dailyProgress).toEqual([{ date: '2026-03-05', totalLog: 0, status: 'skipped' }]);
  });

  test('undo clears every log of the date', async () => {
    const h = await habit({ goal: { periodicity: 'daily', value: 3, unit: 'rep' } });
    await call('POST', `/habits/${h.id}/logs`, { value: 1, unitSymbol: 'rep', targetDate: '2026-03-08' });
    await call('POST', `/habits/${h.id}/logs/complete`, { targetDate: '2026-03-08' });
    await call('POST', `/habits/${h.id}/logs`, { value: 1, unitSymbol: 'rep', targetDate: '2026-03-09' });
    const res = await call('POST', `/habits/${h.id}/logs/undo`, { targetDate: '2026-03-08' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Removed 2 logs for 2026-03-08', removed: 2 });
    expect(storedLogs(h.id).map((l) => l.date)).toEqual(['2026-03-09']);
    expect((await call('POST', `/habits/${h.id}/logs/undo`, { targetDate: '2026-03-08' })).body).toEqual({ message: 'Nothing to undo on 2026-03-08', removed: 0 });
    // The mark can be set again after undo.
    expect((await call('POST', `/habits/${h.id}/logs/complete`, { targetDate: '2026-03-08' })).status).toBe(201);
  });

  test('delete by logId', async () => {
    const h = await habit();
    const other = await habit({ name: 'other' });
    const { logId } = (await call<Logged>('POST', `/habits/${h.id}/logs`, { value: 2, unitSymbol: 'cup' })).body;
    expect((await call('DELETE', `/habits/${other.id}/logs/${logId}`)).status).toBe(404);
    const res = await call('DELETE', `/habits/${h.id}/logs/${logId}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Log deleted successfully' });
    expect(storedLogs(h.id)).toEqual([]);
    const again = await call('DELETE', `/habits/${h.id}/logs/${logId}`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: 'Not Found', message: `Log ${logId} not found for habit ${h.id}` });
  });
});

describe('values that go down', () => {
  const journalOf = async (id: string, date = '2026-03-10') => (await call<Data<JournalEntry[]>>('GET', `/habits/journal?date=${date}`)).body.data.find((e) => e.id === id)!;
  const statsOf = async (id: string, range = 'startDate=2026-03-09&endDate=2026-03-10') => (await call<Data<Statistics>>('GET', `/habits/${id}/statistics?${range}`)).body.data;

  test("a negative value lowers the day's total: 201 {message, logId}, and the journal and statistics show the lower total", async () => {
    const h = await habit({ goal: { periodicity: 'daily', value: 30, unit: 'min' } });
    await call('POST', `/habits/${h.id}/logs`, { value: 40, unitSymbol: 'min' });
    expect((await journalOf(h.id)).status).toBe('completed');
    const down = await call<Logged>('POST', `/habits/${h.id}/logs`, { value: -0.25, unitSymbol: 'hr' });
    expect(down.status).toBe(201);
    expect(down.body).toEqual({ message: 'Logged -0.25 hr for 2026-03-10', logId: expect.stringMatching(/^[-\w]{20}$/) });
    expect(storedLogs(h.id).at(-1)).toEqual({ id: down.body.logId, date: '2026-03-10', kind: 'value', value: -0.25, unit: 'hr' });
    // 40 - 15 = 25 minutes: no longer the goal.
    expect(await journalOf(h.id)).toMatchObject({ status: 'inprogress', progress: { current: 25, target: 30, unit: 'min', periodicity: 'daily' } });
    expect(await statsOf(h.id)).toMatchObject({
      totalLogs: 25, avg: 12.5, completions: 0,
      dailyProgress: [{ date: '2026-03-09', totalLog: 0, status: 'inprogress' }, { date: '2026-03-10', totalLog: 25, status: 'inprogress' }],
    });
    expect((await call<Data<LogEntry[]>>('GET', `/habits/${h.id}/logs`)).body.data.map((l) => [l.kind, l.value, l.unitSymbol])).toEqual([['value', 40, 'min'], ['value', -0.25, 'hr']]);
  });

  test('a total below 0 is reported as it is, and counts as nothing logged for the status', async () => {
    const h = await habit({ goal: { periodicity: 'daily', value: 30, unit: 'min' } });
    await call('POST', `/habits/${h.id}/logs`, { value: -10, unitSymbol: 'min', targetDate: '2026-03-09' });
    expect(await journalOf(h.id, '2026-03-09')).toMatchObject({ status: 'inprogress', progress: { current: -10, target: 30 } });
    expect(await statsOf(h.id)).toMatchObject({
      totalLogs: -10, avg: -5, completions: 0, fails: 0,
      dailyProgress: [{ date: '2026-03-09', totalLog: -10, status: 'inprogress' }, { date: '2026-03-10', totalLog: 0, status: 'inprogress' }],
    });
    // complete records what the day lacks of its goal: 40, so the day's total is the goal.
    const done = await call<Logged>('POST', `/habits/${h.id}/logs/complete`, { targetDate: '2026-03-09' });
    expect(storedLogs(h.id).at(-1)).toEqual({ id: done.body.logId, date: '2026-03-09', kind: 'completed', value: 40, unit: 'min' });
    expect(await journalOf(h.id, '2026-03-09')).toMatchObject({ status: 'completed', progress: { current: 30 } });
    // What a mark records stays within a log's limit, even when the day lacks more.
    const big = await habit({ name: 'Big', goal: { periodicity: 'daily', value: 1e9, unit: 'sec' } });
    await call('POST', `/habits/${big.id}/logs`, { value: -1, unitSymbol: 'sec' });
    await call('POST', `/habits/${big.id}/logs/complete`);
    expect(storedLogs(big.id).map((l) => [l.kind, l.value])).toEqual([['value', -1], ['completed', 1e9]]);
    expect(await journalOf(big.id)).toMatchObject({ status: 'completed', progress: { current: 1e9 - 1 } });

    // Without a goal any amount above 0 completes a good habit's day, and fails a bad habit's.
    const plain = await habit({ name: 'Plain' });
    const bad = await habit({ name: 'Bad', type: 'bad' });
    for (const x of [plain, bad]) {
      await call('POST', `/habits/${x.id}/logs`, { value: 2, unitSymbol: '', targetDate: '2026-03-09' });
      await call('POST', `/habits/${x.id}/logs`, { value: -3, unitSymbol: '', targetDate: '2026-03-09' });
    }
    expect((await statsOf(plain.id)).dailyProgress[0]).toEqual({ date: '2026-03-09', totalLog: -1, status: 'inprogress' });
    // The bad habit's day ended clean: nothing counts as logged.
    expect(await statsOf(bad.id)).toMatchObject({ fails: 0, completions: 1, dailyProgress: [{ date: '2026-03-09', totalLog: -1, status: 'completed' }, { date: '2026-03-10', totalLog: 0, status: 'inprogress' }] });
  });

  test("a bad habit brought back under its limit, a week's sum lowered, an end condition's total lowered", async () => {
    const sugar = await habit({ name: 'Sugar', type: 'bad', goal: { periodicity: 'daily', value: 30, unit: 'g' } });
    await call('POST', `/habits/${sugar.id}/logs`, { value: 45, unitSymbol: 'g' });
    expect((await journalOf(sugar.id)).status).toBe('failed');
    await call('POST', `/habits/${sugar.id}/logs`, { value: -20, unitSymbol: 'g' });
    expect(await journalOf(sugar.id)).toMatchObject({ status: 'inprogress', progress: { current: 25, target: 30 } });
    expect((await call('POST', `/habits/${sugar.id}/logs/complete`)).status).toBe(201);
    expect((await journalOf(sugar.id)).status).toBe('completed');

    // 2026-03-09 is a Monday: the week's sum is the plain sum of its days.
    const swim = await habit({ name: 'Swim', goal: { periodicity: 'weekly', value: 1, unit: 'kM' }, endCondition: { type: 'totalLogValue', totalLogValue: 1 } });
    await call('POST', `/habits/${swim.id}/logs`, { value: 1200, unitSymbol: 'm', targetDate: '2026-03-09' });
    // The total reached on the 9th ended it: due that day, not on the 10th.
    expect((await journalOf(swim.id, '2026-03-09')).status).toBe('completed');
    expect(await journalOf(swim.id)).toBeUndefined();
    expect((await call<Data<ServedHabit>>('GET', `/habits/${swim.id}`)).body.data.endCondition).toMatchObject({ isMet: true, metOn: '2026-03-09' });
    await call('POST', `/habits/${swim.id}/logs`, { value: -400, unitSymbol: 'm' });
    expect(await journalOf(swim.id)).toMatchObject({ status: 'inprogress', progress: { current: 0.8, target: 1, periodicity: 'weekly' } });
    expect((await statsOf(swim.id)).dailyProgress).toEqual([{ date: '2026-03-09', totalLog: 1.2, status: 'inprogress' }, { date: '2026-03-10', totalLog: -0.4, status: 'inprogress' }]);
    expect((await call<Data<ServedHabit>>('GET', `/habits/${swim.id}`)).body.data.endCondition!.isMet).toBe(false);
  });

  test('0 is taken and changes nothing; a day that is not due with a total of 0 stays unlisted', async () => {
    // Mondays only: 2026-03-10 is a Tuesday.
    const h = await habit({ occurrence: { type: 'weekDays', days: [1] }, goal: { periodicity: 'daily', value: 30, unit: 'min' } });
    const zero = await call<Logged>('POST', `/habits/${h.id}/logs`, { value: 0, unitSymbol: 'min' });
    expect(zero.status).toBe(201);
    expect(zero.body).toEqual({ message: 'Logged 0 min for 2026-03-10', logId: expect.any(String) });
    expect(storedLogs(h.id)).toEqual([{ id: zero.body.logId, date: '2026-03-10', kind: 'value', value: 0, unit: 'min' }]);
    expect(await statsOf(h.id)).toMatchObject({ totalLogs: 0, dailyProgress: [{ date: '2026-03-09', totalLog: 0, status: 'inprogress' }] });
    // A rest day whose logs cancel out holds nothing either; one below 0 is listed with its amount.
    await call('POST', `/habits/${h.id}/logs`, { value: -5, unitSymbol: 'min' });
    expect((await statsOf(h.id)).dailyProgress).toEqual([{ date: '2026-03-09', totalLog: 0, status: 'inprogress' }, { date: '2026-03-10', totalLog: -5, status: 'inprogress' }]);
    await call('POST', `/habits/${h.id}/logs`, { value: 5, unitSymbol: 'min' });
    expect(await statsOf(h.id)).toMatchObject({ totalLogs: 0, dailyProgress: [{ date: '2026-03-09', totalLog: 0, status: 'inprogress' }] });
  });

  test('a value beyond 10^9 either way, a string, null, NaN or Infinity is refused (400 value), nothing stored', async () => {
    const h = await habit({ goal: { periodicity: 'daily', value: 30, unit: 'min' } });
    const refused = async (body: unknown, raw?: string) => {
      const res = await call<Invalid>('POST', `/habits/${h.id}/logs`, body, raw ? { raw, headers: { 'content-type': 'application/json' } } : undefined);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('Validation Error');
      return res.body.details;
    };
    const range = [{ field: 'value', message: 'must be a number from -1000000000 to 1000000000' }];
    const number = [{ field: 'value', message: 'must be a number' }];
    expect(await refused({ value: 1e9 + 1, unitSymbol: 'min' })).toEqual(range);
    expect(await refused({ value: -1e9 - 1, unitSymbol: 'min' })).toEqual(range);
    expect(await refused({ value: '-5', unitSymbol: 'min' })).toEqual(number);
    expect(await refused({ value: null, unitSymbol: 'min' })).toEqual(number);
    // JSON has no NaN; 1e999 parses to Infinity.
    expect(await refused(undefined, '{"value": 1e999, "unitSymbol": "min"}')).toEqual(number);
    expect(await refused(undefined, '{"value": -1e999, "unitSymbol": "min"}')).toEqual(number);
    expect((await refused(undefined, '{"value": NaN, "unitSymbol": "min"}'))[0]!.field).toBe('body');
    expect(storedLogs(h.id)).toEqual([]);
    // The limits themselves are taken.
    for (const value of [1e9, -1e9]) expect((await call('POST', `/habits/${h.id}/logs`, { value, unitSymbol: 'sec' })).status).toBe(201);
    expect(storedLogs(h.id).map((l) => l.value)).toEqual([1e9, -1e9]);
  });
});

describe('dates after today', () => {
  // The service's clock reads 2026-03-10T12:00Z: already 2026-03-11 in UTC+14, the zone furthest ahead.
  test('a write dated after today everywhere is refused (400 targetDate); undo may still clear such a day', async () => {
    const h = await habit({ goal: { periodicity: 'daily', value: 1, unit: 'rep' } });
    for (const [path, body] of [['logs', { value: 1, unitSymbol: 'rep', targetDate: '2026-03-12' }], ['logs/complete', { targetDate: '2026-03-12' }], ['logs/failed', { targetDate: '2027-01-01' }], ['logs/skipped', { targetDate: '2026-03-12' }]] as const) {
      const res = await call<Invalid>('POST', `/habits/${h.id}/${path}`, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'Validation Error', message: expect.any(String), details: [{ field: 'targetDate', message: 'is in the future' }] });
    }
    expect(storedLogs(h.id)).toEqual([]);
    // Tomorrow in the service's zone is today east of it: a client there may log it.
    expect((await call('POST', `/habits/${h.id}/logs/complete`, { targetDate: '2026-03-11' })).status).toBe(201);
    expect((await call('POST', `/habits/${h.id}/logs/undo`, { targetDate: '2026-03-11' })).body).toEqual({ message: 'Removed 1 log for 2026-03-11', removed: 1 });
    expect((await call('POST', `/habits/${h.id}/logs/undo`, { targetDate: '2026-06-01' })).status).toBe(200);
  });
});

describe('a bad habit over its limit', () => {
  test('cannot be marked completed (400, nothing stored); within the limit it can', async () => {
    const h = await habit({ name: 'Smoke', type: 'bad', goal: { periodicity: 'daily', value: 2, unit: 'rep' } });
    await call('POST', `/habits/${h.id}/logs`, { value: 3, unitSymbol: 'rep', targetDate: '2026-03-09' });
    const res = await call<Invalid>('POST', `/habits/${h.id}/logs/complete`, { targetDate: '2026-03-09' });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ field: 'targetDate', message: 'the habit is over its limit on 2026-03-09 (3 of 2 rep); a completed mark would not count' }]);
    expect(storedLogs(h.id).map((l) => l.kind)).toEqual(['value']);
    await call('POST', `/habits/${h.id}/logs`, { value: 2, unitSymbol: 'rep', targetDate: '2026-03-10' });
    expect((await call('POST', `/habits/${h.id}/logs/complete`, { targetDate: '2026-03-10' })).status).toBe(201);
  });
});

describe('GET /habits/{id}/logs (a local-service extension)', () => {
  test('lists the logs of a date, of a range, or all, by date then creation, each manual, with its kind and unit', async () => {
    const h = await habit({ goal: { periodicity: 'daily', value: 2, unit: 'L' } });
    const log = async (path: string, body: Record<string, unknown>, at: string): Promise<string> => {
      clock.set(at);
      return (await call<Logged>('POST', `/habits/${h.id}/${path}`, body)).body.logId;
    };
    // Written out of date order; two on 03-09 in the same millisecond keep their insertion order.
    const late = await log('logs', { value: 500, unitSymbol: 'mL', targetDate: '2026-03-09' }, '2026-03-10T09:00:00.000Z');
    const early = await log('logs', { value: 1, unitSymbol: 'L', targetDate: '2026-03-08' }, '2026-03-10T09:00:01.000Z');
    const same = await log('logs', { value: 250, unitSymbol: 'mL', targetDate: '2026-03-09' }, '2026-03-10T09:00:01.000Z');
    const done = await log('logs/complete', { targetDate: '2026-03-09' }, '2026-03-10T09:00:01.000Z');
    const skip = await log('logs/skipped', { targetDate: '2026-03-10' }, '2026-03-10T09:00:02.000Z');
    const entry = (id: string, kind: string, date: string, value: number, unitSymbol: string, createdAt: string) =>
      ({ id, type: 'manual', kind, date, value, unitSymbol, createdAt, localLastModifiedDate: Date.parse(createdAt) });
    const on9 = await call('GET', `/habits/${h.id}/logs?date=2026-03-09`);
    expect(on9.status).toBe(200);
    expect(on9.body).toEqual({
      data: [
        entry(late, 'value', '2026-03-09', 500, 'mL', '2026-03-10T09:00:00.000Z'),
        entry(same, 'value', '2026-03-09', 250, 'mL', '2026-03-10T09:00:01.000Z'),
        entry(done, 'completed', '2026-03-09', 1.25, 'L', '2026-03-10T09:00:01.000Z'),
      ],
    });
    const ids = async (q: string) => (await call<Data<LogEntry[]>>('GET', `/habits/${h.id}/logs${q}`)).body.data.map((l) => l.id);
    expect(await ids('')).toEqual([early, late, same, done, skip]);
    expect(await ids('?from=2026-03-09')).toEqual([late, same, done, skip]);
    expect(await ids('?to=2026-03-08')).toEqual([early]);
    expect(await ids('?from=2026-03-08&to=2026-03-09')).toEqual([early, late, same, done]);
    expect(await ids('?date=2026-03-07')).toEqual([]);
    expect((await call<Data<LogEntry[]>>('GET', `/habits/${h.id}/logs?date=2026-03-10`)).body.data).toEqual([
      entry(skip, 'skipped', '2026-03-10', 0, 'L', '2026-03-10T09:00:02.000Z'),
    ]);
    // A mark on a habit without a goal has no unit.
    const plain = await habit({ name: 'plain' });
    await call('POST', `/habits/${plain.id}/logs/complete`, { targetDate: '2026-03-10' });
    expect((await call<Data<LogEntry[]>>('GET', `/habits/${plain.id}/logs?date=2026-03-10`)).body.data).toMatchObject([{ type: 'manual', kind: 'completed', value: 1, unitSymbol: null }]);
  });

  test('checks its query and the habit', async () => {
    const h = await habit();
    const details = async (q: string) => (await call<Invalid>('GET', `/habits/${h.id}/logs?${q}`)).body.details;
    expect(await details('date=2026-02-30')).toEqual([{ field: 'date', message: 'is not a valid calendar date' }]);
    expect(await details('date=2026-03-01&from=2026-03-01')).toEqual([{ field: 'date', message: 'cannot be sent with from or to' }]);
    expect(await details('from=2026-03-02&to=2026-03-01')).toEqual([{ field: 'from', message: 'must be on or before to (2026-03-01)' }]);
    expect(await details('day=2026-03-01')).toEqual([{ field: 'day', message: 'is not a query parameter of this endpoint (it takes date, from, to)' }]);
    const missing = await call<Failure>('GET', '/habits/-Nope/logs?date=2026-03-01');
    expect(missing).toMatchObject({ status: 404, body: { error: 'Not Found' } });
  });

  test('reads the range through an index, never the whole table', () => {
    const plan = service().store.db
      .prepare(`EXPLAIN QUERY PLAN ${LOGS_BETWEEN}`)
      .all('h', '2026-03-01', '2026-03-31') as { detail: string }[];
    const details = plan.map((p) => p.detail);
    expect(details.some((d) => /^SEARCH logs USING (COVERING )?INDEX logs_habit_cover \(habit_id=\? AND date>\? AND date<\?\)$/.test(d))).toBe(true);
    expect(details.some((d) => /^SCAN logs\b/.test(d))).toBe(false);
  });
});

describe('the start date', () => {
  test('log writes dated before it are refused with a targetDate detail; undo and delete are not', async () => {
    const h = await habit({ startDate: '2026-03-05', goal: { periodicity: 'daily', value: 1, unit: 'rep' } });
    const refused = { field: 'targetDate', message: "is before the habit's start date 2026-03-05" };
    const early = { targetDate: '2026-03-04' };
    for (const [path, body] of [['logs', { value: 1, unitSymbol: 'rep', ...early }], ['logs/complete', early], ['logs/failed', early], ['logs/skipped', early]] as const) {
      const res = await call<Invalid>('POST', `/habits/${h.id}/${path}`, body);
      expect({ path, status: res.status, error: res.body.error, details: res.body.details }).toEqual({ path, status: 400, error: 'Validation Error', details: [refused] });
    }
    expect(storedLogs(h.id)).toEqual([]);
    expect((await call('POST', `/habits/${h.id}/logs/complete`, { targetDate: '2026-03-05' })).status).toBe(201);
    // A log from before the rule (or before the start moved later) can still be removed.
    await call('PUT', `/habits/${h.id}`, { startDate: '2026-03-06' });
    expect((await call('POST', `/habits/${h.id}/logs/undo`, { targetDate: '2026-03-05' })).body).toEqual({ message: 'Removed 1 log for 2026-03-05', removed: 1 });
    await call('PUT', `/habits/${h.id}`, { startDate: '2026-03-05' });
    const { logId } = (await call<Logged>('POST', `/habits/${h.id}/logs`, { value: 2, unitSymbol: 'rep', targetDate: '2026-03-05' })).body;
    await call('PUT', `/habits/${h.id}`, { startDate: '2026-03-06' });
    expect((await call('DELETE', `/habits/${h.id}/logs/${logId}`)).status).toBe(200);
    expect(storedLogs(h.id)).toEqual([]);
  });
});

describe('complete marks', () => {
  test('record what the period lacks even in a period with no due day', async () => {
    // Mondays only, with a daily goal: Tuesday 2026-03-10 is a period of its own that is not due.
    const h = await habit({ occurrence: { type: 'weekDays', days: [1] }, goal: { periodicity: 'daily', value: 30, unit: 'min' } });
    await call('POST', `/habits/${h.id}/logs`, { value: 20, unitSymbol: 'min' });
    await call('POST', `/habits/${h.id}/logs/complete`);
    expect(storedLogs(h.id).map((l) => [l.kind, l.value])).toEqual([['value', 20], ['completed', 10]]);
  });
});

describe('journal', () => {
  test('lists active habits due on the date and started by then, with status, streak and progress', async () => {
    const water = await habit({ timeOfDayIds: ['morning'], goal: { periodicity: 'daily', value: 8, unit: 'cup' }, icon: 'drop' });
    const gym = await habit({ name: 'Gym', occurrence: { type: 'weekDays', days: [1, 3, 5] } }); // 2026-03-10 is a Tuesday
    const later = await habit({ name: 'Later', startDate: '2026-03-11' });
    const archived = await habit({ name: 'Old' });
    await call('POST', `/habits/${archived.id}/archive`);
    const smoke = await habit({ name: 'Smoke', type: 'bad', goal: { periodicity: 'daily', value: 2, unit: 'rep' } });
    for (const date of ['2026-03-07', '2026-03-08', '2026-03-09']) await call('POST', `/habits/${water.id}/logs/complete`, { targetDate: date });
    await call('POST', `/habits/${water.id}/logs`, { value: 3, unitSymbol: 'cup' });
    await call('POST', `/habits/${smoke.id}/logs`, { value: 3, unitSymbol: 'rep' });

    const res = await call('GET', '/habits/journal?date=2026-03-10');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: [
        {
          id: water.id, name: 'Water', status: 'inprogress', colorHex: '#7B61FF', icon: 'drop', timeOfDayIds: ['morning'], type: 'good',
          currentStreak: { length: 3, unit: 'day' }, progress: { current: 3, target: 8, unit: 'cup', periodicity: 'daily' }, logInfo: { type: 'manual' },
        },
        {
          id: smoke.id, name: 'Smoke', status: 'failed', colorHex: '#7B61FF', icon: null, timeOfDayIds: [], type: 'bad',
          currentStreak: { length: 0, unit: 'day' }, progress: { current: 3, target: 2, unit: 'rep', periodicity: 'daily' }, logInfo: { type: 'manual' },
        },
      ],
    });
    // Default date is today in the service zone; Wednesday lists the gym habit and the later one.
    expect((await call('GET', '/habits/journal')).body).toEqual(res.body);
    const wed = (await call<Data<JournalEntry[]>>('GET', '/habits/journal?date=2026-03-11')).body.data.map((e) => e.id);
    expect(wed).toEqual([water.id, gym.id, later.id, smoke.id]);
    const past = (await call<Data<JournalEntry[]>>('GET', '/habits/journal?date=2026-03-09')).body.data;
    expect(past[0]).toMatchObject({ name: 'Water', status: 'completed', currentStreak: { length: 3, unit: 'day' }, progress: { current: 8 } });
    expect(past.find((e) => e.name === 'Smoke')!.status).toBe('completed'); // a clean, closed day
  });

  test('weekly goals report the week total, and the streak in days: the due days of its completed weeks so far', async () => {
    const h = await habit({ goal: { periodicity: 'weekly', value: 3, unit: 'rep' } });
    await call('POST', `/habits/${h.id}/logs`, { value: 3, unitSymbol: 'rep', targetDate: '2026-03-04' });
    await call('POST', `/habits/${h.id}/logs`, { value: 2, unitSymbol: 'rep', targetDate: '2026-03-09' });
    const [entry] = (await call<Data<JournalEntry[]>>('GET', '/habits/journal?date=2026-03-10')).body.data;
    // The week of 03-02 is completed (7 days); this week is open, so it neither adds nor breaks.
    expect(entry).toMatchObject({ status: 'inprogress', currentStreak: { length: 7, unit: 'day' }, progress: { current: 2, target: 3, periodicity: 'weekly' } });
    await call('POST', `/habits/${h.id}/logs`, { value: 1, unitSymbol: 'rep' });
    const [after] = (await call<Data<JournalEntry[]>>('GET', '/habits/journal?date=2026-03-10')).body.data;
    // Completed on Tuesday: Monday and Tuesday of this week join the streak.
    expect(after).toMatchObject({ status: 'completed', currentStreak: { length: 9, unit: 'day' }, progress: { current: 3 } });
  });

  test('every streak unit is day, whatever the goal period', async () => {
    for (const periodicity of ['daily', 'weekly', 'monthly', 'yearly']) {
      const h = await habit({ name: periodicity, goal: { periodicity, value: 1, unit: 'rep' } });
      await call('POST', `/habits/${h.id}/logs/complete`, { targetDate: '2026-03-10' });
    }
    const entries = (await call<Data<JournalEntry[]>>('GET', '/habits/journal?date=2026-03-10')).body.data;
    // From 03-01: daily 1 day; weekly Monday-Tuesday; monthly and yearly 03-01..03-10.
    expect(entries.map((e) => [e.name, e.currentStreak])).toEqual([
      ['daily', { length: 1, unit: 'day' }], ['weekly', { length: 2, unit: 'day' }], ['monthly', { length: 10, unit: 'day' }], ['yearly', { length: 10, unit: 'day' }],
    ]);
  });

  test("a new day closes a bad habit's clean day: cached timelines are rebuilt after midnight", async () => {
    const h = await habit({ type: 'bad', goal: { periodicity: 'daily', value: 2, unit: 'rep' } });
    await call('POST', `/habits/${h.id}/logs`, { value: 1, unitSymbol: 'rep' });
    const status = async (): Promise<string> => (await call<Data<JournalEntry[]>>('GET', '/habits/journal?date=2026-03-10')).body.data[0]!.status;
    expect(await status()).toBe('inprogress'); // open, and its timeline is now cached
    clock.set('2026-03-11T00:00:01Z');
    expect(await status()).toBe('completed');
    expect((await call<Data<Statistics>>('GET', `/habits/${h.id}/statistics?startDate=2026-03-10&endDate=2026-03-10`)).body.data.completions).toBe(1);
  });

  test('a habit without a goal has no progress', async () => {
    await habit();
    const [entry] = (await call<Data<JournalEntry[]>>('GET', '/habits/journal')).body.data;
    expect(entry!.progress).toBeUndefined();
    expect(entry!.currentStreak).toEqual({ length: 0, unit: 'day' });
  });
});

describe('statistics', () => {
  test('answers {data} with totals, counts, daily progress and our streak fields', async () => {
    const h = await habit({ goal: { periodicity: 'daily', value: 30, unit: 'min' } });
    await call('POST', `/habits/${h.id}/logs`, { value: 30, unitSymbol: 'min', targetDate: '2026-03-07' });
    await call('POST', `/habits/${h.id}/logs`, { value: 1, unitSymbol: 'hr', targetDate: '2026-03-08' });
    await call('POST', `/habits/${h.id}/logs/skipped`, { targetDate: '2026-03-09' });
    await call('POST', `/habits/${h.id}/logs`, { value: 10, unitSymbol: 'min' });
    await call('POST', `/habits/${h.id}/logs`, { value: 3, unitSymbol: 'kM' }); // does not count towards minutes
    const res = await call('GET', `/habits/${h.id}/statistics?startDate=2026-03-06&endDate=2026-03-10`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        id: h.id, name: 'Water', type: 'good', totalLogs: 100, skips: 1, fails: 0, completions: 2, unit: { id: 'unit-min', name: 'minutes', symbol: 'min', type: 'duration' },
        periodicity: 'daily',
        avg: 20,
        dailyProgress: [
          { date: '2026-03-06', totalLog: 0, status: 'inprogress' },
          { date: '2026-03-07', totalLog: 30, status: 'completed' },
          { date: '2026-03-08', totalLog: 60, status: 'completed' },
          { date: '2026-03-09', totalLog: 0, status: 'skipped' },
          { date: '2026-03-10', totalLog: 10, status: 'inprogress' },
        ],
        currentStreak: 2, longestStreak: 2, completionRate: 0.666667, // rounded to 6 decimals
      },
    });
  });

  test('unit: {id, name, symbol, type} for every habit; named by customUnitName, else plainly; a count without a goal', async () => {
    const unitOf = async (h: ServedHabit) => (await call<Data<Statistics>>('GET', `/habits/${h.id}/statistics`)).body.data.unit;
    const water = await habit({ goal: { periodicity: 'daily', value: 64, unit: 'fl oz' } });
    expect(await unitOf(water)).toEqual({ id: 'unit-fl-oz', name: 'fluid ounces', symbol: 'fl oz', type: 'volume' });
    const read = await habit({ name: 'Read', goal: { periodicity: 'weekly', value: 100, unit: 'rep' }, customUnitName: 'pages' });
    expect(await unitOf(read)).toEqual({ id: 'unit-rep', name: 'pages', symbol: 'rep', type: 'scalar' });
    const run = await habit({ name: 'Run', goal: { periodicity: 'daily', value: 5, unit: 'kM' }, customUnitName: 'laps' });
    expect(await unitOf(run)).toEqual({ id: 'unit-km', name: 'laps', symbol: 'kM', type: 'length' });
    const floss = await habit({ name: 'Floss' });
    expect(await unitOf(floss)).toEqual({ id: 'unit-rep', name: 'times', symbol: 'rep', type: 'scalar' });
    const glasses = await habit({ name: 'Glasses', customUnitName: 'glasses' });
    expect(await unitOf(glasses)).toEqual({ id: 'unit-rep', name: 'glasses', symbol: 'rep', type: 'scalar' });
    // The name follows the habit: customUnitName cleared, a goal removed.
    await call('PUT', `/habits/${run.id}`, { customUnitName: null });
    expect(await unitOf(run)).toEqual({ id: 'unit-km', name: 'kilometers', symbol: 'kM', type: 'length' });
    await call('PUT', `/habits/${water.id}`, { goal: null });
    expect(await unitOf(water)).toEqual({ id: 'unit-rep', name: 'times', symbol: 'rep', type: 'scalar' });
  });

  test('defaults to the habit start .. today, and reflects new logs at once', async () => {
    const h = await habit({ startDate: '2026-03-08' });
    const before = (await call<Data<Statistics>>('GET', `/habits/${h.id}/statistics`)).body.data;
    expect(before.dailyProgress.map((p) => p.date)).toEqual(['2026-03-08', '2026-03-09', '2026-03-10']);
    expect(before).toMatchObject({ unit: { id: 'unit-rep', name: 'times', symbol: 'rep', type: 'scalar' }, periodicity: 'daily', completions: 0, currentStreak: 0 });
    await call('POST', `/habits/${h.id}/logs/complete`, { targetDate: '2026-03-09' });
    await call('POST', `/habits/${h.id}/logs/complete`);
    const after = (await call<Data<Statistics>>('GET', `/habits/${h.id}/statistics`)).body.data;
    expect(after).toMatchObject({ completions: 2, currentStreak: 2, totalLogs: 2 });
    // The next day the streak still holds while the day is open.
    clock.set('2026-03-11T08:00:00Z');
    expect((await call<Data<Statistics>>('GET', `/habits/${h.id}/statistics`)).body.data.currentStreak).toBe(2);
    expect((await call('GET', '/habits/-Nope/statistics')).status).toBe(404);
  });

  test('end conditions become met as logs arrive', async () => {
    const h = await habit({ endCondition: { type: 'totalLogValue', totalLogValue: 5 }, goal: { periodicity: 'daily', value: 1, unit: 'rep' } });
    expect(h.endCondition).toMatchObject({ type: 'totalLogValue', totalLogValue: 5, isMet: false });
    await call('POST', `/habits/${h.id}/logs`, { value: 5, unitSymbol: 'rep' });
    expect((await call<Data<ServedHabit>>('GET', `/habits/${h.id}`)).body.data.endCondition!.isMet).toBe(true);
    const dated = await habit({ endCondition: { type: 'date', date: '2026-03-11' } });
    expect(dated.endCondition).toEqual({ id: expect.any(String), type: 'date', createdAt: '2026-03-10T12:00:00.000Z', date: '2026-03-11', isMet: false });
    clock.set('2026-03-11T00:00:00Z');
    expect((await call<Data<ServedHabit>>('GET', `/habits/${dated.id}`)).body.data.endCondition!.isMet).toBe(true);
  });
});
