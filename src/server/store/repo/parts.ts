// The parts of a habit kept in their own tables: goals, area and time-of-day links, time
// triggers, habit stacks and the end condition.
import type { Area, EndConditionInput, Goal, GoalInput, HabitStack, TimeTrigger } from '../../../api/types.js';
import { activeGoalOf, goalRuleOf } from '../../domain/goals.js';
import type { GoalRule } from '../../domain/timeline.js';
import type { Store } from '../store.js';
import { type RawArea, toArea } from './areas.js';

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

/** Replaces the areas a habit belongs to. */
export function setHabitAreas(store: Store, habitId: string, areaIds: readonly string[]): void {
  store.prepare('DELETE FROM habit_areas WHERE habit_id = ?').run(habitId);
  const insert = store.prepare('INSERT INTO habit_areas (habit_id, area_id, position) VALUES (?, ?, ?)');
  areaIds.forEach((areaId, position) => insert.run(habitId, areaId, position));
}

/** The areas of a habit, in the order they were assigned. */
export function habitAreas(store: Store, habitId: string): Area[] {
  const raws = store
    .prepare(
      `SELECT a.id, a.name, a.color_hex, a.icon, a.created_at FROM habit_areas l JOIN areas a ON a.id = l.area_id
       WHERE l.habit_id = ? ORDER BY l.position`,
    )
    .all(habitId) as RawArea[];
  return raws.map(toArea);
}

/** Replaces the time-of-day periods of a habit. */
export function setHabitTimeOfDays(store: Store, habitId: string, ids: readonly string[]): void {
  store.prepare('DELETE FROM habit_time_of_days WHERE habit_id = ?').run(habitId);
  const insert = store.prepare('INSERT INTO habit_time_of_days (habit_id, time_of_day_id, position) VALUES (?, ?, ?)');
  ids.forEach((id, position) => insert.run(habitId, id, position));
}

/** Time-of-day ids of a habit, in the order they were assigned. */
export function habitTimeOfDayIds(store: Store, habitId: string): string[] {
  const raws = store
    .prepare('SELECT time_of_day_id AS id FROM habit_time_of_days WHERE habit_id = ? ORDER BY position')
    .all(habitId) as { id: string }[];
  return raws.map((r) => r.id);
}

/** Time-of-day ids of every active habit, by habit id (one query for the journal). */
export function activeTimeOfDayIds(store: Store): Map<string, string[]> {
  const raws = store
    .prepare(
      `SELECT t.habit_id AS habitId, t.time_of_day_id AS id FROM habit_time_of_days t JOIN habits h ON h.id = t.habit_id
       WHERE h.is_archived = 0 ORDER BY t.habit_id, t.position`,
    )
    .all() as { habitId: string; id: string }[];
  const byHabit = new Map<string, string[]>();
  for (const r of raws) {
    const list = byHabit.get(r.habitId);
    if (list) list.push(r.id);
    else byHabit.set(r.habitId, [r.id]);
  }
  return byHabit;
}

/** Replaces the time triggers of a habit. */
export function setTimeTriggers(store: Store, habitId: string, triggers: readonly TimeTrigger[]): void {
  store.prepare('DELETE FROM time_triggers WHERE habit_id = ?').run(habitId);
  const insert = store.prepare(
    'INSERT INTO time_triggers (habit_id, position, hour, minute, week_days, show_live_activity, show_as_alarm) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  triggers.forEach((t, position) =>
    insert.run(habitId, position, t.time.hour, t.time.minute, t.occurrenceFilter ? JSON.stringify(t.occurrenceFilter.weekDays) : null,
      t.showLiveActivity ? 1 : 0, t.showAsAlarm ? 1 : 0),
  );
}

