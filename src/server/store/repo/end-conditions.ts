// Rows of the end_conditions table: at most one per habit, one column per kind of condition.
import type { EndConditionInput } from '../../../api/types.js';
import type { Store } from '../store.js';

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
  const r = store.prepare(`${SELECT} WHERE habit_id = ?`).get(habitId) as EndRow | undefined;
  return r ? fromRow(r) : null;
}

/** Every stored end condition, by habit id: one query for a list of habits (the journal). */
export function endConditionsByHabit(store: Store): Map<string, StoredEndCondition> {
  const rows = store.prepare(SELECT).all() as EndRow[];
  return new Map(rows.map((r) => [r.habit_id, fromRow(r)]));
}

const SELECT = 'SELECT habit_id, id, type, created_at, date, streak_length, total_periods, total_log_value FROM end_conditions';

interface EndRow {
  habit_id: string;
  id: string;
  type: EndConditionInput['type'];
  created_at: string;
  date: string;
  streak_length: number;
  total_periods: number;
  total_log_value: number;
}

function fromRow(r: EndRow): StoredEndCondition {
  const condition: EndConditionInput =
    r.type === 'date' ? { type: 'date', date: r.date }
    : r.type === 'streak' ? { type: 'streak', streakLength: r.streak_length }
    : r.type === 'successPeriods' ? { type: 'successPeriods', totalPeriods: r.total_periods }
    : { type: 'totalLogValue', totalLogValue: r.total_log_value };
  return { id: r.id, createdAt: r.created_at, condition };
}
