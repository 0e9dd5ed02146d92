// Query strings: pagination, the GET /habits filter and date parameters. Values arrive as strings,
// so numbers are parsed here rather than checked as JSON numbers.
import { HABIT_TYPES } from '../../api/types.js';
import type { Day } from '../domain/dates.js';
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

/** GET /habits query: the filter and the page; area existence is checked by the handler. */
export function parseHabitListQuery(query: Record<string, string>): { filter: HabitFilter; page: Page } {
  const issues = new Issues();
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
