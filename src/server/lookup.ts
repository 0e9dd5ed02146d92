// Records a request names by id, or the 404 that says they are missing. Shared by the handlers,
// which must not import one another.
import type { App } from './context.js';
import { notFound } from './http/errors.js';
import { type HabitRow, getHabit } from './store/repo/habits.js';

/** The habit or a 404. */
export function requireHabit(app: App, id: string): HabitRow {
  const row = getHabit(app.store, id);
  if (!row) throw notFound(`Habit ${id} not found`);
  return row;
}
