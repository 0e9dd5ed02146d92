// The outbox: marks and values that could not reach the server, kept in order in
// `outbox-<scope hash>.jsonl` in the data directory until `habits sync` (or any later command, for
// a moment first) delivers them. The file is a log of events, each line appended and fsynced before
// anything depends on it, so a queued write survives SIGKILL and power loss:
//   {op:"queue", n, id, at, route, params, body, habit, why, held?}   a write that waits
//   {op:"send", id}      written before a value is sent: if no "done" follows, its outcome is unknown
//   {op:"unsent", id}    the value's try failed before the server could see it: not held for it
//   {op:"confirm", id}   the user said to send a held value anyway
//   {op:"done", id, status, logId?}   the server has it (a mark's 409 too: the day already carries it)
//   {op:"drop", id, why}              refused by the server, or dropped by the user
// A value whose first try may have reached the server (a timeout after sending, a reset, a 5xx), or
// whose "send" has no "done" (a sync killed mid-request), is held: never sent again until the user
// confirms it. A mark is safe to send again (a second one answers 409). The file is removed when
// nothing waits in it, so an empty outbox costs one stat.
import { closeSync, constants, existsSync, fstatSync, fsyncSync, openSync, readdirSync, readSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ApiError } from '../api/errors.js';
import { mayHaveBeenReceived, mayPass } from '../api/network.js';
import type { OffNote, RouteKey } from '../api/routes.js';
import { sha256Hex } from '../hash.js';
import { appendLines, eachLine, eachLineOf } from './jsonl.js';
import type { Busy } from './lock.js';

/** A write waiting in the outbox. */
export interface QueuedWrite {
  /** Its number, shown to the user (`habits sync --confirm 2`); stable while it waits. */
  n: number;
  id: string;
  /** When it was first tried, ISO 8601. */
  at: string;
  route: RouteKey;
  params: Record<string, string>;
  body: unknown;
  /** The habit; `type` is kept for planned time off, where a bad habit's day reads differently. */
  habit: { id: string; name: string; type?: 'good' | 'bad' };
  /** Why the first try failed. */
  why: string;
  /** True when the server may already have it: sent only after the user confirms. */
  held: boolean;
  /** A `log set`: the total the day is to have; sent as the difference from the day's total then. */
  set?: SetIntent;
  /**
   * A skip mark of time off planned ahead (`habits off` past today): it waits for its day (its
   * body's `targetDate`), is sent then only if the day still holds nothing, and carries its range
   * into the record of writes.
   */
  plannedOff?: OffNote;
}

/** A `plannedOff` field read from a queue line (an `off` of the record), or undefined when it is not a whole one. */
export function offNoteOf(x: unknown): OffNote | undefined {
  if (!x || typeof x !== 'object') return undefined;
  const o = x as Record<string, unknown>;
  if (typeof o.id !== 'string' || typeof o.from !== 'string' || typeof o.to !== 'string') return undefined;
  return { id: o.id, from: o.from, to: o.to, ...(typeof o.reason === 'string' ? { reason: o.reason } : {}) };
}

/** The day a write is for (its body's `targetDate`), if it names one. */
export function targetDateOf(w: Pick<QueuedWrite, 'body'>): string | undefined {
  const date = (w.body as { targetDate?: unknown } | undefined)?.targetDate;
  return typeof date === 'string' ? date : undefined;
}

/** A planned write whose day has not come on `today` (the user's date): not sent yet. */
export function waitsForItsDay(w: Pick<QueuedWrite, 'body' | 'plannedOff'>, today: string | undefined): boolean {
  if (!w.plannedOff) return false;
  const date = targetDateOf(w);
  return today === undefined || date === undefined || date > today;
}

/**
 * A queued `log set`: the day's total to reach, in `unit`; `goalUnit` reads statistics that name no
 * unit. `was` and the body's `value` are the total and difference computed when it was queued (none
 * when the server could not be read). Delivery reads the day again and sends the difference from
 * what it finds, so a set is safe to send twice, like a mark.
 */
export interface SetIntent {
  total: number;
  unit: string;
  goalUnit: string;
  was?: number;
}

/** A `set` field read from a queue line, or undefined when it is not a whole one. */
function setIntentOf(x: unknown): SetIntent | undefined {
  if (!x || typeof x !== 'object') return undefined;
  const o = x as Record<string, unknown>;
  if (typeof o.total !== 'number' || !Number.isFinite(o.total) || typeof o.unit !== 'string' || typeof o.goalUnit !== 'string') return undefined;
  return { total: o.total, unit: o.unit, goalUnit: o.goalUnit, ...(typeof o.was === 'number' && Number.isFinite(o.was) ? { was: o.was } : {}) };
}

