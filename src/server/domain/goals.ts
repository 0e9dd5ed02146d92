// Which of a habit's goals is active. The API keeps one flagged at a time, but an imported history
// may flag several: the newest of those wins, everywhere (timelines, the habit view, the importer).
import type { Goal, Periodicity } from '../../api/types.js';
import type { GoalRule } from './timeline.js';

/** The active goal among `goals` (oldest first): the last one flagged active, or null. */
export function activeGoalOf<G extends Pick<Goal, 'isActive'>>(goals: readonly G[]): G | null {
  for (let i = goals.length - 1; i >= 0; i--) {
    const goal = goals[i];
    if (goal?.isActive) return goal;
  }
  return null;
}

/** What the timeline needs of a goal (stored goals were validated, so the periodicity is known). */
export function goalRuleOf(goal: Pick<Goal, 'periodicity' | 'value' | 'unit'> | null): GoalRule | null {
  return goal ? { periodicity: goal.periodicity as Periodicity, value: goal.value, unit: goal.unit } : null;
}
