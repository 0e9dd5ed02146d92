// The SQLite schema as an ordered list of migrations. `PRAGMA user_version` holds how many have
// been applied; each new one is appended, never edited, and all pending ones run in one
// immediate transaction so two processes opening a fresh file cannot both apply them.
import type { Database } from './sqlite.js';

/** Migration i takes the schema from version i to i + 1. */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;

  CREATE TABLE areas (
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    color_hex TEXT NOT NULL,
    icon TEXT NOT NULL,
    created_at TEXT NOT NULL
  );

  CREATE TABLE habits (
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    type TEXT NOT NULL CHECK (type IN ('good', 'bad')),
    description TEXT,
    icon TEXT,
    color_hex TEXT NOT NULL,
    occurrence TEXT NOT NULL,
    start_date TEXT NOT NULL,
    created_at TEXT NOT NULL,
    is_archived INTEGER NOT NULL DEFAULT 0,
    custom_unit_name TEXT
  );
  CREATE INDEX habits_archived ON habits (is_archived, seq);

  CREATE TABLE habit_areas (
    habit_id TEXT NOT NULL REFERENCES habits (id) ON DELETE CASCADE,
    area_id TEXT NOT NULL REFERENCES areas (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    PRIMARY KEY (habit_id, area_id)
  ) WITHOUT ROWID;
  CREATE INDEX habit_areas_area ON habit_areas (area_id);

  CREATE TABLE habit_time_of_days (
    habit_id TEXT NOT NULL REFERENCES habits (id) ON DELETE CASCADE,
    time_of_day_id TEXT NOT NULL,
    position INTEGER NOT NULL,
    PRIMARY KEY (habit_id, time_of_day_id)
  ) WITHOUT ROWID;
  CREATE INDEX habit_time_of_days_tod ON habit_time_of_days (time_of_day_id);

  CREATE TABLE goals (
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    habit_id TEXT NOT NULL REFERENCES habits (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    periodicity TEXT NOT NULL,
    value REAL NOT NULL,
    unit TEXT NOT NULL,
    is_active INTEGER NOT NULL
  );
  CREATE INDEX goals_habit ON goals (habit_id, seq);

  CREATE TABLE time_triggers (
    habit_id TEXT NOT NULL REFERENCES habits (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    hour INTEGER NOT NULL,
    minute INTEGER NOT NULL,
    week_days TEXT,
    show_live_activity INTEGER NOT NULL,
    show_as_alarm INTEGER NOT NULL,
    PRIMARY KEY (habit_id, position)
  ) WITHOUT ROWID;

  CREATE TABLE habit_stacks (
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    habit_id TEXT NOT NULL REFERENCES habits (id) ON DELETE CASCADE,
    condition_habit_id TEXT NOT NULL REFERENCES habits (id) ON DELETE CASCADE,
    type TEXT NOT NULL,
    timer_type TEXT NOT NULL,
    timer_delay_secs INTEGER NOT NULL,
    position INTEGER NOT NULL
  );
  CREATE INDEX habit_stacks_habit ON habit_stacks (habit_id, position);
  CREATE INDEX habit_stacks_condition ON habit_stacks (condition_habit_id);

  CREATE TABLE end_conditions (
    habit_id TEXT PRIMARY KEY REFERENCES habits (id) ON DELETE CASCADE,
    id TEXT NOT NULL UNIQUE,
    type TEXT NOT NULL,
    created_at TEXT NOT NULL,
    date TEXT,
    streak_length INTEGER,
    total_periods INTEGER,
    total_log_value REAL
  );

  CREATE TABLE logs (
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    habit_id TEXT NOT NULL REFERENCES habits (id) ON DELETE CASCADE,
    date TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('value', 'completed', 'failed', 'skipped')),
    value REAL NOT NULL,
    unit TEXT,
    created_at TEXT NOT NULL
  );
  CREATE INDEX logs_habit_date ON logs (habit_id, date);
  -- At most one mark (completed, failed or skipped) per habit and date.
  CREATE UNIQUE INDEX logs_one_mark ON logs (habit_id, date) WHERE kind <> 'value';

  CREATE TABLE notes (
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    habit_id TEXT NOT NULL REFERENCES habits (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    content TEXT,
    mood_level TEXT,
    photos TEXT NOT NULL
  );
  CREATE INDEX notes_habit ON notes (habit_id, created_at, seq);
  `,
  // 2: timelines read every log of a habit; a covering index answers that without the table.
  `
  CREATE INDEX logs_habit_cover ON logs (habit_id, date, kind, value, unit);
  DROP INDEX logs_habit_date;
  `,
  // 3: derived data kept with the data (derived.ts), so no process replays a habit's whole history.
  // Triggers note what each write touches in derived_dirty ('*' = the whole habit); the store
  // brings day_totals and periods up to date from it before the transaction commits.
  `
  CREATE TABLE derived_dirty (
    habit_id TEXT NOT NULL,
    date TEXT NOT NULL,
    PRIMARY KEY (habit_id, date)
  ) WITHOUT ROWID;

  CREATE TABLE day_totals (
    habit_id TEXT NOT NULL REFERENCES habits (id) ON DELETE CASCADE,
    day INTEGER NOT NULL,
    amount REAL NOT NULL,
    mark INTEGER NOT NULL,
    PRIMARY KEY (habit_id, day)
  ) WITHOUT ROWID;

  CREATE TABLE periods (
    habit_id TEXT NOT NULL REFERENCES habits (id) ON DELETE CASCADE,
    first_day INTEGER NOT NULL,
    last_day INTEGER NOT NULL,
    sum REAL NOT NULL,
    status INTEGER NOT NULL,
    run INTEGER NOT NULL,
    PRIMARY KEY (habit_id, first_day)
  ) WITHOUT ROWID;

  CREATE TRIGGER logs_insert_dirty AFTER INSERT ON logs BEGIN
    INSERT OR IGNORE INTO derived_dirty (habit_id, date) VALUES (NEW.habit_id, NEW.date);
  END;
  CREATE TRIGGER logs_delete_dirty AFTER DELETE ON logs BEGIN
    INSERT OR IGNORE INTO derived_dirty (habit_id, date) VALUES (OLD.habit_id, OLD.date);
  END;
  CREATE TRIGGER logs_update_dirty AFTER UPDATE ON logs BEGIN
    INSERT OR IGNORE INTO derived_dirty (habit_id, date) VALUES (OLD.habit_id, OLD.date), (NEW.habit_id, NEW.date);
  END;
  CREATE TRIGGER habits_insert_dirty AFTER INSERT ON habits BEGIN
    INSERT OR IGNORE INTO derived_dirty (habit_id, date) VALUES (NEW.id, '*');
  END;
  CREATE TRIGGER habits_update_dirty AFTER UPDATE OF type, occurrence, start_date ON habits
  WHEN OLD.type IS NOT NEW.type OR OLD.occurrence IS NOT NEW.occurrence OR OLD.start_date IS NOT NEW.start_date BEGIN
    INSERT OR IGNORE INTO derived_dirty (habit_id, date) VALUES (NEW.id, '*');
  END;
  CREATE TRIGGER goals_insert_dirty AFTER INSERT ON goals BEGIN
    INSERT OR IGNORE INTO derived_dirty (habit_id, date) VALUES (NEW.habit_id, '*');
  END;
  CREATE TRIGGER goals_delete_dirty AFTER DELETE ON goals BEGIN
    INSERT OR IGNORE INTO derived_dirty (habit_id, date) VALUES (OLD.habit_id, '*');
  END;
  CREATE TRIGGER goals_update_dirty AFTER UPDATE ON goals BEGIN
    INSERT OR IGNORE INTO derived_dirty (habit_id, date) VALUES (OLD.habit_id, '*'), (NEW.habit_id, '*');
  END;

  INSERT INTO derived_dirty (habit_id, date) SELECT id, '*' FROM habits;
  `,
  // 4: each period also keeps its streak in days (the journal reports streaks in days). A daily
  // period has one due day, so there it equals run; habits with a longer goal period are rebuilt.
  `
  ALTER TABLE periods ADD COLUMN run_days INTEGER NOT NULL DEFAULT 0;
  UPDATE periods SET run_days = run;
  INSERT OR IGNORE INTO derived_dirty (habit_id, date)
    SELECT DISTINCT habit_id, '*' FROM goals WHERE is_active = 1 AND periodicity <> 'daily';
  `,
  // 5: failed authentication per client address, in a fixed window (http/server.ts): in the file,
  // so every process serving it shares one limit.
  `
  CREATE TABLE auth_failures (
    address TEXT PRIMARY KEY,
    window_start INTEGER NOT NULL,
    failures INTEGER NOT NULL
  ) WITHOUT ROWID;
  `,
];

/** The schema version this build writes. */
export const SCHEMA_VERSION = MIGRATIONS.length;

/** Applies pending migrations; refuses a file written by a newer schema. */
export function migrate(db: Database): void {
  const check = (): number => {
    const version = db.pragma('user_version', { simple: true }) as number;
    if (version > SCHEMA_VERSION) {
      throw new Error(`database schema version ${version} is newer than this program supports (${SCHEMA_VERSION}); upgrade habits`);
    }
    return version;
  };
  if (check() === SCHEMA_VERSION) return;
  db.exec('BEGIN IMMEDIATE');
  try {
    for (let version = check(); version < SCHEMA_VERSION; version++) {
      db.exec(MIGRATIONS[version] ?? '');
      db.exec(`PRAGMA user_version = ${version + 1}`);
    }
    db.exec('COMMIT');
  } catch (err) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw err;
  }
}
