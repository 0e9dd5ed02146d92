// Every validation rule answers 400 {error: "Validation Error", message, details} naming the field.
import { beforeAll, describe, expect, test } from 'vitest';
import type { Area } from '../../../src/api/types.js';
import { type Data, type Detail, type Invalid, type ServedHabit, createHabit, useService, SERVICE_START } from '../fixtures.js';

const { call } = useService({ start: SERVICE_START, per: 'file' });
let habitId: string;

beforeAll(async () => {
  habitId = (await createHabit(call, { name: 'Base' })).id;
});

/** POSTs a habit with `extra` and returns the details. */
async function createDetails(extra: Record<string, unknown>): Promise<Detail[]> {
  const res = await call<Invalid>('POST', '/habits', { name: 'x', type: 'good', ...extra });
  expect(res.status).toBe(400);
  expect(res.body.error).toBe('Validation Error');
  expect(typeof res.body.message).toBe('string');
  return res.body.details;
}

const fields = async (extra: Record<string, unknown>): Promise<string[]> => (await createDetails(extra)).map((d) => d.field);

describe('habit body', () => {
  test('name and type are required; type is good or bad', async () => {
    const res = await call<Invalid>('POST', '/habits', {});
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([
      { field: 'name', message: 'is required' },
      { field: 'type', message: 'is required (good or bad)' },
    ]);
    expect(await fields({ type: 'Good' })).toEqual(['type']);
    expect(await fields({ name: '   ' })).toEqual(['name']);
    expect(await fields({ name: 'x'.repeat(201) })).toEqual(['name']);
    expect(await fields({ name: 42 })).toEqual(['name']);
    // The limit applies to the name as stored: trimmed first.
    const padded = await call<ServedHabit>('POST', '/habits', { name: `  ${'x'.repeat(200)}  `, type: 'good' });
    expect([padded.status, padded.body.name]).toEqual([201, 'x'.repeat(200)]);
  });

  test('occurrence weekDays: 1-7 unique integers, each 0-6', async () => {
    expect(await createDetails({ occurrence: { type: 'weekDays', days: [0, 7, 3, 3, 1.5, '2'] } })).toEqual([
      { field: 'occurrence.days[1]', message: 'must be an integer between 0 and 6' },
      { field: 'occurrence.days[3]', message: 'duplicates the value 3; items must be unique' },
      { field: 'occurrence.days[4]', message: 'must be an integer between 0 and 6' },
      { field: 'occurrence.days[5]', message: 'must be an integer between 0 and 6' },
    ]);
    expect(await createDetails({ occurrence: { type: 'weekDays', days: [] } })).toEqual([{ field: 'occurrence.days', message: 'must have between 1 and 7 items' }]);
    expect(await fields({ occurrence: { type: 'weekDays', days: [0, 1, 2, 3, 4, 5, 6, 0] } })).toEqual(['occurrence.days']);
    expect(await fields({ occurrence: { type: 'weekDays' } })).toEqual(['occurrence.days']);
    expect(await fields({ occurrence: { type: 'weekDays', days: [-1] } })).toEqual(['occurrence.days[0]']);
  });

  test('occurrence monthDays: 1-31 unique integers, each 1-31', async () => {
    expect(await fields({ occurrence: { type: 'monthDays', days: [0, 32, 31] } })).toEqual(['occurrence.days[0]', 'occurrence.days[1]']);
    expect(await fields({ occurrence: { type: 'monthDays', days: [5, 5] } })).toEqual(['occurrence.days[1]']);
    expect(await fields({ occurrence: { type: 'monthDays', days: [] } })).toEqual(['occurrence.days']);
    const all = Array.from({ length: 31 }, (_, i) => i + 1);
    expect((await call('POST', '/habits', { name: 'x', type: 'good', occurrence: { type: 'monthDays', days: all } })).status).toBe(201);
    expect(await fields({ occurrence: { type: 'monthDays', days: [...all, 1] } })).toEqual(['occurrence.days']);
  });

  test('occurrence intervalDays: an integer >= 1', async () => {
    expect(await createDetails({ occurrence: { type: 'intervalDays', interval: 0 } })).toEqual([{ field: 'occurrence.interval', message: 'must be an integer between 1 and 3650' }]);
    expect(await fields({ occurrence: { type: 'intervalDays', interval: 2.5 } })).toEqual(['occurrence.interval']);
    expect(await fields({ occurrence: { type: 'intervalDays' } })).toEqual(['occurrence.interval']);
    expect(await fields({ occurrence: { type: 'hourly' } })).toEqual(['occurrence.type']);
    expect(await fields({ occurrence: 'daily' })).toEqual(['occurrence']);
  });

  test('goal: periodicity, positive value and a case-sensitive unit, all required', async () => {
    expect(await createDetails({ goal: { periodicity: 'hourly', value: 0, unit: 'km' } })).toEqual([
      { field: 'goal.periodicity', message: 'must be one of: daily, weekly, monthly, yearly' },
      { field: 'goal.value', message: 'must be greater than 0 and at most 1000000000' },
      { field: 'goal.unit', message: expect.stringContaining('must be one of: m, kM, ft') },
    ]);
    expect(await fields({ goal: { periodicity: 'daily', value: 1 } })).toEqual(['goal.unit']);
    expect(await fields({ goal: { periodicity: 'daily', value: '1', unit: 'kM' } })).toEqual(['goal.value']);
    expect(await fields({ goal: { value: 1, unit: 'fl oz' } })).toEqual(['goal.periodicity']);
    expect((await call('POST', '/habits', { name: 'x', type: 'good', goal: { periodicity: 'daily', value: 0.5, unit: 'fl oz' } })).status).toBe(201);
  });

  test('reminder time: hour 0-23 and minute 0-59, required integers', async () => {
    expect(await createDetails({ reminders: { timeTriggers: [{ time: { hour: 24, minute: 60 } }, { time: { hour: 1.5 } }, {}] } })).toEqual([
      { field: 'reminders.timeTriggers[0].time.hour', message: 'must be an integer between 0 and 23' },
      { field: 'reminders.timeTriggers[0].time.minute', message: 'must be an integer between 0 and 59' },
      { field: 'reminders.timeTriggers[1].time.hour', message: 'must be an integer between 0 and 23' },
      { field: 'reminders.timeTriggers[1].time.minute', message: 'must be an integer between 0 and 59' },
      { field: 'reminders.timeTriggers[2].time', message: 'is required (an object with hour and minute)' },
    ]);
    expect(await fields({ reminders: { timeTriggers: [{ time: { hour: -1, minute: 0 } }] } })).toEqual(['reminders.timeTriggers[0].time.hour']);
    expect(await fields({ reminders: { timeTriggers: [{ time: { hour: 1, minute: 0 }, showAsAlarm: 'yes' }] } })).toEqual(['reminders.timeTriggers[0].showAsAlarm']);
  });

  test('reminder occurrenceFilter weekDays: integers 1-7', async () => {
    expect(await createDetails({ reminders: { timeTriggers: [{ time: { hour: 1, minute: 0 }, occurrenceFilter: { weekDays: [0, 8, 7] } }] } })).toEqual([
      { field: 'reminders.timeTriggers[0].occurrenceFilter.weekDays[0]', message: 'must be an integer between 1 and 7' },
      { field: 'reminders.timeTriggers[0].occurrenceFilter.weekDays[1]', message: 'must be an integer between 1 and 7' },
    ]);
    expect(await fields({ reminders: { timeTriggers: [{ time: { hour: 1, minute: 0 }, occurrenceFilter: {} }] } })).toEqual(['reminders.timeTriggers[0].occurrenceFilter.weekDays']);
  });

  test('habit stacks: enums, timerDelaySecs with "after", an existing condition habit', async () => {
    const stack = (s: Record<string, unknown>) => ({ reminders: { habitStacks: [{ conditionHabitId: habitId, type: 'completed', timerType: 'immediately', ...s }] } });
    expect(await createDetails(stack({ type: 'done', timerType: 'later' }))).toEqual([
      { field: 'reminders.habitStacks[0].type', message: 'must be one of: completed, skipped, failed, reminder' },
      { field: 'reminders.habitStacks[0].timerType', message: 'must be one of: immediately, after' },
    ]);
    expect(await createDetails(stack({ timerType: 'after' }))).toEqual([
      { field: 'reminders.habitStacks[0].timerDelaySecs', message: 'is required when timerType is "after"' },
    ]);
    expect(await fields(stack({ timerType: 'after', timerDelaySecs: -1 }))).toEqual(['reminders.habitStacks[0].timerDelaySecs']);
    expect(await fields(stack({ timerType: 'after', timerDelaySecs: 1.5 }))).toEqual(['reminders.habitStacks[0].timerDelaySecs']);
    expect(await fields(stack({ conditionHabitId: undefined }))).toEqual(['reminders.habitStacks[0].conditionHabitId']);
    expect(await createDetails(stack({ conditionHabitId: '-Missing' }))).toEqual([
      { field: 'reminders.habitStacks[0].conditionHabitId', message: 'no habit has the id "-Missing"' },
    ]);
    expect(await fields(stack({ id: 'invented' }))).toEqual(['reminders.habitStacks[0].id']);
    // An immediate stack has no delay: one sent is an error, not silently stored as 0.
    expect(await createDetails(stack({ timerDelaySecs: 600 }))).toEqual([
      { field: 'reminders.habitStacks[0].timerDelaySecs', message: 'must be 0 (or left out) when timerType is "immediately"' },
    ]);
    expect((await call('POST', '/habits', { name: 'x', type: 'good', ...stack({ timerDelaySecs: 0 }) })).status).toBe(201);
    // A habit cannot stack on itself.
    const self = await call<Invalid>('PUT', `/habits/${habitId}`, stack({}));
    expect(self.body.details).toEqual([{ field: 'reminders.habitStacks[0].conditionHabitId', message: 'cannot be the habit itself' }]);
    const ok = await call('POST', '/habits', { name: 'x', type: 'good', ...stack({ timerType: 'after', timerDelaySecs: 0 }) });
    expect(ok.status).toBe(201);
  });

  test('end conditions: each variant with its required field', async () => {
    expect(await createDetails({ endCondition: { type: 'date' } })).toEqual([{ field: 'endCondition.date', message: 'must be a date in YYYY-MM-DD form' }]);
    expect(await createDetails({ endCondition: { type: 'date', date: '2026-02-30' } })).toEqual([{ field: 'endCondition.date', message: 'is not a valid calendar date' }]);
    expect(await fields({ endCondition: { type: 'streak' } })).toEqual(['endCondition.streakLength']);
    expect(await fields({ endCondition: { type: 'streak', streakLength: 0 } })).toEqual(['endCondition.streakLength']);
    expect(await fields({ endCondition: { type: 'successPeriods', totalPeriods: 2.5 } })).toEqual(['endCondition.totalPeriods']);
    expect(await fields({ endCondition: { type: 'totalLogValue' } })).toEqual(['endCondition.totalLogValue']);
    expect(await fields({ endCondition: { type: 'totalLogValue', totalLogValue: -3 } })).toEqual(['endCondition.totalLogValue']);
    expect(await fields({ endCondition: { type: 'forever' } })).toEqual(['endCondition.type']);
  });

  test('dates, colours, time-of-day and area ids', async () => {
    expect(await createDetails({ startDate: '2026-02-30' })).toEqual([{ field: 'startDate', message: 'is not a valid calendar date' }]);
    expect(await fields({ startDate: '2026/03/01' })).toEqual(['startDate']);
    expect(await fields({ startDate: '2023-02-29' })).toEqual(['startDate']);
    expect(await fields({ startDate: '1800-01-01' })).toEqual(['startDate']);
    expect((await call('POST', '/habits', { name: 'x', type: 'good', startDate: '2024-02-29' })).status).toBe(201);
    for (const bad of ['red', '#12345', '#GGGGGG', '123456', '#1234567']) expect(await fields({ colorHex: bad })).toEqual(['colorHex']);
    for (const good of ['#ABCDEF', '#abcdef', '#AbC', '#012']) {
      expect((await call('POST', '/habits', { name: 'x', type: 'good', colorHex: good })).status).toBe(201);
    }
    expect(await createDetails({ timeOfDayIds: ['morning', 'night'] })).toEqual([
      { field: 'timeOfDayIds[1]', message: 'is not a time of day; use morning, afternoon or evening' },
    ]);
    expect(await fields({ timeOfDayIds: ['morning', 'morning'] })).toEqual(['timeOfDayIds[1]']);
    expect(await createDetails({ areaIds: ['-NoArea'] })).toEqual([{ field: 'areaIds[0]', message: 'no area has the id "-NoArea"' }]);
    expect(await fields({ areaIds: 'x' })).toEqual(['areaIds']);
  });

  test('text limits and null on create', async () => {
    expect(await fields({ description: 'x'.repeat(5001) })).toEqual(['description']);
    expect(await fields({ icon: 'x'.repeat(101) })).toEqual(['icon']);
    expect(await fields({ customUnitName: 'x'.repeat(51) })).toEqual(['customUnitName']);
    expect(await fields({ description: null })).toEqual(['description']);
  });

  test('control characters: none in a name, icon or unit name; a description keeps line breaks and tabs', async () => {
    const oneLine = (found: string) => `must be one line of printable text, without control characters (found ${found})`;
    const res = await call<Invalid>('POST', '/habits', { name: 'New\nline', type: 'good' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'Validation Error',
      message: expect.stringContaining('name must be one line of printable text'),
      details: [{ field: 'name', message: oneLine('\\n') }],
    });
    expect(await createDetails({ name: 'Tab\there' })).toEqual([{ field: 'name', message: oneLine('\\t') }]);
    expect(await createDetails({ name: 'Clear\u001b[2J' })).toEqual([{ field: 'name', message: oneLine('\\x1b') }]);
    expect(await createDetails({ name: 'Del\u007f' })).toEqual([{ field: 'name', message: oneLine('\\x7f') }]);
    expect(await createDetails({ name: 'Csi\u009b2J' })).toEqual([{ field: 'name', message: oneLine('\\x9b') }]);
    expect(await createDetails({ name: 'Line\u2028sep' })).toEqual([{ field: 'name', message: oneLine('\\u2028') }]);
    // Invisible characters that make a name show backwards, or like another: refused too.
    expect(await createDetails({ name: 'Virus\u202etxt.exe' })).toEqual([{ field: 'name', message: oneLine('\\u202e') }]);
    expect(await createDetails({ name: 'Wa\u200blk' })).toEqual([{ field: 'name', message: oneLine('\\u200b') }]);
    expect(await createDetails({ description: 'a \u2067b\u2069' })).toEqual([
      { field: 'description', message: 'must not contain control characters other than line breaks and tabs (found \\u2067)' },
    ]);
    // The joiners emoji and scripts need are text.
    const family = await call<ServedHabit>('POST', '/habits', { name: 'Family 👨‍👩‍👧 time', type: 'good', icon: '👨‍👩‍👧' });
    expect([family.status, family.body.name]).toEqual([201, 'Family 👨‍👩‍👧 time']);
    expect(await createDetails({ icon: '🚶\u0007', customUnitName: 'laps\r' })).toEqual([
      { field: 'icon', message: oneLine('\\x07') },
      { field: 'customUnitName', message: oneLine('\\r') },
    ]);
    expect(await createDetails({ description: 'ok\n\tthen \u001b[2J' })).toEqual([
      { field: 'description', message: 'must not contain control characters other than line breaks and tabs (found \\x1b)' },
    ]);
    const multi = await call<ServedHabit>('POST', '/habits', { name: 'Fine', type: 'good', description: 'Line one\r\n\tLine two' });
    expect([multi.status, multi.body.description]).toEqual([201, 'Line one\r\n\tLine two']);
    const renamed = await call<Invalid>('PUT', `/habits/${habitId}`, { name: 'Base\u001b]0;x\u0007' });
    expect([renamed.status, renamed.body.details]).toEqual([400, [{ field: 'name', message: oneLine('\\x1b') }]]);
  });

  test('every problem is reported at once', async () => {
    expect(await fields({ type: 'x', startDate: 'today', colorHex: 'blue', goal: { periodicity: 'daily', value: -1, unit: 'kM' } })).toEqual([
      'type', 'startDate', 'colorHex', 'goal.value',
    ]);
  });

  test('the body must be a JSON object', async () => {
    const res = await call<Invalid>('POST', '/habits', [1, 2]);
    expect(res.body.details).toEqual([{ field: 'body', message: 'must be a JSON object' }]);
    expect((await call<Invalid>('POST', '/habits')).body.details).toEqual([{ field: 'body', message: 'is required (a JSON object)' }]);
    expect((await call('PUT', `/habits/${habitId}`, 'text')).status).toBe(400);
  });
});

