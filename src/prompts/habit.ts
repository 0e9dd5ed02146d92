// The interactive walk of `habit add -i` and `habit edit -i`: every field in turn, pre-filled from
// the draft (the current habit and any flags), validated at each prompt with the flag grammar,
// then a summary and a confirmation before anything is sent.
import type { HabitType } from '../api/types.js';
import type { HabitDraft } from '../model/draft.js';
import { parseName } from '../model/habit-fields.js';
import { knownTimeOfDays, learnHabitNames, type Names } from '../resolve/habit-refs.js';
import { controlProblem } from '../model/text.js';
import { findPeriod, withDayPeriods } from '../model/time-of-day.js';
import type { Output } from '../output/output.js';
import type { Resolver } from '../resolve/index.js';
import { DATE_FORMS, parseDate } from '../model/dates.js';
import { CancelledError } from '../errors.js';
import { check, parseColor } from '../model/grammar.js';
import { draftSummary } from '../output/habit-details.js';
import { type Named } from '../resolve/index.js';
import { promptEndCondition } from './end-condition.js';
import { promptGoal } from './goal.js';
import { promptOccurrence } from './occurrence.js';
import { optional } from './optional.js';
import { promptTimeTriggers } from './reminders.js';
import { promptStacks } from './stacks.js';
import type { Prompter } from './prompter.js';

/** What the walk starts from. */
export interface HabitWalk {
  mode: 'add' | 'edit';
  draft: HabitDraft;
  names: Names;
  /** The habit being edited: it cannot stack on itself. */
  selfId?: string;
}

/** What the habit walk needs: the prompter, names to offer, a place for notes, and today. */
export interface HabitPromptDeps {
  prompter: Prompter;
  resolver: Resolver;
  out: Output;
  today(): string;
}

/** Walks through every field; returns the draft the user settled on (not yet confirmed). */
export async function promptHabit(deps: HabitPromptDeps, walk: HabitWalk): Promise<HabitDraft> {
  const p = deps.prompter;
  const { names } = walk;
  const d: HabitDraft = { ...walk.draft };
  d.name = parseName(await p.input({ message: 'Name', default: d.name || undefined, validate: (v) => check(() => parseName(v)) }));
  if (walk.mode === 'add') {
    d.type = await p.select<HabitType>({
      message: 'Type',
      choices: [{ name: 'good: a habit to build', value: 'good' }, { name: 'bad: a habit to quit', value: 'bad' }],
      default: d.type,
    });
  }
  d.description = (await p.input({
    message: optional('Description', d.description),
    default: d.description ?? '',
    validate: (v) => controlProblem(v, 'the description', true) ?? true,
  })).trim() || null;
  d.occurrence = await promptOccurrence(p, d.occurrence);
  Object.assign(d, await promptGoal(p, d.goal, d.customUnitName, d.type === 'bad' ? 'bad' : 'good'));
  d.timeTriggers = await promptTimeTriggers(p, d.timeTriggers);

  // The list shows the stacks' habits by name; an unknown one shows as its id.
  await learnHabitNames(deps.resolver, d.habitStacks.map((s) => s.conditionHabitId), names).catch(() => undefined);
  let habits: Named[] | undefined;
  d.habitStacks = await promptStacks(p, d.habitStacks, {
    loadHabits: async () => {
      habits ??= (await deps.resolver.fetchHabits(false)).map((h) => ({ id: h.id, name: h.name }));
      for (const h of habits) names.habits.set(h.id, h.name);
      return habits.filter((h) => h.id !== walk.selfId);
    },
    nameOf: names.habit,
    note: (text) => deps.out.warn(text),
  });
  d.endCondition = await promptEndCondition(p, d.endCondition, deps.today());
  d.areaIds = await promptAreas(deps, d.areaIds, names);
  d.timeOfDayIds = await promptTimeOfDays(deps, d.timeOfDayIds, names);
  const today = deps.today();
  const start = await p.input({ message: `Start date (${DATE_FORMS})`, default: d.startDate, validate: (v) => check(() => parseDate(v, today)) });
  d.startDate = parseDate(start, today);
  d.icon = (await p.input({
    message: optional('Icon, an emoji or icon name', d.icon),
    default: d.icon ?? '',
    validate: (v) => controlProblem(v.trim(), 'the icon') ?? true,
  })).trim() || null;
  const color = (await p.input({
    message: walk.mode === 'add' ? 'Colour (#RRGGBB; empty for the default)' : 'Colour (#RRGGBB)',
    default: d.colorHex ?? '',
    validate: (v) => v.trim() === '' || check(() => parseColor(v)),
  })).trim();
  // The colour cannot be cleared on edit: empty keeps it.
  d.colorHex = color ? parseColor(color) : walk.mode === 'add' ? null : d.colorHex;
  return d;
}

