// What the verbs of `habits off` share: the pace of their requests (the service allows 500 a
// minute per account; a year over 50 habits is thousands of writes), the read of each habit's days
// (one statistics request per habit for the whole range: fewer than one journal per day whenever
// a range is longer than the habits are many, and a year over 50 habits is 50 reads, not 365),
// and what a day holds.
import type { Api } from '../../api/routes.js';
import type { Habit, Statistics } from '../../api/types.js';
import { Pacer } from '../../concurrency.js';
import { dueByFacts, factsOf, markOfDay } from '../../model/habit-facts.js';
import { dailyProgress } from '../../model/resources.js';
import { eachDay } from '../../model/overview.js';
import type { Deps } from '../shared/deps.js';

/** Requests `off` starts in any minute: the service's 500, less room for other commands (cron, a prompt). */
export const OFF_REQUESTS_PER_MINUTE = 400;

/** Requests in flight at once. */
export const OFF_CONCURRENCY = 4;

/** The client with every request paced: at most OFF_REQUESTS_PER_MINUTE started in any 60 s. */
export function pacedApi(api: Api, deps: Pick<Deps, 'now' | 'sleep'>): { api: Api; pacer: Pacer } {
  const pacer = new Pacer(OFF_REQUESTS_PER_MINUTE, 60_000, () => deps.now().getTime(), (ms) => deps.sleep(ms));
  const request = (async (...args: Parameters<Api['request']>) => {
    await pacer.next();
    return api.request(...args);
  }) as Api['request'];
  return { api: { request }, pacer };
}

/**
 * The days of `habit` from `from` to `to` that its schedule makes due (every day when it has none),
 * none after its end: the days to come of a range.
 */
export function dueDays(habit: Habit, from: string, to: string): string[] {
  const facts = factsOf(habit);
  return eachDay(from, to).filter((date) => dueByFacts(facts, date) !== false);
}

/** What one day of a habit holds, as far as `off` cares. */
export type DayHeld =
  | { kind: 'not-due' }
  | { kind: 'open' }
  /** A mark (completed, skipped, failed) or a value: left alone. */
  | { kind: 'held'; status: string; total: number };

/**
 * The days of `habit` from `from` to `to` (none after today), from one statistics request.
 * `avoided`: the days this machine marked a bad habit completed (the record of writes), which are
 * marks although the statistics cannot tell them from a day that merely stayed within its limit.
 */
export async function readDays(api: Api, habit: Habit, from: string, to: string, avoided?: ReadonlySet<string>): Promise<Map<string, DayHeld>> {
  const stats: Statistics = await api.request('GET /habits/{habitId}/statistics', { params: { habitId: habit.id }, query: { startDate: from, endDate: to } });
  const byDate = new Map(dailyProgress(stats).map((d) => [d.date, d]));
  const facts = factsOf(habit);
  const days = new Map<string, DayHeld>();
  for (const date of eachDay(from, to)) {
    const entry = byDate.get(date);
    const total = Number(entry?.totalLog);
    // An `avoided` mark made on another device cannot be told from a day within the limit: replaced by the skip.
    const status = markOfDay(typeof entry?.status === 'string' ? entry.status : '', habit.type === 'bad' && !avoided?.has(date));
    if (status || (Number.isFinite(total) && total !== 0)) {
      days.set(date, { kind: 'held', status: status ?? 'value', total: Number.isFinite(total) ? total : 0 });
      continue;
    }
    // Due by the habit's schedule (and not after its end) when it has one; else as the server
    // lists days (the local service lists due days).
    const due = dueByFacts(facts, date) ?? entry !== undefined;
    days.set(date, { kind: due ? 'open' : 'not-due' });
  }
  return days;
}

/** `2026-11-16..2026-11-20`, or one date. */
export function rangeText(from: string, to: string): string {
  return from === to ? from : `${from}..${to}`;
}
