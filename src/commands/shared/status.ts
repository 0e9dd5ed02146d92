// Keeps the status file (resolve/status-cache.ts) from a journal just seen: what `habits status`
// prints without a request. Only today's journal, in the user's zone, is kept; the day's writes
// then follow it, from what the file holds of each habit (docs/cli-contract.md, "The status line").
import type { JournalEntry } from '../../api/types.js';
import { addDays } from '../../model/dates.js';
import { exceeds, reaches } from '../../model/goal.js';
import { convertUnit } from '../../model/units.js';
import { orderJournal } from '../../output/journal.js';
import { zonedInstant } from '../../remind/schedule.js';
import { readStatus, statusFile, writeStatus, type StatusData, type StatusHabit } from '../../resolve/status-cache.js';
import type { Deps } from './deps.js';

/** One habit of a journal entry, as the file keeps it. */
function habitOf(e: JournalEntry): StatusHabit {
  const streak = typeof e.currentStreak?.length === 'number' && Number.isFinite(e.currentStreak.length) ? e.currentStreak.length : 0;
  const p = e.progress;
  const progress = p && typeof p.current === 'number' && typeof p.target === 'number' && Number.isFinite(p.current) && Number.isFinite(p.target)
    ? { current: p.current, target: p.target, ...(typeof p.unit === 'string' ? { unit: p.unit } : {}), ...(typeof p.periodicity === 'string' ? { periodicity: p.periodicity } : {}) }
    : {};
  return { id: e.id, name: String(e.name), type: e.type === 'bad' ? 'bad' : 'good', status: String(e.status), ...progress, streak };
}

/** The counts of the line, from the day's habits in the journal's order. */
function countsOf(habits: readonly StatusHabit[]): Pick<StatusData, 'done' | 'due' | 'open' | 'best_streak'> {
  return {
    done: habits.filter((h) => h.status === 'completed').length,
    due: habits.filter((h) => h.status !== 'skipped').length,
    open: habits.filter((h) => h.status === 'inprogress' && h.type !== 'bad').map((h) => [h.id, h.name]),
    best_streak: Math.max(0, ...habits.map((h) => h.streak)),
  };
}

/**
 * The status data of `date`'s journal `list`, seen at `now`; the day ends when the next one starts
 * in `zone`: at midnight, or at the user's day-start (`dayStart`, minutes after midnight).
 */
