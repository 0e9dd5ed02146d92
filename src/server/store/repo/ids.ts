// Which records a store holds, by id: the importer checks a document's ids against them before it
// writes anything (an id the store gives one kind of record must not name a record of another).
import type { Statement } from '../sqlite.js';

/** The kinds of record that keep their ids through an export and an import. */
export type RecordKind = 'area' | 'habit' | 'goal' | 'habit stack' | 'end condition' | 'note';

/** The table of each kind; every one has a unique `id` column. */
const TABLES: Record<RecordKind, string> = {
  area: 'areas', habit: 'habits', goal: 'goals', 'habit stack': 'habit_stacks', 'end condition': 'end_conditions', note: 'notes',
};

/** Every kind, in the order the checks name them. */
export const RECORD_KINDS = Object.keys(TABLES) as RecordKind[];

/** Whether the store holds a record of `kind` with `id`. */
export type IdLookup = (kind: RecordKind, id: string) => boolean;

/** An IdLookup on a connection or a Store (each statement prepared once). */
export function idLookup(db: { prepare(sql: string): Pick<Statement, 'get'> }): IdLookup {
  const statements = new Map<RecordKind, Pick<Statement, 'get'>>();
  return (kind, id) => {
    let stmt = statements.get(kind);
    if (!stmt) {
      stmt = db.prepare(`SELECT 1 FROM ${TABLES[kind]} WHERE id = ?`);
      statements.set(kind, stmt);
    }
    return stmt.get(id) !== undefined;
  };
}
