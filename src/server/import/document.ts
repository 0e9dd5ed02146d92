// Checks of an export document before anything is written. Each problem names its JSON path
// (`$.habits[2].goals[0].unit`); the importer reports the first, and how many more there are.
// Every field the import writes is held to the rule the API applies to the request that would
// create it, through the API's own validators (validate/): names, colours, icons, units, values,
// dates, reminders, notes. What a request cannot send, the document's ids and creation times, is
// held to what the service itself would have made: ids of the push-id alphabet that no path of the
// API uses as a word, unique across every kind of record; creation times that have passed. Each
// day's total becomes one value log, so it is held to a log's limits. The leniencies left (times
// of day matched by name, null for "none", logs before a start date moved later) are listed in
// docs/export-import.md.
import {
  EXPORT_FORMAT, EXPORT_VERSION, JOURNAL_STATUSES,
  type Area, type DailyProgress, type EndCondition, type ExportDocument, type ExportedHabit, type Goal, type HabitStack, type Note,
  type Reminders, type TimeOfDay,
} from '../../api/types.js';
import { type Day, parseDate } from '../domain/dates.js';
import { endConditionView } from '../domain/end-condition.js';
import { activeGoalOf } from '../domain/goals.js';
import type { RecordKind } from '../store/repo/ids.js';
import { areaFields } from '../validate/area.js';
import { array, boolean, dayValue, givenId, oneOf, pastDateTime, recordId, text } from '../validate/fields.js';
import { endAfterStart, endCondition, goal as goalInput, habitFields } from '../validate/habit.js';
import { Issues, type Obj, at, isObject } from '../validate/issues.js';
import { LIMITS } from '../validate/limits.js';
import { latestLogDay, logAmount } from '../validate/log.js';
import { noteFields } from '../validate/note.js';
import { reminders } from '../validate/reminders.js';

/** A document that is not a valid export; `path` is where the first problem is. */
export class InvalidExportError extends Error {
  constructor(readonly path: string, readonly problem: string, readonly more: number) {
    super(`${path}: ${problem}${more > 0 ? ` (and ${more} more problem${more === 1 ? '' : 's'})` : ''}`);
    this.name = 'InvalidExportError';
  }
}

const DAY_STATUSES = [...JOURNAL_STATUSES, 'none'] as const;

/** What a check of the document needs besides the document: the moment, for "in the future". */
interface Context {
  issues: Issues;
  ids: IdRegistry;
  now: Date;
  /** The last day a log may be written for now (validate/log.ts). */
  latest: Day;
}

/** An id of a record in the document, as the service's own ids are (validate/fields.ts givenId). */
const id = givenId;

/**
 * Ids must be unique across the whole document, whatever the kind of record: they become primary
 * keys, and the service draws every id from one generator, so it never gives two records one id
 * (a habit and an area sharing one would make a reference to either ambiguous).
 */
class IdRegistry {
  private readonly seen = new Map<string, { kind: RecordKind; path: string }>();

  /** The id of a record the document defines. */
  claim(kind: RecordKind, value: string | undefined, path: string, issues: Issues): void {
    if (value === undefined) return;
    const first = this.seen.get(value);
    if (first !== undefined) issues.add(path, `duplicates the ${first.kind} id "${value}" of ${first.path}`);
    else this.seen.set(value, { kind, path });
  }

  /** An area a habit lists: the area listed under that id (or a new one), never a record of another kind. */
  refer(kind: RecordKind, value: string | undefined, path: string, issues: Issues): void {
    if (value === undefined) return;
    const first = this.seen.get(value);
    if (first === undefined) this.seen.set(value, { kind, path });
    else if (first.kind !== kind) issues.add(path, `duplicates the ${first.kind} id "${value}" of ${first.path}`);
  }
}

/** A creation time as the service stamps one: a date-time with a zone that has passed, kept in UTC. */
function createdAt(value: unknown, path: string, cx: Context): string | undefined {
  return pastDateTime(value, path, cx.issues, cx.now);
}

