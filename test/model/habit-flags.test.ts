// The flag grammar of habit add/edit: every form and every error, naming the flag.
import { describe, expect, it } from 'vitest';
import { parseFieldFlags, type RawFieldOptions } from '../../src/model/habit-flags.js';
import {
  parseDuration, parseEndCondition, parseMonthDays, parseReminder, parseStack, parseWeekdays,
} from '../../src/model/habit-fields.js';
import { parseGoal } from '../../src/model/goal.js';
import { check, parseColor, parseUnit } from '../../src/model/grammar.js';
import { UsageError } from '../../src/errors.js';

const TODAY = '2026-11-22';
const add = (raw: RawFieldOptions) => parseFieldFlags(raw, TODAY, 'add');
const edit = (raw: RawFieldOptions) => parseFieldFlags(raw, TODAY, 'edit');

/** The one-line usage error a parse throws. */
function usage(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(UsageError);
    return (err as Error).message;
  }
  throw new Error('expected a usage error');
}

describe('weekdays', () => {
  it.each([
    ['mon,wed,fri', [1, 3, 5]],
    ['Monday, Wednesday FRIDAY', [1, 3, 5]],
    ['sun', [0]],
    ['mon-fri', [1, 2, 3, 4, 5]],
    ['fri-mon', [0, 1, 5, 6]],
    ['weekdays', [1, 2, 3, 4, 5]],
    ['weekends', [0, 6]],
    ['weekdays,sat', [1, 2, 3, 4, 5, 6]],
    ['tue,tue,tues', [2]],
    ['thu,thurs,thursday', [4]],
  ])('%s -> %j (Sunday = 0)', (text, days) => {
    expect(parseWeekdays(text)).toEqual(days);
  });

  it('names the flag and the bad word', () => {
    expect(usage(() => add({ days: 'mnn' }))).toBe('--days: "mnn" is not a weekday (use mon,tue,wed,thu,fri,sat,sun, a range like mon-fri, weekdays or weekends)');
    expect(usage(() => add({ days: 'mon-xyz' }))).toMatch(/^--days: "xyz" is not a weekday/);
    expect(usage(() => add({ days: ' , ' }))).toMatch(/^--days: expected weekdays/);
  });
});

describe('month days and interval', () => {
  it('reads lists and ranges, unique and sorted', () => {
    expect(parseMonthDays('15,1')).toEqual([1, 15]);
    expect(parseMonthDays('1-3, 31 2')).toEqual([1, 2, 3, 31]);
  });

  it.each([
    ['0', '--month-days: "0" is not a day of the month (1-31)'],
    ['32', '--month-days: "32" is not a day of the month (1-31)'],
    ['1.5', '--month-days: "1.5" is not a day of the month (1-31)'],
    ['5-1', '--month-days: "5-1" runs backwards; write 1-5'],
  ])('rejects %s', (text, message) => {
    expect(usage(() => add({ monthDays: text }))).toBe(message);
  });

  it('--every takes a whole number of at least 1, optionally with days', () => {
    expect(add({ every: '3' }).occurrence).toEqual({ type: 'intervalDays', interval: 3 });
    expect(add({ every: '10d' }).occurrence).toEqual({ type: 'intervalDays', interval: 10 });
    expect(add({ every: '2 days' }).occurrence).toEqual({ type: 'intervalDays', interval: 2 });
    expect(usage(() => add({ every: '0' }))).toBe('--every: the interval must be a whole number from 1 to 3650, got "0"');
    expect(add({ every: '3650' }).occurrence).toEqual({ type: 'intervalDays', interval: 3650 });
    expect(usage(() => add({ every: '3651' }))).toBe('--every: the interval must be a whole number from 1 to 3650, got "3651"');
    expect(usage(() => add({ every: '1.5' }))).toMatch(/^--every: the interval must be a whole number/);
    expect(usage(() => add({ every: 'often' }))).toMatch(/^--every: /);
  });

  it('the four schedules exclude each other', () => {
    expect(usage(() => add({ daily: true, days: 'mon' }))).toBe('--daily and --days cannot be used together (a habit has one schedule)');
    expect(usage(() => add({ monthDays: '1', every: '2' }))).toBe('--month-days and --every cannot be used together (a habit has one schedule)');
    expect(add({ daily: true }).occurrence).toEqual({ type: 'daily' });
    expect(add({ days: 'sat,sun' }).occurrence).toEqual({ type: 'weekDays', days: [0, 6] });
    expect(add({ monthDays: '1,15' }).occurrence).toEqual({ type: 'monthDays', days: [1, 15] });
  });
});

