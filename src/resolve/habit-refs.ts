// References in the habit flags turned into ids (--area, --stack, --time-of-day), and ids turned
// back into names for display (condition habits of stacks, areas, time of day).
import type { Habit, HabitStackInput } from '../api/types.js';
import type { Settings } from '../config/settings.js';
import type { Output } from '../output/output.js';
import { AmbiguousError, NotFoundError, UsageError } from '../errors.js';
import { renderHabit } from '../output/habit-details.js';
import type { Resolver } from './index.js';
import type { FieldFlags } from '../model/habit-flags.js';
import type { ResolvedFlags } from '../model/draft.js';
import { escapeControls } from '../model/text.js';
import { findPeriod, withDayPeriods } from '../model/time-of-day.js';
import type { EndState } from '../model/ending.js';

/** Names of the ids a draft refers to, learned while resolving or fetching. */
export class Names {
  readonly habits = new Map<string, string>();
  readonly areas = new Map<string, string>();
  readonly timeOfDays = new Map<string, string>();

  habit = (id: string): string | undefined => this.habits.get(id);
  area = (id: string): string => this.areas.get(id) ?? `id:${id}`;
  timeOfDay = (id: string): string => this.timeOfDays.get(id) ?? id;
}

/** Prefixes a reference error with the flag it came from, keeping its class and exit code. */
function naming(flag: string, err: unknown): unknown {
  if (err instanceof AmbiguousError) return new AmbiguousError(`${flag}: ${err.message}`, err.candidates, err.exampleId);
  if (err instanceof NotFoundError) return new NotFoundError(`${flag}: ${err.message}`, err.hint);
  return err;
}

/**
 * Time-of-day names by id, learned from earlier habit listings (there is no endpoint for them);
 * model/time-of-day.ts adds the periods of the day. None is not an error: ids are shown, or sent,
 * as they are.
 */
export async function knownTimeOfDays(resolver: Resolver): Promise<Map<string, string>> {
  try {
    return new Map(Object.entries((await resolver.nameCache()).timeOfDays()));
  } catch {
    return new Map();
  }
}

/** Resolves the references in `flags`; `selfId` is the habit being edited (it cannot stack on itself). */
export async function resolveFlags(resolver: Resolver, flags: FieldFlags, names: Names, selfId?: string): Promise<ResolvedFlags> {
  const { areas, timeOfDays, stacks, ...rest } = flags;
  const out: ResolvedFlags = rest;
  if (areas) {
    const found = await resolver.resolveAreas(areas).catch((err: unknown) => Promise.reject(naming('--area', err)));
    for (const a of found) names.areas.set(a.id, a.name);
    out.areaIds = [...new Set(found.map((a) => a.id))];
  }
  if (stacks) {
    const results = stacks.length ? await resolver.resolveHabits(stacks.map((s) => s.ref)) : [];
    out.habitStacks = stacks.map((s, i): HabitStackInput => {
      const r = results[i]!;
      if (r instanceof Error) throw naming('--stack', r);
      if (r.id === selfId) throw new UsageError(`--stack: a habit cannot stack on itself ("${escapeControls(r.name)}")`);
      if (r.name !== r.id) names.habits.set(r.id, r.name);
      return { conditionHabitId: r.id, type: s.type, ...(s.delaySecs ? { timerType: 'after', timerDelaySecs: s.delaySecs } : { timerType: 'immediately' }) };
    });
  }
  if (timeOfDays) {
    // The habit being edited knows its own periods even when the cache is cold.
    let learned = new Map([...names.timeOfDays, ...(await knownTimeOfDays(resolver))]);
    // A period no habit seen so far uses: the listing of every habit may show its id.
    if (timeOfDays.some((t) => findPeriod(learned, t) === undefined)) {
      await resolver.fetchHabits(true);
      learned = new Map([...learned, ...(await knownTimeOfDays(resolver))]);
    }
    const known = withDayPeriods(learned);
    for (const [id, name] of known) names.timeOfDays.set(id, name);
    // A known id or name (any case) becomes its id; anything else is sent as it is, an id.
    out.timeOfDayIds = [...new Set(timeOfDays.map((t) => findPeriod(known, t) ?? t))];
  }
  return out;
}

/**
 * Names of the habits with these ids: from the name cache when it knows them all (however old,
 * names for display may be a little stale), else from the server, archived habits included.
 */
export async function learnHabitNames(resolver: Resolver, ids: readonly string[], names: Names): Promise<void> {
  const missing = () => ids.filter((id) => !names.habits.has(id));
  if (missing().length === 0) return;
  const cached = (await resolver.nameCache()).get('habits', Number.POSITIVE_INFINITY);
  for (const h of cached?.items ?? []) names.habits.set(h.id, h.name);
  if (missing().length === 0) return;
  for (const h of await resolver.fetchHabits(true)) names.habits.set(h.id, h.name);
}

/** A returned habit as show, add and edit print it (terminal or pipe), its stacks' habits by name; `end`: whether it has ended. */
export async function habitText(
  deps: { resolver: Resolver; out: Output; settings: Pick<Settings, 'timezone'> },
  habit: Habit,
  tty: boolean,
  names = new Names(),
  end?: EndState,
): Promise<string> {
  const ids = (habit.reminders?.habitStacks ?? []).map((s) => s.conditionHabitId);
  // A missing name costs a lookup, never the output: the stack then shows the id.
  await learnHabitNames(deps.resolver, ids, names).catch(() => undefined);
  return renderHabit(habit, { tty, c: deps.out.c, zone: deps.settings.timezone.value, habitName: names.habit, ...(end ? { end } : {}) });
}