export function statusOf(list: readonly JournalEntry[], date: string, now: Date, zone: string, dayStart = 0): StatusData {
  const habits = orderJournal(list).map(habitOf);
  return {
    v: 1,
    date,
    until: zonedInstant(addDays(date, 1), Math.floor(dayStart / 60), dayStart % 60, zone).getTime(),
    at: now.getTime(),
    ...countsOf(habits),
    habits,
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
 * A write the status file follows: a mark, an undo (`cleared`: the server says the day holds
 * nothing now), or a value added (`log add`, and the difference `log set` sent), in `unit`; or a
 * write whose outcome it cannot tell (`unknown`: `habits undo` of a mark), which marks it stale.
 */
export type FollowedWrite = 'done' | 'skip' | 'fail' | 'unknown' | { undo: { cleared: boolean } } | { add: number; unit: string };

/**
 * After a write for `date`, the status file follows it from what it holds of the habit: its type,
 * status, goal period's progress and streak (see `followed`). A write it cannot tell the outcome of
 * keeps the line as it was, marked stale (`{stale}`), until the next journal: never blank, never
 * silently wrong. A write for another day leaves it alone; it never fails the command.
 */
export function followWrite(deps: Partial<Pick<Deps, 'today' | 'now' | 'scope' | 'paths'>>, date: string, habitId: string, write: FollowedWrite): void {
  try {
    if (!deps.today || !deps.now || !deps.scope || !deps.paths || date !== deps.today()) return;
    const scope = deps.scope();
    if (!scope) return;
    const file = statusFile(deps.paths.cacheDir, scope);
    const data = readStatus(file, deps.now().getTime());
    if (!data || data.date !== date) return;
    writeStatus(file, followed(data, habitId, write));
  } catch {
    // The status line is a convenience; the write stands.
  }
}

/**
 * The data after `write` to `habitId`, its counts recomputed; or the counts as they were, marked
 * stale, when the file cannot tell (a habit it does not hold, a file of an older version).
 */
export function followed(data: StatusData, habitId: string, write: FollowedWrite): StatusData {
  const habits = Array.isArray(data.habits) ? data.habits : undefined;
  const habit = habits?.find((h) => h && h.id === habitId);
  const next = habit && typeof habit.status === 'string' && typeof habit.streak === 'number' ? afterWrite(habit, write) : undefined;
  if (!habits || !next) return { ...data, stale: true };
  const all = habits.map((h) => (h === habit ? next.habit : h));
  return { ...data, ...countsOf(all), habits: all, ...(next.streakKnown ? {} : { stale: true }) };
}


/**
 * The habit after `write`, by the rules of a goal period (docs/local-service.md, "Periods"): a good
 * habit is completed by a complete mark or by reaching its goal, else failed by a fail mark, else
 * skipped by a skip; a bad habit is failed by a fail mark or by going over its limit, else
 * completed by a complete mark, else skipped. A day keeps one mark: a new one replaces it.
 * Undefined where the file does not say enough (what holds a completed day: a mark or the sum).
 */
function afterWrite(h: StatusHabit, write: FollowedWrite): { habit: StatusHabit; streakKnown: boolean } | undefined {
  if (write === 'unknown') return undefined;
  const known = typeof h.current === 'number' && typeof h.target === 'number';
  const daily = (h.periodicity ?? 'daily') === 'daily';
  const good = h.type !== 'bad';
  // Only when `known`: whether the period's sum settles the day whatever the marks.
  const settled = (sum: number): 'completed' | 'failed' | undefined =>
    !known ? undefined : good ? (reaches(sum, h.target!) ? 'completed' : undefined) : exceeds(sum, h.target!) ? 'failed' : undefined;
  let status: string | undefined;
  let current = h.current;
  if (typeof write === 'object' && 'add' in write) {
    const added = known && h.unit ? convertUnit(write.add, write.unit, h.unit) : null;
    if (added === null) return undefined;
    current = h.current! + added;
    // A status the old sum settled may have stood on a mark as well: that cannot be told.
    const before = settled(h.current!);
    status = settled(current) ?? (before && before === h.status ? undefined : h.status);
  } else if (typeof write === 'object') {
    // The day cleared: nothing logged and no mark (a longer period keeps its other days).
    if (!write.undo.cleared || !daily) return undefined;
    status = 'inprogress';
    if (known) current = 0;
  } else if (h.status === 'inprogress') {
    // Nothing settled the day: the mark does (a bad habit over its limit would be failed already).
    status = { done: 'completed', fail: 'failed', skip: 'skipped' }[write];
  } else {
    // The new mark replaces the day's; what else holds the period is known for a day alone.
    if (!daily || !known) return undefined;
    const mark = { done: 'completed', fail: 'failed', skip: 'skipped' }[write];
    status = settled(h.current!) ?? mark;
  }
  if (status === undefined) return undefined;
  // A streak that cannot be told keeps its number: the counts are right, the line stale.
  const streak = streakAfter(h, status, daily);
  return { habit: { ...h, status, ...(current === undefined ? {} : { current }), streak: streak ?? h.streak }, streakKnown: streak !== undefined };
}

/**
 * The streak once today's status is `status`: a day completed adds itself to the streak before
 * it, a failed one ends it, an open or skipped one leaves it as it was. Known for a daily goal (a
 * longer period adds its due days) and from any status but failed (which hides the streak before).
 */
function streakAfter(h: StatusHabit, status: string, daily: boolean): number | undefined {
  if (status === h.status) return h.streak;
  if (!daily) return undefined;
  if (status === 'failed') return 0;
  if (h.status === 'failed') return undefined;
  const before = h.status === 'completed' ? h.streak - 1 : h.streak;
  return status === 'completed' ? before + 1 : before;
}
