// The outbox's lock: obeyed while the process that wrote it runs, taken over otherwise, whatever
// live PID it names; and a process removes only the lock it created.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { holds, Lock, MAX_AGE_MS, parseHolder, processStart } from '../../src/record/lock.js';

let dir: string;
let file: string;
const children: ChildProcess[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'habits-lock-'));
  file = join(dir, 'outbox-0123456789abcdef0123.jsonl.lock');
});
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** A live process whose command line names habits (as `node …/bin/habits.js sync` would). */
function habitsLike(): ChildProcess {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)', 'habits', 'sync'], { stdio: 'ignore' });
  children.push(child);
  return child;
}

const linux = existsSync('/proc/self/stat');
const age = (ms: number) => {
  const then = new Date(Date.now() - ms);
  utimesSync(file, then, then);
};

describe('the outbox lock', () => {
  it('a lock naming PID 1, or any live process that did not write it, is taken over', () => {
    for (const text of ['1', JSON.stringify({ pid: 1, start: '999999999', host: hostname() }), JSON.stringify({ pid: process.ppid, start: '1', host: hostname() }), 'garbage']) {
      writeFileSync(file, text);
      const lock = new Lock(file);
      expect(lock.acquire(), text).toBeUndefined();
      expect(parseHolder(readFileSync(file, 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() });
      lock.release();
      expect(existsSync(file)).toBe(false);
    }
  });

  it.runIf(linux)('a lock written by a live process, with its start time, is obeyed and named', async () => {
    const child = habitsLike();
    await new Promise((r) => child.once('spawn', r));
    const holder = { pid: child.pid!, start: processStart(child.pid!)!, host: hostname() };
    writeFileSync(file, JSON.stringify(holder));
    expect(new Lock(file).acquire()).toEqual({ file, holder });
    expect(parseHolder(readFileSync(file, 'utf8'))).toEqual(holder);
    // Once it has exited, the lock is stale.
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    expect(new Lock(file).acquire()).toBeUndefined();
  });

  it.runIf(linux)("an older version's lock (a bare PID) is obeyed only for a habits process, and not for ever", async () => {
    const child = habitsLike();
    await new Promise((r) => child.once('spawn', r));
    writeFileSync(file, String(child.pid));
    expect(new Lock(file).acquire()).toMatchObject({ file, holder: { pid: child.pid } });
    age(MAX_AGE_MS + 1000);
    expect(new Lock(file).acquire()).toBeUndefined();
  });

  it('where the holder cannot be checked (another host), an old lock is stale and a young one obeyed', () => {
    const holder = { pid: process.ppid, start: '1', host: 'elsewhere.example' };
    expect(holds(holder, 1000)).toBe(true);
    expect(holds(holder, MAX_AGE_MS + 1)).toBe(false);
    expect(holds({ pid: 999_999_999 }, 0)).toBe(false);
    expect(holds(undefined, 0)).toBe(false);
  });

  it('release removes only the lock this process created', () => {
    const lock = new Lock(file);
    expect(lock.acquire()).toBeUndefined();
    // Taken over meanwhile (it looked stale to another process): not ours to remove.
    unlinkSync(file);
    writeFileSync(file, JSON.stringify({ pid: 12345, host: 'other' }));
    const ino = statSync(file).ino;
    lock.release();
    expect(statSync(file).ino).toBe(ino);
  });
});

describe('a lock file still empty', () => {
  it('is one being written (another process between its open and its write): obeyed for 2 s, then taken over', () => {
    writeFileSync(file, '');
    expect(new Lock(file).acquire()).toEqual({ file, holder: { pid: 0 } });
    expect(readFileSync(file, 'utf8')).toBe('');
    age(3_000);
    const lock = new Lock(file);
    expect(lock.acquire()).toBeUndefined();
    expect(parseHolder(readFileSync(file, 'utf8'))?.pid).toBe(process.pid);
    lock.release();
  });
});

describe('what a takeover killed halfway leaves', () => {
  it('a stale lock moved aside by a process that died is removed by the next release; a live one\'s young file is left', () => {
    const dead = join(dir, `outbox-0123456789abcdef0123.jsonl.lock.stale-999999999-${Date.now()}`);
    const live = join(dir, `outbox-0123456789abcdef0123.jsonl.lock.stale-1-${Date.now()}`);
    const old = join(dir, `outbox-0123456789abcdef0123.jsonl.lock.stale-1-${Date.now() - 120_000}`);
    const other = join(dir, 'outbox-ffffffffffffffffffff.jsonl.lock.stale-999999999-1');
    for (const f of [dead, live, old, other]) writeFileSync(f, '{"pid":2}');
    const lock = new Lock(file);
    expect(lock.acquire()).toBeUndefined();
    lock.release();
    expect([dead, live, old, other].map((f) => existsSync(f))).toEqual([false, true, false, true]);
  });
});
