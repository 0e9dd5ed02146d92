// Calendar rules: dates, goal periods, schedules and units.
import { describe, expect, test } from 'vitest';
import { dayAtOffset, dayInZone, formatDay, isValidTimeZone, parseDate, startOfDayInZone, weekday } from '../../../src/server/domain/dates.js';
import { periodEnd, periodStart } from '../../../src/server/domain/periods.js';
import { dueChecker } from '../../../src/server/domain/schedule.js';
import { convertUnit } from '../../../src/server/domain/units.js';
import type { Occurrence } from '../../../src/api/types.js';

const d = (s: string): number => {
  const day = parseDate(s);
  if (day === null) throw new Error(`bad date ${s}`);
  return day;
};

/** Due dates between two dates inclusive. */
function dueDates(occurrence: Occurrence, start: string, from: string, to: string): string[] {
  const out: string[] = [];
  const due = dueChecker(occurrence, d(start));
  for (let day = d(from); day <= d(to); day++) if (due(day)) out.push(formatDay(day));
  return out;
}

describe('dates', () => {
  test('the names of UTC and the fixed UTC+14 need no Intl, and agree with it', () => {
    for (const zone of ['UTC', 'Etc/UTC', 'gmt', 'Etc/GMT-0', 'Zulu', 'Universal']) {
      expect(isValidTimeZone(zone)).toBe(true);
      for (const at of ['2026-11-22T23:59:59.999Z', '2026-11-23T00:00:00Z']) {
        expect(dayInZone(new Date(at), zone)).toBe(dayInZone(new Date(at), 'Africa/Abidjan')); // UTC all year, through Intl
      }
    }
    for (const at of ['2026-03-10T09:59:59.999Z', '2026-03-10T10:00:00Z', '2026-07-01T12:00:00Z']) {
      expect(dayAtOffset(new Date(at), 14 * 3_600_000)).toBe(dayInZone(new Date(at), 'Pacific/Kiritimati'));
    }
  });

  test('parses real calendar dates only', () => {
    expect(formatDay(d('2026-03-01'))).toBe('2026-03-01');
    expect(parseDate('2024-02-29')).not.toBeNull();
    expect(parseDate('2023-02-29')).toBeNull();
    expect(parseDate('2026-02-30')).toBeNull();
    expect(parseDate('2026-04-31')).toBeNull();
    expect(parseDate('2026-13-01')).toBeNull();
    expect(parseDate('2026-1-01')).toBeNull();
    expect(parseDate('2026-01-01T00:00:00Z')).toBeNull();
    expect(parseDate('1899-12-31')).toBeNull();
    expect(d('2026-03-01') - d('2026-02-28')).toBe(1);
    expect(d('2024-03-01') - d('2024-02-28')).toBe(2);
  });

  test('weekday numbering has Sunday = 0', () => {
    expect(weekday(d('2026-11-22'))).toBe(0); // a Sunday
    expect(weekday(d('2026-11-23'))).toBe(1);
    expect(weekday(d('1969-12-31'))).toBe(3); // before the epoch too
  });

  test('today depends on the time zone', () => {
    const instant = new Date('2026-01-01T03:00:00Z');
    expect(formatDay(dayInZone(instant, 'UTC'))).toBe('2026-01-01');
    expect(formatDay(dayInZone(instant, 'America/New_York'))).toBe('2025-12-31');
    expect(formatDay(dayInZone(instant, 'Asia/Tokyo'))).toBe('2026-01-01');
  });

  test('the instant a day begins in a zone, across clock changes', () => {
    const start = (date: string, zone: string) => new Date(startOfDayInZone(d(date), zone)).toISOString();
    expect(start('2026-03-10', 'UTC')).toBe('2026-03-10T00:00:00.000Z');
    expect(start('2026-03-10', 'Asia/Tokyo')).toBe('2026-03-09T15:00:00.000Z');
    expect(start('2026-03-10', 'America/Los_Angeles')).toBe('2026-03-10T07:00:00.000Z');
    expect(start('2026-03-29', 'Europe/Berlin')).toBe('2026-03-28T23:00:00.000Z'); // the clocks go forward at 02:00 that day
    expect(start('2026-03-30', 'Europe/Berlin')).toBe('2026-03-29T22:00:00.000Z');
    // Santiago moves its clocks at midnight: on 2026-09-06 the day begins at 01:00 local time.
    expect(start('2026-09-06', 'America/Santiago')).toBe('2026-09-06T04:00:00.000Z');
    expect(start('2026-04-05', 'America/Santiago')).toBe('2026-04-05T04:00:00.000Z');
  });
});

