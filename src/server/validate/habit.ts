// Shape validation of habit bodies (create and update). References to other records (areas,
// condition habits, stack ids) are checked by the handler inside its write transaction.
import {
  END_CONDITION_TYPES, GOAL_UNITS, HABIT_TYPES, OCCURRENCE_TYPES, PERIODICITIES,
  type CreateHabitBody, type EndConditionInput, type HabitType, type GoalInput, type Occurrence, type UpdateHabitBody,
} from '../../api/types.js';
import { colorHex, date, integer, oneOf, positive, text, timeOfDayId, trimmedName, uniqueIds, uniqueIntegers } from './fields.js';
import { Issues, type Obj, at, bodyObject, isObject } from './issues.js';
import { LIMITS } from './limits.js';
import { reminders } from './reminders.js';

/** A habit's schedule. */
export function occurrence(value: unknown, path: string, issues: Issues): Occurrence | undefined {
  if (!isObject(value)) return issues.add(path, 'must be an object');
  const type = oneOf(value.type, at(path, 'type'), issues, OCCURRENCE_TYPES);
  switch (type) {
    case 'daily':
      return { type };
    case 'weekDays': {
      const days = uniqueIntegers(value.days, at(path, 'days'), issues, 0, 6, 1, 7);
      return days && { type, days };
    }
    case 'monthDays': {
      const days = uniqueIntegers(value.days, at(path, 'days'), issues, 1, 31, 1, 31);
      return days && { type, days };
    }
    case 'intervalDays': {
      const interval = integer(value.interval, at(path, 'interval'), issues, 1, LIMITS.interval);
      return interval === undefined ? undefined : { type, interval };
    }
    default:
      return undefined;
  }
}

/** A goal as sent: periodicity, value and unit. */
export function goal(value: unknown, path: string, issues: Issues): GoalInput | undefined {
  if (!isObject(value)) return issues.add(path, 'must be an object with periodicity, value and unit');
  const periodicity = oneOf(value.periodicity, at(path, 'periodicity'), issues, PERIODICITIES);
  const amount = positive(value.value, at(path, 'value'), issues, LIMITS.amount);
  const unit = oneOf(value.unit, at(path, 'unit'), issues, GOAL_UNITS);
  return periodicity && amount !== undefined && unit ? { periodicity, value: amount, unit } : undefined;
}

/** An end condition as sent. */
export function endCondition(value: unknown, path: string, issues: Issues): EndConditionInput | undefined {
  if (!isObject(value)) return issues.add(path, 'must be an object');
  const type = oneOf(value.type, at(path, 'type'), issues, END_CONDITION_TYPES);
  switch (type) {
    case 'date': {
      const d = date(value.date, at(path, 'date'), issues);
      return d === undefined ? undefined : { type, date: d };
    }
    case 'streak': {
      const n = integer(value.streakLength, at(path, 'streakLength'), issues, 1, LIMITS.streakLength);
      return n === undefined ? undefined : { type, streakLength: n };
    }
    case 'successPeriods': {
      const n = integer(value.totalPeriods, at(path, 'totalPeriods'), issues, 1, LIMITS.streakLength);
      return n === undefined ? undefined : { type, totalPeriods: n };
    }
    case 'totalLogValue': {
      const n = positive(value.totalLogValue, at(path, 'totalLogValue'), issues, LIMITS.amount);
      return n === undefined ? undefined : { type, totalLogValue: n };
    }
    default:
      return undefined;
  }
}

function timeOfDayIds(value: unknown, field: string, issues: Issues): string[] | undefined {
  const ids = uniqueIds(value, field, issues, 3);
  if (!ids) return undefined;
  const before = issues.list.length;
  ids.forEach((id, i) => timeOfDayId(id, `${field}[${i}]`, issues));
  return issues.list.length === before ? ids : undefined;
}

type Nullable = 'description' | 'icon' | 'customUnitName' | 'goal' | 'endCondition';