/** A value the document must carry, though a request may leave it out (the service fills it in). */
function present(o: Obj, key: string, path: string, issues: Issues): void {
  if (o[key] === undefined) issues.add(at(path, key), 'is required');
}

function list(value: unknown, path: string, issues: Issues, max = Number.MAX_SAFE_INTEGER): unknown[] | undefined {
  return value === undefined || value === null ? [] : array(value, path, issues, 0, max);
}

function object(value: unknown, path: string, issues: Issues): Obj | undefined {
  return isObject(value) ? value : issues.add(path, 'must be an object');
}

/** An area as POST /areas checks it (validate/area.ts), with its id and creation time. */
function area(value: unknown, path: string, cx: Context): Area | undefined {
  const { issues } = cx;
  const o = object(value, path, issues);
  if (!o) return undefined;
  const before = issues.list.length;
  const areaId = id(o.id, at(path, 'id'), issues);
  const fields = areaFields({ name: o.name, colorHex: o.colorHex, icon: o.icon ?? undefined }, path, issues, true);
  present(o, 'colorHex', path, issues);
  const created = createdAt(o.createdAt, at(path, 'createdAt'), cx);
  if (issues.list.length !== before) return undefined;
  return { id: areaId!, name: fields.name!, colorHex: fields.colorHex!, icon: fields.icon ?? '', createdAt: created! };
}

/** A goal of a habit's history: as a request's `goal` (validate/habit.ts), with its id, creation time and flag. */
function goal(value: unknown, path: string, cx: Context): Goal | undefined {
  const { issues } = cx;
  const o = object(value, path, issues);
  if (!o) return undefined;
  const goalId = id(o.id, at(path, 'id'), issues);
  const created = createdAt(o.createdAt, at(path, 'createdAt'), cx);
  const input = goalInput(o, path, issues);
  const isActive = o.isActive === undefined ? false : boolean(o.isActive, at(path, 'isActive'), issues);
  if (!goalId || !created || !input || isActive === undefined) return undefined;
  return { id: goalId, createdAt: created, ...input, isActive };
}

/**
 * The goals with exactly the service's notion of "active": the flagged ones; when none is flagged
 * and the server sent no `goal` field (production), the newest by createdAt (api-facts.md).
 */
function settleActive(goals: Goal[], goalField: unknown): Goal[] {
  if (goals.some((g) => g.isActive) || goals.length === 0) return goals;
  const named = isObject(goalField) && typeof goalField.id === 'string' ? goalField.id : undefined;
  if (goalField === null) return goals;
  const newest = named !== undefined ? goals.find((g) => g.id === named) : goals.reduce((a, b) => (b.createdAt > a.createdAt ? b : a));
  return goals.map((g) => (g === newest ? { ...g, isActive: true } : g));
}

/**
 * A note as POST .../notes checks it (validate/note.ts), createdAt included (a past moment); null
 * (or missing) content, mood and photos mean none.
 */
function note(value: unknown, path: string, cx: Context): Note | undefined {
  const { issues } = cx;
  const o = object(value, path, issues);
  if (!o) return undefined;
  const noteId = id(o.id, at(path, 'id'), issues);
  const created = createdAt(o.createdAt, at(path, 'createdAt'), cx);
  const fields = noteFields({ ...o, photos: o.photos ?? [] }, path, issues, undefined, true);
  if (!noteId || !created || !fields) return undefined;
  return { id: noteId, createdAt: created, ...fields };
}

/** An end condition as a request's (validate/habit.ts), with its id and creation time; none for null. */
function returnedEndCondition(value: unknown, path: string, cx: Context): EndCondition | null | undefined {
  if (value === undefined || value === null) return null;
  const { issues } = cx;
  const o = object(value, path, issues);
  if (!o) return undefined;
  const endId = id(o.id, at(path, 'id'), issues);
  const created = createdAt(o.createdAt, at(path, 'createdAt'), cx);
  const condition = endCondition(o, path, issues);
  if (!endId || !created || !condition) return undefined;
  // isMet, periodType and metOn are derived by the service; the importer does not store them. A
  // well-formed metOn is kept for the rebuild of the history (history.ts): its days after are not due.
  const metOn = typeof o.metOn === 'string' ? parseDate(o.metOn) : null;
  return endConditionView(endId, created, condition, o.isMet === true, typeof o.periodType === 'string' ? o.periodType : 'daily', metOn);
}

