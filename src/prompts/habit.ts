// The interactive walk of `habit add -i` and `habit edit -i`: every field in turn, pre-filled from
// the draft (the current habit and any flags), validated at each prompt with the flag grammar,
// then a summary and a menu (send, change one field, cancel) before anything is sent.
import type { HabitType } from '../api/types.js';
import type { HabitDraft } from '../model/draft.js';
import { parseName } from '../model/habit-fields.js';
import { knownTimeOfDays, learnHabitNames, type Names } from '../resolve/habit-refs.js';
import { controlProblem, escapeControls } from '../model/text.js';
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
  /** The habit being edited: it cannot stack on itself, and keeps its own name. */
  selfId?: string;
  /** Ask the name again when an active habit has it (unless --allow-duplicate). */
  unique?: boolean;
  /** A name already checked by the command (`habit add meditate -i`): not asked of the server again. */
  checkedName?: string;
}

/** What the habit walk needs: the prompter, names to offer, a place for notes, and today. */
export interface HabitPromptDeps {
  prompter: Prompter;
  resolver: Resolver;
  out: Output;
  today(): string;
}

/** One question of the walk: the field it sets, as the summary names it. */
interface Step {
  label: string;
  /** Only when adding (the type cannot change). */
  addOnly?: boolean;
  ask(d: HabitDraft): Promise<void>;
}

/** The questions of the walk, in order; each can be asked again from the review menu. */
function steps(deps: HabitPromptDeps, walk: HabitWalk): Step[] {
  const p = deps.prompter;
  const { names } = walk;
  let habits: Named[] | undefined;
  const all: Step[] = [
    { label: 'Name', ask: async (d) => void (d.name = await askName(deps, walk, d.name)) },
    {
      label: 'Type',
      addOnly: true,
      ask: async (d) => {
        d.type = await p.select<HabitType>({
          message: 'Type',
          choices: [{ name: 'good: a habit to build', value: 'good' }, { name: 'bad: a habit to quit', value: 'bad' }],
          default: d.type,
        });
      },
    },
    {
      label: 'Description',
      ask: async (d) => {
        d.description = (await p.input({
          message: optional('Description', d.description),
          default: d.description ?? '',
          validate: (v) => controlProblem(v, 'the description', true) ?? true,
        })).trim() || null;
      },
    },
    { label: 'Schedule', ask: async (d) => void (d.occurrence = await promptOccurrence(p, d.occurrence)) },
    { label: 'Goal', ask: async (d) => void Object.assign(d, await promptGoal(p, d.goal, d.customUnitName, d.type === 'bad' ? 'bad' : 'good')) },
    { label: 'Reminders', ask: async (d) => void (d.timeTriggers = await promptTimeTriggers(p, d.timeTriggers)) },
    {
      label: 'Stacks',
      ask: async (d) => {
        // The list shows the stacks' habits by name; an unknown one shows as its id.
        await learnHabitNames(deps.resolver, d.habitStacks.map((s) => s.conditionHabitId), names).catch(() => undefined);
        d.habitStacks = await promptStacks(p, d.habitStacks, {
          loadHabits: async () => {
            habits ??= (await deps.resolver.fetchHabits(false)).map((h) => ({ id: h.id, name: h.name }));
            for (const h of habits) names.habits.set(h.id, h.name);
            return habits.filter((h) => h.id !== walk.selfId);
          },
          nameOf: names.habit,
          note: (text) => deps.out.warn(text),
        });
      },
    },
    { label: 'End', ask: async (d) => void (d.endCondition = await promptEndCondition(p, d.endCondition, deps.today())) },
    { label: 'Areas', ask: async (d) => void (d.areaIds = await promptAreas(deps, d.areaIds, names)) },
    { label: 'Time of day', ask: async (d) => void (d.timeOfDayIds = await promptTimeOfDays(deps, d.timeOfDayIds, names)) },
    {
      label: 'Start date',
      ask: async (d) => {
        const today = deps.today();
        const start = await p.input({ message: `Start date (${DATE_FORMS})`, default: d.startDate, validate: (v) => check(() => parseDate(v, today)) });
        d.startDate = parseDate(start, today);
      },
    },
    {
      label: 'Icon',
      ask: async (d) => {
        d.icon = (await p.input({
          message: optional('Icon, an emoji or icon name', d.icon),
          default: d.icon ?? '',
          validate: (v) => controlProblem(v.trim(), 'the icon') ?? true,
        })).trim() || null;
      },
    },
    {
      label: 'Colour',
      ask: async (d) => {
        const color = (await p.input({
          message: walk.mode === 'add' ? 'Colour (#RRGGBB; empty for the default)' : 'Colour (#RRGGBB)',
          default: d.colorHex ?? '',
          validate: (v) => v.trim() === '' || check(() => parseColor(v)),
        })).trim();
        // The colour cannot be cleared on edit: empty keeps it.
        d.colorHex = color ? parseColor(color) : walk.mode === 'add' ? null : d.colorHex;
      },
    },
  ];
  return all.filter((s) => walk.mode === 'add' || !s.addOnly);
}

