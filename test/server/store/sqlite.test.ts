// The SQLite driver seam (src/server/store/sqlite.ts): which driver is chosen, and that each driver
// this Node can load behaves the same behind it. Node 20 loads better-sqlite3, Node 22 and 24
// node:sqlite; .ci/run runs this file on each, and runtimes.test.ts crosses them over one file.
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { hasNodeSqlite } from '../../../src/local.js';
import { abortsUnder, type Driver, loadDriver, resultCodeName } from '../../../src/server/store/sqlite.js';
import { rejectionOf } from '../fixtures.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'habits-sqlite-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('choosing a driver', () => {
  // A stand-in for node:sqlite and for better-sqlite3 (neither is opened by these tests).
  const builtIn = () => ({ DatabaseSync: class {}, StatementSync: { prototype: {} } });
  const better = (version: string) => () => Promise.resolve({ default: class { close() {} }, version });

  test('auto takes node:sqlite where Node has it, and better-sqlite3 where it has not', async () => {
    expect((await loadDriver({ choice: 'auto', loadNodeSqlite: builtIn, loadBetterSqlite3: better('12.11.1') })).name).toBe('node:sqlite');
    expect((await loadDriver({ choice: 'auto', loadNodeSqlite: () => undefined, loadBetterSqlite3: better('12.11.1'), nodeVersion: '20.20.2' })).name).toBe('better-sqlite3');
  });

  test('this Node: node:sqlite from 22.16, better-sqlite3 before', async () => {
    const driver = await loadDriver({ choice: 'auto' });
    expect(driver.name).toBe(hasNodeSqlite(process.versions.node) ? 'node:sqlite' : 'better-sqlite3');
    expect(driver.describe()).toMatch(/^(node:sqlite|better-sqlite3 \d+\.\d+\.\d+) \(SQLite 3\.\d+\.\d+\)$/);
  });

  test('better-sqlite3 before 13 is refused on Node 24.19 and later, where it aborts the process at exit', async () => {
    const err = await rejectionOf(loadDriver({ choice: 'better-sqlite3', loadBetterSqlite3: better('12.11.1'), nodeVersion: '24.21.0' }));
    expect(err).toMatchObject({ code: 'ERR_LOCAL_SERVICE_UNAVAILABLE', reason: 'aborts', detail: '12.11.1', chosen: true });
    expect((await loadDriver({ choice: 'better-sqlite3', loadBetterSqlite3: better('12.11.1'), nodeVersion: '24.18.0' })).name).toBe('better-sqlite3');
    expect((await loadDriver({ choice: 'better-sqlite3', loadBetterSqlite3: better('13.0.0'), nodeVersion: '24.21.0' })).name).toBe('better-sqlite3');
    expect([['24.19.0', '12.0.0'], ['25.0.0', '11.9.0'], ['24.18.9', '12.0.0'], ['22.23.3', '12.0.0'], ['24.21.0', '13.1.0']].map(([n, d]) => abortsUnder(n!, d!)))
      .toEqual([true, true, false, false, false]);
  });

  test('node:sqlite asked for where there is none, and an unknown name', async () => {
    expect(await rejectionOf(loadDriver({ choice: 'node:sqlite', loadNodeSqlite: () => undefined, nodeVersion: '20.20.2' })))
      .toMatchObject({ code: 'ERR_LOCAL_SERVICE_UNAVAILABLE', reason: 'no-node-sqlite', chosen: true, message: 'node:sqlite is not available in Node 20.20.2' });
    expect(await rejectionOf(loadDriver({ choice: 'Postgres', loadNodeSqlite: builtIn }))).toMatchObject({ reason: 'bad-choice', detail: 'postgres' });
  });

  test("SQLite's result codes by name, as better-sqlite3 reports them", () => {
    expect([5, 517, 773, 13, 26, 11, 778, 1555, 2067, 787, 8, 1032, 14, 0x1234ff].map(resultCodeName)).toEqual([
      'SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_BUSY_TIMEOUT', 'SQLITE_FULL', 'SQLITE_NOTADB', 'SQLITE_CORRUPT', 'SQLITE_IOERR_WRITE',
      'SQLITE_CONSTRAINT_PRIMARYKEY', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_FOREIGNKEY', 'SQLITE_READONLY', 'SQLITE_READONLY_DBMOVED',
      'SQLITE_CANTOPEN', 'SQLITE_ERROR',
    ]);
  });
});

