// Rows of the notes table.
import type { Note } from '../../../api/types.js';
import type { Store } from '../store.js';

interface RawNote {
  id: string;
  created_at: string;
  content: string | null;
  mood_level: string | null;
  photos: string;
}

function toNote(r: RawNote): Note {
  return { id: r.id, createdAt: r.created_at, content: r.content, moodLevel: r.mood_level, photos: JSON.parse(r.photos) as string[] };
}

/** The day before or after an instant as `YYYY-MM-DD`: a bound every stamp of that instant sorts inside. */
function dayAround(ms: number, days: number): string {
  return new Date(ms + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * One page of a habit's notes, oldest first, and their total; with `range`, only the notes created
 * from `range.from` (inclusive) to `range.until` (exclusive, both ms since the epoch).
 */
export function listNotes(store: Store, habitId: string, limit: number, offset: number, range?: { from: number; until: number }): { notes: Note[]; total: number } {
  if (range) {
    // created_at is ISO 8601 text, but imported notes keep the source's form (other zones, no
    // milliseconds), so text order is only close to time order: the index narrows to the range
    // widened by a day on each side (no zone is a day off UTC), and the instants decide.
    const raws = (store
      .prepare('SELECT id, created_at, content, mood_level, photos FROM notes WHERE habit_id = ? AND created_at >= ? AND created_at < ? ORDER BY created_at, seq')
      .all(habitId, dayAround(range.from, -1), dayAround(range.until, 2)) as RawNote[])
      .filter((r) => {
        const t = Date.parse(r.created_at);
        return t >= range.from && t < range.until;
      });
    return { notes: raws.slice(offset, offset + limit).map(toNote), total: raws.length };
  }
  const total = (store.prepare('SELECT COUNT(*) AS n FROM notes WHERE habit_id = ?').get(habitId) as { n: number }).n;
  const raws = store
    .prepare('SELECT id, created_at, content, mood_level, photos FROM notes WHERE habit_id = ? ORDER BY created_at, seq LIMIT ? OFFSET ?')
    .all(habitId, limit, offset) as RawNote[];
  return { notes: raws.map(toNote), total };
}

/** The note of this habit with this id, or undefined. */
export function getNote(store: Store, habitId: string, id: string): Note | undefined {
  const raw = store
    .prepare('SELECT id, created_at, content, mood_level, photos FROM notes WHERE habit_id = ? AND id = ?')
    .get(habitId, id) as RawNote | undefined;
  return raw && toNote(raw);
}

const INSERT = 'INSERT INTO notes (id, habit_id, created_at, content, mood_level, photos) VALUES (?, ?, ?, ?, ?, ?)';

/** Inserts a note. */
export function insertNote(store: Store, habitId: string, note: Note): void {
  store.prepare(INSERT).run(note.id, habitId, note.createdAt, note.content, note.moodLevel, JSON.stringify(note.photos));
}

/** Inserts a note, or overwrites the one with its id, moving it to `habitId` when it was another habit's. */
export function upsertNote(store: Store, habitId: string, note: Note): void {
  store
    .prepare(
      `${INSERT} ON CONFLICT (id) DO UPDATE SET habit_id = excluded.habit_id, created_at = excluded.created_at, content = excluded.content,
         mood_level = excluded.mood_level, photos = excluded.photos`,
    )
    .run(note.id, habitId, note.createdAt, note.content, note.moodLevel, JSON.stringify(note.photos));
}

/** Rewrites a note's content, mood and photos. */
export function saveNote(store: Store, habitId: string, note: Note): void {
  store
    .prepare('UPDATE notes SET content = ?, mood_level = ?, photos = ? WHERE habit_id = ? AND id = ?')
    .run(note.content, note.moodLevel, JSON.stringify(note.photos), habitId, note.id);
}

/** Deletes a note; false when this habit has no such note. */
export function deleteNote(store: Store, habitId: string, id: string): boolean {
  return store.prepare('DELETE FROM notes WHERE habit_id = ? AND id = ?').run(habitId, id).changes > 0;
}
