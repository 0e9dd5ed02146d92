// Rows of the goals table. A habit keeps its goal history: a new goal deactivates the old one, and
// the active one (domain/goals.ts) is what timelines measure against.
import type { Goal, GoalInput } from '../../../api/types.js';
import { activeGoalOf, goalRuleOf } from '../../domain/goals.js';
import type { GoalRule } from '../../domain/timeline.js';
import type { Store } from '../store.js';

interface RawGoal {
  id: string;
  created_at: string;
  periodicity: string;
  value: number;
  unit: string;
  is_active: number;
}

/** Every goal of a habit, oldest first. */
export function listGoals(store: Store, habitId: string): Goal[] {
  const raws = store
    .prepare('SELECT id, created_at, periodicity, value, unit, is_active FROM goals WHERE habit_id = ? ORDER BY seq')
    .all(habitId) as RawGoal[];
  return raws.map((g) => ({ id: g.id, createdAt: g.created_at, periodicity: g.periodicity, value: g.value, unit: g.unit, isActive: g.is_active === 1 }));
}

/** The active goal of a habit as the timeline sees it, or null. */
export function activeGoal(store: Store, habitId: string): GoalRule | null {
  return goalRuleOf(activeGoalOf(listGoals(store, habitId)));
}

const INSERT_GOAL = 'INSERT INTO goals (id, habit_id, created_at, periodicity, value, unit, is_active) VALUES (?, ?, ?, ?, ?, ?, ?)';

/**
 * Makes `goal` the active goal: the old one is deactivated and kept in the history. Setting the
 * goal the habit already has changes nothing; null deactivates the current goal.
 */
export function setGoal(store: Store, habitId: string, goal: GoalInput | null, id: string, createdAt: string): void {
  const current = activeGoal(store, habitId);
  if (goal && current && current.periodicity === goal.periodicity && current.value === goal.value && current.unit === goal.unit) return;
  store.prepare('UPDATE goals SET is_active = 0 WHERE habit_id = ? AND is_active = 1').run(habitId);
  if (goal) store.prepare(INSERT_GOAL).run(id, habitId, createdAt, goal.periodicity, goal.value, goal.unit, 1);
}

/**
 * Replaces a habit's goals with `goals` (oldest first), keeping their ids, dates and flags. Goal ids
 * are unique store-wide: a goal another habit holds moves here (the goals triggers mark both habits'
 * derived data stale, since that habit's active goal may be the one that left).
 */
export function replaceGoals(store: Store, habitId: string, goals: readonly Goal[]): void {
  store.prepare('DELETE FROM goals WHERE habit_id = ?').run(habitId);
  const owner = store.prepare('SELECT habit_id AS habitId FROM goals WHERE id = ?');
  const remove = store.prepare('DELETE FROM goals WHERE id = ?');
  const insert = store.prepare(INSERT_GOAL);
  for (const g of goals) {
    const held = owner.get(g.id) as { habitId: string } | undefined;
    if (held) remove.run(g.id);
    insert.run(g.id, habitId, g.createdAt, g.periodicity, g.value, g.unit, g.isActive ? 1 : 0);
  }
}
