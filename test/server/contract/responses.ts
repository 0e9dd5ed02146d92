// The response contract: for every endpoint the local service serves, the body production sends
// for each status, per shared/spec/service-api-v2.md and api-facts.md ("Local service" columns).
// Fields production does not send are the local service's documented additions
// (docs/local-service.md) and are marked EXTENSION; anything else in an answer fails the contract.
import { ROUTES } from '../../../src/server/http/router.js';
import { GOAL_UNITS, HABIT_TYPES, JOURNAL_STATUSES, LOG_KINDS, LOG_TYPES, MOOD_LEVELS, PERIODICITIES, UNIT_TYPES } from '../../../src/api/types.js';
import {
  type Schema, absent, anyOf, arr, bool, date, dateTime, int, num, obj, oneOf, orNull, str, tagged,
} from './schema.js';

const id = str(/^\S+$/, 'an id');
const colorHex = str(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'a #RRGGBB colour');
const unit = oneOf(GOAL_UNITS);
const periodicity = oneOf(PERIODICITIES);
/** Day and journal statuses: the four words typed clients know (api-facts.md). */
const status = oneOf(JOURNAL_STATUSES);
const clock = str(/^\d{2}:\d{2}:\d{2}$/, 'an HH:MM:SS time');

export const area = obj({ id, name: str(), colorHex, icon: str(), createdAt: dateTime });

const timeOfDay = obj({ id, name: str(), icon: orNull(str()), startTime: clock, endTime: clock, colorHex });

export const goal = obj({ id, createdAt: dateTime, periodicity, value: num(0), unit, isActive: bool });

const occurrence = tagged('type', {
  daily: obj({ type: oneOf(['daily']) }),
  weekDays: obj({ type: oneOf(['weekDays']), days: arr(int(0, 6), 1) }),
  monthDays: obj({ type: oneOf(['monthDays']), days: arr(int(1, 31), 1) }),
  intervalDays: obj({ type: oneOf(['intervalDays']), interval: int(1) }),
});

const timeTrigger = obj(
  { time: obj({ hour: int(0, 23), minute: int(0, 59) }) },
  { occurrenceFilter: obj({ weekDays: arr(int(1, 7)) }), showLiveActivity: bool, showAsAlarm: bool },
);
const habitStack = obj({ id, conditionHabitId: id, type: str(), timerType: str(), timerDelaySecs: int(0) });

const meta = { id, createdAt: dateTime, isMet: bool };
/** EXTENSION: once `isMet`, the day it was met, the habit's last due day (docs/local-service.md). */
const met = { metOn: date };
const endCondition = tagged('type', {
  date: obj({ ...meta, type: oneOf(['date']), date }, met),
  streak: obj({ ...meta, type: oneOf(['streak']), periodType: periodicity, streakLength: int(1) }, met),
  successPeriods: obj({ ...meta, type: oneOf(['successPeriods']), periodType: periodicity, totalPeriods: int(1) }, met),
  totalLogValue: obj({ ...meta, type: oneOf(['totalLogValue']), totalLogValue: num(0) }, met),
});

export const habit = obj({
  id, name: str(), icon: orNull(str()), colorHex, type: oneOf(HABIT_TYPES), description: orNull(str()), occurrence, startDate: date,
  createdAt: dateTime, isArchived: bool, logMethod: oneOf(['manual', 'auto']), challengeId: orNull(str()),
  reminders: obj({ timeTriggers: arr(timeTrigger), habitStacks: arr(habitStack) }),
  endCondition: orNull(endCondition), goals: arr(goal), customUnitName: orNull(str()), areas: arr(area), timeOfDays: arr(timeOfDay),
  goal: orNull(goal), // EXTENSION: the active goal (production lists `goals` only)
});

export const journalEntry = obj(
  { id, name: str(), status, colorHex, icon: orNull(str()), timeOfDayIds: arr(str()), type: oneOf(HABIT_TYPES) },
  {
    // Typed clients know only the unit `day` (api-facts.md; the spec: "a day unit occurs").
    currentStreak: obj({ length: int(0), unit: oneOf(['day']) }),
    // `current` is a plain sum: negative logs may take it below 0.
    progress: obj({ current: num(), target: num(0), unit, periodicity }),
    logInfo: obj({ type: oneOf(['manual', 'auto']) }),
  },
);

