// Habits that end (docs/local-service.md, "Habits that end"): once its end condition is met, a habit
// is due up to the day it was met and no more. The journal leaves it out after that day, statistics
// do not count the days after it (not due, so not missed), and the habit says when (`metOn`).
// The service's today is 2026-03-10, a Tuesday.
import { describe, expect, test } from 'vitest';
import type { JournalEntry, Statistics } from '../../../src/api/types.js';
import { type Data, type ServedHabit, createHabit, useService, SERVICE_START } from '../fixtures.js';

const { call } = useService({ start: SERVICE_START, per: 'test' });

const habit = (body: Record<string, unknown>): Promise<ServedHabit> => createHabit(call, { name: 'Stretch', type: 'good', startDate: '2026-03-01', ...body });
const journal = async (date: string): Promise<string[]> => (await call<Data<JournalEntry[]>>('GET', `/habits/journal?date=${date}`)).body.data.map((e) => e.name);
const stats = async (id: string, from: string, to: string): Promise<Statistics> => (await call<Data<Statistics>>('GET', `/habits/${id}/statistics?startDate=${from}&endDate=${to}`)).body.data;
const endOf = async (id: string): Promise<ServedHabit['endCondition']> => (await call<Data<ServedHabit>>('GET', `/habits/${id}`)).body.data.endCondition;
const log = (id: string, date: string, value: number, unitSymbol = 'rep') => call('POST', `/habits/${id}/logs`, { value, unitSymbol, targetDate: date });
const done = (id: string, date: string) => call('POST', `/habits/${id}/logs/complete`, { targetDate: date });

describe('an end date', () => {
  test('the date is the last due day: in the journal that day, not after; the habit says met on it', async () => {
    const h = await habit({ endCondition: { type: 'date', date: '2026-03-07' } });
    expect(await journal('2026-03-07')).toEqual(['Stretch']);
    expect(await journal('2026-03-08')).toEqual([]);
    expect(await journal('2026-03-10')).toEqual([]);
    expect(await endOf(h.id)).toMatchObject({ type: 'date', date: '2026-03-07', isMet: true, metOn: '2026-03-07' });
  });

  test('the days after it are not due: a week of 2 done, 2 missed and 3 after the end has a rate of 0.5, not 0.29', async () => {
    // Mon 2 to Sun 8 March, seen on Tuesday the 10th; the habit ends on Thursday the 5th.
    const h = await habit({ endCondition: { type: 'date', date: '2026-03-05' } });
    await done(h.id, '2026-03-02');
    await done(h.id, '2026-03-03');
    const week = await stats(h.id, '2026-03-02', '2026-03-08');
    expect(week).toMatchObject({ completions: 2, fails: 0, skips: 0, completionRate: 0.5, currentStreak: 0, longestStreak: 2 });
    expect(week.dailyProgress.map((d) => [d.date, d.status])).toEqual([
      ['2026-03-02', 'completed'], ['2026-03-03', 'completed'], ['2026-03-04', 'inprogress'], ['2026-03-05', 'inprogress'],
    ]);
    // Without the end the same week counts the three days after it as missed: 2 of 7.
    await call('PUT', `/habits/${h.id}`, { endCondition: null });
    expect((await stats(h.id, '2026-03-02', '2026-03-08')).completionRate).toBe(0.285714);
    expect(await journal('2026-03-10')).toEqual(['Stretch']);
  });

  test('a date not yet reached ends nothing today, and leaves out the days after it', async () => {
    const h = await habit({ endCondition: { type: 'date', date: '2026-03-12' } });
    expect(await endOf(h.id)).toEqual(expect.not.objectContaining({ metOn: expect.anything() }));
    expect(await journal('2026-03-10')).toEqual(['Stretch']);
    expect(await journal('2026-03-13')).toEqual([]);
    expect((await stats(h.id, '2026-03-10', '2026-03-15')).dailyProgress.map((d) => d.date)).toEqual(['2026-03-10', '2026-03-11', '2026-03-12']);
  });

  test('a log after the end is kept and listed, but settles nothing and counts in no rate', async () => {
    const h = await habit({ endCondition: { type: 'date', date: '2026-03-05' }, goal: { periodicity: 'daily', value: 2, unit: 'rep' } });
    await log(h.id, '2026-03-05', 2);
    await log(h.id, '2026-03-09', 2);
    const s = await stats(h.id, '2026-03-05', '2026-03-10');
    expect(s).toMatchObject({ completions: 1, totalLogs: 4, completionRate: 1, currentStreak: 1 });
    expect(s.dailyProgress).toEqual([{ date: '2026-03-05', totalLog: 2, status: 'completed' }, { date: '2026-03-09', totalLog: 2, status: 'inprogress' }]);
  });
});

