import { describe, expect, it } from 'vitest';
import { dayAt, formatDayStart, parseDayStart, reminderDate, systemWall, userDay, zoneWall } from '../../src/model/day-start.js';

const at = (iso: string) => new Date(iso);
const paris = { value: 'Europe/Paris', source: 'env' };
const newYork = { value: 'America/New_York', source: 'env' };

describe('parseDayStart', () => {
  it('takes HH:MM and H:MM from 00:00 to 12:00, as minutes', () => {
    expect(parseDayStart('04:00', 'day-start')).toBe(240);
    expect(parseDayStart('4:30', 'day-start')).toBe(270);
    expect(parseDayStart(' 00:00 ', 'day-start')).toBe(0);
    expect(parseDayStart('12:00', 'day-start')).toBe(720);
    expect(formatDayStart(270)).toBe('04:30');
  });

  it('refuses anything else, naming where it came from', () => {
    for (const bad of ['12:01', '13:00', '24:00', '4', '4h', '04:60', '-1:00', '']) {
      expect(() => parseDayStart(bad, 'HABITS_DAY_START'), bad).toThrow(`HABITS_DAY_START: "${bad}" is not a time from 00:00 to 12:00`);
    }
  });
});

describe('userDay', () => {
  it('with day-start 00:00 is the calendar date', () => {
    expect(userDay(at('2026-11-25T23:30:00Z'), paris)).toBe('2026-11-26');
    expect(userDay(at('2026-11-25T23:30:00Z'), { value: 'UTC', source: 'env' })).toBe('2026-11-25');
  });

  it('before day-start is the day before; from day-start on, the calendar date', () => {
    // 01:30 and 03:59 in Paris (UTC+1 in November), then 04:00.
    expect(userDay(at('2026-11-26T00:30:00Z'), paris, 240)).toBe('2026-11-25');
    expect(userDay(at('2026-11-26T02:59:00Z'), paris, 240)).toBe('2026-11-25');
    expect(userDay(at('2026-11-26T03:00:00Z'), paris, 240)).toBe('2026-11-26');
    expect(userDay(at('2026-11-26T01:30:00Z'), { value: 'Etc/UTC', source: 'env' }, 240)).toBe('2026-11-25');
  });

  it('Paris, 2026-10-25, day-start 02:30: the repeated hour does not bring the day before back', () => {
    // 03:00 CEST (01:00Z) becomes 02:00 CET: 02:00 to 02:59 is shown twice.
    expect(userDay(at('2026-10-25T00:15:00Z'), paris, 150)).toBe('2026-10-24'); // 02:15 CEST
    expect(userDay(at('2026-10-25T00:30:00Z'), paris, 150)).toBe('2026-10-25'); // 02:30 CEST: the day begins
    expect(userDay(at('2026-10-25T01:15:00Z'), paris, 150)).toBe('2026-10-25'); // 02:15 CET, the repeat
    expect(userDay(at('2026-10-25T01:45:00Z'), paris, 150)).toBe('2026-10-25'); // 02:45 CET
    expect(userDay(at('2026-10-25T22:59:00Z'), paris, 150)).toBe('2026-10-25'); // 23:59 CET
    expect(userDay(at('2026-10-26T01:00:00Z'), paris, 150)).toBe('2026-10-25'); // 02:00 CET, the next night
  });

  it('Paris, 2026-03-29, day-start 02:30: in the skipped hour the day begins when the clock jumps to 03:00', () => {
    expect(userDay(at('2026-03-29T00:59:00Z'), paris, 150)).toBe('2026-03-28'); // 01:59 CET
    expect(userDay(at('2026-03-29T01:00:00Z'), paris, 150)).toBe('2026-03-29'); // 03:00 CEST
  });

  it('New York, 2026-11-01: day-start 02:30 is reached once, on the second 01:xx; 01:30 is reached on the first', () => {
    // 02:00 EDT (06:00Z) becomes 01:00 EST: 01:00 to 01:59 is shown twice.
    expect(userDay(at('2026-11-01T05:45:00Z'), newYork, 150)).toBe('2026-10-31'); // 01:45 EDT
    expect(userDay(at('2026-11-01T06:45:00Z'), newYork, 150)).toBe('2026-10-31'); // 01:45 EST
    expect(userDay(at('2026-11-01T07:30:00Z'), newYork, 150)).toBe('2026-11-01'); // 02:30 EST
    expect(userDay(at('2026-11-01T05:30:00Z'), newYork, 90)).toBe('2026-11-01'); // 01:30 EDT: begins
    expect(userDay(at('2026-11-01T06:15:00Z'), newYork, 90)).toBe('2026-11-01'); // 01:15 EST: stays
  });

  it("the system's zone (Date's getters) reads as the named zone does", () => {
    const saved = process.env.TZ;
    try {
      process.env.TZ = 'Europe/Paris';
      for (const iso of ['2026-10-25T00:15:00Z', '2026-10-25T00:30:00Z', '2026-10-25T01:15:00Z', '2026-03-29T00:59:00Z', '2026-03-29T01:00:00Z', '2026-11-26T00:30:00Z']) {
        expect(dayAt(at(iso), 150, systemWall), iso).toBe(dayAt(at(iso), 150, zoneWall('Europe/Paris')));
        expect(userDay(at(iso), { value: 'Europe/Paris', source: 'system' }, 150), iso).toBe(userDay(at(iso), paris, 150));
      }
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });
});

describe('reminderDate', () => {
  it('puts a time before day-start on the next calendar date', () => {
    expect(reminderDate('2026-11-25', 60, 240)).toBe('2026-11-26');
    expect(reminderDate('2026-11-25', 240, 240)).toBe('2026-11-25');
    expect(reminderDate('2026-11-25', 60)).toBe('2026-11-25');
  });
});
