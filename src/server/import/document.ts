// Shape checks of an export document before anything is written. Each problem names its JSON path
// (`$.habits[2].goals[0].unit`); the importer reports the first. Values go through the API's own
// validators, so the store never holds what its endpoints would refuse; the leniencies (colours,
// times of day, null for "none") are for exports of other servers and are listed in
// docs/export-import.md.
import {
  EXPORT_FORMAT, EXPORT_VERSION, HABIT_TYPES, JOURNAL_STATUSES,
  type Area, type DailyProgress, type EndCondition, type ExportDocument, type ExportedHabit, type Goal, type HabitStack, type Note,
  type Reminders, type TimeOfDay,
} from '../../api/types.js';
import { endConditionView } from '../domain/end-condition.js';
import { activeGoalOf } from '../domain/goals.js';
import { array, boolean, date, oneOf, recordId, required, text } from '../validate/fields.js';
import { endCondition, goal as goalInput, occurrence } from '../validate/habit.js';
import { Issues, type Obj, at, isObject } from '../validate/issues.js';
import { LIMITS } from '../validate/limits.js';
import { noteFields } from '../validate/note.js';
import { reminders } from '../validate/reminders.js';

/** A document that is not a valid export; `path` is where the first problem is. */
export class InvalidExportError extends Error {
  constructor(readonly path: string, readonly problem: string, readonly more: number) {
    super(`${path}: ${problem}${more > 0 ? ` (and ${more} more problem${more === 1 ? '' : 's'})` : ''}`);
    this.name = 'InvalidExportError';
  }
}

/**
 * Colours are the one value kept as the source wrote them, where the API takes only #RGB and
 * #RRGGBB: another server may use another notation, and refusing it would refuse the whole export.
 */
const COLOR = { max: 50, nonEmpty: true };
const DAY_STATUSES = [...JOURNAL_STATUSES, 'none'] as const;

/** Ids must be unique per kind across the whole document: they become primary keys. */
class IdRegistry {
  private readonly seen = new Map<string, string>();

  claim(kind: string, id: string | undefined, path: string, issues: Issues): void {
    if (id === undefined) return;
    const first = this.seen.get(`${kind}\0${id}`);
    if (first !== undefined) issues.add(path, `duplicates the ${kind} id "${id}" of ${first}`);
    else this.seen.set(`${kind}\0${id}`, path);
  }
}

function timestamp(value: unknown, path: string, issues: Issues): string | undefined {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T/.test(value) || !Number.isFinite(Date.parse(value))) {
    return issues.add(path, 'must be an ISO 8601 date-time, e.g. 2026-11-22T07:30:00.000Z');
  }
  return value;
}

/**
 * A name as the API checks it, but for control characters: the API refuses them in what it is
 * sent, while an export from another server may hold them, and imports (the CLI shows them
 * escaped), as a colour in another notation does.
 */
function importedName(value: unknown, path: string, issues: Issues, max: number): string | undefined {
  return required(value, path, issues, { max, nonEmpty: true, trim: true });
}

function optionalText(value: unknown, path: string, issues: Issues, max: number): string | null | undefined {
  return value === undefined || value === null ? null : text(value, path, issues, { max });
}

function list(value: unknown, path: string, issues: Issues, max = Number.MAX_SAFE_INTEGER): unknown[] | undefined {
  return value === undefined || value === null ? [] : array(value, path, issues, 0, max);
}

function object(value: unknown, path: string, issues: Issues): Obj | undefined {
  return isObject(value) ? value : issues.add(path, 'must be an object');
}

function area(value: unknown, path: string, issues: Issues): Area | undefined {
  const o = object(value, path, issues);
  if (!o) return undefined;
  const id = recordId(o.id, at(path, 'id'), issues);
  const name = importedName(o.name, at(path, 'name'), issues, LIMITS.areaName);
  const color = required(o.colorHex, at(path, 'colorHex'), issues, COLOR);
  const icon = o.icon === null || o.icon === undefined ? '' : text(o.icon, at(path, 'icon'), issues, { max: LIMITS.icon });
  const createdAt = timestamp(o.createdAt, at(path, 'createdAt'), issues);
  if (id === undefined || name === undefined || color === undefined || icon === undefined || createdAt === undefined) return undefined;
  return { id, name, colorHex: color, icon, createdAt };
}