describe('the driver this Node uses', () => {
  let driver: Driver;
  beforeEach(async () => {
    driver = await loadDriver({ choice: 'auto' });
  });

  test('statements: run, get, all, and pluck and raw views that leave the statement as it was', () => {
    const db = driver.open(join(dir, 'a.db'));
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, amount REAL)');
    const insert = db.prepare('INSERT INTO t (name, amount) VALUES (?, ?)');
    expect(insert.run('a', 1.5)).toEqual({ changes: 1, lastInsertRowid: 1 });
    insert.run('b', null);
    const select = db.prepare('SELECT name, amount FROM t ORDER BY id');
    expect(select.all()).toEqual([{ name: 'a', amount: 1.5 }, { name: 'b', amount: null }]);
    expect(select.pluck().all()).toEqual(['a', 'b']);
    expect(select.raw().all()).toEqual([['a', 1.5], ['b', null]]);
    expect(select.get()).toEqual({ name: 'a', amount: 1.5 });
    expect(select.pluck().get()).toBe('a');
    expect(db.prepare('SELECT name FROM t WHERE id = ?').get(9)).toBeUndefined();
    expect(db.prepare('SELECT name FROM t WHERE id = ?').pluck().get(9)).toBeUndefined();
    expect(db.prepare('DELETE FROM t').run().changes).toBe(2);
    expect(db.pragma('user_version', { simple: true })).toBe(0);
    db.pragma('user_version = 3');
    expect(db.pragma('user_version', { simple: true })).toBe(3);
    expect(db.pragma('table_info(t)')).toHaveLength(3);
    db.close();
    expect(db.open).toBe(false);
    db.close(); // idempotent
  });

  test("errors carry SQLite's code name: a constraint, a lock held by another connection, not a database", () => {
    const file = join(dir, 'b.db');
    const db = driver.open(file);
    db.exec('PRAGMA journal_mode = WAL; CREATE TABLE t (k TEXT PRIMARY KEY)');
    db.prepare('INSERT INTO t VALUES (?)').run('x');
    expect(() => db.prepare('INSERT INTO t VALUES (?)').run('x')).toThrow(expect.objectContaining({ code: 'SQLITE_CONSTRAINT_PRIMARYKEY', message: 'UNIQUE constraint failed: t.k' }));
    expect(() => db.prepare('SELEC 1')).toThrow(expect.objectContaining({ code: 'SQLITE_ERROR' }));
    const other = driver.open(file);
    other.exec('PRAGMA busy_timeout = 0; BEGIN IMMEDIATE');
    expect(other.inTransaction).toBe(true);
    db.exec('PRAGMA busy_timeout = 0');
    expect(() => db.exec('BEGIN IMMEDIATE')).toThrow(expect.objectContaining({ code: 'SQLITE_BUSY' }));
    expect(db.inTransaction).toBe(false);
    other.exec('ROLLBACK');
    other.close();
    db.close();
    const text = join(dir, 'notes.db');
    writeFileSync(text, 'not a database, but long enough to have a header of one\n'.repeat(10));
    const wrong = driver.open(text);
    expect(() => wrong.prepare('SELECT count(*) FROM sqlite_master').get()).toThrow(expect.objectContaining({ code: 'SQLITE_NOTADB' }));
    wrong.close();
  });

  test('openUnwritable reads a WAL-mode file without leaving -wal or -shm files beside it, and refuses writes', () => {
    const file = join(dir, 'ro.db');
    const db = driver.open(file);
    db.exec("PRAGMA journal_mode = WAL; CREATE TABLE t (v TEXT); INSERT INTO t VALUES ('kept')");
    db.close();
    expect(readdirSync(dir)).toEqual(['ro.db']);
    const ro = driver.openUnwritable(file);
    expect(ro.prepare('SELECT v FROM t').pluck().all()).toEqual(['kept']);
    expect(() => ro.exec("INSERT INTO t VALUES ('no')")).toThrow(expect.objectContaining({ code: expect.stringMatching(/^SQLITE_READONLY/) }));
    ro.close();
    expect(readdirSync(dir)).toEqual(['ro.db']);
    expect(existsSync(`${file}-wal`)).toBe(false);
  });
});
