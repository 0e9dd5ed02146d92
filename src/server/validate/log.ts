// Log bodies: a measured value, and the marks (complete, failed, skipped, undo) that carry only a
// date. Whether the date is on or after the habit's start is the handler's check.
import { GOAL_UNITS, type GoalUnit } from '../../api/types.js';
import type { Day } from '../domain/dates.js';
import { dayValue, oneOf, positive } from './fields.js';
import { Issues, bodyObject } from './issues.js';
import { LIMITS } from './limits.js';

/** A log's date (today when missing), at most LIMITS.futureLogDays after today. */
function targetDate(value: unknown, today: Day, issues: Issues): Day | undefined {
  if (value === undefined) return today;
  const day = dayValue(value, 'targetDate', issues);
  if (day !== undefined && day > today + LIMITS.futureLogDays) {
    return issues.add('targetDate', `must not be more than ${LIMITS.futureLogDays} days after today`);
  }
  return day;
}

/**
 * POST .../logs: a positive value, its unit, and the day (default today). An empty `unitSymbol`
 * is null, "no unit": the handler allows it only on a habit without a goal (a client that shows
 * a goal-less habit has no symbol to send).
 */
export function parseLogValue(body: unknown, today: Day): { value: number; unitSymbol: GoalUnit | null; day: Day } {
  const issues = new Issues();
  const obj = bodyObject(body, issues);
  if (!obj) return issues.done() as never;
  const value = obj.value === undefined ? issues.add('value', 'is required') : positive(obj.value, 'value', issues, LIMITS.amount);
  const unitSymbol =
    obj.unitSymbol === undefined ? issues.add('unitSymbol', 'is required') : obj.unitSymbol === '' ? null : oneOf(obj.unitSymbol, 'unitSymbol', issues, GOAL_UNITS);
  const day = targetDate(obj.targetDate, today, issues);
  issues.done();
  return { value: value ?? 0, unitSymbol: unitSymbol === undefined ? 'rep' : unitSymbol, day: day ?? today };
}

/** POST .../logs/complete|failed|skipped|undo: an optional body with an optional targetDate; the day. */
export function parseMark(body: unknown, today: Day): Day {
  const issues = new Issues();
  const obj = bodyObject(body, issues, false);
  if (!obj) return issues.done() as never;
  const day = targetDate(obj.targetDate, today, issues);
  issues.done();
  return day ?? today;
}