describe('goal', () => {
  it.each([
    ['30 min daily', { value: 30, unit: 'min', periodicity: 'daily' }],
    ['30 min', { value: 30, unit: 'min', periodicity: 'daily' }],
    ['30min', { value: 30, unit: 'min', periodicity: 'daily' }],
    ['5 km weekly', { value: 5, unit: 'kM', periodicity: 'weekly' }],
    ['2.5KM/week', { value: 2.5, unit: 'kM', periodicity: 'weekly' }],
    ['8000 steps', { value: 8000, unit: 'step', periodicity: 'daily' }],
    ['2 l per day', { value: 2, unit: 'L', periodicity: 'daily' }],
    ['16 fl oz a day', { value: 16, unit: 'fl oz', periodicity: 'daily' }],
    ['1 HR monthly', { value: 1, unit: 'hr', periodicity: 'monthly' }],
    ['2 hours yearly', { value: 2, unit: 'hr', periodicity: 'yearly' }],
    ['20 reps each week', { value: 20, unit: 'rep', periodicity: 'weekly' }],
    ['500 kcal', { value: 500, unit: 'kCal', periodicity: 'daily' }],
    ['100 mcg', { value: 100, unit: 'mcg', periodicity: 'daily' }],
  ])('%s', (text, goal) => {
    expect(parseGoal(text)).toEqual(goal);
    expect(add({ goal: text }).goal).toEqual(goal);
  });

  it('every one of the 26 symbols round-trips in any case', () => {
    for (const unit of ['m', 'kM', 'ft', 'yd', 'mi', 'floor', 'L', 'mL', 'fl oz', 'cup', 'sec', 'min', 'hr', 'ms', 'kg', 'g', 'mg', 'oz', 'lb', 'mcg', 'J', 'kJ', 'kCal', 'cal', 'rep', 'step']) {
      expect(parseUnit(unit.toUpperCase())).toBe(unit);
      expect(parseUnit(unit.toLowerCase())).toBe(unit);
    }
  });

  it('a goal in the unit named by --unit-name is a count of rep', () => {
    expect(add({ goal: '20 pages weekly', unitName: 'Pages' })).toMatchObject({ goal: { value: 20, unit: 'rep', periodicity: 'weekly' }, customUnitName: 'Pages' });
    expect(usage(() => add({ goal: '20 pages', unitName: 'chapters' }))).toMatch(/^--goal: unknown unit "pages": for a unit of your own/);
  });

  it.each([
    ['0 min', '--goal: the goal value must be a number greater than 0, got "0"'],
    ['-5 min', '--goal: the goal value must be a number greater than 0, got "-5"'],
    ['30 minz daily', '--goal: unknown unit "minz": for a unit of your own, write --goal "30 rep daily" --unit-name minz (units: m, km, ft, yd, mi, floor, L, mL, fl oz, cup, sec, min, hr, ms, kg, g, mg, oz, lb, mcg, J, kJ, kcal, cal, rep, step)'],
    // A unit of your own is named with --unit-name; the error says how.
    ['20 pages weekly', '--goal: unknown unit "pages": for a unit of your own, write --goal "20 rep weekly" --unit-name pages (units: m, km, ft, yd, mi, floor, L, mL, fl oz, cup, sec, min, hr, ms, kg, g, mg, oz, lb, mcg, J, kJ, kcal, cal, rep, step)'],
    // A period that is not one names itself and the ones there are.
    ['30 min hourly', '--goal: unknown period "hourly" in "30 min hourly" (use daily, weekly, monthly or yearly)'],
    ['5 km per fortnight', '--goal: unknown period "fortnight" in "5 km per fortnight" (use daily, weekly, monthly or yearly)'],
    ['30', '--goal: expected "<value> <unit> [daily|weekly|monthly|yearly]", e.g. "30 min daily", got "30"'],
    ['min daily', '--goal: expected "<value> <unit> [daily|weekly|monthly|yearly]", e.g. "30 min daily", got "min daily"'],
    ['30 daily', '--goal: expected "<value> <unit> [daily|weekly|monthly|yearly]", e.g. "30 min daily": the unit is missing'],
    ['1e10 step', '--goal: the goal value must be at most 1000000000, got "1e10"'],
  ])('rejects %s', (text, message) => {
    expect(usage(() => add({ goal: text }))).toBe(message);
  });
});

