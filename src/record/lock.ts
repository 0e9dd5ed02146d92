// The outbox's lock: a file naming the process that sends the outbox, so two processes never send
// the same write at once. A lock is honoured only while the process it names is the one that wrote
// it: alive, and started when the lock says (so a PID reused by another program does not count).
// An older version's lock names a bare PID: it is honoured only if that process runs habits, and
// for MAX_AGE_MS at most. Where the start cannot be read (no /proc, another host), a lock older
// than MAX_AGE_MS is stale. A lock naming PID 1, or any live process that did not write it, is
// taken over, never obeyed for ever.
import { closeSync, fstatSync, linkSync, openSync, readdirSync, readFileSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';

/** How long a lock whose holder cannot be checked is honoured: a delivery ends well before. */
export const MAX_AGE_MS = 10 * 60_000;

/** How long an empty lock file counts as one being written. */
const WRITING_MS = 2_000;

/** What a lock file says of its holder. */
export interface LockHolder {
  pid: number;
  /** The process's start time, in clock ticks since boot (/proc/PID/stat, field 22); absent where unknown. */
  start?: string;
  host?: string;
}

/** The start time of process `pid` (field 22 of /proc/PID/stat), or undefined where it cannot be read. */
export function processStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count from after it.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/** Whether process `pid` runs habits (its command line names habits), or undefined where it cannot be read. */
function runsHabits(pid: number): boolean | undefined {
  try {
    return /habits/i.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
  } catch {
    return undefined;
  }
}

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The holder a lock file's text names: `{"pid":…,"start":…,"host":…}`, or an older version's bare PID. */
export function parseHolder(text: string): LockHolder | undefined {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return { pid: Number(trimmed) };
  try {
    const value = JSON.parse(trimmed) as Partial<LockHolder>;
    if (typeof value.pid !== 'number') return undefined;
    return {
      pid: value.pid,
      ...(typeof value.start === 'string' ? { start: value.start } : {}),
      ...(typeof value.host === 'string' ? { host: value.host } : {}),
    };
  } catch {
    return undefined;
  }
}

/** Whether the lock `holder`, written `ageMs` ago, still stands (see the top of this file). */
export function holds(holder: LockHolder | undefined, ageMs: number, self = { pid: process.pid, host: hostname() }): boolean {
  if (!holder || !alive(holder.pid)) return false;
  if (holder.host !== undefined && holder.host !== self.host) return ageMs < MAX_AGE_MS;
  // This process did not write it: a lock left by an earlier process that had our PID.
  if (holder.pid === self.pid) return false;
  const start = processStart(holder.pid);
  if (start === undefined) return ageMs < MAX_AGE_MS;
  if (holder.start !== undefined) return holder.start === start;
  // An older version's lock (a bare PID): honoured only if that process runs habits, and not for ever.
  return runsHabits(holder.pid) === true && ageMs < MAX_AGE_MS;
}

/** A held lock: who holds it, for the message that names the lock file. */
export interface Busy {
  file: string;
  holder: LockHolder;
}

/** The outbox's lock file. */
export class Lock {
  /** The inode and text of the lock this process created, so that it never removes another's. */
  private mine: { ino: number; text: string } | undefined;

  constructor(readonly file: string) {}

  /** Takes the lock; or, when another process holds it, says who (and takes nothing). */
  acquire(): Busy | undefined {
    for (let attempt = 0; attempt < 3; attempt++) {
      if (this.create()) return undefined;
      const found = this.read();
      if (!found) continue; // gone meanwhile: try again
      if (holds(found.holder, found.ageMs)) return { file: this.file, holder: found.holder! };
      // Created and not yet written: another process is between its open() and its write(). Taken
      // over only once that is plainly not the case (a process killed in between).
      if (found.text === '' && found.ageMs < WRITING_MS) return { file: this.file, holder: { pid: 0 } };
      this.takeOver(found);
    }
    const found = this.read();
    return { file: this.file, holder: found?.holder ?? { pid: 0 } };
  }

  /** Removes the lock, if it is still the one this process created, and what killed takeovers left. */
  release(): void {
    const mine = this.mine;
    this.mine = undefined;
    try {
      // An inode number alone can be reused by a file made since: the text names this process.
      if (mine && statSync(this.file).ino === mine.ino && readFileSync(this.file, 'utf8') === mine.text) unlinkSync(this.file);
    } catch {
      // Already gone.
    }
    this.sweepAside();
  }

  /**
   * Removes the stale locks a takeover moved aside (`<lock>.stale-<pid>-<ms>`) whose process was
   * killed before it removed them itself: its PID no longer runs, or the file is a minute old.
   */
  private sweepAside(): void {
    const prefix = `${basename(this.file)}.stale-`;
    let names: string[];
    try {
      names = readdirSync(dirname(this.file)).filter((n) => n.startsWith(prefix));
    } catch {
      return;
    }
    for (const name of names) {
      const [pid, ms] = name.slice(prefix.length).split('-').map(Number);
      if (pid === process.pid || (alive(pid ?? 0) && Date.now() - (ms ?? 0) < 60_000)) continue;
      try {
        unlinkSync(join(dirname(this.file), name));
      } catch {
        // Removed by another process meanwhile.
      }
    }
  }

  private create(): boolean {
    let fd: number;
    try {
      fd = openSync(this.file, 'wx', 0o600);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw err;
    }
    try {
      const start = processStart(process.pid);
      const text = JSON.stringify({ pid: process.pid, ...(start ? { start } : {}), host: hostname() });
      writeSync(fd, text);
      this.mine = { ino: fstatSync(fd).ino, text };
    } finally {
      closeSync(fd);
    }
    return true;
  }

  private read(): { holder: LockHolder | undefined; ageMs: number; ino: number; text: string } | undefined {
    try {
      const st = statSync(this.file);
      const text = readFileSync(this.file, 'utf8');
      return { holder: parseHolder(text), ageMs: Date.now() - st.mtimeMs, ino: st.ino, text };
    } catch {
      return undefined;
    }
  }

  /**
   * Moves the stale lock `judged` aside. Two processes may judge it stale at once: only the rename
   * of that very file counts, and a fresh lock moved aside by mistake (another process took over
   * first) is put back.
   */
  private takeOver(judged: { ino: number; text: string }): void {
    const aside = `${this.file}.stale-${process.pid}-${Date.now()}`;
    try {
      renameSync(this.file, aside);
    } catch {
      return; // gone already
    }
    try {
      if (statSync(aside).ino !== judged.ino || readFileSync(aside, 'utf8') !== judged.text) {
        try {
          linkSync(aside, this.file);
        } catch {
          // A third process holds it now; the one moved aside lost its lock, and will see so.
        }
      }
    } finally {
      try {
        unlinkSync(aside);
      } catch {
        // Nothing to remove.
      }
    }
  }
}
