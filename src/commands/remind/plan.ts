// What `remind` and `remind ls` share: the habits with their reminders and the day's statuses,
// from the server (GET /habits, GET /habits/journal), or from the cached habits when the server is
// out of reach; and the day's reminders judged at a moment (remind/schedule.ts).
import { ApiError } from '../../api/errors.js';
import { mayPass } from '../../api/network.js';
import type { JournalEntry } from '../../api/types.js';
import { describeError } from '../../describe-error.js';
import { dueByFacts, factsOf, remindersOf } from '../../model/habit-facts.js';
import { currentGoal } from '../../model/resources.js';
import { daySlots, judge, type DayEntry, type JudgedSlot, type Memory, type RemindHabit } from '../../remind/index.js';
import type { Deps } from '../shared/deps.js';
import { withoutEnded } from '../shared/endings.js';
import { keepStatus } from '../shared/status.js';

/** The habits and, per date, what the journal says of each (none: the server was out of reach). */
export interface Known {
  habits: RemindHabit[];
  /** date -> habit id -> its entry; undefined offline. */
  days?: Map<string, Map<string, DayEntry>>;
  /** Why the server could not be asked (offline): the habits are the cached ones. */
  offline?: string;
}

/** A failure that may pass: no answer, a timeout, a 5xx, a 429. */
function outOfReach(err: unknown): boolean {
  if (!(err instanceof ApiError)) return false;
  if (err.kind === 'http') return err.status === 429 || err.status >= 500;
  return mayPass(err);
}

/** The habits (GET /habits, which refreshes the cache) and the journal of each of `dates`. */
export async function learn(dates: readonly string[], deps: Pick<Deps, 'api' | 'resolver' | 'today'> & Partial<Pick<Deps, 'now' | 'scope' | 'paths' | 'settings'>>): Promise<Known> {
  try {
    const api = await deps.api();
    const [habits, ...journals] = await Promise.all([
      deps.resolver.fetchHabits(false),
      ...dates.map((date) => api.request('GET /habits/journal', { query: { date } })),
    ]);
    const days = new Map<string, Map<string, DayEntry>>();
    // A habit that has ended is not due, whether or not the server still lists it.
    const facts = new Map(habits.map((h) => [h.id, factsOf(h)] as const));
    for (const [i, date] of dates.entries()) {
      const list: JournalEntry[] = await withoutEnded(Array.isArray(journals[i]) ? journals[i] : [], date, deps, facts);
      keepStatus(deps, date, list);
      days.set(date, new Map(list.map((e) => [e.id, { status: String(e.status), type: String(e.type), ...(e.progress ? { progress: e.progress } : {}) }])));
    }
    return { habits: habits.filter((h) => !h.isArchived).map((h) => ({ id: h.id, name: h.name, type: h.type, limit: currentGoal(h) !== null, ...remindersOf(h) })), days };
  } catch (err) {
    if (!outOfReach(err)) throw err;
    return { ...(await cached(deps)), offline: describeError(err).message };
  }
}

/** The habits of the name cache, whatever its age, with the reminders kept in their facts. */
async function cached(deps: Pick<Deps, 'resolver'>): Promise<{ habits: RemindHabit[] }> {
  const items = (await deps.resolver.nameCache()).lastKnown('habits')?.items ?? [];
  const habits = items
    .filter((i) => !i.archived && !i.facts?.archived)
    .map((i) => ({ id: i.id, name: i.name, type: i.facts?.type, limit: !!i.facts?.goal, timeTriggers: i.facts?.reminders?.timeTriggers ?? [], habitStacks: i.facts?.reminders?.habitStacks ?? [] }));
  return { habits };
}

/**
 * Whether `habitId` is due on `date`: in the journal; offline, by its cached schedule and end
 * (unknown: due).
 */
export async function dueOf(known: Known, date: string, deps: Pick<Deps, 'resolver'>): Promise<(habitId: string) => boolean> {
  const day = known.days?.get(date);
  if (day) return (id) => day.has(id);
  const facts = await deps.resolver.cachedFacts();
  return (id) => dueByFacts(facts.get(id) ?? {}, date) !== false;
}

/** The reminders of `date`, judged at `now`. */
export async function judgeDay(known: Known, date: string, zone: string, memory: Memory, now: Date, graceMs: number, deps: Pick<Deps, 'resolver' | 'settings'>): Promise<JudgedSlot[]> {
  const slots = daySlots(known.habits, await dueOf(known, date, deps), date, zone, memory, deps.settings.dayStart.value);
  return judge(slots, known.days?.get(date), memory, now, graceMs);
}

/**
 * The conditions of stacks met on `date` and not yet remembered, with the instant each was first
 * known: the time this machine wrote the mark (the record of writes), else `now`.
 */
export function newlyMet(known: Known, date: string, memory: Memory, now: Date, deps: Partial<Pick<Deps, 'writes'>>): { date: string; habitId: string; status: string; at: string }[] {
  const day = known.days?.get(date);
  if (!day) return [];
  const wanted = new Set(known.habits.flatMap((h) => h.habitStacks.map((s) => `${s.conditionHabitId}|${s.type}`)));
  const met = [...day].filter(([id, e]) => wanted.has(`${id}|${e.status}`) && !memory.met.has(`${date}|${id}|${e.status}`));
  if (met.length === 0) return [];
  let live: { habitId: string; type: string; date: string; at: string }[] = [];
  try {
    live = (deps.writes?.().record.liveLogs() ?? []).map((l) => ({ habitId: l.habitId, type: l.type, date: l.date, at: l.write.at }));
  } catch {
    // No record to read: the time this run learnt it.
  }
  return met.map(([habitId, e]) => {
    const wrote = live.find((l) => l.habitId === habitId && l.date === date && l.type === e.status)?.at;
    const at = wrote && Date.parse(wrote) <= now.getTime() ? wrote : now.toISOString();
    return { date, habitId, status: e.status, at };
  });
}
