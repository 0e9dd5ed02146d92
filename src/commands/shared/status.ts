// Keeps the status file (resolve/status-cache.ts) from a journal just seen: what `habits status`
// prints without a request. Only today's journal, in the user's zone, is kept.
import type { JournalEntry } from '../../api/types.js';
import { addDays } from '../../model/dates.js';
import { orderJournal } from '../../output/journal.js';
import { zonedInstant } from '../../remind/schedule.js';
import { readStatus, statusFile, writeStatus, type StatusData } from '../../resolve/status-cache.js';
import { rmSync } from 'node:fs';
import type { Deps } from './deps.js';

/**
 * The status data of `date`'s journal `list`, seen at `now`; the day ends when the next one starts
 * in `zone`: at midnight, or at the user's day-start (`dayStart`, minutes after midnight).
 */
export function statusOf(list: readonly JournalEntry[], date: string, now: Date, zone: string, dayStart = 0): StatusData {
  const ordered = orderJournal(list);
  const streak = (e: JournalEntry): number => (typeof e.currentStreak?.length === 'number' && Number.isFinite(e.currentStreak.length) ? e.currentStreak.length : 0);
  return {
    v: 1,
    date,
    until: zonedInstant(addDays(date, 1), Math.floor(dayStart / 60), dayStart % 60, zone).getTime(),
    at: now.getTime(),
    done: list.filter((e) => e.status === 'completed').length,
    due: list.filter((e) => e.status !== 'skipped').length,
    open: ordered.filter((e) => e.status === 'inprogress' && e.type !== 'bad').map((e) => [e.id, String(e.name)]),
    best_streak: Math.max(0, ...list.map(streak)),
  };
}

/** Writes the status file from the journal of `date`, when it is today's; never fails the command. */
export function keepStatus(deps: Partial<Pick<Deps, 'today' | 'now' | 'scope' | 'paths' | 'settings'>>, date: string, list: readonly JournalEntry[]): void {
  try {
    // A verb run alone in a test may be given none of these: nothing to keep then.
    if (!deps.today || !deps.now || !deps.scope || !deps.paths || !deps.settings || date !== deps.today()) return;
    const scope = deps.scope();
    if (!scope) return;
    writeStatus(statusFile(deps.paths.cacheDir, scope), statusOf(list, date, deps.now(), deps.settings.timezone.value, deps.settings.dayStart.value));
  } catch {
    // The status line is a convenience; the journal stands.
  }
}

/**
 * After a write for `date`, the status file follows when it can tell how: a `done`, `skip` or
 * `fail` of a habit the file holds open takes it out of `open` (`done` counts it, `skip` takes it
 * out of `due`). Anything it cannot tell (an undo, a value, a habit the file does not hold open)
 * removes the file, so the line says nothing until the next journal rather than something wrong.
 * A write for another day leaves it alone; it never fails the command.
 */
export function followWrite(deps: Partial<Pick<Deps, 'today' | 'now' | 'scope' | 'paths'>>, date: string, habitId: string, write: 'done' | 'skip' | 'fail' | 'undo' | 'value'): void {
  try {
    if (!deps.today || !deps.now || !deps.scope || !deps.paths || date !== deps.today()) return;
    const scope = deps.scope();
    if (!scope) return;
    const file = statusFile(deps.paths.cacheDir, scope);
    const data = readStatus(file, deps.now().getTime());
    if (!data || data.date !== date) return;
    const open = data.open.filter(([id]) => id !== habitId);
    if (write === 'undo' || write === 'value' || open.length === data.open.length) {
      rmSync(file, { force: true });
      return;
    }
    writeStatus(file, { ...data, open, done: data.done + (write === 'done' ? 1 : 0), due: data.due - (write === 'skip' ? 1 : 0) });
  } catch {
    // The status line is a convenience; the write stands.
  }
}

