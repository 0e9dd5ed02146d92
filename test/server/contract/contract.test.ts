// The response contract (responses.ts) held against the local service's real answers: a realistic
// account (habits with and without goals, every occurrence and goal period, areas, notes, logs,
// statistics, the journal) and the errors 400, 401, 404, 405, 409, 413 and 429. Every answer must
// conform; every route must have been answered with success; the contract must refuse the shapes
// the service used to send.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Area, Habit, Note } from '../../../src/api/types.js';
import { ROUTES } from '../../../src/server/http/router.js';
import { type LocalService, startLocalService } from '../../helpers/local-service.js';
import { type Answer, type Call, type Logged, SERVICE_START, client, fakeClock, useService } from '../fixtures.js';
import { CONTRACT, journalEntry, logEntry, responseSchema, routeOf, statistics } from './responses.js';
import { validate } from './schema.js';

const fx = useService({ start: SERVICE_START, per: 'file' });

/** Statuses seen per route key (null: no route). */
const seen = new Map<string, Set<number>>();

/** Sends a request through `call` and holds the answer to the contract. */
function checked(call: Call) {
  return async <T = unknown>(method: string, path: string, body?: unknown, init?: { headers?: Record<string, string>; raw?: string }): Promise<Answer<T>> => {
    const res = await call<T>(method, path, body, init);
    const key = routeOf(method, path);
    const schema = responseSchema(key, res.status);
    const where = `${method} ${path} -> ${res.status}`;
    expect(schema, `${where}: no such answer in the contract (${key ?? 'no route'})`).toBeDefined();
    expect(validate(schema!, res.body), where).toEqual([]);
    const statuses = seen.get(key ?? 'none') ?? new Set<number>();
    statuses.add(res.status);
    seen.set(key ?? 'none', statuses);
    return res;
  };
}

const hit = checked((...args) => fx.call(...args));

/** Everything the account holds, created in beforeAll. */
const ids: Record<string, string> = {};

async function create(body: Record<string, unknown>): Promise<Habit> {
  const res = await hit<Habit>('POST', '/habits', body);
  expect(res.status).toBe(201);
  ids[String(body.name)] = res.body.id;
  return res.body;
}

async function log(name: string, kind: 'logs' | 'logs/complete' | 'logs/failed' | 'logs/skipped', targetDate: string, value?: [number, string]): Promise<string> {
  const body = value ? { value: value[0], unitSymbol: value[1], targetDate } : { targetDate };
  const res = await hit<Logged>('POST', `/habits/${ids[name]}/${kind}`, body);
  expect(res.status).toBe(201);
  return res.body.logId;
}