describe('a total reached', () => {
  test('the day the running total reaches the value is the last due day', async () => {
    const h = await habit({ goal: { periodicity: 'daily', value: 5, unit: 'rep' }, endCondition: { type: 'totalLogValue', totalLogValue: 12 } });
    await log(h.id, '2026-03-02', 5);
    await log(h.id, '2026-03-04', 5);
    expect(await endOf(h.id)).toMatchObject({ isMet: false });
    expect(await endOf(h.id)).not.toHaveProperty('metOn');
    await log(h.id, '2026-03-06', 3);
    expect(await endOf(h.id)).toMatchObject({ isMet: true, metOn: '2026-03-06' });
    expect(await journal('2026-03-06')).toEqual(['Stretch']);
    expect(await journal('2026-03-07')).toEqual([]);
    // Mon 2 to Sun 8: due the 2nd to the 6th, done on two of them; the 7th and 8th are not due.
    const week = await stats(h.id, '2026-03-02', '2026-03-08');
    expect(week).toMatchObject({ completions: 2, completionRate: 0.4 });
    expect(week.dailyProgress.map((d) => d.date)).toEqual(['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06']);
  });

  test('a negative log that takes the total back under the value brings the habit back', async () => {
    const h = await habit({ goal: { periodicity: 'daily', value: 5, unit: 'rep' }, endCondition: { type: 'totalLogValue', totalLogValue: 5 } });
    await log(h.id, '2026-03-03', 5);
    expect(await journal('2026-03-10')).toEqual([]);
    await log(h.id, '2026-03-10', -1);
    expect(await endOf(h.id)).toMatchObject({ isMet: false });
    expect(await journal('2026-03-10')).toEqual(['Stretch']);
  });
});

describe('successful periods and streaks', () => {
  test('N successful days: the N-th is the last due day', async () => {
    const h = await habit({ endCondition: { type: 'successPeriods', totalPeriods: 3 } });
    for (const date of ['2026-03-02', '2026-03-04', '2026-03-06']) await done(h.id, date);
    expect(await endOf(h.id)).toMatchObject({ type: 'successPeriods', isMet: true, metOn: '2026-03-06' });
    expect(await journal('2026-03-06')).toEqual(['Stretch']);
    expect(await journal('2026-03-09')).toEqual([]);
    expect(await stats(h.id, '2026-03-02', '2026-03-08')).toMatchObject({ completions: 3, completionRate: 0.6 });
  });

  test('a weekly goal: the day within the week its goal was reached', async () => {
    const h = await habit({ goal: { periodicity: 'weekly', value: 10, unit: 'rep' }, endCondition: { type: 'successPeriods', totalPeriods: 1 } });
    await log(h.id, '2026-03-02', 4);
    await log(h.id, '2026-03-04', 6);
    await log(h.id, '2026-03-06', 1);
    expect(await endOf(h.id)).toMatchObject({ isMet: true, metOn: '2026-03-04' });
    expect(await journal('2026-03-04')).toEqual(['Stretch']);
    expect(await journal('2026-03-05')).toEqual([]);
  });

  test('a streak of 3: the day it was reached, after a break', async () => {
    const h = await habit({ endCondition: { type: 'streak', streakLength: 3 } });
    for (const date of ['2026-03-01', '2026-03-02', '2026-03-04', '2026-03-05', '2026-03-06']) await done(h.id, date);
    expect(await endOf(h.id)).toMatchObject({ type: 'streak', isMet: true, metOn: '2026-03-06' });
    expect(await journal('2026-03-07')).toEqual([]);
  });

  test('a bad habit ends after N clean days with nothing logged, on the last of them', async () => {
    const h = await habit({ type: 'bad', startDate: '2026-03-05', endCondition: { type: 'successPeriods', totalPeriods: 3 } });
    // The 5th, 6th and 7th are over and clean on the 10th: the 7th was the third.
    expect(await endOf(h.id)).toMatchObject({ isMet: true, metOn: '2026-03-07' });
    expect(await journal('2026-03-10')).toEqual([]);
    expect(await stats(h.id, '2026-03-05', '2026-03-10')).toMatchObject({ completions: 3, fails: 0, completionRate: 1 });
  });

  test('read from a store with years of periods: the stored periods find the day', async () => {
    // A year of daily completions, seen a year later: the 100th success was on 9 June 2025.
    const h = await habit({ startDate: '2025-03-01', endCondition: { type: 'successPeriods', totalPeriods: 100 } });
    for (let d = 0; d < 120; d++) await done(h.id, new Date(Date.UTC(2025, 2, 2 + d)).toISOString().slice(0, 10));
    expect(await endOf(h.id)).toMatchObject({ isMet: true, metOn: '2025-06-09' });
    expect(await stats(h.id, '2025-06-01', '2025-06-30')).toMatchObject({ completions: 9, completionRate: 1 });
  });
});