/** The unit types production sends (`duration`, `mass`, `energy`, `scalar`) and ours for the other two. */
const unitType = oneOf(UNIT_TYPES);

/**
 * Production was seen answering {symbol, type}; the spec and typed clients say {id, name, symbol}
 * (api-facts.md, "What independent clients parse"). All four, for every habit: a strict client
 * refuses null.
 */
export const statisticsUnit = obj({ id: str(/^unit-[a-z-]+$/, 'a unit id'), name: str(/\S/, 'a name'), symbol: unit, type: unitType });

/** Totals are plain sums of logged values, which may be negative (docs/local-service.md). */
export const statistics = obj({
  id, name: str(), type: oneOf(HABIT_TYPES), totalLogs: num(), skips: int(0), fails: int(0), completions: int(0),
  unit: statisticsUnit,
  periodicity, avg: num(),
  dailyProgress: arr(obj({ date, totalLog: num(), status })),
  currentStreak: int(0), longestStreak: int(0), completionRate: num(0, 1), // EXTENSION: ours
});

export const note = obj({ id, createdAt: dateTime, content: orNull(str()), moodLevel: orNull(oneOf(MOOD_LEVELS)), photos: arr(str()) });

const pagination = obj({ total: int(0), limit: int(1, 100), offset: int(0) });

/**
 * EXTENSION: GET /habits/{id}/logs (production lists no logs). `type` is how the log was made, as
 * the one client that lists logs types it (`manual | auto`); `kind` what it records.
 */
export const logEntry = obj({
  id, type: oneOf(LOG_TYPES), kind: oneOf(LOG_KINDS), date, value: num(-1e9, 1e9), unitSymbol: orNull(unit), createdAt: dateTime, localLastModifiedDate: int(0),
});

const message = obj({ message: str() });
/** Log writes: `{message}`; `logId` is an EXTENSION. */
const logged = obj({ message: str(), logId: id });
/** Undo: `{message}`; `removed` (how many logs it removed) is an EXTENSION. */
const undone = obj({ message: str(), removed: int(0) });

/** Error bodies: the seed's shapes, and `{error, message}` for the others (api-facts.md, Errors). */
const validationError = obj({ error: oneOf(['Validation Error']), message: str(), details: arr(obj({ field: str(), message: str() }), 1) });
const unauthorized = obj({ error: oneOf(['Unauthorized']), message: str() });
const failure = (error: string): Schema => obj({ error: oneOf([error]), message: str() });
const internal = obj({ error: oneOf(['Internal server error']) });

/** Route keys as the router lists them: `METHOD /path/{param}`. */
export type RouteKey = string;

/** Statuses every endpoint may answer, with their bodies. */
const EVERY_ROUTE: Readonly<Record<number, Schema>> = {
  401: unauthorized,
  405: failure('Method Not Allowed'),
  429: failure('Too Many Requests'),
  500: internal,
  503: failure('Service Unavailable'),
  507: failure('Insufficient Storage'),
  // Node's parser refuses a request line and headers over 16 KiB; the service answers in its shape.
  431: failure('Request Header Fields Too Large'),
};

/** What writes with a body may answer besides. */
const WITH_BODY: Readonly<Record<number, Schema>> = { 400: validationError, 413: failure('Payload Too Large') };
const NOT_FOUND: Readonly<Record<number, Schema>> = { 404: failure('Not Found') };
const INVALID: Readonly<Record<number, Schema>> = { 400: validationError };
const CONFLICT: Readonly<Record<number, Schema>> = { 409: failure('Conflict') };

