// Tolerant readers of API resources: servers differ in what they return (api-facts.md).
import type { DailyProgress, Goal, Habit, Statistics } from '../api/types.js';
import { knownUnit } from './grammar.js';
import { convertUnit } from './units.js';

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

/**
 * The factor that turns the totals of `stats` into `unit` (the goal's): the statistics name the
 * unit their totals are in, and a server that counts in base units (seconds against a goal in
 * minutes, `h` for hours) says so there. 1 when they name none, one we do not know, the same unit,
 * or one that does not convert (then the totals can only be taken as they are).
 */
export function totalsScale(stats: Pick<Statistics, 'unit'>, unit: string | null | undefined): number {
  const named = statsUnit(stats);
  if (!named || !unit) return 1;
  const symbol = knownUnit(named);
  if (!symbol || symbol === unit) return 1;
  return convertUnit(1, symbol, unit) ?? 1;
}

/** What statistics say of one day, in the goal's unit `unit`: its total (0 when not listed) and status. */
export function dayOf(stats: Pick<Statistics, 'unit' | 'dailyProgress'>, date: string, unit: string | null | undefined): { total: number; status: string | undefined } {
  const day = dailyProgress(stats).find((d) => d.date === date);
  const n = Number(day?.totalLog);
  const total = Number.isFinite(n) ? n * totalsScale(stats, unit) : 0;
  return { total: roundTotal(total), status: typeof day?.status === 'string' ? day.status : undefined };
}

/** Rounds away binary noise from a converted or summed total (0.1 + 0.2), keeping nine decimals. */
export function roundTotal(n: number): number {
  return Math.round(n * 1e9) / 1e9;
}

/**
 * `stats` with its totals in `unit` (the goal's) when they came in another unit of the same kind
 * (totalsScale): dailyProgress, totalLogs and avg converted, and `unit` naming `unit`. The same
 * object otherwise.
 */
export function statsInUnit<S extends Pick<Statistics, 'unit' | 'dailyProgress' | 'totalLogs' | 'avg'>>(stats: S, unit: string | null | undefined): S {
  const scale = totalsScale(stats, unit);
  if (scale === 1 || !unit) return stats;
  const scaled = (n: unknown) => (typeof n === 'number' && Number.isFinite(n) ? roundTotal(n * scale) : n);
  const u = stats.unit;
  return {
    ...stats,
    unit: u !== null && typeof u === 'object' ? { ...u, symbol: unit } : unit,
    totalLogs: scaled(stats.totalLogs),
    avg: scaled(stats.avg),
    dailyProgress: dailyProgress(stats).map((d) => ({ ...d, totalLog: scaled(d.totalLog) as number })),
  };
}
