// Rows of the areas table.
import type { Area } from '../../../api/types.js';
import type { Store } from '../store.js';

/** An area row as SQLite returns it. */
export interface RawArea {
  id: string;
  name: string;
  color_hex: string;
  icon: string;
  created_at: string;
}

const COLUMNS = 'id, name, color_hex, icon, created_at';

/** An area row as the wire type. */
export function toArea(raw: RawArea): Area {
  return { id: raw.id, name: raw.name, colorHex: raw.color_hex, icon: raw.icon, createdAt: raw.created_at };
}

/** Every area in creation order. */
export function listAreas(store: Store): Area[] {
  return (store.prepare(`SELECT ${COLUMNS} FROM areas ORDER BY seq`).all() as RawArea[]).map(toArea);
}

/** The area with this id, or undefined. */
export function getArea(store: Store, id: string): Area | undefined {
  const raw = store.prepare(`SELECT ${COLUMNS} FROM areas WHERE id = ?`).get(id) as RawArea | undefined;
  return raw && toArea(raw);
}

/** Ids among `ids` that name no area. */
export function missingAreaIds(store: Store, ids: readonly string[]): Set<string> {
  const stmt = store.prepare('SELECT 1 FROM areas WHERE id = ?');
  return new Set(ids.filter((id) => stmt.get(id) === undefined));
}

const INSERT = 'INSERT INTO areas (id, name, color_hex, icon, created_at) VALUES (?, ?, ?, ?, ?)';

/** Inserts an area. */
export function insertArea(store: Store, area: Area): void {
  store.prepare(INSERT).run(area.id, area.name, area.colorHex, area.icon, area.createdAt);
}

/** Inserts an area, or overwrites the one with its id in place (its habit links stay). */
export function upsertArea(store: Store, area: Area): void {
  store
    .prepare(`${INSERT} ON CONFLICT (id) DO UPDATE SET name = excluded.name, color_hex = excluded.color_hex, icon = excluded.icon, created_at = excluded.created_at`)
    .run(area.id, area.name, area.colorHex, area.icon, area.createdAt);
}

/** Updates the given fields of an area. */
export function patchArea(store: Store, id: string, patch: { name?: string; colorHex?: string; icon?: string }): void {
  const columns = { name: 'name', colorHex: 'color_hex', icon: 'icon' } as const;
  const sets: string[] = [];
  const args: unknown[] = [];
  for (const [key, column] of Object.entries(columns) as [keyof typeof columns, string][]) {
    if (patch[key] === undefined) continue;
    sets.push(`${column} = ?`);
    args.push(patch[key]);
  }
  if (sets.length > 0) store.prepare(`UPDATE areas SET ${sets.join(', ')} WHERE id = ?`).run(...args, id);
}

/** Deletes an area; its links to habits go with it, the habits stay. */
export function deleteArea(store: Store, id: string): boolean {
  return store.prepare('DELETE FROM areas WHERE id = ?').run(id).changes > 0;
}
