// Habits that end (docs/cli-contract.md, "What it shows is true (issue 31): a habit that has ended
// is over"). The local service leaves a habit out of the journal after its last due day, and says
// that day (`endCondition.metOn`); production keeps listing it. So the client applies the same
// rule from what it knows of each habit's end condition (model/habit-facts.ts, HabitFacts.end):
// - a date end: the date, with no request;
// - a total, streak or periods end: whether it is met (`isMet`) from a listing of the habits: the
//   name cache's while it is recent and no write from here may have met the end since, else one
//   listing; and when the server says it is met without saying when, the day is read from the
//   habit's statistics, one request per such habit, at most END_LOOKUPS a command, and remembered
//   in the name cache, so each costs one request once.
import { STATISTICS_MAX_DAYS, type Statistics } from '../../api/types.js';
import { mapPool } from '../../concurrency.js';
import { addDays } from '../../model/dates.js';
import { metDayFromProgress } from '../../model/ending.js';
import { endedBy, factsOf, type HabitEnd, type HabitFacts } from '../../model/habit-facts.js';
import { dailyProgress, statsInUnit } from '../../model/resources.js';
import { NameCache } from '../../resolve/cache.js';
import type { Deps } from './deps.js';

/** Most statistics requests one command makes to learn on which day an end condition was met. */
export const END_LOOKUPS = 10;

/** Lookups in flight at once, as the overview's statistics. */
const IN_FLIGHT = 4;


/** What a learnt day is remembered by: the habit and the condition, so that a new one is asked again. */
const keyOf = (habitId: string, end: HabitEnd): string => `${habitId}|${end.id ?? ''}|${end.type}|${end.value}`;

/** Whether the server said the condition is met, but not on which day. */
const dayUnknown = (f: HabitFacts | undefined): f is HabitFacts & { end: HabitEnd } => !!f?.end && f.end.met && !f.end.lastDay;

/**
 * `facts` with the last due day filled in for the habits `ids` whose end the server says is met
 * without saying when: from the days learnt before, else from statistics (see above). A lookup
 * that fails or shows nothing leaves the day unknown: the habit is then shown as the server lists it.
 */
export async function withEndDays(facts: ReadonlyMap<string, HabitFacts>, ids: Iterable<string>, deps: Pick<Deps, 'api' | 'resolver' | 'today'>): Promise<Map<string, HabitFacts>> {
  const out = new Map(facts);
  const unknown = [...new Set(ids)].filter((id) => dayUnknown(facts.get(id)));
  if (unknown.length === 0) return out;
  const cache = await deps.resolver.nameCache().catch(() => undefined);
  const learnt = cache?.endDays() ?? {};
  const ask: string[] = [];
  for (const id of unknown) {
    const f = facts.get(id)!;
    const day = learnt[keyOf(id, f.end!)];
    if (day) out.set(id, { ...f, end: { ...f.end!, lastDay: day } });
    else ask.push(id);
  }
  if (ask.length === 0) return out;
  const api = await deps.api();
  const today = deps.today();
  const found: Record<string, string> = {};
  await mapPool(ask.slice(0, END_LOOKUPS), IN_FLIGHT, async (id) => {
    const f = facts.get(id)!;
    const earliest = addDays(today, -(STATISTICS_MAX_DAYS - 1));
    const start = f.startDate && f.startDate > earliest ? f.startDate : earliest;
    try {
      const stats: Statistics = await api.request('GET /habits/{habitId}/statistics', { params: { habitId: id }, query: { startDate: start, endDate: today } });
      const day = metDayFromProgress(f.end!, dailyProgress(statsInUnit(stats, f.goal?.unit)), f);
      if (!day) return;
      found[keyOf(id, f.end!)] = day;
      out.set(id, { ...f, end: { ...f.end!, lastDay: day } });
    } catch {
      // Unknown it stays: the habit is shown as the server lists it, which is what it did before.
    }
  });
  cache?.learnEndDays(found);
  return out;
}

/** A total, streak or periods end not met when the facts were read: logs since may have met it. */
const mayHaveMet = (f: HabitFacts | undefined): boolean => !!f?.end && f.end.type !== 'date' && !f.end.met;

/**
 * After a log write to `habit`: when its facts show a total, streak or periods end unmet, notes
 * the write in the name cache, so that the next journal lists the habits again to read `isMet`.
 * Never fails the write.
 */
export function noteEndWrite(deps: Partial<Pick<Deps, 'scope' | 'paths' | 'now'>>, habit: { id: string; facts?: HabitFacts }): void {
  try {
    const scope = deps.scope?.();
    if (!mayHaveMet(habit.facts) || !scope || !deps.paths || !deps.now) return;
    const now = deps.now;
    new NameCache(deps.paths.cacheDir, scope, () => now().getTime()).noteWrite(habit.id);
  } catch {
    // A cache is a convenience: the next listing reads the end anyway.
  }
}

/**
 * The journal's `entries` of `date` without the habits that ended before it, by `known` facts when
 * the caller has them, else by those the name cache holds. One listing of the habits (which fills
 * the cache) replaces them when the cache does not know a habit listed (a cold cache, or one a
 * change emptied), or holds one whose total, streak or periods end it saw unmet and that was
 * written from here since, or when that listing is older than the names' time to live (5 min).
 * A listing that fails leaves the entries as the server sent them. No statistics request unless
 * an end is met on a day the server does not say (withEndDays).
 */
export async function withoutEnded<E extends { id: string }>(
  entries: E[],
  date: string,
  deps: Pick<Deps, 'api' | 'resolver' | 'today'> & Partial<Pick<Deps, 'isLocal'>>,
  known?: ReadonlyMap<string, HabitFacts>,
): Promise<E[]> {
  // The local service's journal leaves them out itself (and says the day): nothing to read.
  if (entries.length === 0 || deps.isLocal) return entries;
  const seen = known ? undefined : (await deps.resolver.nameCache().catch(() => undefined))?.habitsSeen();
  let facts = known ?? new Map((seen?.items ?? []).flatMap((i) => (i.facts ? [[i.id, i.facts] as const] : [])));
  // A total, streak or periods end read unmet may be met now: by writes from here since the
  // listing, or, once the listing is older than the names' time to live, from anywhere.
  const stale = (id: string): boolean => !facts.has(id) || (mayHaveMet(facts.get(id)) && (!seen?.recent || !!seen.written.has(id)));
  if (!known && entries.some((e) => stale(e.id))) {
    const listed = await deps.resolver.fetchHabits(false).catch(() => []);
    facts = new Map([...facts, ...listed.map((h) => [h.id, factsOf(h)] as const)]);
  }
  if (!entries.some((e) => facts.get(e.id)?.end)) return entries;
  const withDays = await withEndDays(facts, entries.map((e) => e.id), deps);
  return entries.filter((e) => endedBy(withDays.get(e.id) ?? {}, date) !== true);
}
