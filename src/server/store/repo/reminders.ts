// Rows of a habit's reminders: time triggers and habit stacks. Stack ids are unique store-wide.
import type { HabitStack, TimeTrigger } from '../../../api/types.js';
import type { Store } from '../store.js';

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
