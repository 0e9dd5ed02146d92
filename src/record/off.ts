// Time off as the record of writes knows it: every skip mark `habits off` writes carries its range
// (`"off":{"id","from","to","reason"}` on its line, record.ts), so the ranges this machine recorded,
// and the days each still holds, are the live skip marks with that note. A mark undone, replaced
// (a later `log done` of the day) or removed is no longer live, and so no longer off.
import type { OffNote } from '../api/routes.js';
import { sha256Hex } from '../hash.js';
import { targetDateOf, type Outbox } from './outbox.js';
import type { LiveLog, WriteRecord } from './record.js';

/** One range this machine recorded, with the marks of it still live. */
export interface OffRange extends OffNote {
  /** The live skip marks it wrote, oldest first. */
  marks: { habitId: string; date: string }[];
  /**
   * Skips it was sending when it was cut off (killed before their answer was recorded): the day
   * may hold the skip or nothing. `off` run again counts a skipped one as its own, `off rm` undoes it.
   */
  unconfirmed: { habitId: string; date: string }[];
  /** Its days to come, waiting in the outbox for their day (the outbox's writes, with their id). */
  planned: { habitId: string; date: string; id: string }[];
  /** When its first live mark was written (ISO 8601). */
  since: string;
}

/**
 * The id of a range: the first 8 hex digits of the SHA-256 of its dates and habits (`*` for every
 * due habit). The same command run again gets the same id, so its new marks join the range.
 */
export function offRangeId(from: string, to: string, habitIds: readonly string[] | undefined): string {
  const who = habitIds === undefined ? '*' : [...habitIds].sort().join(',');
  return sha256Hex(`${from}..${to}|${who}`).slice(0, 8);
}

function offOf(log: LiveLog): OffNote | undefined {
  const off = log.write.off as OffNote | undefined;
  return log.type === 'skipped' && off && typeof off.id === 'string' && typeof off.from === 'string' && typeof off.to === 'string' ? off : undefined;
}

/**
 * The ranges with live marks or days planned in `outbox`, in the order they were first written;
 * each with its latest reason.
 */
export function offRanges(record: WriteRecord, outbox?: Outbox): OffRange[] {
  const ranges = new Map<string, OffRange>();
  const rangeOf = (off: OffNote, at: string): OffRange => {
    let range = ranges.get(off.id);
    if (!range) ranges.set(off.id, (range = { id: off.id, from: off.from, to: off.to, marks: [], unconfirmed: [], planned: [], since: at }));
    if (typeof off.reason === 'string') range.reason = off.reason;
    else delete range.reason;
    return range;
  };
  for (const log of record.liveLogs()) {
    const off = offOf(log);
    if (off) rangeOf(off, log.write.at).marks.push({ habitId: log.habitId, date: log.date });
  }
  for (const p of record.unresolvedIntents()) {
    const off = p.write.off as OffNote | undefined;
    if (off && typeof off.id === 'string') rangeOf(off, p.write.at).unconfirmed.push({ habitId: p.habitId, date: p.date });
  }
  for (const w of outbox?.exists() ? outbox.pending() : []) {
    if (w.plannedOff) rangeOf(w.plannedOff, w.at).planned.push({ habitId: w.habit.id, date: targetDateOf(w) ?? '', id: w.id });
  }
  return [...ranges.values()];
}

/** `habitId|date` of every live mark of time off: what journal, week and month draw as off. */
export function offDays(record: WriteRecord): Set<string> {
  const days = new Set<string>();
  for (const log of record.liveLogs()) if (offOf(log)) days.add(`${log.habitId}|${log.date}`);
  return days;
}