/**
 * The Name question. With `unique`, a name an active habit already has (in any case) is said at
 * once and asked again, before any other question, so no answer is lost to it; the name the walk
 * started from was checked by the command already.
 */
async function askName(deps: HabitPromptDeps, walk: HabitWalk, current: string): Promise<string> {
  for (;;) {
    const name = parseName(await deps.prompter.input({ message: 'Name', default: current || undefined, validate: (v) => check(() => parseName(v)) }));
    if (!walk.unique || name.trim().toLowerCase() === (walk.checkedName ?? '').trim().toLowerCase()) return name;
    const taken = await deps.resolver.sameName('habits', name, walk.selfId);
    if (!taken) return name;
    deps.out.warn(`An active habit is already called "${escapeControls(taken.name)}" (id:${taken.id}): choose another name${walk.mode === 'add' ? ', or run habit add with --allow-duplicate' : ''}.`);
    current = name;
  }
}

/** Walks through every field; returns the draft the user settled on (reviewDraft then confirms it). */
export async function promptHabit(deps: HabitPromptDeps, walk: HabitWalk): Promise<HabitDraft> {
  const d: HabitDraft = { ...walk.draft };
  for (const step of steps(deps, walk)) await step.ask(d);
  return d;
}

/** What the review menu offers. */
type Next = 'send' | 'change' | 'cancel';

/**
 * The review: the summary (and for an edit what changes), then a menu, as gh's create flows end:
 * send it, change one field (that question alone is asked again, then the review comes back), or
 * cancel (exit 130, nothing sent). Returns the draft to send.
 */
export async function reviewDraft(deps: HabitPromptDeps, walk: HabitWalk, draft: HabitDraft, changesOf?: (d: HabitDraft) => string[]): Promise<HabitDraft> {
  const d: HabitDraft = { ...draft };
  const all = steps(deps, walk);
  for (;;) {
    deps.out.warn('\n' + draftSummary(d, walk.names, deps.out.ec).trimEnd());
    const changes = changesOf?.(d);
    if (changes) deps.out.warn(`\nChanges: ${changes.length ? changes.join(', ') : 'none'}`);
    const next = await deps.prompter.select<Next>({
      message: 'What next?',
      choices: [
        { name: walk.mode === 'add' ? 'Create this habit' : 'Save these changes', value: 'send' },
        { name: 'Change a field…', value: 'change' },
        { name: 'Cancel', value: 'cancel' },
      ],
      default: 'send',
    });
    if (next === 'send') return d;
    if (next === 'cancel') throw new CancelledError(walk.mode === 'add' ? 'cancelled: no habit was created' : 'cancelled: the habit was not changed');
    const label = await deps.prompter.select<string>({ message: 'Which field?', choices: all.map((s) => ({ name: s.label, value: s.label })), pageSize: all.length });
    await all.find((s) => s.label === label)?.ask(d);
  }
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
