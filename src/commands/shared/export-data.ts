// Gathering an export through the API: areas, every habit (active and archived), each habit's notes
// (all pages) and its statistics over its whole life. Works the same against any server.
import { allNotes, listAll } from '../../api/paging.js';
import type { Api } from '../../api/routes.js';
import {
  EXPORT_FORMAT, EXPORT_VERSION, STATISTICS_MAX_DAYS, type DailyProgress, type ExportDocument, type ExportedHabit, type Habit, type Statistics,
} from '../../api/types.js';
import { mapPool } from '../../concurrency.js';
import { addDays, isValidDate } from '../../model/dates.js';
import { currentGoal, statsInUnit } from '../../model/resources.js';

/** The round-trip rule, shown in the help of export and import. */
export const ROUND_TRIP_RULE = `
Ids and createdAt are kept. Logs are not exported (the API has no log listing): each habit's
history is its statistics' dailyProgress over its whole life, and \`habits import\` rebuilds it
as at most two logs per day (a value and a mark). Exporting again gives the same document except
exportedAt (and source, when the original came from another server).`;

/** `3 habits`, `1 note`: a count and its noun, for the summaries of export and import. */
export function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** Longest statistics range asked in one request: the local service's cap (docs/local-service.md). */
const STATS_CHUNK_DAYS = STATISTICS_MAX_DAYS;
/** Habits whose notes and statistics are fetched at once. */
const EXPORT_CONCURRENCY = 4;

/** First day of a habit's life: the earlier of its start date and creation date, never after today. */
export function lifeStart(habit: Pick<Habit, 'startDate' | 'createdAt'>, today: string): string {
  const created = String(habit.createdAt ?? '').slice(0, 10);
  let start = habit.startDate;
  if (isValidDate(created) && created < start) start = created;
  return start < today ? start : today;
}

/** The ranges of at most STATS_CHUNK_DAYS days that cover `from`..`to`, in order. */
export function statsRanges(from: string, to: string): { startDate: string; endDate: string }[] {
  const ranges: { startDate: string; endDate: string }[] = [];
  for (let start = from; start <= to; start = addDays(start, STATS_CHUNK_DAYS)) {
    const end = addDays(start, STATS_CHUNK_DAYS - 1);
    ranges.push({ startDate: start, endDate: end < to ? end : to });
  }
  return ranges;
}

const round = (n: number): number => Math.round(n * 1e6) / 1e6;

/**
 * Joins the statistics of consecutive ranges. Day-based totals are recomputed from dailyProgress;
 * currentStreak is the last range's, longestStreak the largest; completionRate is the ranges'
 * rates weighted by their due days (exact only within one range; docs/export-import.md).
 */
export function mergeStatistics(parts: Statistics[]): Statistics {
  const last = parts.at(-1);
  if (!last) throw new Error('mergeStatistics: no statistics');
  if (parts.length === 1) return last;
  const dailyProgress: DailyProgress[] = parts.flatMap((p) => p.dailyProgress ?? []);
  const count = (status: string) => dailyProgress.filter((d) => d.status === status).length;
  const due = (p: Statistics) => (p.dailyProgress ?? []).filter((d) => d.status !== 'none');
  const dueDays = dailyProgress.filter((d) => d.status !== 'none');
  const merged: Statistics = {
    ...last,
    totalLogs: round(dailyProgress.reduce((sum, d) => sum + d.totalLog, 0)),
    completions: count('completed'),
    skips: count('skipped'),
    fails: count('failed'),
    avg: dueDays.length === 0 ? 0 : round(dueDays.reduce((sum, d) => sum + d.totalLog, 0) / dueDays.length),
    dailyProgress,
  };
  if (parts.every((p) => typeof p.longestStreak === 'number')) merged.longestStreak = Math.max(...parts.map((p) => p.longestStreak ?? 0));
  if (parts.every((p) => typeof p.completionRate === 'number')) {
    const weight = parts.reduce((sum, p) => sum + due(p).length, 0);
    merged.completionRate = weight === 0 ? 0 : round(parts.reduce((sum, p) => sum + (p.completionRate ?? 0) * due(p).length, 0) / weight);
  }
  return merged;
}

/** A habit's statistics from lifeStart to today, in as many requests as the range needs. */
async function lifeStatistics(api: Api, habit: Habit, today: string): Promise<Statistics> {
  const parts: Statistics[] = [];
  for (const query of statsRanges(lifeStart(habit, today), today)) {
    parts.push(await api.request('GET /habits/{habitId}/statistics', { params: { habitId: habit.id }, query }));
  }
  // Totals a server sent in another unit than the goal's (seconds for minutes) are stored in the
  // goal's, the unit `habits import` reads them in.
  return statsInUnit(mergeStatistics(parts), currentGoal(habit)?.unit);
}

/** What collectExport needs: the client, the habits already listed, and the document's header. */
export interface CollectOptions {
  api: Api;
  /** Every habit, active then archived, in the server's order. */
  habits: Habit[];
  today: string;
  exportedAt: string;
  source: string;
}

/** The export document: areas, and each habit with its notes and whole-life statistics. */
export async function collectExport(opts: CollectOptions): Promise<ExportDocument> {
  const { api, habits, today } = opts;
  const areas = await listAll(api, 'GET /areas');
  const exported = await mapPool(habits, EXPORT_CONCURRENCY, async (habit): Promise<ExportedHabit> => {
    const notes = await allNotes(api, habit.id);
    const statistics = await lifeStatistics(api, habit, today);
    return { ...habit, notes, statistics };
  });
  return { format: EXPORT_FORMAT, version: EXPORT_VERSION, exportedAt: opts.exportedAt, source: opts.source, areas, habits: exported };
}
