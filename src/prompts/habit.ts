// The interactive walk of `habit add -i` and `habit edit -i`: every field in turn, pre-filled from
// the draft (the current habit and any flags), validated at each prompt with the flag grammar; a
// name already in use is caught at the Name prompt. Esc goes back one question (walk.ts). Then a
// summary and a menu: create (or save), change one field, or cancel; nothing is sent before.
import type { HabitType } from '../api/types.js';
import { draftProblem, type HabitDraft } from '../model/draft.js';
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
import { BackError, type Prompter } from './prompter.js';
import { walkWithBack, type Replay } from './walk.js';

/** What the walk starts from. */
export interface HabitWalk {
  mode: 'add' | 'edit';
  draft: HabitDraft;
  names: Names;
  /** The habit being edited: it cannot stack on itself, and keeps its own name. */
  selfId?: string;
  /** Ask at the Name question when an active habit has the name (unless --allow-duplicate). */
  unique?: boolean;
  /** A name already checked by the command (`habit add meditate -i`, edit's own name): not asked of the server again. */
  checkedName?: string;
  /** Asked when the user picks create or save; false returns to the menu (edit: a later start). */
  beforeSend?(d: HabitDraft): Promise<boolean>;
}

/** What the habit walk needs: the prompter, names to offer, a place for notes, and today. */
export interface HabitPromptDeps {
  prompter: Prompter;
  resolver: Resolver;
  out: Output;
  today(): string;
}

/** The line shown before the first question. */
export const WALK_KEYS = 'Esc goes back one question; Ctrl-C cancels. Nothing is sent before the menu at the end.';

/** Reads a walk needs once, kept across its runs (a walk runs again after each Esc). */
interface Memo {
  areas?: Promise<Named[]>;
  habits?: Promise<Named[]>;
  timeOfDays?: Promise<Map<string, string>>;
  taken: Map<string, Promise<Named | undefined>>;
}

const memos = new WeakMap<HabitWalk, Memo>();
const memoOf = (walk: HabitWalk): Memo => {
  let memo = memos.get(walk);
  if (!memo) memos.set(walk, (memo = { taken: new Map() }));
  return memo;
};

/** One run of some fields: the prompter (recording, with Esc), notes, and the walk's reads. */
interface Run {
  p: Prompter & Replay;
  deps: HabitPromptDeps;
  walk: HabitWalk;
  memo: Memo;
  /** A note on stderr, unless the run is giving back answers (it was shown already). */
  note(text: string): void;
}

type FieldKey = 'name' | 'type' | 'description' | 'schedule' | 'goal' | 'reminders' | 'stacks' | 'end' | 'areas' | 'timeOfDay' | 'start' | 'icon' | 'color';

/** A field of the walk: one or a few questions, and what to ask again when it changes. */
interface Field {
  key: FieldKey;
  /** Its name in the menu of fields, as the summary labels it (a bad habit's goal is its Limit). */
  label: string | ((d: HabitDraft) => string);
  addOnly?: boolean;
  ask(run: Run, d: HabitDraft): Promise<void>;
  /** Fields that depend on this one's answer, asked after it when it is changed from the menu. */
  then?(d: HabitDraft): FieldKey[];
}

const sameName = (a: string, b: string | undefined): boolean => b !== undefined && a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The Name question. With `unique`, a name an active habit already has (in any case) is said at
 * once, before any other question, so no answer is lost to it: type another, or keep it on
 * purpose (as --allow-duplicate does). The name the walk started from was checked already.
 */
