// Rows of the habits table and the queries over it. Callers run these inside store.read/write.
import type { HabitListQuery, HabitType, Occurrence } from '../../../api/types.js';
import type { Store } from '../store.js';

/** A habit's own columns, as the service uses them. */
export interface HabitRow {
  id: string;
  name: string;
  type: HabitType;
  description: string | null;
  icon: string | null;
  colorHex: string;
  occurrence: Occurrence;
  startDate: string;
  createdAt: string;
  isArchived: boolean;
  customUnitName: string | null;
}

interface RawHabit {
  id: string;
  name: string;
  type: HabitType;
  description: string | null;
  icon: string | null;
  color_hex: string;
  occurrence: string;
  start_date: string;
  created_at: string;
  is_archived: number;
  custom_unit_name: string | null;
}

const COLUMNS = 'h.id, h.name, h.type, h.description, h.icon, h.color_hex, h.occurrence, h.start_date, h.created_at, h.is_archived, h.custom_unit_name';

function toRow(raw: RawHabit): HabitRow {
  return {
    id: raw.id,
    name: raw.name,
    type: raw.type,
    description: raw.description,
    icon: raw.icon,
    colorHex: raw.color_hex,
    occurrence: JSON.parse(raw.occurrence) as Occurrence,
    startDate: raw.start_date,
    createdAt: raw.created_at,
    isArchived: raw.is_archived === 1,
    customUnitName: raw.custom_unit_name,
  };
}

const INSERT = `INSERT INTO habits (id, name, type, description, icon, color_hex, occurrence, start_date, created_at, is_archived, custom_unit_name)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

function values(row: HabitRow): unknown[] {
  return [row.id, row.name, row.type, row.description, row.icon, row.colorHex, JSON.stringify(row.occurrence),
    row.startDate, row.createdAt, row.isArchived ? 1 : 0, row.customUnitName];
}

/** Inserts a habit row. */
export function insertHabit(store: Store, row: HabitRow): void {
  store.prepare(INSERT).run(...values(row));
}

/**
 * Inserts a habit row, or overwrites every column of the one with its id; the row keeps its place in
 * the list. Never INSERT OR REPLACE: that deletes the row first, and the foreign keys would cascade
 * the delete to the habit's notes and logs and to other habits' stacks.
 */
export function upsertHabit(store: Store, row: HabitRow): void {
  store
    .prepare(
      `${INSERT} ON CONFLICT (id) DO UPDATE SET name = excluded.name, type = excluded.type, description = excluded.description,
         icon = excluded.icon, color_hex = excluded.color_hex, occurrence = excluded.occurrence, start_date = excluded.start_date,
         created_at = excluded.created_at, is_archived = excluded.is_archived, custom_unit_name = excluded.custom_unit_name`,
    )
    .run(...values(row));
}

/** The habit with this id, or undefined. */
export function getHabit(store: Store, id: string): HabitRow | undefined {
  const raw = store.prepare(`SELECT ${COLUMNS} FROM habits h WHERE h.id = ?`).get(id) as RawHabit | undefined;
  return raw && toRow(raw);
}

/** Whether a habit with this id exists. */
export function habitExists(store: Store, id: string): boolean {
  return store.prepare('SELECT 1 FROM habits WHERE id = ?').get(id) !== undefined;
}

/** Which habits GET /habits lists (the query's filters, with archived settled). */
export type HabitFilter = Pick<HabitListQuery, 'areaId' | 'type' | 'timeOfDay'> & { archived: boolean };

/** One page of habits in creation order, and how many match in all. */
export function listHabits(store: Store, filter: HabitFilter, limit: number, offset: number): { rows: HabitRow[]; total: number } {
  const where = ['h.is_archived = ?'];
  const args: unknown[] = [filter.archived ? 1 : 0];
  if (filter.type) {
    where.push('h.type = ?');
    args.push(filter.type);
  }
  if (filter.areaId) {
    where.push('EXISTS (SELECT 1 FROM habit_areas a WHERE a.habit_id = h.id AND a.area_id = ?)');
    args.push(filter.areaId);
  }
  if (filter.timeOfDay) {
    where.push('EXISTS (SELECT 1 FROM habit_time_of_days t WHERE t.habit_id = h.id AND t.time_of_day_id = ?)');
    args.push(filter.timeOfDay);
  }
  const clause = where.join(' AND ');
  const total = (store.prepare(`SELECT COUNT(*) AS n FROM habits h WHERE ${clause}`).get(...args) as { n: number }).n;
  const raws = store
    .prepare(`SELECT ${COLUMNS} FROM habits h WHERE ${clause} ORDER BY h.seq LIMIT ? OFFSET ?`)
    .all(...args, limit, offset) as RawHabit[];
  return { rows: raws.map(toRow), total };
}

/** Active habits whose start date is on or before `date`, in creation order. */
export function activeHabitsStartedBy(store: Store, date: string): HabitRow[] {
  const raws = store
    .prepare(`SELECT ${COLUMNS} FROM habits h WHERE h.is_archived = 0 AND h.start_date <= ? ORDER BY h.seq`)
    .all(date) as RawHabit[];
  return raws.map(toRow);
}

/** Columns a habit update may change. */
export type HabitPatch = Partial<Pick<HabitRow, 'name' | 'description' | 'icon' | 'colorHex' | 'occurrence' | 'startDate' | 'customUnitName' | 'isArchived'>>;

const PATCH_COLUMNS: Record<keyof HabitPatch, string> = {
  name: 'name',
  description: 'description',
  icon: 'icon',
  colorHex: 'color_hex',
  occurrence: 'occurrence',
  startDate: 'start_date',
  customUnitName: 'custom_unit_name',
  isArchived: 'is_archived',
};

/** Updates the given columns of a habit. */
export function patchHabit(store: Store, id: string, patch: HabitPatch): void {
  const sets: string[] = [];
  const args: unknown[] = [];
  for (const [key, column] of Object.entries(PATCH_COLUMNS) as [keyof HabitPatch, string][]) {
    if (!(key in patch)) continue;
    const value = patch[key];
    sets.push(`${column} = ?`);
    args.push(key === 'occurrence' ? JSON.stringify(value) : key === 'isArchived' ? (value ? 1 : 0) : value);
  }
  if (sets.length === 0) return;
  store.prepare(`UPDATE habits SET ${sets.join(', ')} WHERE id = ?`).run(...args, id);
}

/** Deletes a habit; foreign keys cascade to its logs, notes, goals, reminders, stacks and links. */
export function deleteHabit(store: Store, id: string): boolean {
  const changes = store.prepare('DELETE FROM habits WHERE id = ?').run(id).changes;
  return changes > 0;
}
