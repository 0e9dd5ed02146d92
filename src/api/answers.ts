// What a server sent, checked at the boundary before any command reads it. A list item without
// what the CLI reads (a string id, a string name) is skipped and counted; an answer that should be
// one resource and is not usable is refused. Nested lists of the wrong type are dropped, so no
// reader downstream meets a number where it expects a string or an array. Pure, no I/O.
import type { RouteKey } from './routes.js';
import { LOG_KINDS } from './types.js';

type Obj = Record<string, unknown>;

function isRecord(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isId = (v: unknown): v is string => typeof v === 'string' && v !== '';
const optString = (v: unknown): boolean => v === undefined || v === null || typeof v === 'string';

/** Drops fields of `item` that should be arrays of objects and are not; keeps only the objects. */
function tidyLists(item: Obj, keys: readonly string[]): Obj {
  for (const key of keys) {
    const v = item[key];
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) item[key] = v.filter((x) => isRecord(x) && (x.id === undefined || isId(x.id)));
    else delete item[key];
  }
  return item;
}

/** Drops optional object fields that are not objects. */
function tidyObjects(item: Obj, keys: readonly string[]): Obj {
  for (const key of keys) if (item[key] !== undefined && item[key] !== null && !isRecord(item[key])) delete item[key];
  return item;
}

/** A habit the CLI can use: string id and name; its lists tidied. */
function habit(x: unknown): Obj | undefined {
  if (!isRecord(x) || !isId(x.id) || typeof x.name !== 'string') return undefined;
  if (!optString(x.description) || !optString(x.icon) || !optString(x.customUnitName)) return undefined;
  tidyObjects(x, ['goal', 'occurrence', 'endCondition', 'reminders']);
  return tidyLists(x, ['goals', 'areas', 'timeOfDays']);
}

function area(x: unknown): Obj | undefined {
  return isRecord(x) && isId(x.id) && typeof x.name === 'string' && optString(x.icon) ? x : undefined;
}

function note(x: unknown): Obj | undefined {
  if (!isRecord(x) || !isId(x.id) || !optString(x.content) || !optString(x.moodLevel)) return undefined;
  if (x.photos !== undefined && x.photos !== null && !(Array.isArray(x.photos) && x.photos.every((p) => typeof p === 'string'))) delete x.photos;
  return x;
}

function journalEntry(x: unknown): Obj | undefined {
  if (!isRecord(x) || !isId(x.id) || typeof x.name !== 'string' || !optString(x.status) || !optString(x.icon)) return undefined;
  tidyObjects(x, ['progress', 'currentStreak', 'logInfo']);
  if (x.timeOfDayIds !== undefined && !(Array.isArray(x.timeOfDayIds) && x.timeOfDayIds.every(isId))) delete x.timeOfDayIds;
  return x;
}

const LOG_KIND_WORDS: readonly unknown[] = LOG_KINDS;

/**
 * A log of GET /habits/{id}/logs: `type` is how it was made (`manual`), `kind` what it records. An
 * older local service sent the kind as `type` and no `kind`: that is read as the kind of a manual
 * log, the only logs it ever had.
 */
function logEntry(x: unknown): Obj | undefined {
  if (!isRecord(x) || !isId(x.id) || typeof x.date !== 'string' || typeof x.value !== 'number') return undefined;
  if (x.kind === undefined && LOG_KIND_WORDS.includes(x.type)) {
    x.kind = x.type;
    x.type = 'manual';
  }
  if (typeof x.type !== 'string' || typeof x.kind !== 'string') return undefined;
  return optString(x.unitSymbol) && optString(x.createdAt) ? x : undefined;
}

/** Checks of list items, by route: the item kept (tidied), or undefined to skip it. */
const ITEMS: Partial<Record<RouteKey, { what: string; check: (x: unknown) => Obj | undefined }>> = {
  'GET /habits': { what: 'habit', check: habit },
  'GET /areas': { what: 'area', check: area },
  'GET /habits/{habitId}/notes': { what: 'note', check: note },
  'GET /habits/journal': { what: 'journal entry', check: journalEntry },
  'GET /habits/{habitId}/logs': { what: 'log', check: logEntry },
};

/** Checks of single answers, by route; a failed check makes the answer unusable. */
const SINGLE: Partial<Record<RouteKey, { what: string; check: (x: unknown) => Obj | undefined }>> = {
  'GET /habits/{habitId}': { what: 'a habit with an id and a name', check: habit },
  'POST /habits': { what: 'a habit with an id and a name', check: habit },
  'GET /areas/{areaId}': { what: 'an area with an id and a name', check: area },
  'GET /habits/{habitId}/statistics': {
    what: 'statistics',
    check: (x) => {
      if (!isRecord(x)) return undefined;
      // A symbol string on some servers, `{symbol, type}` on others.
      if (x.unit !== undefined && x.unit !== null && typeof x.unit !== 'string' && !isRecord(x.unit)) delete x.unit;
      // Days without a date string cannot be placed on the calendar.
      if (Array.isArray(x.dailyProgress)) x.dailyProgress = x.dailyProgress.filter((d) => isRecord(d) && typeof d.date === 'string');
      return x;
    },
  },
};

/** The items of a list answer that the CLI can use, and those it skipped (with their noun). */
export function checkItems(route: RouteKey, items: unknown[]): { items: unknown[]; skipped: unknown[]; what: string } {
  const rule = ITEMS[route];
  if (!rule) return { items, skipped: [], what: 'item' };
  const kept: unknown[] = [];
  const skipped: unknown[] = [];
  for (const x of items) {
    const ok = rule.check(x);
    if (ok) kept.push(ok);
    else skipped.push(x);
  }
  return { items: kept, skipped, what: rule.what };
}

/** Undefined when the single answer of `route` is usable, else what was expected (`a habit ...`). */
export function singleProblem(route: RouteKey, value: unknown): string | undefined {
  const rule = SINGLE[route];
  if (!rule) return undefined;
  // `{ok: true}` stands for an empty answer, which only a write may give.
  return rule.check(value) ? undefined : rule.what;
}

/** `3 habits`, `1 journal entry`. */
export function countOf(n: number, what: string): string {
  if (n === 1) return `1 ${what}`;
  // A consonant before the y makes -ies (entries); a vowel keeps it (days, keys).
  return `${n} ${/[^aeiou]y$/i.test(what) ? `${what.slice(0, -1)}ies` : `${what}s`}`;
}

/** How many items the server sent on pages whose unusable items were dropped. */
const sent = new WeakMap<object, number>();

/** Records that `page` kept fewer items than the `count` the server sent; returns the page. */
export function markSent<T extends object>(page: T, count: number): T {
  sent.set(page, count);
  return page;
}

/** How many items the server sent on `page` (its length, unless items were dropped). */
export function sentLength(page: { data: unknown[] }): number {
  return sent.get(page) ?? page.data.length;
}