describe('reminders', () => {
  it.each([
    ['07:30', { time: { hour: 7, minute: 30 }, showAsAlarm: false, showLiveActivity: false }],
    ['7:05@mon,tue', { time: { hour: 7, minute: 5 }, occurrenceFilter: { weekDays: [2, 3] }, showAsAlarm: false, showLiveActivity: false }],
    ['21:00@sun,sat!alarm', { time: { hour: 21, minute: 0 }, occurrenceFilter: { weekDays: [1, 7] }, showAsAlarm: true, showLiveActivity: false }],
    ['06:00!live!alarm', { time: { hour: 6, minute: 0 }, showAsAlarm: true, showLiveActivity: true }],
    ['06:00@mon+alarm+live', { time: { hour: 6, minute: 0 }, occurrenceFilter: { weekDays: [2] }, showAsAlarm: true, showLiveActivity: true }],
    ['00:00!alarm@weekdays', { time: { hour: 0, minute: 0 }, occurrenceFilter: { weekDays: [2, 3, 4, 5, 6] }, showAsAlarm: true, showLiveActivity: false }],
    // Every day needs no filter, as on the prompt: the two must not differ.
    ['08:00@mon-sun', { time: { hour: 8, minute: 0 }, showAsAlarm: false, showLiveActivity: false }],
    ['08:00@weekdays,weekends', { time: { hour: 8, minute: 0 }, showAsAlarm: false, showLiveActivity: false }],
  ])('%s (weekDays 1-7, Sunday = 1)', (text, trigger) => {
    expect(parseReminder(text)).toEqual(trigger);
  });

  it.each([
    ['24:00', '--remind: hour 24 is out of range (0-23)'],
    ['07:60', '--remind: minute 60 is out of range (0-59)'],
    ['7', '--remind: expected HH:MM[@days][!alarm][!live], e.g. 07:30@mon-fri!alarm, got "7"'],
    ['07:30!loud', '--remind: unknown reminder option "!loud" (use !alarm or !live)'],
    ['07:30@mon@tue', '--remind: give the days once, e.g. @mon,wed'],
    ['07:30@funday', '--remind: "funday" is not a weekday (use mon,tue,wed,thu,fri,sat,sun, a range like mon-fri, weekdays or weekends)'],
    ['07:30pm', '--remind: unexpected "pm" after the time (use HH:MM[@days][!alarm][!live], 24-hour)'],
  ])('rejects %s', (text, message) => {
    expect(usage(() => add({ remind: [text] }))).toBe(message);
  });

  it('is repeatable; --no-reminders clears and cannot be mixed with --remind', () => {
    expect(add({ remind: ['07:00', '08:00'] }).timeTriggers).toHaveLength(2);
    expect(edit({ reminders: false }).timeTriggers).toEqual([]);
    expect(usage(() => edit({ remind: ['07:00'], reminders: false }))).toBe('--remind and --no-reminders cannot be used together (one sets reminders, the other removes them all)');
  });
});