beforeAll(async () => {
  const health = (await hit<{ data: Area }>('POST', '/areas', { name: 'Health', colorHex: '#00AA00', icon: 'heart' })).body.data;
  const work = (await hit<{ data: Area }>('POST', '/areas', { name: 'Work' })).body.data;
  ids.health = health.id;
  ids.work = work.id;
  await create({ name: 'Floss', type: 'good', startDate: '2026-02-01' });
  await create({
    name: 'Walk', type: 'good', startDate: '2026-02-01', icon: 'figure.walk', colorHex: '#FF6B6B', description: 'Around the block',
    occurrence: { type: 'weekDays', days: [1, 3, 5] }, goal: { periodicity: 'daily', value: 30, unit: 'min' }, areaIds: [health.id],
    timeOfDayIds: ['morning', 'evening'], endCondition: { type: 'date', date: '2026-12-31' },
    reminders: { timeTriggers: [{ time: { hour: 7, minute: 30 }, occurrenceFilter: { weekDays: [2, 4, 6] }, showAsAlarm: true }, { time: { hour: 19, minute: 0 } }] },
  });
  await create({
    name: 'Run', type: 'good', startDate: '2026-01-05', occurrence: { type: 'monthDays', days: [1, 10, 20, 31] },
    goal: { periodicity: 'weekly', value: 10, unit: 'kM' }, endCondition: { type: 'streak', streakLength: 4 }, customUnitName: 'laps',
    reminders: { habitStacks: [{ conditionHabitId: ids.Walk, type: 'completed', timerType: 'after', timerDelaySecs: 600 }] },
  });
  await create({
    name: 'Water', type: 'good', startDate: '2026-01-01', occurrence: { type: 'intervalDays', interval: 2 },
    goal: { periodicity: 'monthly', value: 20, unit: 'L' }, endCondition: { type: 'successPeriods', totalPeriods: 2 }, areaIds: [health.id, work.id],
  });
  await create({ name: 'Read', type: 'good', startDate: '2026-01-01', goal: { periodicity: 'yearly', value: 50, unit: 'hr' }, timeOfDayIds: ['afternoon'] });
  await create({ name: 'Sugar', type: 'bad', startDate: '2026-03-01', goal: { periodicity: 'daily', value: 30, unit: 'g' }, endCondition: { type: 'totalLogValue', totalLogValue: 500 } });
  await create({ name: 'Smoking', type: 'bad', startDate: '2026-03-01' });
  // Ended: on a date passed, and by a total reached; each answers `metOn`.
  await create({ name: 'Stretch', type: 'good', startDate: '2026-02-01', endCondition: { type: 'date', date: '2026-03-05' } });
  await create({ name: 'Pages', type: 'good', startDate: '2026-03-01', goal: { periodicity: 'daily', value: 10, unit: 'rep' }, endCondition: { type: 'totalLogValue', totalLogValue: 25 } });
  await create({ name: 'Old', type: 'good', startDate: '2026-01-01' });
  expect((await hit('POST', `/habits/${ids.Old}/archive`)).status).toBe(204);

  await log('Floss', 'logs/complete', '2026-03-08');
  await log('Floss', 'logs/complete', '2026-03-09');
  await log('Floss', 'logs', '2026-03-10', [1, '']);
  await log('Walk', 'logs', '2026-03-09', [20, 'min']);
  await log('Walk', 'logs', '2026-03-09', [0.25, 'hr']);
  await log('Walk', 'logs/skipped', '2026-03-06');
  await log('Walk', 'logs/failed', '2026-03-04');
  await log('Walk', 'logs', '2026-03-07', [45, 'min']); // a Saturday: not due
  await log('Walk', 'logs', '2026-03-10', [-10, 'min']); // a Tuesday: a total below 0, listed
  await log('Walk', 'logs', '2026-03-09', [0, 'min']);
  await log('Run', 'logs', '2026-03-01', [5000, 'm']);
  await log('Run', 'logs', '2026-03-10', [6.2, 'mi']);
  await log('Water', 'logs', '2026-03-03', [750, 'mL']);
  await log('Water', 'logs/complete', '2026-03-09');
  await log('Read', 'logs', '2026-03-10', [45, 'min']);
  await log('Read', 'logs', '2026-03-10', [-2, 'hr']); // the year's progress below 0
  await log('Sugar', 'logs', '2026-03-02', [12, 'g']);
  await log('Sugar', 'logs', '2026-03-03', [40, 'g']);
  await log('Sugar', 'logs', '2026-03-03', [-15, 'g']); // back under the limit
  await log('Sugar', 'logs/complete', '2026-03-04');
  await log('Smoking', 'logs/failed', '2026-03-05');
  for (const day of ['2026-03-02', '2026-03-03', '2026-03-04']) await log('Pages', 'logs', day, [10, 'rep']);
  for (const [content, moodLevel, photos] of [['Felt strong', 'high', []], [undefined, 'veryLow', ['https://img.test/1.jpg']], ['Rain', undefined, undefined]] as const) {
    const res = await hit<Note>('POST', `/habits/${ids.Walk}/notes`, { content, moodLevel, photos });
    expect(res.status).toBe(201);
    fx.clock.advance(60_000);
  }
});

