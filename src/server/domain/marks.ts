// Marks (complete, fail, skip) on one date. A day carries at most one mark: a different mark
// replaces the earlier one, the same mark again is a conflict. The amount a complete mark records
// is what the period still lacks to reach the goal.
import type { HabitType } from '../../api/types.js';
import type { GoalRule, LogKind } from './timeline.js';

/** The kinds of log that are marks. */
export type MarkKind = Exclude<LogKind, 'value'>;

/** A conflict (the same mark is there), or the ids of the other marks the new one replaces. */
export type MarkPlan = { conflict: true } | { conflict: false; replace: string[] };

/** What setting `kind` on a date that already has `existing` marks does. */
export function planMark(existing: readonly { id: string; kind: LogKind }[], kind: MarkKind): MarkPlan {
  const marks = existing.filter((log) => log.kind !== 'value');
  if (marks.some((log) => log.kind === kind)) return { conflict: true };
  return { conflict: false, replace: marks.map((log) => log.id) };
}

/**
 * The amount a complete mark records, in the goal unit: the rest of the goal for the period (0 when
 * it is already reached; more than the goal when negative logs took the period's sum below 0, so
 * the sum reaches the goal); 1 for a good habit without a goal; 0 for a bad habit, whose complete
 * mark says "stayed clean" and must not count as consumption.
 */
export function completionAmount(type: HabitType, goal: GoalRule | null, periodSum: number): number {
  if (type === 'bad') return 0;
  if (!goal) return 1;
  return Math.max(0, goal.value - periodSum);
}
