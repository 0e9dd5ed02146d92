// A habit as returned by the service (api-facts "Habit as returned").
import type { EndCondition, Habit, TimeOfDay } from '../../api/types.js';
import type { App } from '../context.js';
import type { Day } from '../domain/dates.js';
import { endConditionMet, endConditionView as viewOf } from '../domain/end-condition.js';
import { activeGoalOf } from '../domain/goals.js';
import { timeOfDayById } from '../domain/time-of-day.js';
import { lastDueDay, lifetimeFacts } from '../store/derived.js';
import { endCondition } from '../store/repo/end-conditions.js';
import { listGoals } from '../store/repo/goals.js';
import type { HabitRow } from '../store/repo/habits.js';
import { habitAreas, habitTimeOfDayIds } from '../store/repo/links.js';
import { habitStacks, timeTriggers } from '../store/repo/reminders.js';

/** The full wire form of a habit; call inside a store transaction. */
export function habitView(app: App, row: HabitRow, today: Day): Habit {
  const { store } = app;
  const goals = listGoals(store, row.id);
  const goal = activeGoalOf(goals);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    icon: row.icon,
    colorHex: row.colorHex,
    type: row.type,
    occurrence: row.occurrence,
    startDate: row.startDate,
    createdAt: row.createdAt,
    isArchived: row.isArchived,
    logMethod: 'manual',
    challengeId: null,
    customUnitName: row.customUnitName,
    goal,
    goals,
    areas: habitAreas(store, row.id),
    timeOfDays: habitTimeOfDayIds(store, row.id)
      .map((id) => timeOfDayById(id))
      .filter((t): t is TimeOfDay => t !== undefined),
    reminders: { timeTriggers: timeTriggers(store, row.id), habitStacks: habitStacks(store, row.id) },
    endCondition: endConditionView(app, row, today, goal?.periodicity ?? 'daily'),
  };
}

function endConditionView(app: App, row: HabitRow, today: Day, periodType: string): EndCondition | null {
  const stored = endCondition(app.store, row.id);
  if (!stored) return null;
  const isMet = endConditionMet(stored.condition, lifetimeFacts(app.store, row, today), today);
  // Once met, the day it was (our addition): the habit's last due day.
  return viewOf(stored.id, stored.createdAt, stored.condition, isMet, periodType, isMet ? lastDueDay(app.store, row, today, stored) : null);
}