async function askName(run: Run, d: HabitDraft): Promise<void> {
  const { p, walk, memo, deps } = run;
  let offered = d.name;
  for (;;) {
    const name = parseName(await p.input({ message: 'Name', default: offered || undefined, validate: (v) => check(() => parseName(v)) }));
    if (!walk.unique || sameName(name, walk.checkedName)) {
      d.name = name;
      return;
    }
    const key = name.trim().toLowerCase();
    if (!memo.taken.has(key)) memo.taken.set(key, deps.resolver.sameName('habits', name, walk.selfId));
    const taken = await memo.taken.get(key)!;
    if (!taken) {
      d.name = name;
      return;
    }
    run.note(`An active habit is already called "${escapeControls(taken.name)}" (id:${taken.id}): a second one would make "${escapeControls(name)}" ambiguous everywhere.`);
    const keep = await p.select<'other' | 'keep'>({
      message: `"${name}" is taken`,
      choices: [
        { name: 'Type another name', value: 'other' },
        { name: walk.mode === 'add' ? `Keep "${name}": create a second habit of that name` : `Keep "${name}": rename it anyway`, value: 'keep' },
      ],
      default: 'other',
    });
    if (keep === 'keep') {
      d.name = name;
      return;
    }
    offered = walk.mode === 'edit' ? (walk.checkedName ?? '') : '';
  }
}