/** Reminders as the API checks them, every stack with its id and none on the habit itself. */
function returnedReminders(value: unknown, path: string, issues: Issues, habitId: string | undefined): Reminders | undefined {
  if (value === undefined || value === null) return { timeTriggers: [], habitStacks: [] };
  const parsed = reminders(value, path, issues, id);
  if (!parsed) return undefined;
  const stacks = (parsed.habitStacks ?? []) as HabitStack[];
  stacks.forEach((s, i) => {
    if (s.conditionHabitId === habitId) issues.add(`${path}.habitStacks[${i}].conditionHabitId`, 'cannot be the habit itself');
  });
  return { timeTriggers: parsed.timeTriggers ?? [], habitStacks: stacks };
}

/** Times of day: matched to the service's by id, then by name, when written (import/index.ts), so any id and name do. */
function timeOfDays(value: unknown, path: string, issues: Issues): TimeOfDay[] | undefined {
  const items = list(value, path, issues, 10);
  if (!items) return undefined;
  const out: TimeOfDay[] = [];
  items.forEach((t, i) => {
    const p = `${path}[${i}]`;
    const o = object(t, p, issues);
    if (!o) return;
    const todId = recordId(o.id, at(p, 'id'), issues);
    const name = o.name === undefined || o.name === null ? '' : text(o.name, at(p, 'name'), issues, { max: 200 });
    if (todId !== undefined && name !== undefined) out.push({ ...(o as unknown as TimeOfDay), id: todId, name });
  });
  return out;
}

/**
 * The history: days in order, each written back as a value log of its total (so held to a log's
 * amount, validate/log.ts: negative totals included) and a mark; no day after the last a log may
 * be written for.
 */
function dailyProgress(value: unknown, path: string, cx: Context): DailyProgress[] | undefined {
  const { issues } = cx;
  const items = array(value, path, issues, 0, Number.MAX_SAFE_INTEGER);
  if (!items) return undefined;
  const out: DailyProgress[] = [];
  let previous = '';
  const before = issues.list.length;
  for (const [i, d] of items.entries()) {
    const p = `${path}[${i}]`;
    const o = object(d, p, issues);
    if (!o) return undefined;
    const day = dayValue(o.date, at(p, 'date'), issues);
    if (day !== undefined && day > cx.latest) issues.add(at(p, 'date'), 'is in the future');
    const total = o.totalLog;
    // A total below 0 is a day lowered by negative logs; it comes back as one negative log.
    logAmount(total, at(p, 'totalLog'), issues);
    const status = oneOf(o.status, at(p, 'status'), issues, DAY_STATUSES);
    if (day === undefined || status === undefined || typeof total !== 'number' || issues.list.length !== before) return undefined;
    const date = o.date as string;
    if (date <= previous) return issues.add(at(p, 'date'), `must come after ${previous}: days are listed once, in order`);
    previous = date;
    out.push({ date, totalLog: total, status });
  }
  return out;
}

