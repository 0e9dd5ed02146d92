// A short-lived cache of id/name pairs per account, so a warm `habits log done Walk` costs one
// request and shell completion needs none. The file is named by a hash of the base URL and of a
// hash of the key: the key itself is never stored or derivable here.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sha256Hex } from '../hash.js';
import type { Named } from './match.js';

/** How long cached names are trusted for resolving references. */
export const NAME_TTL_MS = 5 * 60_000;

export type CacheKind = 'habits' | 'areas';

interface Entry {
  savedAt: number;
  items: Named[];
  /** True when archived habits were fetched too. */
  complete: boolean;
  /** Set when a command changed names: not used to resolve, only as the last known names offline. */
  forgotten?: true;
}

interface CacheFile {
  version: 1;
  habits?: Entry;
  areas?: Entry;
  /** Names of time-of-day ids, learned from habits (there is no endpoint for them). */
  timeOfDays?: Record<string, string>;
  /**
   * The day each end condition was met, learnt from statistics where the server did not say
   * (commands/shared/endings.ts), keyed by habit, condition id, type and value.
   */
  endDays?: Record<string, string>;
  /**
   * Habits this machine wrote logs to since the habits were last listed, whose total, streak or
   * periods end was unmet then: the listing's `isMet` may be out of date (commands/shared/endings.ts).
   */
  written?: Record<string, number>;
}

/** The cache file of one account (`scope`), in `dir`. */
export class NameCache {
  readonly file: string;

  constructor(dir: string, scope: string, private readonly now: () => number) {
    this.file = join(dir, `names-${sha256Hex(scope).slice(0, 20)}.json`);
    this.dir = dir;
  }

  private readonly dir: string;

  private read(): CacheFile {
    try {
      const data = JSON.parse(readFileSync(this.file, 'utf8')) as CacheFile;
      return data && data.version === 1 ? data : { version: 1 };
    } catch {
      // Missing or damaged: a cache can always be rebuilt.
      return { version: 1 };
    }
  }

  private write(change: (data: CacheFile) => void): void {
    const data = this.read();
    change(data);
    try {
      mkdirSync(this.dir, { recursive: true, mode: 0o700 });
      const tmp = `${this.file}.${process.pid}.tmp`;
      writeFileSync(tmp, JSON.stringify(data), { mode: 0o600 });
      renameSync(tmp, this.file);
    } catch {
      // An unwritable cache directory costs speed, not correctness.
    }
  }

  /** Cached items of `kind` no older than `maxAgeMs`, or undefined. */
  get(kind: CacheKind, maxAgeMs = NAME_TTL_MS): { items: Named[]; complete: boolean } | undefined {
    const entry = this.read()[kind];
    if (!entry || entry.forgotten || this.now() - entry.savedAt > maxAgeMs || this.now() < entry.savedAt) return undefined;
    return { items: entry.items, complete: entry.complete };
  }

  /**
   * The names last listed, however old and even after a command changed some: when the server is
   * out of reach they still say which habit a name means (a mark then waits in the outbox).
   */
  lastKnown(kind: CacheKind): { items: Named[]; complete: boolean } | undefined {
    const entry = this.read()[kind];
    return entry ? { items: entry.items, complete: entry.complete } : undefined;
  }

  /** Stores the items of `kind`. A listing of habits supersedes the writes noted before it. */
  set(kind: CacheKind, items: Named[], complete: boolean): void {
    this.write((data) => {
      data[kind] = { savedAt: this.now(), items, complete };
      if (kind === 'habits') delete data.written;
    });
  }

  /** Notes a write to a habit whose listed facts it may have made out of date (see CacheFile.written). */
  noteWrite(habitId: string): void {
    this.write((data) => {
      data.written = { ...data.written, [habitId]: this.now() };
    });
  }

  /**
   * In one read: the habits as last listed, whatever their age (none once a change made them out
   * of date), whether that listing is within the time to live, and the habits noted written since.
   */
  habitsSeen(): { items: Named[]; recent: boolean; written: Set<string> } {
    const data = this.read();
    const entry = data.habits && !data.habits.forgotten ? data.habits : undefined;
    const age = entry ? this.now() - entry.savedAt : Infinity;
    return { items: entry?.items ?? [], recent: age >= 0 && age <= NAME_TTL_MS, written: new Set(Object.keys(data.written ?? {})) };
  }

  /** Marks `kind` as out of date, after a command changed names: the next lookup lists again. */
  forget(kind: CacheKind): void {
    this.write((data) => {
      const entry = data[kind];
      if (entry) entry.forgotten = true;
    });
  }

  /** Known names of time-of-day ids. */
  timeOfDays(): Record<string, string> {
    return this.read().timeOfDays ?? {};
  }

  /** The days end conditions were met, as learnt (see CacheFile.endDays). */
  endDays(): Record<string, string> {
    return this.read().endDays ?? {};
  }

  /** Remembers days end conditions were met. */
  learnEndDays(days: Record<string, string>): void {
    if (Object.keys(days).length === 0) return;
    this.write((data) => {
      data.endDays = { ...data.endDays, ...days };
    });
  }

  /** Adds names of time-of-day ids. */
  learnTimeOfDays(names: Record<string, string>): void {
    if (Object.keys(names).length === 0) return;
    this.write((data) => {
      data.timeOfDays = { ...data.timeOfDays, ...names };
    });
  }
}