/**
 * Validates a habit body under `path` (the root for a request); on update null clears the optional
 * fields and `type` is refused.
 */
function common(body: Obj, issues: Issues, create: boolean, path = ''): UpdateHabitBody & { type?: HabitType } {
  const out: UpdateHabitBody & { type?: HabitType } = {};
  const f = (key: string): string => at(path, key);
  const present = (key: string): boolean => body[key] !== undefined;
  const cleared = (key: Nullable): boolean => !create && body[key] === null;
  if (present('name') || create) out.name = trimmedName(body.name, f('name'), issues, LIMITS.habitName);
  if (create) {
    if (present('type')) out.type = oneOf(body.type, f('type'), issues, HABIT_TYPES);
    else issues.add(f('type'), 'is required (good or bad)');
  } else if (present('type')) issues.add(f('type'), 'cannot be changed after a habit is created');
  if (cleared('description')) out.description = null;
  else if (present('description')) out.description = text(body.description, f('description'), issues, { max: LIMITS.description, printable: 'text' });
  if (present('occurrence')) out.occurrence = occurrence(body.occurrence, f('occurrence'), issues);
  if (present('startDate')) out.startDate = date(body.startDate, f('startDate'), issues);
  if (cleared('icon')) out.icon = null;
  else if (present('icon')) out.icon = text(body.icon, f('icon'), issues, { max: LIMITS.icon, printable: 'line' });
  if (present('colorHex')) out.colorHex = colorHex(body.colorHex, f('colorHex'), issues);
  if (cleared('customUnitName')) out.customUnitName = null;
  else if (present('customUnitName')) out.customUnitName = text(body.customUnitName, f('customUnitName'), issues, { max: LIMITS.customUnitName, printable: 'line' });
  if (present('areaIds')) out.areaIds = uniqueIds(body.areaIds, f('areaIds'), issues, LIMITS.areaIds);
  if (present('timeOfDayIds')) out.timeOfDayIds = timeOfDayIds(body.timeOfDayIds, f('timeOfDayIds'), issues);
  if (cleared('goal')) out.goal = null;
  else if (present('goal')) out.goal = goal(body.goal, f('goal'), issues);
  if (present('reminders')) out.reminders = reminders(body.reminders, f('reminders'), issues);
  if (cleared('endCondition')) out.endCondition = null;
  else if (present('endCondition')) out.endCondition = endCondition(body.endCondition, f('endCondition'), issues);
  return out;
}

/**
 * The fields of a habit as POST /habits checks them, under `path`: the importer holds each habit of
 * a document to them (the parts with ids, which a request cannot send, it checks itself).
 */
export function habitFields(body: Obj, path: string, issues: Issues): UpdateHabitBody & { type?: HabitType } {
  return common(body, issues, true, path);
}

/**
 * An end date before the start date would end the habit before it begins: `show` would call it met
 * while the journal lists it as due. Refused on create and update (400 on endCondition.date), and
 * on import.
 */
export function endAfterStart(startDate: string, end: EndConditionInput | null | undefined, field: string, issues: Issues): void {
  if (end?.type === 'date' && end.date < startDate) issues.add(field, `is before the start date ${startDate}`);
}

/** A valid POST /habits body, or a 400. */
export function parseCreateHabit(body: unknown): CreateHabitBody {
  const issues = new Issues();
  const obj = bodyObject(body, issues);
  if (!obj) return issues.done() as never;
  const out = common(obj, issues, true);
  issues.done();
  return out as CreateHabitBody;
}

/** A valid PUT /habits/{id} body, or a 400. Sending `type` is an error: it cannot change. */
export function parseUpdateHabit(body: unknown): UpdateHabitBody {
  const issues = new Issues();
  const obj = bodyObject(body, issues);
  if (!obj) return issues.done() as never;
  const out = common(obj, issues, false);
  issues.done();
  return out;
}
