// Habit endpoints over real HTTP: create, get, list, update, archive, delete.
import { describe, expect, test } from 'vitest';
import type { Area, Statistics } from '../../../src/api/types.js';
import { startLocalService } from '../../helpers/local-service.js';
import { type Data, type Invalid, type Listed, type ServedHabit, client, createHabit, fakeClock, useService, SERVICE_START } from '../fixtures.js';

const { call, clock, service } = useService({ start: SERVICE_START, per: 'test' });

const PUSH_ID = /^[-0-9A-Za-z_]{20}$/;

async function area(name: string): Promise<string> {
  return (await call<Data<Area>>('POST', '/areas', { name })).body.data.id;
}

const habit = (body: Record<string, unknown> = {}): Promise<ServedHabit> => createHabit(call, body);

describe('POST /habits', () => {
  test('creates with defaults and answers 201 with the bare habit', async () => {
    const res = await call('POST', '/habits', { name: '  Drink water ', type: 'good' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(PUSH_ID),
      name: 'Drink water',
      description: null,
      icon: null,
      colorHex: '#7B61FF',
      type: 'good',
      occurrence: { type: 'daily' },
      startDate: '2026-03-10',
      createdAt: '2026-03-10T12:00:00.000Z',
      isArchived: false,
      logMethod: 'manual',
      challengeId: null,
      customUnitName: null,
      goal: null,
      goals: [],
      areas: [],
      timeOfDays: [],
      reminders: { timeTriggers: [], habitStacks: [] },
      endCondition: null,
    });
  });

  test('today follows the service time zone', async () => {
    const tokyo = await startLocalService({ clock: fakeClock('2026-03-10T20:00:00Z'), timezone: 'Asia/Tokyo' });
    const res = await client(tokyo)<ServedHabit>('POST', '/habits', { name: 'x', type: 'bad' });
    expect(res.body.startDate).toBe('2026-03-11');
    await tokyo.close();
  });

  test('stores every field and returns it as documented', async () => {
    const health = await area('Health');
    const other = await habit({ name: 'Wake up' });
    const res = await call<ServedHabit>('POST', '/habits', {
      name: 'Run', type: 'good', description: 'Easy pace', icon: 'figure.run', colorHex: '#abc', customUnitName: 'laps',
      occurrence: { type: 'weekDays', days: [1, 3, 5] }, startDate: '2026-03-02',
      areaIds: [health], timeOfDayIds: ['evening', 'morning'],
      goal: { periodicity: 'weekly', value: 20, unit: 'kM' },
      reminders: {
        timeTriggers: [{ time: { hour: 7, minute: 30 }, occurrenceFilter: { weekDays: [2, 4] }, showAsAlarm: true }],
        habitStacks: [{ conditionHabitId: other.id, type: 'completed', timerType: 'after', timerDelaySecs: 600 }],
      },
      endCondition: { type: 'successPeriods', totalPeriods: 10 },
    });
    expect(res.status).toBe(201);
    const h = res.body;
    expect(h).toMatchObject({
      name: 'Run', description: 'Easy pace', icon: 'figure.run', colorHex: '#abc', customUnitName: 'laps',
      occurrence: { type: 'weekDays', days: [1, 3, 5] }, startDate: '2026-03-02',
      goal: { periodicity: 'weekly', value: 20, unit: 'kM', isActive: true },
      areas: [{ id: health, name: 'Health' }],
      reminders: {
        timeTriggers: [{ time: { hour: 7, minute: 30 }, occurrenceFilter: { weekDays: [2, 4] }, showAsAlarm: true, showLiveActivity: false }],
        habitStacks: [{ id: expect.stringMatching(PUSH_ID), conditionHabitId: other.id, type: 'completed', timerType: 'after', timerDelaySecs: 600 }],
      },
      endCondition: { id: expect.stringMatching(PUSH_ID), type: 'successPeriods', totalPeriods: 10, periodType: 'weekly', isMet: false, createdAt: '2026-03-10T12:00:00.000Z' },
    });
    expect(h.goals).toEqual([h.goal]);
    expect(h.timeOfDays).toEqual([
      { id: 'evening', name: 'Evening', icon: 'moon', startTime: '18:00:00', endTime: '23:59:59', colorHex: '#5B5FC7' },
      { id: 'morning', name: 'Morning', icon: 'sunrise', startTime: '05:00:00', endTime: '11:59:59', colorHex: '#F5A623' },
    ]);
    // GET returns the same habit, wrapped.
    const got = await call('GET', `/habits/${h.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual({ data: h });
  });

  test('ids are 20-character push ids that sort by creation, some beginning with "-"', async () => {
    const a = await habit();
    const b = await habit();
    expect(a.id).toMatch(PUSH_ID);
    expect(a.id < b.id).toBe(true);
    expect(a.id.startsWith('-')).toBe(true); // 2026 timestamps begin with "-O"
    expect((await call('GET', `/habits/${a.id}`)).status).toBe(200);
  });
});

describe('GET /habits', () => {
  test('paginates active habits in creation order', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await habit({ name: `h${i}` })).id);
    const page = await call<Listed<ServedHabit>>('GET', '/habits?limit=2&offset=1');
    expect(page.status).toBe(200);
    expect(page.body.pagination).toEqual({ total: 5, limit: 2, offset: 1 });
    expect(page.body.data.map((h) => h.id)).toEqual(ids.slice(1, 3));
    const all = await call<Listed<ServedHabit>>('GET', '/habits');
    expect(all.body.pagination).toEqual({ total: 5, limit: 50, offset: 0 });
    expect((await call('GET', '/habits?offset=10')).body).toEqual({ data: [], pagination: { total: 5, limit: 50, offset: 10 } });
  });

  test('filters by archived, area, type and time of day', async () => {
    const work = await area('Work');
    const a = await habit({ name: 'a', areaIds: [work], timeOfDayIds: ['morning'] });
    const b = await habit({ name: 'b', type: 'bad', timeOfDayIds: ['evening'] });
    const c = await habit({ name: 'c' });
    expect((await call('POST', `/habits/${c.id}/archive`)).status).toBe(204);
    const names = async (q: string): Promise<string[]> => (await call<Listed<ServedHabit>>('GET', `/habits${q}`)).body.data.map((h) => h.name);
    expect(await names('')).toEqual(['a', 'b']);
    expect(await names('?archived=false')).toEqual(['a', 'b']);
    expect(await names('?archived=true')).toEqual(['c']);
    expect(await names(`?areaId=${work}`)).toEqual(['a']);
    expect(await names('?type=bad')).toEqual(['b']);
    expect(await names('?timeOfDay=morning')).toEqual(['a']);
    expect(await names('?timeOfDay=evening&type=good')).toEqual([]);
    // Names could collide; the ids say which records matched.
    const ids = async (q: string): Promise<string[]> => (await call<Listed<ServedHabit>>('GET', `/habits${q}`)).body.data.map((h) => h.id);
    expect(await ids(`?areaId=${work}&timeOfDay=morning`)).toEqual([a.id]);
    expect(await ids('?type=bad&timeOfDay=evening')).toEqual([b.id]);
  });

  test('rejects bad query values, one detail each', async () => {
    const res = await call<Invalid>('GET', '/habits?limit=0&offset=-1&archived=yes&type=neutral&timeOfDay=night&areaId=nope');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Validation Error');
    expect(res.body.details.map((x) => x.field)).toEqual(['archived', 'limit', 'offset', 'type', 'timeOfDay']);
    expect((await call<Invalid>('GET', '/habits?limit=101')).body.details).toEqual([{ field: 'limit', message: 'must be an integer between 1 and 100' }]);
    expect((await call('GET', '/habits?limit=1.5')).status).toBe(400);
    expect((await call<Invalid>('GET', '/habits?areaId=nope')).body.details).toEqual([{ field: 'areaId', message: 'no area has the id "nope"' }]);
  });
});

describe('PUT /habits/{id}', () => {
  test('changes only the fields sent and answers {message, data}', async () => {
    const h = await habit({ description: 'old', icon: 'book', goal: { periodicity: 'daily', value: 10, unit: 'min' } });
    clock.advance(60_000);
    const res = await call<{ message: string; data: ServedHabit }>('PUT', `/habits/${h.id}`, { name: 'Read more', description: null, occurrence: { type: 'intervalDays', interval: 2 } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Habit updated successfully');
    expect(res.body.data).toEqual({ ...h, name: 'Read more', description: null, occurrence: { type: 'intervalDays', interval: 2 } });
    expect((await call<Data<ServedHabit>>('GET', `/habits/${h.id}`)).body.data).toEqual(res.body.data);
  });

  test('a new goal deactivates the old one and is appended; null clears it', async () => {
    const h = await habit({ goal: { periodicity: 'daily', value: 10, unit: 'min' } });
    clock.advance(1000);
    const second = (await call<Data<ServedHabit>>('PUT', `/habits/${h.id}`, { goal: { periodicity: 'weekly', value: 2, unit: 'hr' } })).body.data;
    expect(second.goals).toHaveLength(2);
    expect(second.goals[0]).toMatchObject({ id: h.goal!.id, isActive: false, value: 10 });
    expect(second.goals[1]).toMatchObject({ isActive: true, periodicity: 'weekly', value: 2, unit: 'hr', createdAt: '2026-03-10T12:00:01.000Z' });
    expect(second.goal).toEqual(second.goals[1]);
    // The same goal again adds nothing.
    expect((await call<Data<ServedHabit>>('PUT', `/habits/${h.id}`, { goal: { periodicity: 'weekly', value: 2, unit: 'hr' } })).body.data.goals).toHaveLength(2);
    const cleared = (await call<Data<ServedHabit>>('PUT', `/habits/${h.id}`, { goal: null, icon: null, customUnitName: null, endCondition: null })).body.data;
    expect(cleared.goal).toBeNull();
    expect(cleared.goals.every((g) => !g.isActive)).toBe(true);
  });

  test('areaIds and timeOfDayIds replace the assignments', async () => {
    const [x, y] = [await area('x'), await area('y')];
    const h = await habit({ areaIds: [x], timeOfDayIds: ['morning'] });
    const res = (await call<Data<ServedHabit>>('PUT', `/habits/${h.id}`, { areaIds: [y, x], timeOfDayIds: [] })).body.data;
    expect(res.areas.map((a) => a.id)).toEqual([y, x]);
    expect(res.timeOfDays).toEqual([]);
  });

  test('habitStacks replace the set, keeping ids of entries that name an existing stack', async () => {
    const [c1, c2] = [await habit({ name: 'c1' }), await habit({ name: 'c2' })];
    const h = await habit({
      reminders: { habitStacks: [{ conditionHabitId: c1.id, type: 'completed', timerType: 'immediately' }, { conditionHabitId: c2.id, type: 'failed', timerType: 'immediately' }] },
    });
    const s1 = h.reminders.habitStacks[0]!;
    const res = await call<Data<ServedHabit>>('PUT', `/habits/${h.id}`, {
      reminders: { habitStacks: [{ id: s1.id, conditionHabitId: c1.id, type: 'skipped', timerType: 'after', timerDelaySecs: 30 }, { conditionHabitId: c2.id, type: 'reminder', timerType: 'immediately' }] },
    });
    expect(res.status).toBe(200);
    const stacks = res.body.data.reminders.habitStacks;
    expect(stacks[0]).toEqual({ id: s1.id, conditionHabitId: c1.id, type: 'skipped', timerType: 'after', timerDelaySecs: 30 });
    expect(stacks[1]).toMatchObject({ conditionHabitId: c2.id, type: 'reminder', timerDelaySecs: 0 });
    expect(stacks[1]!.id).not.toBe(h.reminders.habitStacks[1]!.id);
    // Time triggers were not sent, so they stay.
    expect(res.body.data.reminders.timeTriggers).toEqual(h.reminders.timeTriggers);
  });

  test('type cannot change; unknown ids are 404', async () => {
    const h = await habit();
    const res = await call<Invalid>('PUT', `/habits/${h.id}`, { type: 'bad', name: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ field: 'type', message: 'cannot be changed after a habit is created' }]);
    expect((await call<Data<ServedHabit>>('GET', `/habits/${h.id}`)).body.data.name).toBe('Read');
    const missing = await call('PUT', '/habits/-Nope', { name: 'x' });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'Not Found', message: 'Habit -Nope not found' });
  });
});

describe('archive and delete', () => {
  test('archive answers 204, then 409; the habit keeps its data', async () => {
    const h = await habit();
    await call('POST', `/habits/${h.id}/logs/complete`, { targetDate: '2026-03-10' });
    const first = await call('POST', `/habits/${h.id}/archive`);
    expect(first.status).toBe(204);
    expect(first.body).toBeUndefined();
    const again = await call('POST', `/habits/${h.id}/archive`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'Conflict', message: `Habit ${h.id} is already archived` });
    expect((await call<Data<ServedHabit>>('GET', `/habits/${h.id}`)).body.data.isArchived).toBe(true);
    expect((await call<Data<Statistics>>('GET', `/habits/${h.id}/statistics`)).body.data.completions).toBe(1);
    expect((await call('POST', '/habits/-Nope/archive')).status).toBe(404);
  });

  test('delete answers 204 and cascades, including stacks of other habits', async () => {
    const target = await habit({ name: 'target', goal: { periodicity: 'daily', value: 1, unit: 'rep' }, endCondition: { type: 'streak', streakLength: 3 },
      reminders: { timeTriggers: [{ time: { hour: 9, minute: 0 } }] } });
    const follower = await habit({ name: 'follower', reminders: { habitStacks: [{ conditionHabitId: target.id, type: 'completed', timerType: 'immediately' }] } });
    await call('POST', `/habits/${target.id}/logs`, { value: 1, unitSymbol: 'rep' });
    await call('POST', `/habits/${target.id}/notes`, { content: 'hi' });
    const res = await call('DELETE', `/habits/${target.id}`);
    expect(res.status).toBe(204);
    expect((await call('GET', `/habits/${target.id}`)).status).toBe(404);
    expect((await call('DELETE', `/habits/${target.id}`)).status).toBe(404);
    expect((await call<Data<ServedHabit>>('GET', `/habits/${follower.id}`)).body.data.reminders.habitStacks).toEqual([]);
    const count = (table: string): number => (service().store.db.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE habit_id = ?`).get(target.id) as { n: number }).n;
    for (const table of ['logs', 'notes', 'goals', 'time_triggers', 'habit_stacks', 'end_conditions', 'habit_areas', 'habit_time_of_days']) {
      expect(count(table), table).toBe(0);
    }
    expect((service().store.db.prepare('SELECT COUNT(*) AS n FROM habit_stacks').get() as { n: number }).n).toBe(0);
  });
});