describe('stacks and durations', () => {
  it.each([
    ['Meditate:completed', { ref: 'Meditate', type: 'completed' }],
    ['Meditate:COMPLETED:after=10m', { ref: 'Meditate', type: 'completed', delaySecs: 600 }],
    ['Morning: stretch:skipped:after=1h30m', { ref: 'Morning: stretch', type: 'skipped', delaySecs: 5400 }],
    ['id:-Nab3:failed', { ref: 'id:-Nab3', type: 'failed' }],
    ['Walk:reminder:after=45s', { ref: 'Walk', type: 'reminder', delaySecs: 45 }],
    ['Walk:done', { ref: 'Walk', type: 'completed' }],
  ])('%s', (text, spec) => {
    expect(parseStack(text)).toEqual(spec);
  });

  it.each([
    ['30s', 30], ['10m', 600], ['1h30m', 5400], ['1h 30m', 5400], ['90 min', 5400], ['2h', 7200], ['1m30s', 90],
  ])('duration %s = %i s', (text, secs) => {
    expect(parseDuration(text)).toBe(secs);
  });

  it.each([
    ['Meditate', '--stack: expected <habit>:<completed|skipped|failed|reminder>[:after=10m], got "Meditate"'],
    ['Meditate:finished', '--stack: "finished" is not a stack trigger (use completed, skipped, failed, reminder)'],
    [':completed', '--stack: the habit is missing: expected <habit>:<completed|skipped|failed|reminder>[:after=10m], got ":completed"'],
    ['Meditate:completed:after=soon', '--stack: "soon" is not a duration (use e.g. 30s, 10m, 1h30m)'],
    ['Meditate:completed:after=0s', '--stack: a delay must be at least 1s; leave out after= to trigger immediately'],
    ['Meditate:completed:after=10', '--stack: "10" is not a duration (use e.g. 30s, 10m, 1h30m)'],
    ['Meditate:completed:after=24h1s', '--stack: a delay must be at most 24h, got "24h1s"'],
  ])('rejects %s', (text, message) => {
    expect(usage(() => add({ stack: [text] }))).toBe(message);
  });
});