/** The fields in the order of the walk. */
const FIELDS: Field[] = [
  { key: 'name', label: 'Name', ask: askName },
  {
    key: 'type',
    label: 'Type',
    addOnly: true,
    ask: async ({ p }, d) => {
      d.type = await p.select<HabitType>({
        message: 'Type',
        choices: [{ name: 'good: a habit to build', value: 'good' }, { name: 'bad: a habit to quit', value: 'bad' }],
        default: d.type,
      });
    },
    // A bad habit's goal is a limit: the same numbers mean something else, and it is asked so.
    then: (d) => (d.goal ? ['goal'] : []),
  },
  {
    key: 'description',
    label: 'Description',
    ask: async ({ p }, d) => {
      d.description = (await p.input({
        message: optional('Description', d.description),
        default: d.description ?? '',
        validate: (v) => controlProblem(v, 'the description', true) ?? true,
      })).trim() || null;
    },
  },
  { key: 'schedule', label: 'Schedule', ask: async ({ p }, d) => void (d.occurrence = await promptOccurrence(p, d.occurrence)) },
  {
    key: 'goal',
    label: (d) => (d.type === 'bad' ? 'Limit' : 'Goal'),
    ask: async ({ p }, d) => void Object.assign(d, await promptGoal(p, d.goal, d.customUnitName, d.type === 'bad' ? 'bad' : 'good')),
    // A total to reach is counted in the goal's unit.
    then: (d) => (d.endCondition?.type === 'totalLogValue' ? ['end'] : []),
  },
  { key: 'reminders', label: 'Reminders', ask: async ({ p }, d) => void (d.timeTriggers = await promptTimeTriggers(p, d.timeTriggers)) },
  {
    key: 'stacks',
    label: 'Stacks',
    ask: async (run, d) => {
      const { deps, walk, memo } = run;
      const { names } = walk;
      // The list shows the stacks' habits by name; an unknown one shows as its id.
      await learnHabitNames(deps.resolver, d.habitStacks.map((s) => s.conditionHabitId), names).catch(() => undefined);
      d.habitStacks = await promptStacks(run.p, d.habitStacks, {
        loadHabits: async () => {
          memo.habits ??= deps.resolver.fetchHabits(false).then((hs) => hs.map((h) => ({ id: h.id, name: h.name })));
          const habits = await memo.habits;
          for (const h of habits) names.habits.set(h.id, h.name);
          return habits.filter((h) => h.id !== walk.selfId);
        },
        nameOf: names.habit,
        note: run.note,
      });
    },
  },
  { key: 'end', label: 'End', ask: async ({ p, deps }, d) => void (d.endCondition = await promptEndCondition(p, d.endCondition, deps.today())) },
  { key: 'areas', label: 'Areas', ask: async (run, d) => void (d.areaIds = await promptAreas(run, d.areaIds)) },
  { key: 'timeOfDay', label: 'Time of day', ask: async (run, d) => void (d.timeOfDayIds = await promptTimeOfDays(run, d.timeOfDayIds)) },
  {
    key: 'start',
    label: 'Start date',
    ask: async ({ p, deps }, d) => {
      const today = deps.today();
      const start = await p.input({ message: `Start date (${DATE_FORMS})`, default: d.startDate, validate: (v) => check(() => parseDate(v, today)) });
      d.startDate = parseDate(start, today);
    },
  },
  {
    key: 'icon',
    label: 'Icon',
    ask: async ({ p }, d) => {
      d.icon = (await p.input({
        message: optional('Icon, an emoji or icon name', d.icon),
        default: d.icon ?? '',
        validate: (v) => controlProblem(v.trim(), 'the icon') ?? true,
      })).trim() || null;
    },
  },
  {
    key: 'color',
    label: 'Colour',
    ask: async ({ p, walk }, d) => {
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

const fieldsOf = (mode: HabitWalk['mode']): Field[] => FIELDS.filter((f) => mode === 'add' || !f.addOnly);

/**
 * Asks `keys` in turn on a copy of `from`, with Esc going back one question; Esc at the first
 * question stays there (`'stay'`) or rejects with BackError (`'leave'`). With `dependents`, each
 * field is followed by the fields that depend on its new answer (in the same walk, so Esc goes
 * back from them into it).
 */
async function askFields(deps: HabitPromptDeps, walk: HabitWalk, from: HabitDraft, keys: readonly FieldKey[], atFirst: 'stay' | 'leave', dependents = false): Promise<HabitDraft> {
  const memo = memoOf(walk);
  const fieldOf = (key: FieldKey): Field => FIELDS.find((f) => f.key === key)!;
  return walkWithBack(deps.prompter, atFirst, async (p) => {
    const run: Run = { p, deps, walk, memo, note: (text) => void (p.replaying || deps.out.warn(text)) };
    const d: HabitDraft = { ...from };
    for (const key of keys) {
      const field = fieldOf(key);
      await field.ask(run, d);
      if (dependents) for (const more of field.then?.(d) ?? []) await fieldOf(more).ask(run, d);
    }
    return d;
  });
}

/** Walks through every field; returns the draft the user settled on (reviewDraft then confirms it). */
export async function promptHabit(deps: HabitPromptDeps, walk: HabitWalk): Promise<HabitDraft> {
  deps.out.warn(deps.out.ec.dim(WALK_KEYS));
  return askFields(deps, walk, walk.draft, fieldsOf(walk.mode).map((f) => f.key), 'stay');
}

type MenuAction = 'send' | 'change' | 'cancel';

/**
 * The review: the summary (and for an edit what changes), then a menu, as gh's create flows end:
 * send it, change one field (that field alone is asked again, with the fields that depend on its
 * answer, then the review comes back), or cancel (exit 130, nothing sent). Returns the draft to
 * send. Esc at the menu asks the walk's last question again; at the list of fields, it returns
 * to the menu.
 */
export async function reviewDraft(deps: HabitPromptDeps, walk: HabitWalk, draft: HabitDraft, changesOf?: (d: HabitDraft) => string[]): Promise<HabitDraft> {
  const { out, prompter } = deps;
  const add = walk.mode === 'add';
  const fields = fieldsOf(walk.mode);
  let d = draft;
  let menu = true;
  for (;;) {
    if (menu) {
      out.warn('\n' + draftSummary(d, walk.names, out.ec).trimEnd());
      const changes = changesOf?.(d);
      if (changes) out.warn(`\nChanges: ${changes.length ? changes.join(', ') : 'none'}`);
    }
    menu = true;
    let action: MenuAction;
    try {
      action = await prompter.select<MenuAction>({
        message: 'What next?',
        choices: [
          { name: add ? 'Create this habit' : 'Save these changes', value: 'send' },
          { name: 'Change a field…', value: 'change' },
          { name: 'Cancel', value: 'cancel' },
        ],
        default: 'send',
        back: true,
      });
    } catch (err) {
      if (!(err instanceof BackError)) throw err;
      // Back one question: the walk's last, its answer (and the summary after it) erased first.
      prompter.unanswer?.();
      d = await askFields(deps, walk, d, [fields.at(-1)!.key], 'leave').catch(stayOnBack(d));
      continue;
    }
    // A choice, not a failure: said without `error:` (exit 130 still tells a script nothing was sent).
    if (action === 'cancel') throw new CancelledError(add ? 'Cancelled; nothing was created' : 'Cancelled; nothing was changed', true);
    if (action === 'send') {
      const problem = draftProblem(d);
      if (problem) {
        out.warn(`${problem.replace(/^--end: the end/, 'The end')}: change End or Start date first.`);
        continue;
      }
      if (!walk.beforeSend || (await walk.beforeSend(d))) return d;
      continue;
    }
    let key: FieldKey;
    try {
      key = await prompter.select<FieldKey>({ message: 'Which field?', choices: fields.map((f) => ({ name: typeof f.label === 'string' ? f.label : f.label(d), value: f.key })), pageSize: fields.length, back: true });
    } catch (err) {
      if (!(err instanceof BackError)) throw err;
      // Back to the menu: its answer erased, the summary above it still true.
      prompter.unanswer?.();
      menu = false;
      continue;
    }
    // The field, then those that depend on its new answer (a goal's total to reach).
    try {
      d = await askFields(deps, walk, d, [key], 'leave', true);
    } catch (err) {
      if (!(err instanceof BackError)) throw err;
      // Esc at the field's first question: back to the menu, the draft unchanged. The field and
      // menu answers go; the summary above them still holds.
      prompter.unanswer?.();
      prompter.unanswer?.();
      menu = false;
    }
  }
}

/** Esc at the first question of a change: the draft as it was. */
const stayOnBack = (d: HabitDraft) => (err: unknown): HabitDraft => {
  if (err instanceof BackError) return d;
  throw err;
};

async function promptAreas(run: Run, current: string[]): Promise<string[]> {
  const { deps, walk: { names }, memo } = run;
  memo.areas ??= deps.resolver.fetchAreas().then((as) => as.map((a) => ({ id: a.id, name: a.name })));
  const areas = await memo.areas;
  for (const a of areas) names.areas.set(a.id, a.name);
  const choices = [
    ...areas.map((a) => ({ name: a.name, value: a.id, checked: current.includes(a.id) })),
    // An assigned area the list does not show stays selectable rather than silently dropped.
    ...current.filter((id) => !areas.some((a) => a.id === id)).map((id) => ({ name: names.area(id), value: id, checked: true })),
  ];
  if (choices.length === 0) {
    run.note('No areas yet (create one with `habits area add <name>`); skipping areas.');
    return current;
  }
  return run.p.checkbox<string>({ message: 'Areas (tick none for no area)', choices });
}

/** The choice that asks for a time-of-day id by text; no real id holds a NUL. */
const OTHER_TIME_OF_DAY = '\u0000other';

async function promptTimeOfDays(run: Run, current: string[]): Promise<string[]> {
  const { deps, walk: { names }, memo } = run;
  memo.timeOfDays ??= (async () => {
    const learned = await knownTimeOfDays(deps.resolver);
    // Periods have no endpoint: their names are learned from habits that use them.
    return learned.size > 0 ? learned : deps.resolver.fetchHabits(true).then(() => knownTimeOfDays(deps.resolver));
  })();
  const learned = await memo.timeOfDays;
  // Morning, afternoon and evening are offered even when no habit uses them yet.
  const known = withDayPeriods(new Map([...names.timeOfDays, ...learned]));
  for (const [id, name] of known) names.timeOfDays.set(id, name);
  const ids = [...new Set([...known.keys(), ...current])];
  const picked = await run.p.checkbox<string>({
    message: 'Time of day (tick none for any time)',
    choices: [
      ...ids.map((id) => ({ name: names.timeOfDay(id), value: id, checked: current.includes(id) })),
      // A server's periods are known once a habit uses them; others can be typed.
      { name: 'another id (type it)…', value: OTHER_TIME_OF_DAY },
    ],
  });
  const chosen = picked.filter((id) => id !== OTHER_TIME_OF_DAY);
  if (chosen.length === picked.length) return chosen;
  const more = await run.p.input({ message: 'Time-of-day ids to add (comma-separated)', default: '' });
  return [...new Set([...chosen, ...more.split(/[\s,]+/).filter(Boolean).map((t) => findPeriod(known, t) ?? t)])];
}