/** Per route and status, the body it answers with. */
export const CONTRACT: Readonly<Record<RouteKey, Readonly<Record<number, Schema>>>> = {
  'GET /habits': { 200: obj({ data: arr(habit), pagination }), ...INVALID },
  'POST /habits': { 201: habit, ...WITH_BODY }, // bare, as the spec says
  'GET /habits/journal': { 200: obj({ data: arr(journalEntry) }), ...INVALID },
  'GET /habits/{habitId}': { 200: obj({ data: habit }), ...NOT_FOUND },
  'PUT /habits/{habitId}': { 200: obj({ message: str(), data: habit }), ...WITH_BODY, ...NOT_FOUND },
  'DELETE /habits/{habitId}': { 204: absent, ...NOT_FOUND },
  'POST /habits/{habitId}/archive': { 204: absent, ...WITH_BODY, ...NOT_FOUND, ...CONFLICT }, // a body is read (and may be refused) as for every POST
  'GET /habits/{habitId}/statistics': { 200: obj({ data: statistics }), ...INVALID, ...NOT_FOUND },
  'GET /habits/{habitId}/logs': { 200: obj({ data: arr(logEntry) }), ...INVALID, ...NOT_FOUND }, // EXTENSION
  'POST /habits/{habitId}/logs': { 201: logged, ...WITH_BODY, ...NOT_FOUND },
  'POST /habits/{habitId}/logs/complete': { 201: logged, ...WITH_BODY, ...NOT_FOUND, ...CONFLICT },
  'POST /habits/{habitId}/logs/failed': { 201: logged, ...WITH_BODY, ...NOT_FOUND, ...CONFLICT },
  'POST /habits/{habitId}/logs/skipped': { 201: logged, ...WITH_BODY, ...NOT_FOUND, ...CONFLICT },
  'POST /habits/{habitId}/logs/undo': { 200: undone, ...WITH_BODY, ...NOT_FOUND },
  'DELETE /habits/{habitId}/logs/{logId}': { 200: message, ...NOT_FOUND },
  // `pagination` is an EXTENSION here (production: `{data}`).
  'GET /habits/{habitId}/notes': { 200: obj({ data: arr(note), pagination }), ...INVALID, ...NOT_FOUND },
  'POST /habits/{habitId}/notes': { 201: note, ...WITH_BODY, ...NOT_FOUND },
  'PUT /habits/{habitId}/notes/{noteId}': { 200: note, ...WITH_BODY, ...NOT_FOUND },
  'DELETE /habits/{habitId}/notes/{noteId}': { 204: absent, ...NOT_FOUND },
  // `{data}` as production; a page asked for with limit/offset carries `pagination` (EXTENSION).
  'GET /areas': { 200: anyOf(obj({ data: arr(area) }), obj({ data: arr(area), pagination })), ...INVALID },
  'POST /areas': { 201: obj({ data: area }), ...WITH_BODY },
  'GET /areas/{areaId}': { 200: obj({ data: area }), ...NOT_FOUND },
  'PUT /areas/{areaId}': { 200: obj({ data: area }), ...WITH_BODY, ...NOT_FOUND },
  'DELETE /areas/{areaId}': { 204: absent, ...NOT_FOUND },
};

/** Paths outside every route: 404 (and 401 before it). */
export const NO_ROUTE: Readonly<Record<number, Schema>> = {
  404: failure('Not Found'), 401: unauthorized, 429: failure('Too Many Requests'), 431: failure('Request Header Fields Too Large'),
};

/** The schema of `route`'s answer with `status`, or undefined when the contract has no such answer. */
export function responseSchema(route: RouteKey | null, status: number): Schema | undefined {
  if (route === null) return NO_ROUTE[status];
  return CONTRACT[route]?.[status] ?? EVERY_ROUTE[status];
}

/** The route a request goes to, as the router would pick it; `METHOD pattern` also when only the path matches (405). */
export function routeOf(method: string, path: string): RouteKey | null {
  const bare = path.split('?')[0]!;
  // The router tolerates one trailing slash.
  let parts: string[];
  try {
    parts = (bare.length > 1 && bare.endsWith('/') ? bare.slice(0, -1) : bare).slice(1).split('/').map(decodeURIComponent);
  } catch {
    return null; // a segment that does not decode names no endpoint
  }
  let best: { key: string; literals: number; sameMethod: boolean } | null = null;
  for (const key of ROUTES) {
    const [m, pattern] = key.split(' ') as [string, string];
    const segments = pattern.slice(1).split('/');
    if (segments.length !== parts.length || !segments.every((s, i) => (s.startsWith('{') ? parts[i] !== '' : s === parts[i]))) continue;
    const literals = segments.filter((s) => !s.startsWith('{')).length;
    const sameMethod = m === method;
    if (!best || literals > best.literals || (literals === best.literals && sameMethod && !best.sameMethod)) best = { key: `${method} ${pattern}`, literals, sameMethod };
  }
  return best ? best.key : null;
}
