// The store: pragmas, migrations, the stored key, restarts, the missing driver, and derived data
// that follows writes made through another connection.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { Area, JournalEntry, Note, Statistics } from '../../../src/api/types.js';
import { createServer, getOrCreateApiKey, inspectStore, openStore } from '../../../src/server/index.js';
import { MIGRATIONS, SCHEMA_VERSION } from '../../../src/server/store/schema.js';
import { type Data, type ServedHabit, client, createHabit, fakeClock, rejectionOf } from '../fixtures.js';
import { openRaw } from '../../helpers/sqlite.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'habits-store-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('openStore', () => {
  test('waits for another connection holding a fresh file, which SQLite does not wait out by itself', async () => {
    // Switching to WAL needs the file to itself, and SQLite answers SQLITE_BUSY at once rather than
    // calling the busy handler: a cron job and a terminal starting together on a new file.
    const file = join(dir, 'held.db');
    const holder = await openRaw(file);
    // Another habits process, half way through creating the schema.
    holder.exec('BEGIN IMMEDIATE');
    holder.exec(MIGRATIONS[0] ?? '');
    holder.pragma('user_version = 1');
    let committed = false;
    setTimeout(() => {
      holder.exec('COMMIT');
      committed = true;
    }, 150);
    const store = await openStore(file);
    expect(committed).toBe(true);
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
    store.close();
    holder.close();
  });

  test('sets WAL, foreign keys, a busy timeout and synchronous=FULL, and migrates', async () => {
    const store = await openStore(join(dir, 'a.db'));
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(store.db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(store.db.pragma('busy_timeout', { simple: true })).toBe(10000);
    expect(store.db.pragma('synchronous', { simple: true })).toBe(2);
    expect(store.db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    const tables = (store.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string }[]).map((t) => t.name);
    expect(tables).toEqual([
      'areas', 'auth_failures', 'day_totals', 'derived_dirty', 'end_conditions', 'goals', 'habit_areas', 'habit_stacks', 'habit_time_of_days', 'habits', 'logs',
      'meta', 'notes', 'periods', 'time_triggers',
    ]);
    store.close();
    store.close(); // idempotent
  });

  test('refuses a file written by a newer schema', async () => {
    const file = join(dir, 'future.db');
    const raw = await openRaw(file);
    raw.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    raw.close();
    await expect(openStore(file)).rejects.toThrow(`${file} has schema version ${SCHEMA_VERSION + 1}; this version reads up to ${SCHEMA_VERSION}`);
  });

  test('migrates a file from an older schema and keeps its data', async () => {
    const file = join(dir, 'old.db');
    const raw = await openRaw(file);
    raw.exec(MIGRATIONS[0] ?? '');
    raw.pragma('user_version = 1');
    raw.prepare("INSERT INTO habits (id, name, type, color_hex, occurrence, start_date, created_at) VALUES ('h', 'Old', 'good', '#000', '{\"type\":\"daily\"}', '2026-01-01', '2026-01-01T00:00:00.000Z')").run();
    raw.prepare("INSERT INTO logs (id, habit_id, date, kind, value, unit, created_at) VALUES ('l', 'h', '2026-01-01', 'completed', 1, NULL, '2026-01-01T00:00:00.000Z')").run();
    raw.close();
    const store = await openStore(file);
    expect(store.db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    const indexes = (store.db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'logs' AND sql IS NOT NULL ORDER BY name").all() as { name: string }[]).map((i) => i.name);
    expect(indexes).toEqual(['logs_habit_cover', 'logs_one_mark']);
    const listening = await createServer({ db: store, apiKey: 'k', clock: fakeClock('2026-01-01T12:00:00Z'), timezone: 'UTC' }).listen();
    const stats = await client({ url: listening.url, apiKey: 'k' })<Data<Statistics>>('GET', '/habits/h/statistics');
    expect(stats.body.data).toMatchObject({ name: 'Old', completions: 1, totalLogs: 1 });
    await listening.close();
    store.close();
  });

  // A Node without node:sqlite (Node 20), whatever Node runs the test.
  const noNodeSqlite = () => undefined;

  test('no driver (no node:sqlite, no better-sqlite3): ERR_LOCAL_SERVICE_UNAVAILABLE, reason missing', async () => {
    const missing = Object.assign(new Error("Cannot find package 'better-sqlite3'"), { code: 'ERR_MODULE_NOT_FOUND' });
    const err = await rejectionOf(openStore(':memory:', { loadDriver: () => Promise.reject(missing), loadNodeSqlite: noNodeSqlite }));
    expect(err).toMatchObject({ code: 'ERR_LOCAL_SERVICE_UNAVAILABLE', reason: 'missing', cause: missing });
    expect(err.message).toBe('The local service needs better-sqlite3, which is not installed');
  });

  test('a native module built for another Node: ERR_LOCAL_SERVICE_UNAVAILABLE saying rebuild, from openStore and inspectStore alike', async () => {
    const mismatch = Object.assign(
      new Error("The module '/x/better_sqlite3.node'\nwas compiled against a different Node.js version using\nNODE_MODULE_VERSION 115. This version of Node.js requires\nNODE_MODULE_VERSION 127."),
      { code: 'ERR_DLOPEN_FAILED' },
    );
    // better-sqlite3 imports fine and loads its native module on the first database.
    const driver = () => Promise.resolve({ default: class { constructor() { throw mismatch; } }, version: '13.0.0' });
    for (const attempt of [() => openStore(':memory:', { loadDriver: driver, loadNodeSqlite: noNodeSqlite }), () => inspectStore(join(dir, 'none.db'), { loadDriver: driver, loadNodeSqlite: noNodeSqlite })]) {
      const err = await rejectionOf(attempt());
      expect(err).toMatchObject({ code: 'ERR_LOCAL_SERVICE_UNAVAILABLE', reason: 'native', cause: mismatch });
      expect(err.message).toMatch(/^The local service could not load better-sqlite3's native module \(The module/);
    }
  });

  test('the API key is generated once and kept', async () => {
    const file = join(dir, 'k.db');
    const store = await openStore(file);
    const first = getOrCreateApiKey(store);
    expect(first.generated).toBe(true);
    expect(first.key).toMatch(/^hb_[A-Za-z0-9]{32}$/);
    expect(getOrCreateApiKey(store)).toEqual({ key: first.key, generated: false });
    store.close();
    const reopened = await openStore(file);
    expect(getOrCreateApiKey(reopened)).toEqual({ key: first.key, generated: false });
    reopened.close();
  });
});

describe('restart', () => {
  test('everything written survives closing and reopening the file', async () => {
    const file = join(dir, 'habits.db');
    const clock = fakeClock('2026-03-10T12:00:00Z');
    let store = await openStore(file);
    let listening = await createServer({ db: store, apiKey: 'k', clock, timezone: 'UTC' }).listen();
    let call = client({ url: listening.url, apiKey: 'k' });
    const area = (await call<Data<Area>>('POST', '/areas', { name: 'Health' })).body.data;
    const habit = await createHabit(call, {
      name: 'Run', type: 'good', startDate: '2026-03-01', areaIds: [area.id], timeOfDayIds: ['morning'],
      goal: { periodicity: 'daily', value: 5, unit: 'kM' }, endCondition: { type: 'streak', streakLength: 2 },
      reminders: { timeTriggers: [{ time: { hour: 6, minute: 45 } }] },
    });
    await call('POST', `/habits/${habit.id}/logs`, { value: 5, unitSymbol: 'kM', targetDate: '2026-03-09' });
    await call('POST', `/habits/${habit.id}/logs/complete`);
    const note = (await call<Note>('POST', `/habits/${habit.id}/notes`, { content: 'windy' })).body;
    const before = {
      habit: (await call<Data<ServedHabit>>('GET', `/habits/${habit.id}`)).body,
      stats: (await call('GET', `/habits/${habit.id}/statistics`)).body,
      journal: (await call('GET', '/habits/journal')).body,
    };
    expect(before.habit.data.endCondition!.isMet).toBe(true);
    await listening.close();
    store.close();

    store = await openStore(file);
    listening = await createServer({ db: store, apiKey: 'k', clock, timezone: 'UTC' }).listen();
    call = client({ url: listening.url, apiKey: 'k' });
    expect((await call('GET', `/habits/${habit.id}`)).body).toEqual(before.habit);
    expect((await call('GET', `/habits/${habit.id}/statistics`)).body).toEqual(before.stats);
    expect((await call('GET', '/habits/journal')).body).toEqual(before.journal);
    expect((await call<Data<Note[]>>('GET', `/habits/${habit.id}/notes`)).body.data).toEqual([note]);
    expect((await call<Data<Area[]>>('GET', '/areas')).body.data).toEqual([area]);
    await listening.close();
    store.close();
  });
});

describe('derived data', () => {
  test('a store written by the version before derived data opens migrated, with the same answers', async () => {
    const file = join(dir, 'v2.db');
    const clock = fakeClock('2026-03-20T12:00:00Z');
    let store = await openStore(file);
    let listening = await createServer({ db: store, apiKey: 'k', clock, timezone: 'UTC' }).listen();
    let call = client({ url: listening.url, apiKey: 'k' });
    const habits = [
      // End conditions not met by the 20th: a habit that ended would leave the journal.
      await createHabit(call, { name: 'Run', type: 'good', startDate: '2026-03-01', goal: { periodicity: 'weekly', value: 10, unit: 'kM' }, endCondition: { type: 'totalLogValue', totalLogValue: 1200 } }),
      await createHabit(call, { name: 'Read', type: 'good', startDate: '2026-03-02', endCondition: { type: 'streak', streakLength: 30 } }),
      await createHabit(call, { name: 'Sugar', type: 'bad', startDate: '2026-03-01', goal: { periodicity: 'daily', value: 2, unit: 'rep' } }),
    ] as const;
    for (let d = 1; d <= 19; d++) {
      const targetDate = `2026-03-${String(d).padStart(2, '0')}`;
      if (d % 3 !== 0) await call('POST', `/habits/${habits[0].id}/logs`, { value: d / 2, unitSymbol: d % 2 ? 'kM' : 'mi', targetDate });
      if (d >= 2 && d % 5 !== 0) await call('POST', `/habits/${habits[1].id}/logs/complete`, { targetDate });
      await call('POST', `/habits/${habits[2].id}/logs`, { value: d % 4, unitSymbol: 'rep', targetDate });
    }
    const answers = async () => ({
      journal: (await call<Data<JournalEntry[]>>('GET', '/habits/journal')).body,
      past: (await call('GET', '/habits/journal?date=2026-03-12')).body,
      habits: (await call('GET', '/habits')).body,
      stats: await Promise.all(habits.map(async (h) => (await call('GET', `/habits/${h.id}/statistics?startDate=2026-03-01&endDate=2026-03-25`)).body)),
    });
    const before = await answers();
    await listening.close();
    store.close();

    // What that version wrote: schema 2, without the derived tables and triggers.
    const raw = await openRaw(file);
    for (const { type, name } of raw.prepare("SELECT type, name FROM sqlite_master WHERE type = 'trigger'").all() as { type: string; name: string }[]) {
      raw.exec(`DROP ${type} ${name}`);
    }
    raw.exec('DROP TABLE derived_dirty; DROP TABLE day_totals; DROP TABLE periods; DROP TABLE auth_failures');
    raw.pragma('user_version = 2');
    raw.close();

    store = await openStore(file);
    expect(store.db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    listening = await createServer({ db: store, apiKey: 'k', clock, timezone: 'UTC' }).listen();
    call = client({ url: listening.url, apiKey: 'k' });
    expect(await answers()).toEqual(before);
    // Streaks in days: Run's three weeks are 7 + 7 + the 5 days of this one so far.
    expect(before.journal.data.map((e) => e.currentStreak!.length)).toEqual([19, 4, 0]);
    await listening.close();
    store.close();
  });

  test('a store of schema 3 (periods without streaks in days) opens migrated, with the same answers', async () => {
    const file = join(dir, 'v3.db');
    const clock = fakeClock('2026-03-20T12:00:00Z');
    let store = await openStore(file);
    let listening = await createServer({ db: store, apiKey: 'k', clock, timezone: 'UTC' }).listen();
    let call = client({ url: listening.url, apiKey: 'k' });
    const weekly = await createHabit(call, { name: 'Run', type: 'good', startDate: '2026-03-02', goal: { periodicity: 'weekly', value: 3, unit: 'rep' } });
    const monthly = await createHabit(call, { name: 'Read', type: 'good', startDate: '2026-02-01', occurrence: { type: 'weekDays', days: [1, 3, 5] }, goal: { periodicity: 'monthly', value: 2, unit: 'hr' } });
    const daily = await createHabit(call, { name: 'Floss', type: 'good', startDate: '2026-03-15' });
    for (const d of ['2026-03-03', '2026-03-10', '2026-03-17']) await call('POST', `/habits/${weekly.id}/logs`, { value: 3, unitSymbol: 'rep', targetDate: d });
    await call('POST', `/habits/${monthly.id}/logs`, { value: 2, unitSymbol: 'hr', targetDate: '2026-02-10' });
    await call('POST', `/habits/${monthly.id}/logs`, { value: 2, unitSymbol: 'hr', targetDate: '2026-03-04' });
    for (const d of ['2026-03-18', '2026-03-19']) await call('POST', `/habits/${daily.id}/logs/complete`, { targetDate: d });
    const journal = async () => (await call<Data<JournalEntry[]>>('GET', '/habits/journal?date=2026-03-20')).body.data.map((e) => [e.name, e.currentStreak]);
    const before = await journal();
    // Run: 7 + 7 + 5 days this week; Read: February's 12 due days and March's 9 so far; Floss: 2.
    expect(before).toEqual([['Run', { length: 19, unit: 'day' }], ['Read', { length: 21, unit: 'day' }], ['Floss', { length: 2, unit: 'day' }]]);
    await listening.close();
    store.close();

    const raw = await openRaw(file);
    raw.exec('ALTER TABLE periods DROP COLUMN run_days; DROP TABLE auth_failures');
    raw.pragma('user_version = 3');
    raw.close();

    store = await openStore(file);
    expect(store.db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    listening = await createServer({ db: store, apiKey: 'k', clock, timezone: 'UTC' }).listen();
    call = client({ url: listening.url, apiKey: 'k' });
    expect(await journal()).toEqual(before);
    await listening.close();
    store.close();
  });

  test('a write that left derived data behind (an older version of habits) is brought up to date by the next read', async () => {
    const file = join(dir, 'older-writer.db');
    const store = await openStore(file);
    const clock = fakeClock('2026-03-10T12:00:00Z');
    const listening = await createServer({ db: store, apiKey: 'k', clock, timezone: 'UTC' }).listen();
    const call = client({ url: listening.url, apiKey: 'k' });
    const habit = await createHabit(call, { name: 'x', type: 'good', startDate: '2026-03-01' });
    expect((await call<Data<JournalEntry[]>>('GET', '/habits/journal')).body.data[0]).toMatchObject({ status: 'inprogress', currentStreak: { length: 0 } });
    // Another connection that knows nothing of the derived tables: its commits leave the
    // triggers' entries in derived_dirty.
    const raw = await openRaw(file);
    const insert = raw.prepare("INSERT INTO logs (id, habit_id, date, kind, value, unit, created_at) VALUES (?, ?, ?, 'completed', 1, NULL, '2026-03-10T00:00:00Z')");
    for (const date of ['2026-03-08', '2026-03-09', '2026-03-10']) insert.run(`l${date}`, habit.id, date);
    expect(raw.prepare('SELECT COUNT(*) FROM derived_dirty').pluck().get()).toBe(3);
    raw.close();
    expect((await call<Data<JournalEntry[]>>('GET', '/habits/journal')).body.data[0]).toMatchObject({ status: 'completed', currentStreak: { length: 3 } });
    expect(store.db.prepare('SELECT COUNT(*) FROM derived_dirty').pluck().get()).toBe(0);
    await listening.close();
    store.close();
  });
});

describe('two connections on one file', () => {
  test('statistics and the journal follow writes made through another connection', async () => {
    const file = join(dir, 'shared.db');
    const clock = fakeClock('2026-03-10T12:00:00Z');
    const [storeA, storeB] = [await openStore(file), await openStore(file)];
    const a = await createServer({ db: storeA, apiKey: 'k', clock, timezone: 'UTC' }).listen();
    const b = await createServer({ db: storeB, apiKey: 'k', clock, timezone: 'UTC' }).listen();
    const callA = client({ url: a.url, apiKey: 'k' });
    const callB = client({ url: b.url, apiKey: 'k' });
    const habit = await createHabit(callA, { name: 'x', type: 'good', startDate: '2026-03-09' });
    expect((await callB<Data<Statistics>>('GET', `/habits/${habit.id}/statistics`)).body.data.completions).toBe(0);
    await callA('POST', `/habits/${habit.id}/logs/complete`);
    expect((await callB<Data<Statistics>>('GET', `/habits/${habit.id}/statistics`)).body.data.completions).toBe(1);
    expect((await callB<Data<JournalEntry[]>>('GET', '/habits/journal')).body.data[0]!.status).toBe('completed');
    await callA('POST', `/habits/${habit.id}/logs/undo`);
    expect((await callB<Data<JournalEntry[]>>('GET', '/habits/journal')).body.data[0]!.status).toBe('inprogress');
    // B's cached GET /areas answer too.
    expect((await callB<Data<Area[]>>('GET', '/areas')).body.data).toEqual([]);
    const area = (await callA<Data<Area>>('POST', '/areas', { name: 'Home' })).body.data;
    expect((await callB<Data<Area[]>>('GET', '/areas')).body.data).toEqual([area]);
    await Promise.all([a.close(), b.close()]);
    storeA.close();
    storeB.close();
  });
});