function goal(value: unknown, path: string, issues: Issues): Goal | undefined {
  const o = object(value, path, issues);
  if (!o) return undefined;
  const id = recordId(o.id, at(path, 'id'), issues);
  const createdAt = timestamp(o.createdAt, at(path, 'createdAt'), issues);
  const input = goalInput(o, path, issues);
  const isActive = o.isActive === undefined ? false : boolean(o.isActive, at(path, 'isActive'), issues);
  if (!id || !createdAt || !input || isActive === undefined) return undefined;
  return { id, createdAt, ...input, isActive };
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

/** A note, held to the API's rules; null (or missing) content, mood and photos mean none. */
function note(value: unknown, path: string, issues: Issues): Note | undefined {
  const o = object(value, path, issues);
  if (!o) return undefined;
  const id = recordId(o.id, at(path, 'id'), issues);
  const createdAt = timestamp(o.createdAt, at(path, 'createdAt'), issues);
  const fields = noteFields({ ...o, photos: o.photos ?? [] }, path, issues, undefined, true);
  if (!id || !createdAt || !fields) return undefined;
  return { id, createdAt, ...fields };
}

function returnedEndCondition(value: unknown, path: string, issues: Issues): EndCondition | null | undefined {
  if (value === undefined || value === null) return null;
  const o = object(value, path, issues);
  if (!o) return undefined;
  const id = recordId(o.id, at(path, 'id'), issues);
  const createdAt = timestamp(o.createdAt, at(path, 'createdAt'), issues);
  const condition = endCondition(o, path, issues);
  if (!id || !createdAt || !condition) return undefined;
  // isMet and periodType are derived by the service; the importer does not store them.
  return endConditionView(id, createdAt, condition, o.isMet === true, typeof o.periodType === 'string' ? o.periodType : 'daily');
}

/** Reminders as the API checks them, every stack with its id and none on the habit itself. */
function returnedReminders(value: unknown, path: string, issues: Issues, habitId: string | undefined): Reminders | undefined {
  if (value === undefined || value === null) return { timeTriggers: [], habitStacks: [] };
  const parsed = reminders(value, path, issues, recordId);
  if (!parsed) return undefined;
  const stacks = (parsed.habitStacks ?? []) as HabitStack[];
  stacks.forEach((s, i) => {
    if (s.conditionHabitId === habitId) issues.add(`${path}.habitStacks[${i}].conditionHabitId`, 'cannot be the habit itself');
  });
  return { timeTriggers: parsed.timeTriggers ?? [], habitStacks: stacks };
}

function timeOfDays(value: unknown, path: string, issues: Issues): TimeOfDay[] | undefined {
  const items = list(value, path, issues, 10);
  if (!items) return undefined;
  const out: TimeOfDay[] = [];
  items.forEach((t, i) => {
    const p = `${path}[${i}]`;
    const o = object(t, p, issues);
    if (!o) return;
    const id = recordId(o.id, at(p, 'id'), issues);
    const name = o.name === undefined || o.name === null ? '' : text(o.name, at(p, 'name'), issues, { max: 200 });
    if (id !== undefined && name !== undefined) out.push({ ...(o as unknown as TimeOfDay), id, name });
  });
  return out;
}

function dailyProgress(value: unknown, path: string, issues: Issues): DailyProgress[] | undefined {
  const items = array(value, path, issues, 0, Number.MAX_SAFE_INTEGER);
  if (!items) return undefined;
  const out: DailyProgress[] = [];
  let previous = '';
  const before = issues.list.length;
  for (const [i, d] of items.entries()) {
    const p = `${path}[${i}]`;
    const o = object(d, p, issues);
    if (!o) return undefined;
    const day = date(o.date, at(p, 'date'), issues);
    const total = o.totalLog;
    if (typeof total !== 'number' || !Number.isFinite(total) || total < 0) issues.add(at(p, 'totalLog'), 'must be a number of at least 0');
    const status = oneOf(o.status, at(p, 'status'), issues, DAY_STATUSES);
    if (day === undefined || status === undefined || typeof total !== 'number' || issues.list.length !== before) return undefined;
    if (day <= previous) return issues.add(at(p, 'date'), `must come after ${previous}: days are listed once, in order`);
    previous = day;
    out.push({ date: day, totalLog: total, status });
  }
  return out;
}

function habit(value: unknown, path: string, issues: Issues, ids: IdRegistry): ExportedHabit | undefined {
  const o = object(value, path, issues);
  if (!o) return undefined;
  const before = issues.list.length;
  const f = (key: string): string => at(path, key);
  const id = recordId(o.id, f('id'), issues);
  ids.claim('habit', id, f('id'), issues);
  const name = importedName(o.name, f('name'), issues, LIMITS.habitName);
  const type = oneOf(o.type, f('type'), issues, HABIT_TYPES);
  const description = optionalText(o.description, f('description'), issues, LIMITS.description);
  const icon = optionalText(o.icon, f('icon'), issues, LIMITS.icon);
  const color = required(o.colorHex, f('colorHex'), issues, COLOR);
  const occ = occurrence(o.occurrence, f('occurrence'), issues);
  const startDate = date(o.startDate, f('startDate'), issues);
  const createdAt = timestamp(o.createdAt, f('createdAt'), issues);
  const isArchived = o.isArchived === undefined ? false : boolean(o.isArchived, f('isArchived'), issues);
  const customUnitName = optionalText(o.customUnitName, f('customUnitName'), issues, LIMITS.customUnitName);
  const goals = (list(o.goals, f('goals'), issues) ?? []).map((g, i) => goal(g, `${f('goals')}[${i}]`, issues));
  goals.forEach((g, i) => ids.claim('goal', g?.id, `${f('goals')}[${i}].id`, issues));
  const areas = (list(o.areas, f('areas'), issues, LIMITS.areaIds) ?? []).map((a, i) => area(a, `${f('areas')}[${i}]`, issues));
  const tods = timeOfDays(o.timeOfDays, f('timeOfDays'), issues);
  const rem = returnedReminders(o.reminders, f('reminders'), issues, id);
  rem?.habitStacks?.forEach((s, i) => ids.claim('habit stack', s.id, `${f('reminders')}.habitStacks[${i}].id`, issues));
  const end = returnedEndCondition(o.endCondition, f('endCondition'), issues);
  if (end) ids.claim('end condition', end.id, `${f('endCondition')}.id`, issues);
  const notes = (list(o.notes, f('notes'), issues) ?? []).map((n, i) => note(n, `${f('notes')}[${i}]`, issues));
  notes.forEach((n, i) => ids.claim('note', n?.id, `${f('notes')}[${i}].id`, issues));
  let progress: DailyProgress[] | undefined;
  if (!isObject(o.statistics)) issues.add(f('statistics'), 'is required: an object whose dailyProgress holds the history');
  else progress = dailyProgress(o.statistics.dailyProgress, `${f('statistics')}.dailyProgress`, issues);
  if (issues.list.length !== before || !progress || !rem || !tods) return undefined;
  const activeGoals = settleActive(goals as Goal[], o.goal);
  return {
    id: id!, name: name!, type: type!, description: description ?? null, icon: icon ?? null, colorHex: color!,
    occurrence: occ!, startDate: startDate!, createdAt: createdAt!, isArchived: isArchived!,
    logMethod: typeof o.logMethod === 'string' ? o.logMethod : 'manual', customUnitName: customUnitName ?? null,
    goal: activeGoalOf(activeGoals), goals: activeGoals,
    areas: areas as Area[], timeOfDays: tods, reminders: rem, endCondition: end ?? null,
    notes: notes as Note[],
    statistics: { ...(o.statistics as object), dailyProgress: progress } as ExportedHabit['statistics'],
  };
}

/** The document as a typed, checked ExportDocument; throws InvalidExportError naming the first problem. */
export function parseExportDocument(value: unknown): ExportDocument {
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
  const exportedAt = timestamp(value.exportedAt, '$.exportedAt', issues);
  const source = typeof value.source === 'string' ? value.source : issues.add('$.source', 'must be a string');
  const ids = new IdRegistry();
  const areas = (array(value.areas, '$.areas', issues, 0, Number.MAX_SAFE_INTEGER) ?? []).map((a, i) => area(a, `$.areas[${i}]`, issues));
  areas.forEach((a, i) => ids.claim('area', a?.id, `$.areas[${i}].id`, issues));
  const habits = (array(value.habits, '$.habits', issues, 0, Number.MAX_SAFE_INTEGER) ?? []).map((h, i) => habit(h, `$.habits[${i}]`, issues, ids));
  if (!issues.ok || exportedAt === undefined || source === undefined) return fail();
  return { format: EXPORT_FORMAT, version: EXPORT_VERSION, exportedAt, source, areas: areas as Area[], habits: habits as ExportedHabit[] };
}
