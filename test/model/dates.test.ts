import { describe, expect, it } from 'vitest';
import { addDays, dateInZone, daysBetween, isValidDate, isValidTimeZone, localDate, parseDate, instantOn, parseDateArg, parseLogDateArg, systemTimeZone, weekday } from '../../src/model/dates.js';
import { UsageError } from '../../src/errors.js';

describe('dates', () => {
  it('accepts real dates only', () => {
    expect(isValidDate('2026-11-22')).toBe(true);
    expect(isValidDate('2024-02-29')).toBe(true);
    expect(isValidDate('2026-02-29')).toBe(false);
    expect(isValidDate('2026-02-30')).toBe(false);
    expect(isValidDate('2026-13-01')).toBe(false);
    expect(isValidDate('26-11-22')).toBe(false);
  });

  it('computes today in the given zone, not UTC', () => {
    const now = new Date('2026-11-22T23:30:00Z');
    expect(dateInZone(now, 'UTC')).toBe('2026-11-22');
    expect(dateInZone(now, 'Europe/Paris')).toBe('2026-11-23');
    expect(dateInZone(now, 'America/Los_Angeles')).toBe('2026-11-22');
    expect(dateInZone(new Date('2026-11-22T03:00:00Z'), 'America/New_York')).toBe('2026-11-21');
  });

  it("reads today in the system's zone with Date, as Intl names it, whatever TZ says", () => {
    // Node re-reads TZ when it changes; Date's local getters and Intl follow it together.
    const saved = process.env.TZ;
    try {
      process.env.TZ = 'Asia/Tokyo';
      expect(systemTimeZone()).toBe('Asia/Tokyo');
      for (const tz of ['UTC', 'Europe/Paris', 'America/St_Johns', 'Asia/Kolkata', 'Pacific/Chatham', 'Australia/Lord_Howe', 'Pacific/Kiritimati', 'EST5EDT', 'CET-1CEST', 'Not/AZone']) {
        process.env.TZ = tz;
        const zone = systemTimeZone();
        // Every 7h30 over two years crosses each DST change and every hour of the day.
        for (let t = Date.UTC(2025, 0, 1); t < Date.UTC(2027, 0, 1); t += 7.5 * 3_600_000) {
          const now = new Date(t);
          expect(localDate(now), `${tz} at ${now.toISOString()}`).toBe(dateInZone(now, zone));
        }
      }
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });

  it('moves across month, year and leap-day boundaries', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30'); // a DST change in Europe does not matter to dates
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(weekday('2026-11-22')).toBe(0);
  });

  it('parses --date arguments and names the flag in errors', () => {
    expect(parseDateArg('today', '2026-11-22', '--date')).toBe('2026-11-22');
    expect(parseDateArg('Yesterday', '2026-03-01', '--date')).toBe('2026-02-28');
    expect(parseDateArg('2026-01-05', '2026-11-22', '--date')).toBe('2026-01-05');
    expect(() => parseDateArg('2026-02-30', '2026-11-22', '--date')).toThrow(/--date: 2026-02-30 is not a real date/);
    expect(() => parseDateArg('tomorrowish', '2026-11-22', '--from')).toThrow(UsageError);
    expect(() => parseDateArg('tomorrowish', '2026-11-22', '--from')).toThrow(/--from: expected YYYY-MM-DD/);
  });
});

