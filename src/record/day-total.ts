// A day's total as the server shows it, read from the habit's statistics for that one day: what
// `log set` and a queued set subtract from, and what `log undo` reads back when the server does not
// say what it removed. Statistics, not the journal: the journal's progress is the goal period's (a
// week's, for a weekly goal), and it lists only habits due that day.
import type { Api } from '../api/routes.js';
import { dayOf, roundTotal } from '../model/resources.js';
import { convertUnit } from '../model/units.js';

/** What the server shows for a habit on one day. */
export interface DayShown {
  /** The day's total in `unit` (statistics in another unit of the same kind are converted). */
  total: number;
  /** The day's status as the statistics list it; undefined when the day is not listed. */
  status: string | undefined;
}

/**
 * The day's total of `habitId` on `date`, in `unit`; `goalUnit` is the unit the statistics' totals
 * are taken in when they name none. One request.
 */
export async function readDay(api: Api, habitId: string, date: string, goalUnit: string | null, unit: string | null, signal?: AbortSignal): Promise<DayShown> {
  const stats = await api.request('GET /habits/{habitId}/statistics', { params: { habitId }, query: { startDate: date, endDate: date }, ...(signal ? { signal } : {}) });
  const day = dayOf(stats, date, goalUnit);
  const total = goalUnit && unit ? convertUnit(day.total, goalUnit, unit) ?? day.total : day.total;
  return { total: roundTotal(total), status: day.status };
}

/** The value that takes a day's total from `was` to `total`: 0 when they agree to nine decimals. */
export function difference(total: number, was: number): number {
  return roundTotal(total - was);
}
