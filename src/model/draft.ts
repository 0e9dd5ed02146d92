// A habit as the user means it (HabitDraft, in wire terms with references resolved): built from
// defaults or from a returned habit, changed by flags and prompts, then turned into a create body
// or into an update body holding only the fields that changed. Pure functions.
import type {
  CreateHabitBody, EndCondition, EndConditionInput, GoalInput, GoalUnit, Habit, HabitStack, HabitStackInput, HabitType,
  Occurrence, Periodicity, StackType, TimeTrigger, TimerType, UpdateHabitBody,
} from '../api/types.js';
import { currentGoal } from './resources.js';
import type { FieldFlags } from './habit-flags.js';
import { reminderFilter } from './habit-fields.js';

/** Every field of a habit that add and edit can set. */
export interface HabitDraft {
  name: string;
  type: HabitType;
  description: string | null;
  icon: string | null;
  /** null leaves the colour to the server (on add). */
  colorHex: string | null;
  startDate: string;
  customUnitName: string | null;
  occurrence: Occurrence;
  goal: GoalInput | null;
  areaIds: string[];
  timeOfDayIds: string[];
  timeTriggers: TimeTrigger[];
  habitStacks: HabitStackInput[];
  endCondition: EndConditionInput | null;
}

/** Field flags with their references resolved to ids. */
export type ResolvedFlags = Omit<FieldFlags, 'areas' | 'timeOfDays' | 'stacks'> & {
  areaIds?: string[];
  timeOfDayIds?: string[];
  habitStacks?: HabitStackInput[];
};

/** A new habit's starting point: a good habit every day from `today`, nothing else set. */
export function defaultDraft(name: string, today: string): HabitDraft {
  return {
    name, type: 'good', description: null, icon: null, colorHex: null, startDate: today, customUnitName: null,
    occurrence: { type: 'daily' }, goal: null, areaIds: [], timeOfDayIds: [], timeTriggers: [], habitStacks: [], endCondition: null,
  };
}

/** The end condition as it would be sent. */
function endConditionInput(e: EndCondition | EndConditionInput): EndConditionInput {
  switch (e.type) {
    case 'date':
      return { type: 'date', date: e.date };
    case 'streak':
      return { type: 'streak', streakLength: e.streakLength };
    case 'successPeriods':
      return { type: 'successPeriods', totalPeriods: e.totalPeriods };
    case 'totalLogValue':
      return { type: 'totalLogValue', totalLogValue: e.totalLogValue };
  }
}

/** A returned stack as it would be sent back (keeping its id, so the server keeps the stack). */
function stackInput(s: HabitStack): HabitStackInput {
  const timerType: TimerType = s.timerType === 'after' ? 'after' : 'immediately';
  return {
    id: s.id, conditionHabitId: s.conditionHabitId, type: s.type as StackType, timerType,
    ...(timerType === 'after' ? { timerDelaySecs: s.timerDelaySecs } : {}),
  };
}

/** The draft of an existing habit, read tolerantly (servers differ in what they return). */
export function draftFromHabit(h: Habit): HabitDraft {
  const goal = currentGoal(h);
  return {
    name: h.name,
    type: h.type,
    description: h.description || null,
    icon: h.icon || null,
    colorHex: h.colorHex || null,
    startDate: h.startDate,
    customUnitName: h.customUnitName || null,
    occurrence: h.occurrence ?? { type: 'daily' },
    goal: goal ? { value: goal.value, unit: goal.unit as GoalUnit, periodicity: goal.periodicity as Periodicity } : null,
    areaIds: (h.areas ?? []).map((a) => a.id),
    timeOfDayIds: (h.timeOfDays ?? []).map((t) => t.id),
    timeTriggers: (h.reminders?.timeTriggers ?? []).map((t) => ({ ...t })),
    habitStacks: (h.reminders?.habitStacks ?? []).map(stackInput),
    endCondition: h.endCondition ? endConditionInput(h.endCondition) : null,
  };
}

const stackKey = (s: HabitStackInput): string =>
  JSON.stringify([s.conditionHabitId, s.type, s.timerType, s.timerType === 'after' ? s.timerDelaySecs ?? 0 : 0]);

/**
 * Gives each new stack (from flags, so without an id) the id of the existing stack it repeats: an
 * identical one first, else one on the same habit and trigger (so a changed delay updates that
 * stack instead of replacing it).
 */
export function keepStackIds(current: readonly HabitStackInput[], next: readonly HabitStackInput[]): HabitStackInput[] {
  const free = current.filter((s) => s.id);
  const take = (match: (s: HabitStackInput) => boolean): string | undefined => {
    const i = free.findIndex(match);
    return i === -1 ? undefined : free.splice(i, 1)[0]!.id;
  };
  const out: HabitStackInput[] = next.map(({ id: _id, ...s }) => s);
  out.forEach((s, i) => {
    const id = take((c) => stackKey(c) === stackKey(s));
    if (id) out[i] = { id, ...s };
  });
  out.forEach((s, i) => {
    if (s.id) return;
    const id = take((c) => c.conditionHabitId === s.conditionHabitId && c.type === s.type);
    if (id) out[i] = { id, ...s };
  });
  return out;
}

