// Validation of log, note and area bodies and of query strings.
import { GOAL_UNITS, HABIT_TYPES, MOOD_LEVELS, type AreaBody, type GoalUnit, type Note } from '../../api/types.js';
import type { Day } from '../domain/dates.js';
import type { HabitFilter } from '../store/repo/habits.js';
import {
  Issues, type Obj, array, at, bodyObject, colorHex, dayValue, oneOf, positive, recordId, text, timeOfDayId, trimmedName,
} from './fields.js';
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

/** POST .../logs: a positive value, its unit, and the day (default today). */
export function parseLogValue(body: unknown, today: Day): { value: number; unitSymbol: GoalUnit; day: Day } {
  const issues = new Issues();
  const obj = bodyObject(body, issues);
  if (!obj) return issues.done() as never;
  const value = obj.value === undefined ? issues.add('value', 'is required') : positive(obj.value, 'value', issues, LIMITS.amount);
  const unitSymbol = obj.unitSymbol === undefined ? issues.add('unitSymbol', 'is required') : oneOf(obj.unitSymbol, 'unitSymbol', issues, GOAL_UNITS);
  const day = targetDate(obj.targetDate, today, issues);
  issues.done();
  return { value: value ?? 0, unitSymbol: unitSymbol ?? 'rep', day: day ?? today };
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

/** Photo URLs: at most LIMITS.photos absolute URLs. */
export function photoList(value: unknown, field: string, issues: Issues): string[] | undefined {
  const items = array(value, field, issues, 0, LIMITS.photos);
  if (!items) return undefined;
  const before = issues.list.length;
  items.forEach((item, i) => {
    const url = text(item, `${field}[${i}]`, issues, { max: LIMITS.photoUrl, nonEmpty: true });
    if (url !== undefined && !URL.canParse(url)) issues.add(`${field}[${i}]`, 'must be an absolute URL');
  });
  return issues.list.length === before ? (items as string[]) : undefined;
}

/** What a note says. */
export type NoteFields = Pick<Note, 'content' | 'moodLevel' | 'photos'>;

const NO_NOTE: NoteFields = { content: null, moodLevel: null, photos: [] };

/**
 * The fields of a note after `obj` is applied to `base` (the stored note on update, nothing on
 * create); null clears content or mood when `nullClears`. The result must say something: non-empty
 * content, a mood or at least one photo. Shared by the API and the importer.
 */
export function noteFields(obj: Obj, path: string, issues: Issues, base: NoteFields | undefined, nullClears: boolean): NoteFields | undefined {
  const before = issues.list.length;
  const out: NoteFields = { ...(base ?? NO_NOTE) };
  if (nullClears && obj.content === null) out.content = null;
  else if (obj.content !== undefined) out.content = text(obj.content, at(path, 'content'), issues, { max: LIMITS.noteContent }) ?? null;
  if (nullClears && obj.moodLevel === null) out.moodLevel = null;
  else if (obj.moodLevel !== undefined) out.moodLevel = oneOf(obj.moodLevel, at(path, 'moodLevel'), issues, MOOD_LEVELS) ?? null;
  if (obj.photos !== undefined) out.photos = photoList(obj.photos, at(path, 'photos'), issues) ?? [];
  if (issues.list.length !== before) return undefined;
  if ((out.content ?? '') === '' && out.moodLevel === null && out.photos.length === 0) {
    return issues.add(path || 'body', base ? 'would leave the note without content, moodLevel or photos' : 'must have content, a moodLevel or at least one photo');
  }
  return out;
}

/**
 * A note body for POST (`current` undefined) or for PUT of `current`: at least one of content,
 * moodLevel, photos, and a note that still says something. On update, null clears content or mood.
 */
export function parseNote(body: unknown, current?: NoteFields): NoteFields {
  const issues = new Issues();
  const obj = bodyObject(body, issues);
  if (!obj) return issues.done() as never;
  if (obj.content === undefined && obj.moodLevel === undefined && obj.photos === undefined) {
    issues.add('body', 'must contain at least one of content, moodLevel, photos');
    return issues.done() as never;
  }
  const out = noteFields(obj, '', issues, current, current !== undefined);
  issues.done();
  return out ?? NO_NOTE;
}

/** An area's icon. */
export function areaIcon(value: unknown, field: string, issues: Issues): string | undefined {
  return text(value, field, issues, { max: LIMITS.icon });
}

/** An area body; `name` is required on create. */
export function parseArea(body: unknown, create: boolean): AreaBody {
  const issues = new Issues();
  const obj = bodyObject(body, issues);
  if (!obj) return issues.done() as never;
  const out: AreaBody = {};
  if (obj.name !== undefined || create) out.name = trimmedName(obj.name, 'name', issues, LIMITS.areaName);
  if (obj.colorHex !== undefined) out.colorHex = colorHex(obj.colorHex, 'colorHex', issues);
  if (obj.icon !== undefined) out.icon = areaIcon(obj.icon, 'icon', issues);
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
