// Every field of one habit in readable form: `habit show`, the result of add and edit, and the
// summary before an interactive add or edit. Pure rendering: the caller supplies the names.
import type { EndCondition, EndConditionInput, Goal, GoalInput, Habit, Occurrence, TimeTrigger } from '../api/types.js';
import type { HabitDraft } from '../model/draft.js';
import type { EndState } from '../model/ending.js';
import { currentGoal } from '../model/resources.js';
import { escapeControls } from '../model/text.js';
import type { ChalkInstance } from './color.js';
import { displayIcon, formatEndCondition, formatGoal, formatNamedGoal, formatOccurrence, formatReminder, formatStack } from './format.js';
import { goalUnitName } from '../model/units.js';
import { toTsv } from './plain.js';
import { formatTimestamp } from './time.js';

/** One habit, with ids already turned into names. */
interface HabitDetails {
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
  /** Whether its end condition has ended it (model/ending.ts); unknown for a draft. */
  end?: EndState;
  /** When it was created, in the user's timezone (`2026-11-22 14:05`). */
  created?: string;
  id?: string;
}

/** Names of the ids a draft refers to (commands/habit/refs.ts Names has them). */
export interface DraftNames {
  habit(id: string): string | undefined;
  area(id: string): string;
  timeOfDay(id: string): string;
}

/** How a habit is printed: a terminal's aligned fields or a pipe's lines, dates in `zone`. */
export interface HabitRenderOptions {
  tty: boolean;
  c: ChalkInstance;
  zone: string;
  /** Names the condition habits of stacks; an unknown one shows as its id. */
  habitName(id: string): string | undefined;
  /** Whether the habit has ended, as of today: a State row says so. */
  end?: EndState;
}

/** A returned habit as `show`, `add` and `edit` print it. */
export function renderHabit(h: Habit, opts: HabitRenderOptions): string {
  const details: HabitDetails = {
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
    stacks: (h.reminders?.habitStacks ?? []).map((s) => formatStack(s, opts.habitName)),
    endCondition: h.endCondition ?? null,
    colorHex: h.colorHex || null,
    isArchived: h.isArchived,
    ...(opts.end ? { end: opts.end } : {}),
    created: formatTimestamp(h.createdAt, opts.zone) || undefined,
    id: h.id,
  };
  return opts.tty ? renderTty(details, opts.c) : renderPlain(details);
}

/** The summary of a draft before it is sent, in the words of `habit show`, for a terminal. */
export function draftSummary(d: HabitDraft, names: DraftNames, c: ChalkInstance): string {
  return renderTty({
    name: d.name,
    icon: d.icon,
    type: d.type,
    description: d.description,
    occurrence: d.occurrence,
    startDate: d.startDate,
    goal: d.goal,
    customUnitName: d.customUnitName,
    areas: d.areaIds.map((id) => names.area(id)),
    timeOfDays: d.timeOfDayIds.map((id) => names.timeOfDay(id)),
    reminders: d.timeTriggers,
    stacks: d.habitStacks.map((s) => formatStack(s, (id) => names.habit(id))),
    endCondition: d.endCondition && { ...d.endCondition, periodType: d.goal?.periodicity },
    colorHex: d.colorHex,
  }, c);
}

interface Row {
  label: string;
  /** The field's name in piped output. */
  key: string;
  /** One line each; none for an empty field. */
  values: string[];
  /** The first value as a terminal shows it, when that says more than the value. */
  styled?: (c: ChalkInstance) => string;
  /** What a terminal shows for an empty field (a dash by default). */
  empty?: string;
  /** Text of several lines (a description): a terminal shows each on its own line. */
  lines?: boolean;
}

const TYPE_WORDS: Record<string, string> = { good: ' (a habit to build)', bad: ' (a habit to quit)' };

const one = (value: string | null | undefined): string[] => (value ? [value] : []);

/**
 * The fields in order. On a terminal (`tty`) a goal reads in the habit's own unit name whatever
 * its unit (`8 glasses daily`, `8 glasses (cup) daily`), a total to reach in that unit too, and a
 * bad habit's goal is its Limit; a pipe keeps the field names and the plain goal.
 */