/** `draft` with the flags applied. */
export function applyFlags(draft: HabitDraft, f: ResolvedFlags): HabitDraft {
  const next: HabitDraft = { ...draft };
  if (f.name !== undefined) next.name = f.name;
  if (f.type !== undefined) next.type = f.type;
  if (f.description !== undefined) next.description = f.description;
  if (f.icon !== undefined) next.icon = f.icon;
  if (f.colorHex !== undefined) next.colorHex = f.colorHex;
  if (f.startDate !== undefined) next.startDate = f.startDate;
  if (f.customUnitName !== undefined) next.customUnitName = f.customUnitName;
  if (f.occurrence !== undefined) next.occurrence = f.occurrence;
  if (f.goal !== undefined) next.goal = f.goal;
  if (f.areaIds !== undefined) next.areaIds = f.areaIds;
  if (f.timeOfDayIds !== undefined) next.timeOfDayIds = f.timeOfDayIds;
  if (f.timeTriggers !== undefined) next.timeTriggers = f.timeTriggers;
  if (f.habitStacks !== undefined) next.habitStacks = keepStackIds(draft.habitStacks, f.habitStacks);
  if (f.endCondition !== undefined) next.endCondition = f.endCondition;
  return next;
}

/** Why the draft cannot be sent, or undefined: an end date before the start would end it before it begins. */
export function draftProblem(d: Pick<HabitDraft, 'startDate' | 'endCondition'>): string | undefined {
  const end = d.endCondition;
  if (end?.type === 'date' && end.date < d.startDate) return `--end: the end date ${end.date} is before the start date ${d.startDate}`;
  return undefined;
}

/** The POST /habits body of a draft: unset optional fields are left out. */
export function createBody(d: HabitDraft): CreateHabitBody {
  const body: CreateHabitBody = { name: d.name, type: d.type, occurrence: d.occurrence, startDate: d.startDate };
  if (d.description) body.description = d.description;
  if (d.icon) body.icon = d.icon;
  if (d.colorHex) body.colorHex = d.colorHex;
  if (d.customUnitName) body.customUnitName = d.customUnitName;
  if (d.goal) body.goal = d.goal;
  if (d.areaIds.length) body.areaIds = d.areaIds;
  if (d.timeOfDayIds.length) body.timeOfDayIds = d.timeOfDayIds;
  if (d.timeTriggers.length || d.habitStacks.length) body.reminders = reminders(d);
  if (d.endCondition) body.endCondition = d.endCondition;
  return body;
}

function reminders(d: HabitDraft): { timeTriggers: TimeTrigger[]; habitStacks: HabitStackInput[] } {
  return { timeTriggers: d.timeTriggers, habitStacks: d.habitStacks };
}

const canonOccurrence = (o: Occurrence): string =>
  JSON.stringify('days' in o ? { type: o.type, days: [...o.days].sort((a, b) => a - b) } : o.type === 'intervalDays' ? { type: o.type, interval: o.interval } : { type: o.type });

// No filter and a filter of all seven days both mean every day.
const canonTrigger = (t: TimeTrigger): string =>
  JSON.stringify([t.time.hour, t.time.minute, reminderFilter(t.occurrenceFilter?.weekDays ?? [])?.weekDays ?? null, !!t.showAsAlarm, !!t.showLiveActivity]);

const sameGoal = (a: GoalInput | null, b: GoalInput | null): boolean =>
  a === b || (!!a && !!b && a.value === b.value && a.unit === b.unit && a.periodicity === b.periodicity);

const sortedJson = (items: string[]): string => JSON.stringify([...items].sort());

/** Names of the fields an update body changes, for the confirmation line. */
const FIELD_LABELS: Record<keyof UpdateHabitBody, string> = {
  name: 'name', description: 'description', occurrence: 'schedule', startDate: 'start date', icon: 'icon', colorHex: 'colour',
  customUnitName: 'unit name', areaIds: 'areas', timeOfDayIds: 'time of day', goal: 'goal', reminders: 'reminders', endCondition: 'end condition',
};

/** The label of a field an update body changes; a bad habit's goal is its limit. */
export function fieldLabel(key: keyof UpdateHabitBody, type: string): string {
  return key === 'goal' && type === 'bad' ? 'limit' : FIELD_LABELS[key];
}

/**
 * The PUT body that turns `current` into `next`: only the fields that differ. Reminders travel as
 * one field, so a change to time reminders or stacks sends both lists (stacks with their ids).
 */
export function diffDrafts(current: HabitDraft, next: HabitDraft): UpdateHabitBody {
  const body: UpdateHabitBody = {};
  if (next.name !== current.name) body.name = next.name;
  if ((next.description ?? '') !== (current.description ?? '')) body.description = next.description || null;
  if ((next.icon ?? '') !== (current.icon ?? '')) body.icon = next.icon || null;
  if (next.colorHex && next.colorHex.toUpperCase() !== (current.colorHex ?? '').toUpperCase()) body.colorHex = next.colorHex;
  if (next.startDate !== current.startDate) body.startDate = next.startDate;
  if ((next.customUnitName ?? '') !== (current.customUnitName ?? '')) body.customUnitName = next.customUnitName || null;
  if (canonOccurrence(next.occurrence) !== canonOccurrence(current.occurrence)) body.occurrence = next.occurrence;
  if (!sameGoal(next.goal, current.goal)) body.goal = next.goal;
  if (sortedJson(next.areaIds) !== sortedJson(current.areaIds)) body.areaIds = next.areaIds;
  if (sortedJson(next.timeOfDayIds) !== sortedJson(current.timeOfDayIds)) body.timeOfDayIds = next.timeOfDayIds;
  const triggersChanged = sortedJson(next.timeTriggers.map(canonTrigger)) !== sortedJson(current.timeTriggers.map(canonTrigger));
  const stacksChanged = sortedJson(next.habitStacks.map(stackKey)) !== sortedJson(current.habitStacks.map(stackKey));
  if (triggersChanged || stacksChanged) body.reminders = reminders(next);
  // Drafts hold end conditions in their sent form already (draftFromHabit, flags and prompts).
  if (JSON.stringify(next.endCondition) !== JSON.stringify(current.endCondition)) body.endCondition = next.endCondition;
  return body;
}