/** A habit as POST /habits checks it (validate/habit.ts), with the parts a request cannot send. */
function habit(value: unknown, path: string, cx: Context): ExportedHabit | undefined {
  const { issues, ids } = cx;
  const o = object(value, path, issues);
  if (!o) return undefined;
  const before = issues.list.length;
  const f = (key: string): string => at(path, key);
  const habitId = id(o.id, f('id'), issues);
  ids.claim('habit', habitId, f('id'), issues);
  // null is "none" in a returned habit, where a request leaves the field out.
  const fields = habitFields({
    name: o.name, type: o.type, description: o.description ?? undefined, icon: o.icon ?? undefined, colorHex: o.colorHex,
    customUnitName: o.customUnitName ?? undefined, occurrence: o.occurrence, startDate: o.startDate,
  }, path, issues);
  for (const key of ['colorHex', 'occurrence', 'startDate']) present(o, key, path, issues);
  const created = createdAt(o.createdAt, f('createdAt'), cx);
  const isArchived = o.isArchived === undefined ? false : boolean(o.isArchived, f('isArchived'), issues);
  const goals = (list(o.goals, f('goals'), issues) ?? []).map((g, i) => goal(g, `${f('goals')}[${i}]`, cx));
  goals.forEach((g, i) => ids.claim('goal', g?.id, `${f('goals')}[${i}].id`, issues));
  const areas = (list(o.areas, f('areas'), issues, LIMITS.areaIds) ?? []).map((a, i) => area(a, `${f('areas')}[${i}]`, cx));
  areas.forEach((a, i) => ids.refer('area', a?.id, `${f('areas')}[${i}].id`, issues));
  const tods = timeOfDays(o.timeOfDays, f('timeOfDays'), issues);
  const rem = returnedReminders(o.reminders, f('reminders'), issues, habitId);
  rem?.habitStacks?.forEach((s, i) => ids.claim('habit stack', s.id, `${f('reminders')}.habitStacks[${i}].id`, issues));
  const end = returnedEndCondition(o.endCondition, f('endCondition'), cx);
  if (end) {
    ids.claim('end condition', end.id, `${f('endCondition')}.id`, issues);
    if (fields.startDate !== undefined) endAfterStart(fields.startDate, end, `${f('endCondition')}.date`, issues);
  }
  const notes = (list(o.notes, f('notes'), issues) ?? []).map((n, i) => note(n, `${f('notes')}[${i}]`, cx));
  notes.forEach((n, i) => ids.claim('note', n?.id, `${f('notes')}[${i}].id`, issues));
  let progress: DailyProgress[] | undefined;
  if (!isObject(o.statistics)) issues.add(f('statistics'), 'is required: an object whose dailyProgress holds the history');
  else progress = dailyProgress(o.statistics.dailyProgress, `${f('statistics')}.dailyProgress`, cx);
  if (issues.list.length !== before || !progress || !rem || !tods) return undefined;
  const activeGoals = settleActive(goals as Goal[], o.goal);
  return {
    id: habitId!, name: fields.name!, type: fields.type!, description: fields.description ?? null, icon: fields.icon ?? null,
    colorHex: fields.colorHex!, occurrence: fields.occurrence!, startDate: fields.startDate!, createdAt: created!, isArchived: isArchived!,
    logMethod: typeof o.logMethod === 'string' ? o.logMethod : 'manual', customUnitName: fields.customUnitName ?? null,
    goal: activeGoalOf(activeGoals), goals: activeGoals,
    areas: areas as Area[], timeOfDays: tods, reminders: rem, endCondition: end ?? null,
    notes: notes as Note[],
    statistics: { ...(o.statistics as object), dailyProgress: progress } as ExportedHabit['statistics'],
  };
}

/**
 * How many days the document's habits span, each from the earlier of its start date and its first
 * listed day to the later of its last listed day and `today`: the days the import rebuilds and the
 * store then keeps totals and periods for.
 */
function spannedDays(habits: readonly ExportedHabit[], today: Day): number {
  let days = 0;
  for (const h of habits) {
    const progress = h.statistics.dailyProgress;
    const start = parseDate(h.startDate) ?? today;
    const first = Math.min(start, parseDate(progress[0]?.date ?? h.startDate) ?? start);
    const last = Math.max(today, parseDate(progress.at(-1)?.date ?? h.startDate) ?? today);
    days += Math.max(1, last - first + 1);
  }
  return days;
}