function rows(d: HabitDetails, tty: boolean): Row[] {
  const hex = d.colorHex;
  const goal = d.goal && (tty ? formatNamedGoal(d.goal, d.customUnitName) : formatGoal(d.goal, d.customUnitName));
  const ends = d.endCondition && (tty && d.goal ? formatEndCondition(d.endCondition, goalUnitName(String(d.goal.unit), d.customUnitName)) : formatEndCondition(d.endCondition));
  const out: Row[] = [
    { label: 'Type', key: 'type', values: [d.type], styled: () => escapeControls(d.type) + (TYPE_WORDS[d.type] ?? '') },
    { label: 'Description', key: 'description', values: one(d.description), lines: true },
    { label: 'Schedule', key: 'schedule', values: [formatOccurrence(d.occurrence)] },
    { label: 'Starts', key: 'start', values: one(d.startDate) },
    { label: d.type === 'bad' ? 'Limit' : 'Goal', key: 'goal', values: one(goal), empty: 'none' },
    { label: 'Unit name', key: 'unit_name', values: one(d.customUnitName) },
    { label: 'Areas', key: 'areas', values: one(d.areas.join(', ')), empty: 'none' },
    { label: 'Time of day', key: 'time_of_day', values: one(d.timeOfDays.join(', ')), empty: 'any time' },
    { label: 'Reminders', key: 'reminder', values: d.reminders.map(formatReminder), empty: 'none' },
    { label: 'Stacks', key: 'stack', values: d.stacks, empty: 'none' },
    { label: 'Ends', key: 'end', values: one(ends), empty: 'never' },
    // Over, with its history kept: no longer due after its last day.
    ...(d.end?.ended ? [{ label: 'State', key: 'state', values: [`${d.end.endedOn ? `ended ${d.end.endedOn}` : 'ended (the server does not say on which day)'}: no longer due`] }] : []),
    { label: 'Icon', key: 'icon', values: one(d.icon) },
    { label: 'Colour', key: 'color', values: one(hex), styled: hex && /^#(?:[0-9a-f]{3}){1,2}$/i.test(hex) ? (c) => `${c.hex(hex)('●')} ${hex}` : undefined, empty: 'default' },
  ];
  if (d.isArchived !== undefined) out.push({ label: 'Archived', key: 'archived', values: [d.isArchived ? 'yes' : 'no'] });
  if (d.created) out.push({ label: 'Created', key: 'created', values: [d.created] });
  if (d.id) out.push({ label: 'Id', key: 'id', values: [d.id] });
  return out;
}

/** A value as a terminal shows it: its lines (for a block of text), control characters escaped. */
function shownLines(value: string, block: boolean): string[] {
  return block ? value.split(/\r\n?|\n/).map((l) => escapeControls(l.replace(/\t/g, '  '))) : [escapeControls(value)];
}

/** Aligned labels and values for a terminal; text from the server shows its control characters escaped. */
function renderTty(d: HabitDetails, c: ChalkInstance): string {
  const icon = displayIcon(d.icon);
  const lines = [(icon ? `${icon} ` : '') + c.bold(escapeControls(d.name))];
  const all = rows(d, true);
  const width = Math.max(...all.map((r) => r.label.length)) + 2;
  for (const row of all) {
    const head = `  ${c.dim(row.label.padEnd(width))}`;
    if (row.values.length === 0) lines.push(head + c.dim(row.empty ?? '–'));
    const shown = row.values.flatMap((value, i) => (i === 0 && row.styled ? [row.styled(c)] : shownLines(value, !!row.lines)));
    shown.forEach((text, i) => lines.push((i === 0 ? head : `  ${' '.repeat(width)}`) + text));
  }
  return lines.join('\n') + '\n';
}

/** `field<TAB>value` lines for pipes; a field with several values repeats, an empty one has no value. */
function renderPlain(d: HabitDetails): string {
  const out: string[][] = [['name', d.name]];
  for (const row of rows(d, false)) {
    if (row.values.length === 0) out.push([row.key, '']);
    for (const v of row.values) out.push([row.key, v]);
  }
  return toTsv(out);
}