/** What queueing a failed write does: send it later, hold it for the user, or nothing (not queued). */
export type QueueDecision = 'queue' | 'hold' | undefined;

/**
 * Whether the failure `err` of a mark (`repeatable`: sending it twice is harmless) or a value is
 * kept in the outbox: no answer (the server down, the network gone, a timeout), a 5xx, or a 429
 * after the retries. A value that may have reached the server is held. Anything else (a 4xx, TLS, a
 * bad request) is the command's error, as before.
 */
export function queueDecision(err: unknown, repeatable: boolean): QueueDecision {
  if (!(err instanceof ApiError)) return undefined;
  if (err.kind === 'http') {
    if (err.status === 429) return 'queue';
    if (err.status >= 500 && err.status !== 501 && err.status !== 505) return repeatable ? 'queue' : 'hold';
    return undefined;
  }
  if (!mayPass(err)) return undefined;
  return repeatable || !mayHaveBeenReceived(err) ? 'queue' : 'hold';
}

/** The outbox file of the account `scope` in `dataDir`. */
export function outboxFile(dataDir: string, scope: string): string {
  return join(dataDir, `outbox-${sha256Hex(scope).slice(0, 20)}.jsonl`);
}

/** The outboxes in `dataDir`, one per account with writes waiting; none when it cannot be listed. */
export function outboxFiles(dataDir: string): string[] {
  try {
    return readdirSync(dataDir).filter((name) => /^outbox-[0-9a-f]{20}\.jsonl$/.test(name)).map((name) => join(dataDir, name));
  } catch {
    return [];
  }
}

/** A mark route (complete, failed, skipped): sending it twice is harmless. */
export function isMarkRoute(route: string): boolean {
  return /\/logs\/(complete|failed|skipped)$/.test(route);
}

/** A write that is harmless to send twice: a mark, or a `log set` (which reads the day first). */
export function isRepeatable(w: { route: string; set?: SetIntent; plannedOff?: OffNote }): boolean {
  return isMarkRoute(w.route) || w.set !== undefined;
}

/** One account's outbox. */
export class Outbox {
  readonly lockFile: string;

  constructor(readonly file: string, private readonly now: () => Date) {
    this.lockFile = `${file}.lock`;
  }

  /** True when something may wait: one stat, no read. */
  exists(): boolean {
    return existsSync(this.file);
  }

  /** The file's size in bytes; 0 when there is none. */
  size(): number {
    try {
      return statSync(this.file).size;
    } catch {
      return 0;
    }
  }

  /**
   * The writes waiting, in the order they were queued. A write's number is its place among the
   * file's queue lines (the first is [1]): appends are whole lines in one order for every process,
   * so two writes queued at once can never share a number, and a number stays while the file does.
   * A compacted file (compact) starts with `{op: "base", next}` and keeps each waiting write's
   * number in its line (`kept`); the lines after it count on from `next`. (The `n` of other lines,
   * written for older versions, is not read: two processes could write the same.)
   */
  pending(): QueuedWrite[] {
    return this.scan().writes;
  }

  /** pending(), and the highest number given so far. */
  private scan(): { writes: QueuedWrite[]; last: number } {
    const byId = new Map<string, QueuedWrite & { sending: boolean }>();
    let last = 0;
    eachLine(this.file, (e) => {
      if (e.op === 'base' && typeof e.next === 'number') last = Math.max(last, e.next);
      const id = typeof e.id === 'string' ? e.id : undefined;
      if (!id) return;
      const w = byId.get(id);
      switch (e.op) {
        case 'queue':
          if (!w && typeof e.route === 'string' && e.habit && e.params) {
            const n = e.kept === true && typeof e.n === 'number' ? e.n : ++last;
            byId.set(id, {
              n, id, at: String(e.at), route: e.route as RouteKey, params: e.params as Record<string, string>, body: e.body,
              habit: e.habit as QueuedWrite['habit'], why: String(e.why ?? ''), held: e.held === true, sending: false,
            });
            const set = setIntentOf(e.set);
            if (set) byId.get(id)!.set = set;
            const plannedOff = offNoteOf(e.plannedOff);
            if (plannedOff) byId.get(id)!.plannedOff = plannedOff;
          }
          break;
        case 'send':
          if (w) w.sending = true;
          break;
        case 'confirm':
          if (w) [w.held, w.sending] = [false, false];
          break;
        case 'unsent':
          if (w) w.sending = false;
          break;
        case 'done':
        case 'drop':
          byId.delete(id);
          break;
      }
    });
    return { writes: [...byId.values()].map(({ sending, ...w }) => ({ ...w, held: w.held || sending })), last };
  }

