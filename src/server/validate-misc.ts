// Validation of log, note and area bodies and of query strings.
import { GOAL_UNITS, HABIT_TYPES, MOOD_LEVELS, type AreaBody, type GoalUnit, type HabitType, type MoodLevel } from '../api/types.js';
import { type Day, formatDay, parseDate } from './domain/dates.js';
import { timeOfDayById } from './domain/time-of-day.js';
import { LIMITS } from './limits.js';
import { Issues, array, bodyObject, colorHex, date, oneOf, positive, text } from './validate.js';

function targetDate(value: unknown, today: Day, issues: Issues): string | undefined {
  if (value === undefined) return formatDay(today);
  const d = date(value, 'targetDate', issues);
  if (d === undefined) return undefined;
  if ((parseDate(d) ?? 0) > today + LIMITS.futureLogDays) {
    return issues.add('targetDate', `must not be more than ${LIMITS.futureLogDays} days after today`);
  }
  return d;
}

/** POST .../logs: a positive value, its unit, and the date (default today). */
export function parseLogValue(body: unknown, today: Day): { value: number; unitSymbol: GoalUnit; targetDate: string } {
  const issues = new Issues();
  const obj = bodyObject(body, issues);
  if (!obj) return issues.done() as never;
  const value = obj.value === undefined ? issues.add('value', 'is required') : positive(obj.value, 'value', issues, LIMITS.amount);
  const unitSymbol = obj.unitSymbol === undefined ? issues.add('unitSymbol', 'is required') : oneOf(obj.unitSymbol, 'unitSymbol', issues, GOAL_UNITS);
  const day = targetDate(obj.targetDate, today, issues);
  issues.done();
  return { value: value ?? 0, unitSymbol: unitSymbol ?? 'rep', targetDate: day ?? '' };
}

/** POST .../logs/complete|failed|skipped|undo: an optional body with an optional targetDate. */
export function parseMark(body: unknown, today: Day): string {
  const issues = new Issues();
  const obj = bodyObject(body, issues, false);
  if (!obj) return issues.done() as never;
  const day = targetDate(obj.targetDate, today, issues);
  issues.done();
  return day ?? '';
}

export interface NoteChanges {
  content?: string | null;
  moodLevel?: MoodLevel | null;
  photos?: string[];
}

function photoList(value: unknown, issues: Issues): string[] | undefined {
  const items = array(value, 'photos', issues, 0, LIMITS.photos);
  if (!items) return undefined;
  const before = issues.list.length;
  items.forEach((item, i) => {
    const url = text(item, `photos[${i}]`, issues, { max: LIMITS.photoUrl, nonEmpty: true });
    if (url !== undefined && !URL.canParse(url)) issues.add(`photos[${i}]`, 'must be an absolute URL');
  });
  return issues.list.length === before ? (items as string[]) : undefined;
}

/** A note body: at least one of content, moodLevel, photos. On update, null clears content or mood. */
export function parseNote(body: unknown, update: boolean): NoteChanges {
  const issues = new Issues();
  const obj = bodyObject(body, issues);
  if (!obj) return issues.done() as never;
  const out: NoteChanges = {};
  if (obj.content === undefined && obj.moodLevel === undefined && obj.photos === undefined) {
    issues.add('body', 'must contain at least one of content, moodLevel, photos');
  }
  if (update && obj.content === null) out.content = null;
  else if (obj.content !== undefined) out.content = text(obj.content, 'content', issues, { max: LIMITS.noteContent });
  if (update && obj.moodLevel === null) out.moodLevel = null;
  else if (obj.moodLevel !== undefined) out.moodLevel = oneOf(obj.moodLevel, 'moodLevel', issues, MOOD_LEVELS);
  if (obj.photos !== undefined) out.photos = photoList(obj.photos, issues);
  issues.done();
  return out;
}

/** An area body; `name` is required on create. */
export function parseArea(body: unknown, create: boolean): AreaBody {
  const issues = new Issues();
  const obj = bodyObject(body, issues);
  if (!obj) return issues.done() as never;
  const out: AreaBody = {};
  if (obj.name !== undefined) out.name = text(obj.name, 'name', issues, { max: LIMITS.areaName, nonEmpty: true })?.trim();
  else if (create) issues.add('name', 'is required');
  if (obj.colorHex !== undefined) out.colorHex = colorHex(obj.colorHex, 'colorHex', issues);
  if (obj.icon !== undefined) out.icon = text(obj.icon, 'icon', issues, { max: LIMITS.icon });
  issues.done();
  return out;
}

function queryInt(value: string | undefined, field: string, issues: Issues, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  const n = /^\d{1,10}$/.test(value) ? Number(value) : NaN;
  if (!(n >= min && n <= max)) {
    issues.add(field, `must be an integer between ${min} and ${max}`);
    return fallback;
  }
  return n;
}

/** limit (1-100, default 50) and offset (>= 0, default 0). */
export function pageQuery(query: Record<string, string>, issues: Issues): { limit: number; offset: number } {
  return {
    limit: queryInt(query.limit, 'limit', issues, 1, 100, 50),
    offset: queryInt(query.offset, 'offset', issues, 0, 1_000_000_000, 0),
  };
}

export interface HabitListQuery {
  archived: boolean;
  areaId?: string;
  type?: HabitType;
  timeOfDay?: string;
  limit: number;
  offset: number;
}

/** GET /habits query; area existence is checked by the handler. */
export function parseHabitListQuery(query: Record<string, string>): HabitListQuery {
  const issues = new Issues();
  let archived = false;
  if (query.archived !== undefined) {
    if (query.archived === 'true' || query.archived === 'false') archived = query.archived === 'true';
    else issues.add('archived', 'must be true or false');
  }
  const out: HabitListQuery = { archived, ...pageQuery(query, issues) };
  if (query.type !== undefined) out.type = oneOf(query.type, 'type', issues, HABIT_TYPES);
  if (query.areaId !== undefined) out.areaId = text(query.areaId, 'areaId', issues, { max: 200, nonEmpty: true });
  if (query.timeOfDay !== undefined) {
    if (timeOfDayById(query.timeOfDay)) out.timeOfDay = query.timeOfDay;
    else issues.add('timeOfDay', 'is not a time of day; use morning, afternoon or evening');
  }
  issues.done();
  return out;
}

/** An optional date query parameter. */
export function queryDate(query: Record<string, string>, name: string, issues: Issues): Day | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  const d = date(value, name, issues);
  return d === undefined ? undefined : (parseDate(d) ?? undefined);
}