describe('the names of UTC, answered without ICU', () => {
  it('are zones Intl knows, and give the date Intl gives', () => {
    const names = ['UTC', 'Etc/UTC', 'utc', 'UCT', 'Etc/UCT', 'GMT', 'Etc/GMT', 'GMT0', 'Etc/GMT0', 'Etc/GMT+0', 'Etc/GMT-0', 'Greenwich', 'Etc/Greenwich', 'Universal', 'Etc/Universal', 'Zulu', 'Etc/Zulu'];
    for (const zone of names) {
      expect(isValidTimeZone(zone)).toBe(true);
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zone })).not.toThrow();
      for (const at of ['2026-11-22T23:59:59.999Z', '2026-11-23T00:00:00Z', '2028-02-29T12:00:00Z']) {
        const intl = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(at));
        expect(dateInZone(new Date(at), zone)).toBe(intl);
      }
    }
    expect(isValidTimeZone('UTC+1')).toBe(false);
  });

  describe('the relative forms of parseDate', () => {
    // 2026-11-18 is a Wednesday.
    const WED = '2026-11-18';

    it('reads -N as N days ago, across month, year and leap-day boundaries', () => {
      expect(parseDate('-0', WED)).toBe(WED);
      expect(parseDate('-1', WED)).toBe('2026-11-17');
      expect(parseDate('-18', WED)).toBe('2026-10-31');
      expect(parseDate('-1', '2027-01-01')).toBe('2026-12-31');
      expect(parseDate('-1', '2024-03-01')).toBe('2024-02-29');
      expect(parseDate('-365', '2025-01-01')).toBe('2024-01-02');
      expect(parseDate(' -7 ', WED)).toBe('2026-11-11');
    });

    it('refuses -N past a hundred years, and other signed or fractional numbers', () => {
      expect(parseDate('-36600', WED)).toBe(addDays(WED, -36600));
      expect(() => parseDate('-36601', WED)).toThrow(/-36601 goes back more than 36600 days/);
      for (const bad of ['+1', '1', '-1.5', '--1', '-', '-1d', '- 1']) {
        expect(() => parseDate(bad, WED), bad).toThrow(/expected YYYY-MM-DD, today, yesterday, tomorrow, -N \(N days ago\) or a weekday/);
      }
    });

    it('reads a weekday as the most recent such day, today when today is one', () => {
      const expected: Record<string, string> = {
        wed: WED, tue: '2026-11-17', mon: '2026-11-16', sun: '2026-11-15', sat: '2026-11-14', fri: '2026-11-13', thu: '2026-11-12',
      };
      for (const [word, date] of Object.entries(expected)) expect(parseDate(word, WED), word).toBe(date);
      const full = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
      for (const name of full) expect(parseDate(name, WED), name).toBe(expected[name.slice(0, 3)]);
      expect(parseDate('Monday', WED)).toBe('2026-11-16');
      expect(parseDate('FRI', WED)).toBe('2026-11-13');
    });

    it('never reaches further back than six days for a weekday, from every day of a week', () => {
      for (let i = 0; i < 7; i++) {
        const today = addDays('2026-12-28', i); // Monday 28 Dec 2026 to Sunday 3 Jan 2027: across a year end
        for (const word of ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat']) {
          const date = parseDate(word, today);
          expect(daysBetween(date, today), `${word} from ${today}`).toBeGreaterThanOrEqual(0);
          expect(daysBetween(date, today), `${word} from ${today}`).toBeLessThanOrEqual(6);
          expect(['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'][weekday(date)]).toBe(word);
        }
      }
      expect(parseDate('thu', '2027-01-02')).toBe('2026-12-31');
    });

    it('refuses other words and abbreviations', () => {
      expect(parseDate('Tomorrow', WED)).toBe(addDays(WED, 1));
      for (const bad of ['tomorrowish', 'mo', 'tues', 'wednes', 'monday1', 'last monday', '']) {
        expect(() => parseDate(bad, WED), bad).toThrow(/expected YYYY-MM-DD/);
      }
    });

    it('keeps refusing the future for log writes, and allows it for reads', () => {
      expect(parseLogDateArg('-1', WED, '--date')).toBe('2026-11-17');
      expect(parseLogDateArg('wed', WED, '--date')).toBe(WED);
      expect(() => parseLogDateArg('2026-11-19', WED, '--date')).toThrow(/--date: 2026-11-19 is in the future \(today is 2026-11-18/);
      expect(parseDateArg('2026-11-19', WED, '--to')).toBe('2026-11-19');
      expect(() => parseDateArg('-x', WED, '--from')).toThrow(/^--from: expected/);
    });
  });

  it('instantOn keeps the time of day, and lands on the day across a DST change', () => {
    const berlin = (d: Date) => dateInZone(d, 'Europe/Berlin');
    expect(instantOn('2026-11-20', new Date('2026-11-22T12:00:00Z'), berlin).toISOString()).toBe('2026-11-20T12:00:00.000Z');
    // 00:30 CEST on 30 March 2026 is 22:30 UTC on the 29th; a day back in UTC is 23:30 CET on the 28th, so an hour on.
    const afterSpring = new Date('2026-03-29T22:30:00Z');
    expect(berlin(afterSpring)).toBe('2026-03-30');
    expect(berlin(instantOn('2026-03-29', afterSpring, berlin))).toBe('2026-03-29');
    // 23:30 CET on 25 October 2026 is 22:30 UTC; a day back is 00:30 CEST on the 25th, so an hour back.
    const afterAutumn = new Date('2026-10-25T22:30:00Z');
    expect(berlin(instantOn('2026-10-24', afterAutumn, berlin))).toBe('2026-10-24');
    for (let i = 0; i < 400; i++) {
      const now = new Date(Date.UTC(2026, 0, 1) + i * 7.25 * 3_600_000);
      const date = addDays(berlin(now), -(i % 9));
      expect(berlin(instantOn(date, now, berlin)), now.toISOString()).toBe(date);
    }
  });
});
