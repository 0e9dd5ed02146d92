// Query strings: pagination, the GET /habits filter and date parameters. Values arrive as strings,
// so numbers are parsed here rather than checked as JSON numbers.
import { HABIT_TYPES } from '../../api/types.js';
import { type Day, MAX_YEAR, MIN_YEAR } from '../domain/dates.js';
import type { HabitFilter } from '../store/repo/habits.js';
import { dayValue, oneOf, recordId, timeOfDayId } from './fields.js';
import { Issues } from './issues.js';

function queryInt(value: string | undefined, field: string, issues: Issues, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  const n = /^\d{1,10}$/.test(value) ? Number(value) : NaN;
  if (!(n >= min && n <= max)) {
    issues.add(field, `must be an integer between ${min} and ${max}`);
    return fallback;
  }
  return n;
}

/** One page of a list. */
export interface Page {
  limit: number;
  offset: number;
}

/** limit (1-100, default 50) and offset (>= 0, default 0). */
export function pageQuery(query: Record<string, string>, issues: Issues): Page {
  return {
    limit: queryInt(query.limit, 'limit', issues, 1, 100, 50),
    offset: queryInt(query.offset, 'offset', issues, 0, 1_000_000_000, 0),
  };
}

/**
 * Refuses query parameters an endpoint does not take: a filter a client believes applied must never
 * be ignored silently (a misspelt `archived`, or `from` on an endpoint without ranges).
 */
export function onlyKnown(query: Record<string, string>, known: readonly string[], issues: Issues): void {
  for (const name of Object.keys(query)) {
    if (!known.includes(name)) issues.add(name, `is not a query parameter of this endpoint (it takes ${known.length ? known.join(', ') : 'none'})`);
  }
}

/** The query parameters of GET /habits. */
export const HABIT_LIST_PARAMS = ['archived', 'areaId', 'type', 'timeOfDay', 'limit', 'offset'] as const;

/** GET /habits query: the filter and the page; area existence is checked by the handler. */
export function parseHabitListQuery(query: Record<string, string>): { filter: HabitFilter; page: Page } {
  const issues = new Issues();
  onlyKnown(query, HABIT_LIST_PARAMS, issues);
  const filter: HabitFilter = { archived: false };
  if (query.archived !== undefined) {
    if (query.archived === 'true' || query.archived === 'false') filter.archived = query.archived === 'true';
    else issues.add('archived', 'must be true or false');
  }
  const page = pageQuery(query, issues);
  if (query.type !== undefined) filter.type = oneOf(query.type, 'type', issues, HABIT_TYPES);
  if (query.areaId !== undefined) filter.areaId = recordId(query.areaId, 'areaId', issues);
  if (query.timeOfDay !== undefined) filter.timeOfDay = timeOfDayId(query.timeOfDay, 'timeOfDay', issues);
  issues.done();
  return { filter, page };
}

/** An optional date query parameter, as a Day. */
export function queryDate(query: Record<string, string>, name: string, issues: Issues): Day | undefined {
  const value = query[name];
  return value === undefined ? undefined : dayValue(value, name, issues);
}

/** A time range of instants (ms since the epoch): from `from` (inclusive) to `until` (exclusive). */
export interface InstantRange {
  from: number;
  until: number;
}

/** The earliest and latest instants a range may name: the limits of dates (limits.ts). */
const MIN_INSTANT = Date.UTC(MIN_YEAR, 0, 1) - 86_400_000;
const MAX_INSTANT = Date.UTC(MAX_YEAR + 1, 0, 1) + 86_400_000;

/**
 * One end of a range of instants: a date (`YYYY-MM-DD`, a whole day in the service's zone, so `to`
 * includes that day) or an ISO 8601 date-time with a zone (`2026-11-22T07:30:00Z`, included).
 */
function rangeEnd(value: string, name: string, end: 'from' | 'to', startOfDay: (day: Day) => number, issues: Issues): number | undefined {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const day = dayValue(value, name, issues);
    if (day === undefined) return undefined;
    return startOfDay(end === 'from' ? day : day + 1);
  }
  const ms = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i.test(value) ? Date.parse(value) : NaN;
  if (!Number.isFinite(ms) || ms < MIN_INSTANT || ms > MAX_INSTANT) {
    return issues.add(name, 'must be a date (YYYY-MM-DD) or an ISO 8601 date-time with a zone (2026-11-22T07:30:00Z)');
  }
  return end === 'from' ? ms : ms + 1;
}

/** The optional `from` and `to` of a list by creation time; undefined when neither is sent. */
export function instantRange(query: Record<string, string>, startOfDay: (day: Day) => number, issues: Issues): InstantRange | undefined {
  if (query.from === undefined && query.to === undefined) return undefined;
  const from = query.from === undefined ? MIN_INSTANT : rangeEnd(query.from, 'from', 'from', startOfDay, issues);
  const until = query.to === undefined ? MAX_INSTANT : rangeEnd(query.to, 'to', 'to', startOfDay, issues);
  if (from === undefined || until === undefined) return undefined;
  if (from >= until) return issues.add('from', 'must be before to');
  return { from, until };
}