describe('end condition, colour, dates, type, texts', () => {
  it.each([
    ['date:2027-01-31', { type: 'date', date: '2027-01-31' }],
    ['date:today', { type: 'date', date: TODAY }],
    ['streak:30', { type: 'streak', streakLength: 30 }],
    ['periods:12', { type: 'successPeriods', totalPeriods: 12 }],
    ['total:42.5', { type: 'totalLogValue', totalLogValue: 42.5 }],
    ['Streak: 7', { type: 'streak', streakLength: 7 }],
  ])('--end %s', (text, end) => {
    expect(parseEndCondition(text, TODAY)).toEqual(end);
  });

  it.each([
    ['date:2027-02-30', '--end: 2027-02-30 is not a real date'],
    ['date:soon', '--end: expected YYYY-MM-DD, today, yesterday, tomorrow, -N (N days ago) or a weekday (mon, monday), got "soon"'],
    ['streak:0', '--end: the streak length must be a whole number from 1 to 100000, got "0"'],
    ['streak:100001', '--end: the streak length must be a whole number from 1 to 100000, got "100001"'],
    ['periods:2.5', '--end: the number of periods must be a whole number from 1 to 100000, got "2.5"'],
    ['total:0', '--end: the total must be a number greater than 0, got "0"'],
    ['total:1000000001', '--end: the total must be at most 1000000000, got "1000000001"'],
    ['forever', '--end: expected date:YYYY-MM-DD, streak:N, periods:N or total:X, got "forever"'],
    ['count:3', '--end: expected date:YYYY-MM-DD, streak:N, periods:N or total:X, got "count:3"'],
  ])('rejects --end %s', (text, message) => {
    expect(usage(() => add({ end: text }))).toBe(message);
  });

  it('normalises colours to #RRGGBB', () => {
    expect(parseColor('#7b61ff')).toBe('#7B61FF');
    expect(parseColor('7B61FF')).toBe('#7B61FF');
    expect(parseColor('#abc')).toBe('#AABBCC');
    expect(parseColor('fa0')).toBe('#FFAA00');
    expect(usage(() => add({ color: 'purple' }))).toBe('--color: "purple" is not a hex colour (use #RRGGBB or #RGB; the # is optional)');
    expect(usage(() => add({ color: '#12345' }))).toBe('--color: "#12345" is not a hex colour (use #RRGGBB or #RGB; the # is optional)');
  });

  it('--start takes dates, today and yesterday', () => {
    expect(add({ start: 'yesterday' }).startDate).toBe('2026-11-21');
    expect(add({ start: '2026-12-01' }).startDate).toBe('2026-12-01');
    expect(usage(() => add({ start: '2026-13-01' }))).toBe('--start: 2026-13-01 is not a real date');
    expect(usage(() => add({ start: 'next week' }))).toBe('--start: expected YYYY-MM-DD, today, yesterday, tomorrow, -N (N days ago) or a weekday (mon, monday), got "next week"');
  });

  it('--type is good or bad on add and refused on edit, saying why', () => {
    expect(add({ type: 'BAD' }).type).toBe('bad');
    expect(usage(() => add({ type: 'ugly' }))).toBe('--type: "ugly" is not a habit type (use good or bad)');
    expect(usage(() => edit({ type: 'bad' }))).toBe("--type: a habit's type cannot be changed after it is created (the API does not allow it)");
  });

  it('texts: trimmed; on edit, --no-x and an empty value clear', () => {
    expect(add({ description: '  Outside  ', icon: '🚶', unitName: 'laps' })).toEqual({ description: 'Outside', icon: '🚶', customUnitName: 'laps' });
    expect(add({ description: '' })).toEqual({});
    expect(edit({ description: false, icon: '', unitName: false })).toEqual({ description: null, icon: null, customUnitName: null });
    expect(edit({ goal: false, end: false, timeOfDay: false, areas: false, stacks: false })).toEqual({
      goal: null, endCondition: null, timeOfDays: [], areas: [], stacks: [],
    });
    expect(usage(() => edit({ name: '   ' }))).toBe('--name: the name must not be empty');
    expect(usage(() => edit({ area: ['Health'], areas: false }))).toMatch(/^--area and --no-areas cannot be used together/);
    expect(usage(() => edit({ stack: ['A:completed'], stacks: false }))).toMatch(/^--stack and --no-stacks cannot be used together/);
    // Commander keeps only the last of --time-of-day and --no-time-of-day; the markers say both came.
    expect(usage(() => edit({ timeOfDay: false, timeOfDayGiven: true, timeOfDayCleared: true }))).toBe(
      '--time-of-day and --no-time-of-day cannot be used together (one sets the times of day, the other removes them all)');
    expect(usage(() => edit({ timeOfDay: ['morning'], timeOfDayGiven: true, timeOfDayCleared: true }))).toMatch(/^--time-of-day and --no-time-of-day cannot/);
    expect(usage(() => add({ area: [' '] }))).toBe('--area: the area reference is empty');
    expect(add({ timeOfDay: ['morning', 'evening', 'morning'] }).timeOfDays).toEqual(['morning', 'evening']);
  });

  it('check() turns a grammar error into the message a prompt shows', () => {
    expect(check(() => parseColor('#abc'))).toBe(true);
    expect(check(() => parseColor('nope'))).toBe('"nope" is not a hex colour (use #RRGGBB or #RGB; the # is optional)');
  });
});

describe('amounts of time a period cannot hold (issue 22)', () => {
  it('a duration goal or value beyond its period is named, with what the period holds; other units have no bound', async () => {
    const { beyondPeriod } = await import('../../src/model/goal.js');
    expect(beyondPeriod(1e9, 'min', 'weekly', 'a goal of')).toBe('a goal of 1,000,000,000 min weekly is more than a week holds (10,080 min)');
    expect(beyondPeriod(30, 'hr', 'daily', 'a goal of')).toBe('a goal of 30 hr daily is more than a day holds (24 hr)');
    expect(beyondPeriod(2000, 'min', 'daily', 'a value of')).toBe('a value of 2,000 min is more than a day holds (1,440 min)');
    expect(beyondPeriod(1440, 'min', 'daily', 'a value of')).toBeUndefined();
    expect(beyondPeriod(744, 'hr', 'monthly', 'a goal of')).toBeUndefined();
    expect(beyondPeriod(1e6, 'kM', 'daily', 'a goal of')).toBeUndefined();
    expect(beyondPeriod(1e6, 'rep', 'daily', 'a goal of')).toBeUndefined();
  });
});