async function promptAreas(deps: HabitPromptDeps, current: string[], names: Names): Promise<string[]> {
  const areas = await deps.resolver.fetchAreas();
  for (const a of areas) names.areas.set(a.id, a.name);
  const choices = [
    ...areas.map((a) => ({ name: a.name, value: a.id, checked: current.includes(a.id) })),
    // An assigned area the list does not show stays selectable rather than silently dropped.
    ...current.filter((id) => !areas.some((a) => a.id === id)).map((id) => ({ name: names.area(id), value: id, checked: true })),
  ];
  if (choices.length === 0) {
    deps.out.warn('No areas yet (create one with `habits area add <name>`); skipping areas.');
    return current;
  }
  return deps.prompter.checkbox<string>({ message: 'Areas (tick none for no area)', choices });
}

/** The choice that asks for a time-of-day id by text; no real id holds a NUL. */
const OTHER_TIME_OF_DAY = '\u0000other';

async function promptTimeOfDays(deps: HabitPromptDeps, current: string[], names: Names): Promise<string[]> {
  let learned = await knownTimeOfDays(deps.resolver);
  // Periods have no endpoint: their names are learned from habits that use them.
  if (learned.size === 0) learned = await deps.resolver.fetchHabits(true).then(() => knownTimeOfDays(deps.resolver));
  // Morning, afternoon and evening are offered even when no habit uses them yet.
  const known = withDayPeriods(new Map([...names.timeOfDays, ...learned]));
  for (const [id, name] of known) names.timeOfDays.set(id, name);
  const ids = [...new Set([...known.keys(), ...current])];
  const picked = await deps.prompter.checkbox<string>({
    message: 'Time of day (tick none for any time)',
    choices: [
      ...ids.map((id) => ({ name: names.timeOfDay(id), value: id, checked: current.includes(id) })),
      // A server's periods are known once a habit uses them; others can be typed.
      { name: 'another id (type it)…', value: OTHER_TIME_OF_DAY },
    ],
  });
  const chosen = picked.filter((id) => id !== OTHER_TIME_OF_DAY);
  if (chosen.length === picked.length) return chosen;
  const more = await deps.prompter.input({ message: 'Time-of-day ids to add (comma-separated)', default: '' });
  return [...new Set([...chosen, ...more.split(/[\s,]+/).filter(Boolean).map((t) => findPeriod(known, t) ?? t)])];
}

/**
 * Shows the summary on stderr and asks to go ahead; `changes` lists what an edit changes. A "no"
 * cancels (exit 130) with nothing sent.
 */
export async function confirmDraft(deps: Pick<HabitPromptDeps, 'out' | 'prompter'>, d: HabitDraft, names: Names, mode: 'add' | 'edit', changes: string[] = []): Promise<void> {
  deps.out.warn('\n' + draftSummary(d, names, deps.out.ec).trimEnd());
  if (mode === 'edit') deps.out.warn(`\nChanges: ${changes.join(', ')}`);
  const go = await deps.prompter.confirm({ message: mode === 'add' ? 'Create this habit?' : 'Save these changes?', default: true });
  if (!go) throw new CancelledError(mode === 'add' ? 'cancelled: no habit was created' : 'cancelled: the habit was not changed');
}