/** The time triggers of a habit. */
export function timeTriggers(store: Store, habitId: string): TimeTrigger[] {
  const raws = store
    .prepare('SELECT hour, minute, week_days, show_live_activity, show_as_alarm FROM time_triggers WHERE habit_id = ? ORDER BY position')
    .all(habitId) as { hour: number; minute: number; week_days: string | null; show_live_activity: number; show_as_alarm: number }[];
  return raws.map((r) => ({
    time: { hour: r.hour, minute: r.minute },
    ...(r.week_days !== null ? { occurrenceFilter: { weekDays: JSON.parse(r.week_days) as number[] } } : {}),
    showLiveActivity: r.show_live_activity === 1,
    showAsAlarm: r.show_as_alarm === 1,
  }));
}

/** Replaces the habit stacks of a habit; entries carry their (kept or new) ids. */
export function setHabitStacks(store: Store, habitId: string, stacks: readonly HabitStack[]): void {
  store.prepare('DELETE FROM habit_stacks WHERE habit_id = ?').run(habitId);
  const insert = store.prepare(
    'INSERT INTO habit_stacks (id, habit_id, condition_habit_id, type, timer_type, timer_delay_secs, position) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  stacks.forEach((s, position) => insert.run(s.id, habitId, s.conditionHabitId, s.type, s.timerType, s.timerDelaySecs, position));
}

/**
 * Frees stack ids for `setHabitStacks`: ids are unique store-wide, so a stack moving between habits
 * leaves its old one first.
 */
export function claimStackIds(store: Store, ids: readonly string[]): void {
  const remove = store.prepare('DELETE FROM habit_stacks WHERE id = ?');
  for (const id of ids) remove.run(id);
}

/** The habit stacks of a habit. */
export function habitStacks(store: Store, habitId: string): HabitStack[] {
  return store
    .prepare(
      `SELECT id, condition_habit_id AS conditionHabitId, type, timer_type AS timerType, timer_delay_secs AS timerDelaySecs
       FROM habit_stacks WHERE habit_id = ? ORDER BY position`,
    )
    .all(habitId) as HabitStack[];
}

/** An end condition as stored: `isMet` and `periodType` are derived when it is read. */
export interface StoredEndCondition {
  id: string;
  createdAt: string;
  condition: EndConditionInput;
}

/**
 * Replaces (or with null removes) the end condition of a habit. Ids are unique store-wide: a
 * condition another habit holds (an import moving it) leaves that habit.
 */
export function setEndCondition(store: Store, habitId: string, end: StoredEndCondition | null): void {
  store.prepare('DELETE FROM end_conditions WHERE habit_id = ?').run(habitId);
  if (!end) return;
  const { id, createdAt, condition } = end;
  store.prepare('DELETE FROM end_conditions WHERE id = ?').run(id);
  store
    .prepare(
      `INSERT INTO end_conditions (habit_id, id, type, created_at, date, streak_length, total_periods, total_log_value)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .run(habitId, id, condition.type, createdAt,
      condition.type === 'date' ? condition.date : null,
      condition.type === 'streak' ? condition.streakLength : null,
      condition.type === 'successPeriods' ? condition.totalPeriods : null,
      condition.type === 'totalLogValue' ? condition.totalLogValue : null);
}

/** The end condition of a habit, or null. */
export function endCondition(store: Store, habitId: string): StoredEndCondition | null {
  const r = store
    .prepare('SELECT id, type, created_at, date, streak_length, total_periods, total_log_value FROM end_conditions WHERE habit_id = ?')
    .get(habitId) as
    | { id: string; type: EndConditionInput['type']; created_at: string; date: string; streak_length: number; total_periods: number; total_log_value: number }
    | undefined;
  if (!r) return null;
  const condition: EndConditionInput =
    r.type === 'date' ? { type: 'date', date: r.date }
    : r.type === 'streak' ? { type: 'streak', streakLength: r.streak_length }
    : r.type === 'successPeriods' ? { type: 'successPeriods', totalPeriods: r.total_periods }
    : { type: 'totalLogValue', totalLogValue: r.total_log_value };
  return { id: r.id, createdAt: r.created_at, condition };
}
