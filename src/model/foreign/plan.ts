// What `habits import --from loop|harsh` would create, whatever the tracker: habits with their
// schedule and goal, each day's mark or value, and what cannot be brought over and why.
// Pure: the parsers (loop.ts, harsh.ts) build it, commands/import/foreign.ts shows and writes it.
import type { GoalInput, HabitType, Occurrence } from '../../api/types.js';

export type ForeignSource = 'loop' | 'harsh';

/** The trackers' names, as messages and the marker say them. */
export const SOURCE_NAMES: Record<ForeignSource, string> = { loop: 'Loop Habit Tracker', harsh: 'harsh' };

/** One day of a habit: a mark, or an amount in the goal's unit. */
export type ForeignDay = { date: string; mark: 'completed' | 'skipped' | 'failed' } | { date: string; value: number };

export interface ForeignHabit {
  name: string;
  type: HabitType;
  /** The tracker's own text (Loop's question and description), without our marker. */
  description: string;
  occurrence: Occurrence;
  goal?: GoalInput;
  customUnitName?: string;
  colorHex?: string;
  startDate: string;
  endDate?: string;
  archived: boolean;
  /** The schedule and goal in the tracker's words, for the dry run: `3 times in 7 days`. */
  frequency: string;
  /** In date order, one per day. */
  days: ForeignDay[];
}

/** Something the import leaves out, and why. */
export interface Unmapped {
  habit?: string;
  what: string;
  why: string;
}

export interface ForeignPlan {
  source: ForeignSource;
  habits: ForeignHabit[];
  unmapped: Unmapped[];
}

/** A file of another tracker that is not what its format says: the file, the line, what is wrong. */
export class ForeignFormatError extends Error {
  constructor(readonly file: string, readonly line: number | undefined, readonly problem: string) {
    super(`${file}${line !== undefined ? `:${line}` : ''}: ${problem}`);
  }
}

/** A tracker's frequency, `target` times in `interval` days, as a schedule and goal of the API. */
export function scheduleOf(target: number, interval: number): { occurrence: Occurrence; periodicity?: 'weekly' | 'monthly'; exact: boolean } {
  if (target === interval) return { occurrence: { type: 'daily' }, exact: true };
  if (interval === 7) return { occurrence: { type: 'daily' }, periodicity: 'weekly', exact: true };
  if (interval >= 28 && interval <= 31) return { occurrence: { type: 'daily' }, periodicity: 'monthly', exact: true };
  if (target === 1) return { occurrence: { type: 'intervalDays', interval }, exact: true };
  return { occurrence: { type: 'daily' }, exact: false };
}

/** `every day`, `3 times in 7 days`, `every 14 days`. */
export function frequencyWords(target: number, interval: number): string {
  if (target === interval) return 'every day';
  if (target === 1) return interval === 7 ? 'once a week' : `every ${interval} days`;
  return `${target} times in ${interval} days`;
}

/** Days in date order, the last of a date winning (the trackers' files may repeat a day). */
export function sortedDays(days: Map<string, ForeignDay>): ForeignDay[] {
  return [...days.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}