describe('every answer conforms to the contract', () => {
  test('habits: list and filters, one habit, update, delete', async () => {
    expect((await hit('GET', '/habits')).status).toBe(200);
    for (const q of ['archived=true', `areaId=${ids.health}`, 'type=bad', 'timeOfDay=morning', 'limit=2&offset=2']) expect((await hit('GET', `/habits?${q}`)).status).toBe(200);
    for (const name of ['Floss', 'Walk', 'Run', 'Water', 'Read', 'Sugar', 'Smoking', 'Old', 'Stretch', 'Pages']) {
      const res = await hit<{ data: Habit }>('GET', `/habits/${ids[name]}`);
      expect(res.status).toBe(200);
      if (name === 'Stretch' || name === 'Pages') expect(res.body.data.endCondition).toMatchObject({ isMet: true, metOn: name === 'Stretch' ? '2026-03-05' : '2026-03-04' });
    }
    expect((await hit('PUT', `/habits/${ids.Read}`, { name: 'Read more', description: null, goal: { periodicity: 'weekly', value: 5, unit: 'hr' } })).status).toBe(200);
    expect((await hit('PUT', `/habits/${ids.Smoking}`, { icon: 'nosign', occurrence: { type: 'weekDays', days: [0, 6] } })).status).toBe(200);
    const gone = await create({ name: 'Temp', type: 'good' });
    expect((await hit('DELETE', `/habits/${gone.id}`)).status).toBe(204);
  });

  test('the journal, on several dates', async () => {
    for (const date of ['2026-03-01', '2026-03-04', '2026-03-07', '2026-03-09', '2026-03-10', '2026-03-11']) {
      expect((await hit('GET', `/habits/journal?date=${date}`)).status).toBe(200);
    }
    expect((await hit('GET', '/habits/journal')).status).toBe(200);
  });

  test('statistics of every habit, over default and given ranges', async () => {
    for (const name of ['Floss', 'Walk', 'Run', 'Water', 'Read', 'Sugar', 'Smoking', 'Old', 'Stretch', 'Pages']) {
      expect((await hit('GET', `/habits/${ids[name]}/statistics`)).status).toBe(200);
      expect((await hit('GET', `/habits/${ids[name]}/statistics?startDate=2026-02-20&endDate=2026-03-15`)).status).toBe(200);
    }
  });

  test('logs: list, undo, delete, marks again', async () => {
    expect((await hit('GET', `/habits/${ids.Walk}/logs?date=2026-03-09`)).status).toBe(200);
    expect((await hit('GET', `/habits/${ids.Water}/logs?from=2026-03-01&to=2026-03-31`)).status).toBe(200);
    expect((await hit('GET', `/habits/${ids.Floss}/logs`)).status).toBe(200);
    const logId = await log('Read', 'logs', '2026-03-09', [1, 'hr']);
    expect((await hit('DELETE', `/habits/${ids.Read}/logs/${logId}`)).status).toBe(200);
    expect((await hit('POST', `/habits/${ids.Floss}/logs/undo`, { targetDate: '2026-03-08' })).status).toBe(200);
    expect((await hit('POST', `/habits/${ids.Floss}/logs/undo`)).status).toBe(200);
    expect((await hit('POST', `/habits/${ids.Floss}/logs/failed`, { targetDate: '2026-03-09' })).status).toBe(201);
    expect((await hit('POST', `/habits/${ids.Floss}/logs/skipped`)).status).toBe(201);
  });

  test('notes: list, ranges, update, delete', async () => {
    const notes = (await hit<{ data: Note[] }>('GET', `/habits/${ids.Walk}/notes`)).body.data;
    expect(notes).toHaveLength(3);
    expect((await hit('GET', `/habits/${ids.Walk}/notes?limit=1&offset=1`)).status).toBe(200);
    expect((await hit('GET', `/habits/${ids.Walk}/notes?from=2026-03-10&to=2026-03-10T12:01:00Z`)).status).toBe(200);
    expect((await hit('PUT', `/habits/${ids.Walk}/notes/${notes[0]!.id}`, { moodLevel: null, photos: ['https://img.test/2.jpg'] })).status).toBe(200);
    expect((await hit('DELETE', `/habits/${ids.Walk}/notes/${notes[2]!.id}`)).status).toBe(204);
  });

  test('areas: list, page, get, update, delete', async () => {
    expect((await hit('GET', '/areas')).status).toBe(200);
    expect((await hit('GET', '/areas?limit=1')).status).toBe(200);
    expect((await hit('GET', `/areas/${ids.work}`)).status).toBe(200);
    expect((await hit('PUT', `/areas/${ids.work}`, { icon: 'briefcase' })).status).toBe(200);
    const temp = (await hit<{ data: Area }>('POST', '/areas', { name: 'Temp' })).body.data;
    expect((await hit('DELETE', `/areas/${temp.id}`)).status).toBe(204);
  });

  test('errors: 400, 401, 404, 405, 409, 413', async () => {
    const bad = [
      ['POST', '/habits', { name: '', type: 'ugly', occurrence: { type: 'weekDays', days: [9] } }],
      ['GET', '/habits?archived=maybe'],
      ['GET', '/habits?archive=true'],
      ['GET', '/habits/journal?date=2026-02-30'],
      ['GET', `/habits/${ids.Walk}/statistics?startDate=2026-03-10&endDate=2026-03-01`],
      ['GET', `/habits/${ids.Walk}/notes?from=soon`],
      ['GET', `/habits/${ids.Walk}/logs?date=2026-03-01&from=2026-03-01`],
      ['POST', `/habits/${ids.Walk}/logs`, { value: -2e9, unitSymbol: 'km' }],
      ['POST', `/habits/${ids.Walk}/logs`, { value: 1, unitSymbol: '' }],
      ['POST', `/habits/${ids.Walk}/logs/complete`, { targetDate: '2020-01-01' }],
      ['POST', `/habits/${ids.Walk}/notes`, {}],
      ['PUT', `/areas/${ids.work}`, { colorHex: 'green' }],
    ] as const;
    for (const [method, path, body] of bad) expect((await hit(method, path, body)).status, `${method} ${path}`).toBe(400);
    expect((await hit('GET', '/habits', undefined, { headers: { 'x-api-key': '' } })).status).toBe(401);
    expect((await hit('GET', '/habits/journal', undefined, { headers: { 'x-api-key': 'hb_wrong' } })).status).toBe(401);
    for (const [method, path] of [['GET', '/habits/-Nope'], ['GET', '/habits/-Nope/statistics'], ['GET', '/habits/-Nope/logs'], ['DELETE', `/habits/${ids.Walk}/logs/-Nope`],
      ['PUT', `/habits/${ids.Walk}/notes/-Nope`], ['GET', '/areas/-Nope'], ['DELETE', '/areas/-Nope'], ['GET', '/nothing/here']] as const) {
      expect((await hit(method, path, method === 'PUT' ? { content: 'x' } : undefined)).status, `${method} ${path}`).toBe(404);
    }
    expect((await hit('PATCH', '/habits', {})).status).toBe(405);
    expect((await hit('GET', `/habits/${ids.Walk}/notes/x`)).status).toBe(405);
    expect((await hit('POST', `/habits/${ids.Old}/archive`)).status).toBe(409);
    await log('Sugar', 'logs/failed', '2026-03-06');
    expect((await hit('POST', `/habits/${ids.Sugar}/logs/failed`, { targetDate: '2026-03-06' })).status).toBe(409);
    expect((await hit('POST', '/habits', undefined, { raw: JSON.stringify({ name: 'x'.repeat(1_100_000), type: 'good' }), headers: { 'content-type': 'application/json' } })).status).toBe(413);
  });

  describe('429', () => {
    let limited: LocalService;
    beforeAll(async () => {
      limited = await startLocalService({ clock: fakeClock(SERVICE_START), rateLimit: { limit: 2, windowMs: 60_000 } });
    });
    afterAll(() => limited.close());

    test('past the rate limit', async () => {
      const call = checked(client(limited));
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await call('GET', '/habits')).status);
      statuses.push((await call('POST', '/areas', { name: 'x' })).status);
      expect(statuses).toEqual([200, 200, 429, 429]);
    });
  });

  test('every route was answered with success, and every error status was seen', () => {
    const succeeded = ROUTES.filter((key) => [...(seen.get(key) ?? [])].some((s) => s < 300));
    expect(succeeded).toEqual([...ROUTES]);
    expect(Object.keys(CONTRACT).sort()).toEqual([...ROUTES].sort());
    const statuses = new Set([...seen.values()].flatMap((s) => [...s]));
    for (const status of [400, 401, 404, 405, 409, 413, 429]) expect(statuses.has(status), `status ${status}`).toBe(true);
  });
});

