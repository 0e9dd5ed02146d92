// Tolerant readers of API resources: servers differ in what they return (api-facts.md).
import type { DailyProgress, Goal, Habit, Statistics } from '../api/types.js';

/**
 * The habit's current goal: `goal` when the server sends it, else the one flagged `isActive` in
 * `goals`, else the newest by createdAt; null for a habit without a goal.
 */
export function currentGoal(habit: Pick<Habit, 'goal' | 'goals'>): Goal | null {
  if (habit.goal) return habit.goal;
  const goals = habit.goals ?? [];
  const active = goals.filter((g) => g.isActive);
  const pool = active.length ? active : goals;
  if (pool.length === 0) return null;
  return pool.reduce((a, b) => (String(b.createdAt) > String(a.createdAt) ? b : a));
}

/** The unit symbol of statistics: a string on some servers, `{symbol}` on others. */
export function statsUnit(stats: Pick<Statistics, 'unit'>): string | null {
  const u = stats.unit;
  if (u === null || u === undefined) return null;
  return typeof u === 'string' ? u : u.symbol ?? null;
}

/** The days of statistics; none when the server left them out or sent something else. */
export function dailyProgress(stats: Pick<Statistics, 'dailyProgress'>): DailyProgress[] {
  return Array.isArray(stats.dailyProgress) ? stats.dailyProgress : [];
}
