// A habit's links to areas and to times of day (habit_areas, habit_time_of_days), kept in the
// order they were assigned.
import type { Area } from '../../../api/types.js';
import type { Store } from '../store.js';
import { type RawArea, toArea } from './areas.js';

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