describe('goal periods', () => {
  test('weeks run Monday to Sunday, across month and year ends', () => {
    expect(formatDay(periodStart('weekly', d('2026-11-22')))).toBe('2026-11-16'); // Sunday belongs to the week before
    expect(formatDay(periodStart('weekly', d('2026-11-23')))).toBe('2026-11-23');
    expect(formatDay(periodStart('weekly', d('2027-01-01')))).toBe('2026-12-28');
    expect(formatDay(periodEnd('weekly', d('2026-12-29')))).toBe('2027-01-03');
    expect(formatDay(periodEnd('weekly', d('2026-04-30')))).toBe('2026-05-03');
  });

  test('months and years, with leap days', () => {
    expect(formatDay(periodStart('monthly', d('2024-02-29')))).toBe('2024-02-01');
    expect(formatDay(periodEnd('monthly', d('2024-02-10')))).toBe('2024-02-29');
    expect(formatDay(periodEnd('monthly', d('2025-02-10')))).toBe('2025-02-28');
    expect(formatDay(periodEnd('monthly', d('2026-12-31')))).toBe('2026-12-31');
    expect(formatDay(periodStart('yearly', d('2026-07-04')))).toBe('2026-01-01');
    expect(formatDay(periodEnd('yearly', d('2024-02-29')))).toBe('2024-12-31');
    expect(periodStart('daily', d('2026-07-04'))).toBe(d('2026-07-04'));
  });
});

describe('schedules', () => {
  test('daily is due every day from the start date on', () => {
    expect(dueDates({ type: 'daily' }, '2026-01-03', '2026-01-01', '2026-01-05')).toEqual(['2026-01-03', '2026-01-04', '2026-01-05']);
  });

  test('weekDays uses 0 = Sunday', () => {
    // 2026-11-16 is a Monday.
    expect(dueDates({ type: 'weekDays', days: [0, 1, 5] }, '2026-11-01', '2026-11-16', '2026-11-23')).toEqual([
      '2026-11-16', '2026-11-20', '2026-11-22', '2026-11-23',
    ]);
  });

  test('monthDays: a day past the end of a short month does not occur', () => {
    expect(dueDates({ type: 'monthDays', days: [31] }, '2026-01-01', '2026-01-01', '2026-12-31')).toEqual([
      '2026-01-31', '2026-03-31', '2026-05-31', '2026-07-31', '2026-08-31', '2026-10-31', '2026-12-31',
    ]);
    expect(dueDates({ type: 'monthDays', days: [29, 30] }, '2025-01-01', '2025-02-01', '2025-03-01')).toEqual([]);
    expect(dueDates({ type: 'monthDays', days: [29, 30] }, '2024-01-01', '2024-02-01', '2024-03-01')).toEqual(['2024-02-29']);
    expect(dueDates({ type: 'monthDays', days: [1, 15] }, '2026-01-10', '2026-01-01', '2026-02-01')).toEqual(['2026-01-15', '2026-02-01']);
  });

  test('intervalDays counts from the start date', () => {
    expect(dueDates({ type: 'intervalDays', interval: 3 }, '2026-02-26', '2026-02-20', '2026-03-08')).toEqual([
      '2026-02-26', '2026-03-01', '2026-03-04', '2026-03-07',
    ]);
    expect(dueDates({ type: 'intervalDays', interval: 1 }, '2026-02-27', '2026-02-26', '2026-03-01')).toHaveLength(3);
  });
});

describe('units', () => {
  test('converts within a dimension', () => {
    expect(convertUnit(90, 'min', 'hr')).toBeCloseTo(1.5);
    expect(convertUnit(1500, 'ms', 'sec')).toBeCloseTo(1.5);
    expect(convertUnit(1, 'mi', 'kM')).toBeCloseTo(1.609344);
    expect(convertUnit(3, 'ft', 'yd')).toBeCloseTo(1);
    expect(convertUnit(500, 'mL', 'L')).toBeCloseTo(0.5);
    expect(convertUnit(1, 'cup', 'fl oz')).toBeCloseTo(8);
    expect(convertUnit(1, 'lb', 'oz')).toBeCloseTo(16);
    expect(convertUnit(1000, 'mcg', 'mg')).toBeCloseTo(1);
    expect(convertUnit(1, 'kCal', 'kJ')).toBeCloseTo(4.184);
    expect(convertUnit(1000, 'cal', 'kCal')).toBeCloseTo(1);
  });

  test('does not convert across dimensions', () => {
    expect(convertUnit(1, 'min', 'm')).toBeNull();
    expect(convertUnit(1, 'step', 'rep')).toBeNull();
    expect(convertUnit(1, 'floor', 'm')).toBeNull();
    expect(convertUnit(1, null, 'm')).toBeNull();
    expect(convertUnit(7, 'rep', 'rep')).toBe(7);
  });
});
