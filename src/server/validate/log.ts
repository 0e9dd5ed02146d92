// Log bodies: a measured value, and the marks (complete, failed, skipped, undo) that carry only a
// date. Whether the date is on or after the habit's start is the handler's check.
import { GOAL_UNITS, type GoalUnit } from '../../api/types.js';
import { type Day, dayAtOffset } from '../domain/dates.js';
import { dayValue, oneOf, positive } from './fields.js';
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

/** The days of a write (complete, failed, skipped, a value) as of `today` and the instant `now`. */
export function writeDays(today: Day, now: Date): LogDays {
  // UTC+14 (Pacific/Kiritimati) keeps no daylight saving time: a fixed offset, no Intl needed.
  return { today, latest: dayAtOffset(now, 14 * 3_600_000) };
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
 * POST .../logs: a positive value, its unit, and the day (default today). An empty `unitSymbol`
 * is null, "no unit": the handler allows it only on a habit without a goal (a client that shows
 * a goal-less habit has no symbol to send).
 */
export function parseLogValue(body: unknown, days: LogDays): { value: number; unitSymbol: GoalUnit | null; day: Day } {
  const issues = new Issues();
  const obj = bodyObject(body, issues);
  if (!obj) return issues.done() as never;
  const value = obj.value === undefined ? issues.add('value', 'is required') : positive(obj.value, 'value', issues, LIMITS.amount);
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