describe('the contract refuses the shapes the service used to send', () => {
  const stats = {
    id: 'h1', name: 'Walk', type: 'good', totalLogs: 30, skips: 0, fails: 0, completions: 1, unit: { id: 'unit-min', name: 'minutes', symbol: 'min', type: 'duration' },
    periodicity: 'daily', avg: 30, dailyProgress: [{ date: '2026-03-10', totalLog: 30, status: 'completed' }],
    currentStreak: 1, longestStreak: 1, completionRate: 1,
  };
  const entry = { id: 'h1', name: 'Walk', status: 'completed', colorHex: '#7B61FF', icon: null, timeOfDayIds: [], type: 'good', currentStreak: { length: 3, unit: 'day' } };

  test('it takes the shapes served now', () => {
    expect(validate(statistics, stats)).toEqual([]);
    expect(validate(journalEntry, entry)).toEqual([]);
  });

  test('statistics unit as a symbol string', () => {
    expect(validate(statistics, { ...stats, unit: 'min' })).toEqual(['$.unit: expected an object, got "min"']);
  });

  test('statistics unit as {symbol, type}, or null for a habit without a goal', () => {
    expect(validate(statistics, { ...stats, unit: { symbol: 'min', type: 'duration' } })).toEqual(['$.unit.id: is missing', '$.unit.name: is missing']);
    expect(validate(statistics, { ...stats, unit: null })).toEqual(['$.unit: expected an object, got null']);
  });

  test('a day that is not due as `none`', () => {
    const none = { ...stats, dailyProgress: [{ date: '2026-03-09', totalLog: 0, status: 'none' }] };
    expect(validate(statistics, none)).toEqual(['$.dailyProgress[0].status: expected one of "completed", "skipped", "failed", "inprogress", got "none"']);
  });

  test('a streak in weeks', () => {
    expect(validate(journalEntry, { ...entry, currentStreak: { length: 3, unit: 'week' } })).toEqual(['$.currentStreak.unit: expected one of "day", got "week"']);
  });

  test('a log whose type is its kind, without a kind', () => {
    const log = { id: 'l', type: 'value', date: '2026-03-10', value: 1, unitSymbol: 'kM', createdAt: '2026-03-10T12:00:00.000Z', localLastModifiedDate: 1 };
    expect(validate(logEntry, log)).toEqual(['$.type: expected one of "manual", "auto", got "value"', '$.kind: is missing']);
    expect(validate(logEntry, { ...log, type: 'manual', kind: 'value' })).toEqual([]);
  });

  test('a field gone, a field added, a type changed', () => {
    const { avg: _avg, ...withoutAvg } = stats;
    expect(validate(statistics, withoutAvg)).toEqual(['$.avg: is missing']);
    expect(validate(statistics, { ...stats, streak: 1 })).toEqual(['$.streak: is not part of the contract']);
    expect(validate(logEntry, { id: 'l', type: 'manual', kind: 'mark', date: '2026-03-10', value: '1', unitSymbol: 'km', createdAt: '2026-03-10', localLastModifiedDate: 1 })).toEqual([
      '$.kind: expected one of "value", "completed", "failed", "skipped", got "mark"',
      '$.value: expected a number, got "1"',
      '$.unitSymbol: expected one of "m", "kM", "ft", "yd", "mi", "floor", "L", "mL", "fl oz", "cup", "sec", "min", "hr", "ms", "kg", "g", "mg", "oz", "lb", "mcg", "J", "kJ", "kCal", "cal", "rep", "step", got "km"',
      '$.createdAt: expected an ISO 8601 date-time, got "2026-03-10"',
    ]);
  });
});
