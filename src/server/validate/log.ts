// Log bodies: a measured value, and the marks (complete, failed, skipped, undo) that carry only a
// date. Whether the date is on or after the habit's start is the handler's check.
import { GOAL_UNITS, type GoalUnit } from '../../api/types.js';
import { type Day, dayAtOffset } from '../domain/dates.js';
import { dayValue, oneOf, signedAmount } from './fields.js';
import { Issues, bodyObject } from './issues.js';
import { LIMITS } from './limits.js';

/**
 * The days a log may carry: `today` (the service's) when the body names none, and nothing after
 * `latest`. For a write, `latest` is today in the zone furthest ahead (UTC+14): the service cannot
 * see the client's zone, and no later day has begun anywhere. Undo may clear any day up to
 * LIMITS.futureLogDays ahead, so logs written before this rule can still be removed.
 */
export interface LogDays {
  today: Day;
  latest: Day;
}

/**
 * The last day a log may be written for at the instant `now`: today in UTC+14 (Pacific/Kiritimati,
 * which keeps no daylight saving time: a fixed offset, no Intl needed). The importer holds a
 * document's history to it too.
 */
export function latestLogDay(now: Date): Day {
  return dayAtOffset(now, 14 * 3_600_000);
}

/** The days of a write (complete, failed, skipped, a value) as of `today` and the instant `now`. */
export function writeDays(today: Day, now: Date): LogDays {
  return { today, latest: latestLogDay(now) };
}

/** The days an undo may clear. */
export function undoDays(today: Day): LogDays {
  return { today, latest: today + LIMITS.futureLogDays };
}

function targetDate(value: unknown, days: LogDays, issues: Issues): Day | undefined {
  if (value === undefined) return days.today;
  const day = dayValue(value, 'targetDate', issues);
  if (day !== undefined && day > days.latest) return issues.add('targetDate', 'is in the future');
  return day;
}

/**
 * An amount a log records: any finite number from -LIMITS.amount to LIMITS.amount. Production's
 * schema sets no minimum, and a client lowers a day's total by logging a negative difference; 0
 * changes nothing and is taken too. The importer writes each day's total as one such log, and
 * holds it to the same.
 */
export function logAmount(value: unknown, field: string, issues: Issues): number | undefined {
  return signedAmount(value, field, issues, LIMITS.amount);
}

/**
 * POST .../logs: a value (a negative one lowers the day's total), its unit, and the day (default
 * today). An empty `unitSymbol` is null, "no unit": the handler allows it only on a habit without
 * a goal (a client that shows a goal-less habit has no symbol to send).
 */
export function parseLogValue(body: unknown, days: LogDays): { value: number; unitSymbol: GoalUnit | null; day: Day } {
  const issues = new Issues();
  const obj = bodyObject(body, issues);
  if (!obj) return issues.done() as never;
  const value = obj.value === undefined ? issues.add('value', 'is required') : logAmount(obj.value, 'value', issues);
  const unitSymbol =
    obj.unitSymbol === undefined ? issues.add('unitSymbol', 'is required') : obj.unitSymbol === '' ? null : oneOf(obj.unitSymbol, 'unitSymbol', issues, GOAL_UNITS);
  const day = targetDate(obj.targetDate, days, issues);
  issues.done();
  return { value: value ?? 0, unitSymbol: unitSymbol === undefined ? 'rep' : unitSymbol, day: day ?? days.today };
}

/** POST .../logs/complete|failed|skipped|undo: an optional body with an optional targetDate; the day. */
export function parseMark(body: unknown, days: LogDays): Day {
  const issues = new Issues();
  const obj = bodyObject(body, issues, false);
  if (!obj) return issues.done() as never;
  const day = targetDate(obj.targetDate, days, issues);
  issues.done();
  return day ?? days.today;
}
