// storageError (src/local.ts): the one line for each error of the local store. The file system's
// cases are end to end in test/e2e/storage.e2e.test.ts; a full disk needs a mount there (root),
// so its mapping is also checked here. And the in-process service of local mode.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeError } from '../src/describe-error.js';
import { hasNodeSqlite, nativeDetail, startLocalService, storageError, unavailable } from '../src/local.js';
import { openStore } from '../src/server/index.js';

const file = '/nowhere/habits.db';
const fault = (code: string, message = code): Error => Object.assign(new Error(message), { code });

describe('storageError', () => {
  it.each([
    ['SQLITE_FULL', 1, 'cannot write /nowhere/habits.db: no space left on its device; nothing was changed'],
    ['ENOSPC', 1, 'cannot write /nowhere/habits.db: no space left on its device; nothing was changed'],
    ['SQLITE_NOTADB', 2, '/nowhere/habits.db is not a habits database; it was left untouched'],
    ['SQLITE_CORRUPT', 1, '/nowhere/habits.db is damaged (database disk image is malformed)'],
    ['SQLITE_READONLY', 1, 'cannot create /nowhere/habits.db: permission denied'],
    ['SQLITE_IOERR_WRITE', 1, 'cannot read or write /nowhere/habits.db: a disk I/O error (SQLITE_IOERR_WRITE)'],
  ])('%s: exit %i, one line naming the file', (code, exitCode, message) => {
    const err = storageError(fault(code, code === 'SQLITE_CORRUPT' ? 'database disk image is malformed' : code), file);
    const report = describeError(err);
    expect(report.exitCode).toBe(exitCode);
    expect(report.code).toBe('storage');
    expect(report.message).toBe(message);
    expect(report.hint).toBeTruthy();
  });

  it('is undefined for an error that is not about the file', () => {
    expect(storageError(new TypeError('x'), file)).toBeUndefined();
    expect(storageError(fault('ECONNRESET'), file)).toBeUndefined();
  });
});

describe('unavailable', () => {
  const unavailableError = (reason: string, extra: { cause?: Error; detail?: string; chosen?: boolean } = {}) =>
    Object.assign(new Error('x', { cause: extra.cause }), { code: 'ERR_LOCAL_SERVICE_UNAVAILABLE', reason, detail: extra.detail, chosen: extra.chosen });
  const node = process.versions.node;

  it('no driver on a Node without node:sqlite: upgrade Node, or install better-sqlite3 beside habits', () => {
    const r = describeError(unavailable(unavailableError('missing')));
    expect(r).toMatchObject({ exitCode: 1, code: 'local_unavailable', message: `the local service needs Node 22.16 or later (SQLite is built in), or better-sqlite3 on Node ${node}` });
    expect(r.hint).toBe('upgrade Node to 22 or 24, or install `npm install -g better-sqlite3@12` beside a global habits (it needs a C++ toolchain); the remote client works without it');
  });

  it('better-sqlite3 asked for by HABITS_SQLITE_DRIVER and missing: says so, and how to go back to the default', () => {
    const r = describeError(unavailable(unavailableError('missing', { chosen: true })));
    expect(r).toMatchObject({ exitCode: 1, message: 'HABITS_SQLITE_DRIVER asks for better-sqlite3, which is not installed' });
    expect(r.hint).toMatch(/^unset HABITS_SQLITE_DRIVER to let habits choose/);
    expect(r.hint?.includes('node:sqlite is built into this Node')).toBe(hasNodeSqlite(node));
  });

  it('a native module built for another Node: rebuild it, saying which versions', () => {
    const cause = new Error('The module \'/x/better_sqlite3.node\'\nwas compiled against a different Node.js version using\nNODE_MODULE_VERSION 115. This version of Node.js requires\nNODE_MODULE_VERSION 127. Please try re-compiling');
    const r = describeError(unavailable(unavailableError('native', { cause })));
    expect(r.message).toBe("the local service could not load better-sqlite3's native module: it was built for another Node version (module version 115; this Node needs 127)");
    expect(r.hint).toBe(`rebuild it for Node ${node}: \`npm rebuild better-sqlite3\` (it needs a C++ toolchain), or use Node 22 or 24, which have SQLite built in; the remote client works without it`);
    expect(nativeDetail('invalid ELF header\nmore')).toBe('invalid ELF header');
  });

  it('better-sqlite3 before 13 on a Node it aborts: refused, saying why', () => {
    const r = describeError(unavailable(unavailableError('aborts', { detail: '12.11.1', chosen: true })));
    expect(r).toMatchObject({ exitCode: 1, message: `better-sqlite3 12.11.1 aborts the process on Node ${node}, so the local service will not use it` });
    expect(r.hint).toBe('unset HABITS_SQLITE_DRIVER to let habits choose (node:sqlite is built into this Node), or install better-sqlite3 13 or later');
  });

  it('node:sqlite asked for on a Node without it, and an unknown driver (a usage error)', () => {
    expect(describeError(unavailable(unavailableError('no-node-sqlite', { chosen: true })))).toMatchObject({
      exitCode: 1,
      message: `node:sqlite is not available in Node ${node}: it needs Node 22.16 or later`,
      hint: 'unset HABITS_SQLITE_DRIVER to let habits choose, or upgrade Node',
    });
    expect(describeError(unavailable(unavailableError('bad-choice', { detail: 'postgres' })))).toMatchObject({
      exitCode: 2,
      message: 'HABITS_SQLITE_DRIVER: unknown SQLite driver "postgres"',
      hint: 'use auto, node:sqlite or better-sqlite3',
    });
  });

  it('hasNodeSqlite: 22.16 and later', () => {
    expect(['20.20.2', '22.13.0', '22.15.1'].map(hasNodeSqlite)).toEqual([false, false, false]);
    expect(['22.16.0', '22.23.3', '23.11.0', '24.21.0', '26.0.0'].map(hasNodeSqlite)).toEqual([true, true, true, true, true]);
  });

  it('is undefined for any other error', () => {
    expect(unavailable(fault('ENOENT'))).toBeUndefined();
  });
});

describe('startLocalService', () => {
  it('is not locked out by failed authentication that `habits serve` counted in the same file (issue 20, item 11)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'habits-local-'));
    const file = join(dir, 'habits.db');
    try {
      // What a process sending wrong keys to `habits serve` on this file leaves behind.
      const store = await openStore(file);
      store.db.prepare('INSERT INTO auth_failures (address, window_start, failures) VALUES (?, ?, ?)').run('127.0.0.1', Date.now(), 1000);
      store.close();
      const local = await startLocalService({ file, timezone: 'UTC', now: () => new Date() });
      try {
        const res = await fetch(`${local.baseUrl}/areas`, { headers: { 'x-api-key': local.apiKey } });
        expect(res.status).toBe(200);
      } finally {
        await local.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
