// storageError (src/local.ts): the one line for each error of the local store. The file system's
// cases are end to end in test/e2e/storage.e2e.test.ts; a full disk needs a mount there (root),
// so its mapping is also checked here.
import { describe, expect, it } from 'vitest';
import { describeError } from '../src/describe-error.js';
import { nativeDetail, storageError, unavailable } from '../src/local.js';

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
  const unavailableError = (reason: string, cause?: Error) => Object.assign(new Error('x', { cause }), { code: 'ERR_LOCAL_SERVICE_UNAVAILABLE', reason });

  it('a missing better-sqlite3: install it', () => {
    const r = describeError(unavailable(unavailableError('missing')));
    expect(r).toMatchObject({ exitCode: 1, code: 'local_unavailable', message: 'the local service needs better-sqlite3, which is not installed' });
    expect(r.hint).toContain('npm install better-sqlite3');
  });

  it('a native module built for another Node: rebuild it, saying which versions', () => {
    const cause = new Error('The module \'/x/better_sqlite3.node\'\nwas compiled against a different Node.js version using\nNODE_MODULE_VERSION 115. This version of Node.js requires\nNODE_MODULE_VERSION 127. Please try re-compiling');
    const r = describeError(unavailable(unavailableError('native', cause)));
    expect(r.message).toBe("the local service could not load better-sqlite3's native module: it was built for another Node version (module version 115; this Node needs 127)");
    expect(r.hint).toBe(`rebuild it for Node ${process.versions.node}: \`npm rebuild better-sqlite3\` (it needs a C++ toolchain); the remote client works without it`);
    expect(nativeDetail('invalid ELF header\nmore')).toBe('invalid ELF header');
  });

  it('is undefined for any other error', () => {
    expect(unavailable(fault('ENOENT'))).toBeUndefined();
  });
});