/** The export's own timestamp; not written, so any date-time will do. */
function exportTime(value: unknown, path: string, issues: Issues): string | undefined {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T/.test(value) || !Number.isFinite(Date.parse(value))) {
    return issues.add(path, 'must be an ISO 8601 date-time, e.g. 2026-11-22T07:30:00.000Z');
  }
  return value;
}

/**
 * The document as a typed, checked ExportDocument, as of `now` (creation times and days after it
 * are in the future); throws InvalidExportError naming the first problem.
 */
export function parseExportDocument(value: unknown, now: Date = new Date()): ExportDocument {
  const issues = new Issues();
  const fail = (): never => {
    const [first] = issues.list;
    throw new InvalidExportError(first?.field ?? '$', first?.message ?? 'is invalid', issues.list.length - 1);
  };
  if (!isObject(value)) {
    issues.add('$', 'must be a JSON object (a habits export)');
    return fail();
  }
  if (value.format !== EXPORT_FORMAT) {
    issues.add('$.format', value.format === undefined ? `is missing: this is not a habits export` : `must be "${EXPORT_FORMAT}", not ${JSON.stringify(value.format)}`);
    return fail();
  }
  if (value.version !== EXPORT_VERSION) {
    issues.add('$.version', `must be ${EXPORT_VERSION}, not ${JSON.stringify(value.version) ?? 'missing'} (this build reads version ${EXPORT_VERSION} exports)`);
    return fail();
  }
  const cx: Context = { issues, ids: new IdRegistry(), now, latest: latestLogDay(now) };
  const exportedAt = exportTime(value.exportedAt, '$.exportedAt', issues);
  const source = typeof value.source === 'string' ? value.source : issues.add('$.source', 'must be a string');
  const areas = (array(value.areas, '$.areas', issues, 0, Number.MAX_SAFE_INTEGER) ?? []).map((a, i) => area(a, `$.areas[${i}]`, cx));
  areas.forEach((a, i) => cx.ids.claim('area', a?.id, `$.areas[${i}].id`, issues));
  const habits = (array(value.habits, '$.habits', issues, 0, Number.MAX_SAFE_INTEGER) ?? []).map((h, i) => habit(h, `$.habits[${i}]`, cx));
  if (issues.ok) {
    const days = spannedDays(habits as ExportedHabit[], cx.latest);
    if (days > LIMITS.importDays) {
      issues.add('$.habits', `span ${days} days of history (each habit from its start to today); an import takes at most ${LIMITS.importDays}`);
    }
  }
  if (!issues.ok || exportedAt === undefined || source === undefined) return fail();
  return { format: EXPORT_FORMAT, version: EXPORT_VERSION, exportedAt, source, areas: areas as Area[], habits: habits as ExportedHabit[] };
}

/** Every record of a checked document that keeps its id, with the JSON path of the id. */
export function documentIds(doc: ExportDocument): { kind: RecordKind; id: string; path: string }[] {
  const out: { kind: RecordKind; id: string; path: string }[] = [];
  doc.areas.forEach((a, i) => out.push({ kind: 'area', id: a.id, path: `$.areas[${i}].id` }));
  doc.habits.forEach((h, i) => {
    const p = `$.habits[${i}]`;
    out.push({ kind: 'habit', id: h.id, path: `${p}.id` });
    (h.goals ?? []).forEach((g, j) => out.push({ kind: 'goal', id: g.id, path: `${p}.goals[${j}].id` }));
    (h.areas ?? []).forEach((a, j) => out.push({ kind: 'area', id: a.id, path: `${p}.areas[${j}].id` }));
    (h.reminders?.habitStacks ?? []).forEach((s, j) => out.push({ kind: 'habit stack', id: s.id, path: `${p}.reminders.habitStacks[${j}].id` }));
    if (h.endCondition) out.push({ kind: 'end condition', id: h.endCondition.id, path: `${p}.endCondition.id` });
    h.notes.forEach((n, j) => out.push({ kind: 'note', id: n.id, path: `${p}.notes[${j}].id` }));
  });
  return out;
}