  /**
   * Queues a write, durably; returns it with its number, read back from the file once the line is
   * in it (see pending).
   */
  queue(w: Omit<QueuedWrite, 'n' | 'id' | 'at' | 'held'>, held: boolean): QueuedWrite {
    const id = process.getBuiltinModule('node:crypto').randomUUID();
    const at = this.now().toISOString();
    // `n` only for older versions, which read it (see pending).
    appendLines(this.file, [{ op: 'queue', n: 0, id, at, ...w, ...(held ? { held } : {}) }]);
    const waiting = this.pending();
    return { n: waiting.find((p) => p.id === id)?.n ?? waiting.length, id, at, ...w, held };
  }

  /** Appends an event about the write `id` (send, confirm, done, drop), durably. */
  note(op: 'send' | 'unsent' | 'confirm' | 'done' | 'drop', id: string, extra: Record<string, unknown> = {}): void {
    appendLines(this.file, [{ op, id, ...extra }]);
  }

  /**
   * Removes the file when nothing waits in it, unless it grew since `size` (another process queued
   * meanwhile). Call it holding the lock.
   */
  tidy(): void {
    try {
      const size = statSync(this.file).size;
      if (this.pending().length > 0) return;
      if (statSync(this.file).size === size) unlinkSync(this.file);
    } catch {
      // Gone already, or not ours to remove: the next sync tries again.
    }
  }

  /**
   * Rewrites a file grown past COMPACT_BYTES (delivered writes, tries, lines of no use) to what
   * waits in it, each write keeping its number and state. Call it holding the lock: other
   * processes only append meanwhile. The new file replaces the old by a rename; lines appended to
   * the old one after it was read are copied over, and a writer that finds its file replaced writes
   * again (jsonl.ts), so nothing appended is lost (a line repeated changes nothing: the first line
   * of an id counts).
   */
  compact(hooks: { afterScan?: () => void } = {}): void {
    let old: number;
    try {
      old = openSync(this.file, constants.O_RDONLY | constants.O_NOFOLLOW);
    } catch {
      return;
    }
    try {
      const read = fstatSync(old).size;
      if (read < COMPACT_BYTES) return;
      const { writes, last } = this.scan();
      hooks.afterScan?.();
      const lines = [{ op: 'base', next: last }, ...writes.map((w) => ({ op: 'queue', ...w, kept: true, held: w.held || undefined }))];
      const temp = `${this.file}.compact-${process.pid}`;
      writeFileSync(temp, lines.map((l) => JSON.stringify(l)).join('\n') + '\n', { mode: 0o600, flag: 'w' });
      fsyncFile(temp);
      renameSync(temp, this.file);
      fsyncFile(dirname(this.file));
      // What was appended to the old file after the scan began: copied to the new one (from the
      // start of the line `read` falls in, in case a write was under way then).
      const later: Record<string, unknown>[] = [];
      eachLineOf(old, lineStart(old, read), (line) => later.push(line));
      if (later.length > 0) appendLines(this.file, later);
    } catch {
      // Left as it was: compaction is only an economy.
    } finally {
      closeSync(old);
    }
  }

  /**
   * Runs `work` holding the outbox's lock (lock.ts), so two processes never send the same write at
   * once. Without running it, who holds the lock when another habits process does.
   */
  async locked<T>(work: () => Promise<T>): Promise<{ done: T } | { busy: Busy }> {
    // Loaded here: only a command that finds writes waiting takes the lock.
    const { Lock } = await import('./lock.js');
    const lock = new Lock(this.lockFile);
    const busy = lock.acquire();
    if (busy) return { busy };
    try {
      return { done: await work() };
    } finally {
      lock.release();
    }
  }
}

/** A file larger than this is compacted after a delivery (about a thousand events). */
export const COMPACT_BYTES = 256 * 1024;

function fsyncFile(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Where the line holding byte `offset` of the open file `fd` begins (just after a newline). */
function lineStart(fd: number, offset: number): number {
  const back = Math.min(offset, 64 * 1024);
  const bytes = Buffer.alloc(back);
  readSync(fd, bytes, 0, back, offset - back);
  const nl = bytes.lastIndexOf(0x0a);
  return nl === -1 ? offset - back : offset - back + nl + 1;
}
