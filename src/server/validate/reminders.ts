// Reminders of a habit: time triggers and habit stacks. A stack's reference to another habit is
// checked by the handler (or the importer) against the store; only its shape is checked here.
import { STACK_TYPES, TIMER_TYPES, type HabitStackInput, type RemindersInput, type TimeTrigger } from '../../api/types.js';
import { array, boolean, integer, oneOf, recordId, uniqueIntegers } from './fields.js';
import { type Issues, at, isObject } from './issues.js';
import { LIMITS } from './limits.js';

function timeTrigger(value: unknown, path: string, issues: Issues): TimeTrigger | undefined {
  if (!isObject(value)) return issues.add(path, 'must be an object');
  const before = issues.list.length;
  let hour: number | undefined;
  let minute: number | undefined;
  if (!isObject(value.time)) issues.add(at(path, 'time'), 'is required (an object with hour and minute)');
  else {
    hour = integer(value.time.hour, at(path, 'time.hour'), issues, 0, 23);
    minute = integer(value.time.minute, at(path, 'time.minute'), issues, 0, 59);
  }
  let weekDays: number[] | undefined;
  if (value.occurrenceFilter !== undefined) {
    const filterPath = at(path, 'occurrenceFilter');
    if (!isObject(value.occurrenceFilter)) issues.add(filterPath, 'must be an object with weekDays');
    else weekDays = uniqueIntegers(value.occurrenceFilter.weekDays, at(filterPath, 'weekDays'), issues, 1, 7, 1, 7);
  }
  if (value.showLiveActivity !== undefined) boolean(value.showLiveActivity, at(path, 'showLiveActivity'), issues);
  if (value.showAsAlarm !== undefined) boolean(value.showAsAlarm, at(path, 'showAsAlarm'), issues);
  if (issues.list.length !== before || hour === undefined || minute === undefined) return undefined;
  return {
    time: { hour, minute },
    ...(weekDays ? { occurrenceFilter: { weekDays } } : {}),
    showLiveActivity: value.showLiveActivity === true,
    showAsAlarm: value.showAsAlarm === true,
  };
}

/** How the id of a stack is checked where it is required (an export, whose stacks keep their ids). */
export type StackIdCheck = (value: unknown, field: string, issues: Issues) => string | undefined;

/** A habit stack; its `id` is optional on the API (omitted to create one), required in an export. */
function habitStack(value: unknown, path: string, issues: Issues, stackId: StackIdCheck | undefined): HabitStackInput | undefined {
  if (!isObject(value)) return issues.add(path, 'must be an object');
  const before = issues.list.length;
  const id =
    value.id !== undefined ? (stackId ?? recordId)(value.id, at(path, 'id'), issues)
    : stackId ? issues.add(at(path, 'id'), 'is required (stacks keep their ids)')
    : undefined;
  const conditionHabitId = recordId(value.conditionHabitId, at(path, 'conditionHabitId'), issues);
  const type = oneOf(value.type, at(path, 'type'), issues, STACK_TYPES);
  const timerType = oneOf(value.timerType, at(path, 'timerType'), issues, TIMER_TYPES);
  let delay: number | undefined;
  if (value.timerDelaySecs === undefined) {
    if (timerType === 'after') issues.add(at(path, 'timerDelaySecs'), 'is required when timerType is "after"');
  } else {
    delay = integer(value.timerDelaySecs, at(path, 'timerDelaySecs'), issues, 0, LIMITS.timerDelaySecs);
    // Stored as 0 it would silently differ from what was sent: say so instead.
    if (delay !== undefined && delay !== 0 && timerType === 'immediately') {
      issues.add(at(path, 'timerDelaySecs'), 'must be 0 (or left out) when timerType is "immediately"');
    }
  }
  if (issues.list.length !== before || !conditionHabitId || !type || !timerType) return undefined;
  return { ...(id ? { id } : {}), conditionHabitId, type, timerType, timerDelaySecs: delay ?? 0 };
}

/** Reminders as sent; with `stackId`, every habit stack must carry an id that passes it (an export). */
export function reminders(value: unknown, path: string, issues: Issues, stackId?: StackIdCheck): RemindersInput | undefined {
  if (!isObject(value)) return issues.add(path, 'must be an object with timeTriggers and/or habitStacks');
  const before = issues.list.length;
  const out: RemindersInput = {};
  if (value.timeTriggers !== undefined) {
    const items = array(value.timeTriggers, at(path, 'timeTriggers'), issues, 0, LIMITS.timeTriggers);
    if (items) out.timeTriggers = items.map((t, i) => timeTrigger(t, `${at(path, 'timeTriggers')}[${i}]`, issues)).filter((t) => t !== undefined);
  }
  if (value.habitStacks !== undefined) {
    const items = array(value.habitStacks, at(path, 'habitStacks'), issues, 0, LIMITS.habitStacks);
    if (items) out.habitStacks = items.map((s, i) => habitStack(s, `${at(path, 'habitStacks')}[${i}]`, issues, stackId)).filter((s) => s !== undefined);
  }
  return issues.list.length === before ? out : undefined;
}