describe('other bodies and queries', () => {
  test('log values need a value within ±10^9 and a known unit symbol', async () => {
    const res = await call<Invalid>('POST', `/habits/${habitId}/logs`, { value: -2e9, unitSymbol: 'KM', targetDate: '2026-13-01' });
    expect(res.status).toBe(400);
    expect(res.body.details.map((d) => d.field)).toEqual(['value', 'unitSymbol', 'targetDate']);
    expect((await call<Invalid>('POST', `/habits/${habitId}/logs`, {})).body.details.map((d) => d.field)).toEqual(['value', 'unitSymbol']);
    expect((await call<Invalid>('POST', `/habits/${habitId}/logs`, { value: 1, unitSymbol: 'rep', targetDate: '2027-03-12' })).body.details).toEqual([
      { field: 'targetDate', message: 'is in the future' },
    ]);
  });

  test('marks take an optional targetDate', async () => {
    expect((await call<Invalid>('POST', `/habits/${habitId}/logs/skipped`, { targetDate: '10-03-2026' })).body.details).toEqual([
      { field: 'targetDate', message: 'must be a date in YYYY-MM-DD form' },
    ]);
    expect((await call('POST', `/habits/${habitId}/logs/undo`, { targetDate: 5 })).status).toBe(400);
    expect((await call<Invalid>('POST', `/habits/${habitId}/logs/failed`, [])).body.details).toEqual([{ field: 'body', message: 'must be a JSON object' }]);
  });

  test('notes need one of content, moodLevel, photos; moods and URLs are checked', async () => {
    expect((await call<Invalid>('POST', `/habits/${habitId}/notes`, {})).body.details).toEqual([
      { field: 'body', message: 'must contain at least one of content, moodLevel, photos' },
    ]);
    const res = await call<Invalid>('POST', `/habits/${habitId}/notes`, { content: 7, moodLevel: 'great', photos: ['not a url', 'https://x.test/a.jpg', ''] });
    expect(res.body.details.map((d) => d.field)).toEqual(['content', 'moodLevel', 'photos[0]', 'photos[2]']);
    expect((await call<Invalid>('POST', `/habits/${habitId}/notes`, { content: 'x'.repeat(10_001) })).body.details[0]!.field).toBe('content');
  });

  test('a new note must say something, as an updated one must', async () => {
    const empty = [{ field: 'body', message: 'must have content, a moodLevel or at least one photo' }];
    for (const body of [{ content: '' }, { photos: [] }, { content: '', photos: [] }]) {
      const res = await call<Invalid>('POST', `/habits/${habitId}/notes`, body);
      expect({ body, status: res.status, details: res.body.details }).toEqual({ body, status: 400, details: empty });
    }
    expect((await call('POST', `/habits/${habitId}/notes`, { content: '', moodLevel: 'low' })).status).toBe(201);
  });

  test('areas need a name on create; colour and icon are checked', async () => {
    expect((await call<Invalid>('POST', '/areas', {})).body.details).toEqual([{ field: 'name', message: 'is required' }]);
    expect((await call<Invalid>('POST', '/areas', { name: 'x', colorHex: 'x', icon: 3 })).body.details.map((d) => d.field)).toEqual(['colorHex', 'icon']);
    expect((await call<Invalid>('POST', '/areas', { name: 'a'.repeat(101) })).body.details).toEqual([{ field: 'name', message: 'must be at most 100 characters' }]);
    expect((await call<Data<Area>>('POST', '/areas', { name: ` ${'a'.repeat(100)} ` })).body.data.name).toBe('a'.repeat(100));
  });

  test('area names and icons hold no control characters', async () => {
    const created = await call<Invalid>('POST', '/areas', { name: 'Work\nLife', icon: '💼\u001b[2J' });
    expect([created.status, created.body.error, created.body.details]).toEqual([400, 'Validation Error', [
      { field: 'name', message: 'must be one line of printable text, without control characters (found \\n)' },
      { field: 'icon', message: 'must be one line of printable text, without control characters (found \\x1b)' },
    ]]);
    const area = (await call<Data<Area>>('POST', '/areas', { name: 'Home' })).body.data;
    const renamed = await call<Invalid>('PUT', `/areas/${area.id}`, { name: 'Home\u0085' });
    expect([renamed.status, renamed.body.details]).toEqual([400, [{ field: 'name', message: 'must be one line of printable text, without control characters (found \\x85)' }]]);
  });

  test('journal and statistics dates, and pagination of notes', async () => {
    expect((await call<Invalid>('GET', '/habits/journal?date=2026-02-29')).body.details).toEqual([{ field: 'date', message: 'is not a valid calendar date' }]);
    const stats = await call<Invalid>('GET', `/habits/${habitId}/statistics?startDate=2026-03-10&endDate=2026-03-01`);
    expect(stats.body.details).toEqual([{ field: 'startDate', message: 'must be on or before endDate (2026-03-01)' }]);
    expect((await call<Invalid>('GET', `/habits/${habitId}/statistics?startDate=2010-01-01&endDate=2026-03-01`)).body.details).toEqual([
      { field: 'startDate', message: 'the range must not exceed 3660 days' },
    ]);
    expect((await call<Invalid>('GET', `/habits/${habitId}/statistics?endDate=x`)).body.details[0]!.field).toBe('endDate');
    expect((await call<Invalid>('GET', `/habits/${habitId}/notes?limit=500`)).body.details[0]!.field).toBe('limit');
  });

  test('a list refuses query parameters it does not take, rather than ignore a filter', async () => {
    const cases: [path: string, takes: string][] = [
      ['/habits?archive=true', 'archived, areaId, type, timeOfDay, limit, offset'],
      ['/habits/journal?archive=true', 'date'],
      [`/habits/${habitId}/statistics?archive=true`, 'startDate, endDate'],
      [`/habits/${habitId}/notes?archive=true`, 'limit, offset, from, to'],
      ['/areas?archive=true', 'limit, offset'],
    ];
    for (const [path, takes] of cases) {
      const res = await call<Invalid>('GET', path);
      expect({ path, status: res.status, error: res.body.error, details: res.body.details })
        .toEqual({ path, status: 400, error: 'Validation Error', details: [{ field: 'archive', message: `is not a query parameter of this endpoint (it takes ${takes})` }] });
    }
    // The parameters they take still work.
    expect((await call('GET', '/habits?archived=false&limit=5&offset=0')).status).toBe(200);
    expect((await call('GET', '/habits/journal?date=2026-03-10')).status).toBe(200);
    expect((await call('GET', `/habits/${habitId}/notes?limit=5&offset=0&from=2026-03-01&to=2026-03-10`)).status).toBe(200);
  });

  test('notes from and to: dates or date-times with a zone, from before to', async () => {
    const details = async (q: string): Promise<Detail[]> => (await call<Invalid>('GET', `/habits/${habitId}/notes?${q}`)).body.details;
    const form = 'must be a date (YYYY-MM-DD) or an ISO 8601 date-time with a zone (2026-11-22T07:30:00Z)';
    expect(await details('from=yesterday&to=2026-03-10T25:00:00Z')).toEqual([{ field: 'from', message: form }, { field: 'to', message: form }]);
    expect(await details('from=2026-03-10T08:00:00')).toEqual([{ field: 'from', message: form }]); // no zone: ambiguous
    expect(await details('to=2026-02-30')).toEqual([{ field: 'to', message: 'is not a valid calendar date' }]);
    expect(await details('from=2026-03-10&to=2026-03-09')).toEqual([{ field: 'from', message: 'must be before to' }]);
    expect(await details('from=2026-03-10T12:00:00Z&to=2026-03-10T11:59:59Z')).toEqual([{ field: 'from', message: 'must be before to' }]);
  });
});
