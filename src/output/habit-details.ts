// Every field of one habit in readable form: `habit show`, the result of add and edit, and the
// summary before an interactive add or edit. Pure rendering: the caller supplies the names.
import type { EndCondition, EndConditionInput, Goal, GoalInput, Habit, Occurrence, TimeTrigger } from '../api/types.js';
import { currentGoal } from '../resources.js';
import type { ChalkInstance } from './color.js';
import { formatEndCondition, formatGoal, formatOccurrence, formatReminder, formatStack } from './format.js';
import { toTsv } from './plain.js';

/** One habit, with ids already turned into names. */
export interface HabitDetails {
  name: string;
  icon: string | null;
  type: string;
  description: string | null;
  occurrence: Occurrence | null;
  startDate: string | null;
  goal: Pick<Goal | GoalInput, 'value' | 'unit' | 'periodicity'> | null;
  customUnitName: string | null;
  areas: string[];
  timeOfDays: string[];
  reminders: TimeTrigger[];
  /** Stacks in words (`after "Meditate" is completed, +10 min`). */
  stacks: string[];
  endCondition: EndCondition | (EndConditionInput & { periodType?: string }) | null;
  colorHex: string | null;
  isArchived?: boolean;
  createdAt?: string;
  id?: string;
}

/** The details of a returned habit; `habitName` names the condition habits of its stacks. */
export function detailsOfHabit(h: Habit, habitName: (id: string) => string | undefined): HabitDetails {
  return {
    name: h.name,
    icon: h.icon || null,
    type: h.type,
    description: h.description || null,
    occurrence: h.occurrence ?? null,
    startDate: h.startDate ?? null,
    goal: currentGoal(h),
    customUnitName: h.customUnitName || null,
    areas: (h.areas ?? []).map((a) => a.name),
    timeOfDays: (h.timeOfDays ?? []).map((t) => t.name),
    reminders: h.reminders?.timeTriggers ?? [],
    stacks: (h.reminders?.habitStacks ?? []).map((s) => formatStack(s, habitName)),
    endCondition: h.endCondition ?? null,
    colorHex: h.colorHex || null,
    isArchived: h.isArchived,
    createdAt: h.createdAt,
    id: h.id,
  };
}

type Row = [label: string, key: string, values: string[]];

function rows(d: HabitDetails): Row[] {
  const out: Row[] = [
    ['Type', 'type', [d.type]],
    ['Description', 'description', d.description ? [d.description] : []],
    ['Schedule', 'schedule', [formatOccurrence(d.occurrence)]],
    ['Starts', 'start', d.startDate ? [d.startDate] : []],
    ['Goal', 'goal', d.goal ? [formatGoal(d.goal)] : []],
    ['Unit name', 'unit_name', d.customUnitName ? [d.customUnitName] : []],
    ['Areas', 'areas', d.areas.length ? [d.areas.join(', ')] : []],
    ['Time of day', 'time_of_day', d.timeOfDays.length ? [d.timeOfDays.join(', ')] : []],
    ['Reminders', 'reminder', d.reminders.map(formatReminder)],
    ['Stacks', 'stack', d.stacks],
    ['Ends', 'end', d.endCondition ? [formatEndCondition(d.endCondition)] : []],
    ['Icon', 'icon', d.icon ? [d.icon] : []],
    ['Colour', 'color', d.colorHex ? [d.colorHex] : []],
  ];
  if (d.isArchived !== undefined) out.push(['Archived', 'archived', [d.isArchived ? 'yes' : 'no']]);
  if (d.createdAt) out.push(['Created', 'created', [d.createdAt]]);
  if (d.id) out.push(['Id', 'id', [d.id]]);
  return out;
}

const EMPTY: Record<string, string> = { Goal: 'none', Reminders: 'none', Stacks: 'none', Ends: 'never', Areas: 'none', 'Time of day': 'any time', Colour: 'default' };

const TYPE_WORDS: Record<string, string> = { good: ' (a habit to build)', bad: ' (a habit to quit)' };

/** True for an icon that is a symbol (emoji) rather than an identifier like `run`. */
function isSymbol(icon: string): boolean {
  return !/[A-Za-z0-9]/.test(icon) && [...icon].length <= 4;
}

/** Aligned labels and values for a terminal. */
export function renderDetailsTty(d: HabitDetails, c: ChalkInstance): string {
  const title = (d.icon && isSymbol(d.icon) ? `${d.icon} ` : '') + c.bold(d.name);
  const lines = [title];
  const all = rows(d);
  const width = Math.max(...all.map(([label]) => label.length)) + 2;
  for (const [label, , values] of all) {
    const head = `  ${c.dim(label.padEnd(width))}`;
    if (values.length === 0) {
      lines.push(head + c.dim(EMPTY[label] ?? '–'));
      continue;
    }
    values.forEach((value, i) => {
      const shown = label === 'Colour' && d.colorHex ? `${c.hex(d.colorHex)('●')} ${value}` : label === 'Type' ? `${value}${TYPE_WORDS[value] ?? ''}` : value;
      lines.push((i === 0 ? head : `  ${' '.repeat(width)}`) + shown);
    });
  }
  return lines.join('\n') + '\n';
}

/** `field<TAB>value` lines for pipes; a field with several values repeats, an empty one has no value. */
export function renderDetailsPlain(d: HabitDetails): string {
  const out: string[][] = [['name', d.name]];
  for (const [, key, values] of rows(d)) {
    if (values.length === 0) out.push([key, '']);
    for (const v of values) out.push([key, v]);
  }
  return toTsv(out);
}
