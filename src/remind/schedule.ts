// The day's reminders of each habit, and what becomes of each: pure, no I/O. A habit carries time
// reminders (`timeTriggers`: a time of day, optionally on some weekdays only) and stacks
// (`habitStacks`: when the condition habit reaches `completed`, `skipped` or `failed`, or when its
// own time reminder fires, remind of this one, at once or `timerDelaySecs` later). docs/cli-contract.md, "Reminders that fire".
import type { HabitStack, TimeTrigger } from '../api/types.js';
import { addDays, dateInZone, weekday } from '../model/dates.js';
import { reminderDate, zoneWall } from '../model/day-start.js';

/** A habit as reminders need it: from the server (GET /habits) or the name cache. */
export interface RemindHabit {
  id: string;
  name: string;
  type?: string;
  /** A bad habit's limit is known to be set (a goal); unknown or none: false. */
  limit?: boolean;
  timeTriggers: TimeTrigger[];
  habitStacks: HabitStack[];
}

/** What the journal (or the lack of it) says of one habit on one day. */
export interface DayEntry {
  /** The API's word: completed, skipped, failed, inprogress. */
  status: string;
  type?: string;
  progress?: { current: number; target: number };
}

/** One reminder of one day. */
export interface Slot {
  /** Stable across runs: the date, the habit, and the trigger's time or the stack's id. */
  key: string;
  date: string;
  habitId: string;
  habit: string;
  source: 'time' | 'stack';
  /** When it is due; undefined for a stack whose condition has not been met (yet). */
  at?: Date;
  alarm: boolean;
  /** A stack's condition: the habit, and what it must reach. */
  stack?: { conditionHabitId: string; condition: string; type: string; delaySecs: number };
  /**
   * A bad habit's reminder is a check-in, not a "done?": `limit`, log what was had (the day counts
   * against a limit); `clean`, say whether it slipped (without a limit any amount fails the day).
   */
  checkIn?: CheckIn;
}

/** How a bad habit's reminder asks: log an amount against its limit, or say it slipped. */
export type CheckIn = 'limit' | 'clean';

/** What became of a slot, as `remind ls` shows it, and what `remind` does with it. */
export type SlotState = 'fired' | 'due' | 'pending' | 'quiet' | 'stale' | 'not-due';

export interface JudgedSlot extends Slot {
  state: SlotState;
  /** Why a slot is quiet or pending without a time: `completed`, `over its limit`, `waits for Walk completed`. */
  why?: string;
}

/** What a run remembers (state.ts): what fired, and when a condition was first seen met. */
export interface Memory {
  fired: ReadonlyMap<string, { at: string; habit: string }>;
  /** `date|habitId|status` -> the instant the status was first known (the record of writes or a run). */
  met: ReadonlyMap<string, Date>;
  /** The last run's `now`, when there was one. */
  lastRun?: Date;
}

/** The instant `hour:minute` on `date` in `zone` (a time skipped by a DST change is the instant after it). */
export function zonedInstant(date: string, hour: number, minute: number, zone: string): Date {
  const wall = Date.parse(`${date}T00:00:00Z`) + (hour * 60 + minute) * 60_000;
  let t = wall;
  // Two corrections settle every zone: the offset at the guess, then at the corrected guess.
  for (let i = 0; i < 2; i++) t = wall - offsetMs(new Date(t), zone);
  return new Date(t);
}

/** The zone's offset from UTC at `instant`, in ms. */
function offsetMs(instant: Date, zone: string): number {
  return zoneWall(zone)(instant).offsetMs;
}

/** `07:30` of a trigger. */
export function clock(t: TimeTrigger['time']): string {
  return `${String(t.hour).padStart(2, '0')}:${String(t.minute).padStart(2, '0')}`;
}

/** `07:30` of an instant in `zone`. */
export function clockIn(at: Date, zone: string): string {
  const day = dateInZone(at, zone);
  const minutes = Math.round((at.getTime() - zonedInstant(day, 0, 0, zone).getTime()) / 60_000);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Whether a time reminder applies on `date`: no weekday filter, or one naming its weekday (1 = Sunday). */
export function triggerOn(trigger: TimeTrigger, date: string): boolean {
  const days = trigger.occurrenceFilter?.weekDays;
  return !Array.isArray(days) || days.length === 0 || days.includes(weekday(date) + 1);
}

const validTime = (t: TimeTrigger): boolean =>
  !!t?.time && Number.isInteger(t.time.hour) && Number.isInteger(t.time.minute) && t.time.hour >= 0 && t.time.hour < 24 && t.time.minute >= 0 && t.time.minute < 60;

const STACK_CONDITIONS = new Set(['completed', 'skipped', 'failed', 'reminder']);

/**
 * The reminders of `date` of the habits due that day (`due`), in time order: each time reminder
 * whose weekday filter allows the day, and each stack whose condition habit is known. A stack on a
 * condition met (`memory.met`) is due `timerDelaySecs` after it; a `reminder` stack, after the
 * condition's time reminder of the day that fired (or is still to come).
 */
export function daySlots(habits: readonly RemindHabit[], due: (habitId: string) => boolean, date: string, zone: string, memory: Memory, dayStart = 0): Slot[] {
  const byId = new Map(habits.map((h) => [h.id, h]));
  const times = new Map<string, Slot[]>();
  for (const h of habits) {
    if (!due(h.id)) continue;
    const seen = new Set<string>();
    const own: Slot[] = [];
    const checkIn = checkInOf(h);
    for (const t of h.timeTriggers) {
      if (!validTime(t) || !triggerOn(t, date) || seen.has(clock(t.time))) continue;
      seen.add(clock(t.time));
      own.push({
        key: `${date}|${h.id}|t${clock(t.time)}`, date, habitId: h.id, habit: h.name, source: 'time',
        // A time before day-start falls on the next calendar date: still this day for the user.
        at: zonedInstant(reminderDate(date, t.time.hour * 60 + t.time.minute, dayStart), t.time.hour, t.time.minute, zone), alarm: t.showAsAlarm === true,
        ...(checkIn ? { checkIn } : {}),
      });
    }
    times.set(h.id, own);
  }
  const slots = [...times.values()].flat();
  for (const h of habits) {
    if (!due(h.id)) continue;
    for (const s of h.habitStacks) {
      const condition = byId.get(s.conditionHabitId);
      if (!condition || !STACK_CONDITIONS.has(String(s.type))) continue;
      const delaySecs = s.timerType === 'after' && Number.isFinite(s.timerDelaySecs) ? Math.max(0, s.timerDelaySecs) : 0;
      const checkIn = checkInOf(h);
      const base = { date, habitId: h.id, habit: h.name, source: 'stack' as const, alarm: false, ...(checkIn ? { checkIn } : {}) };
      const stack = { conditionHabitId: condition.id, condition: condition.name, type: String(s.type), delaySecs };
      const id = s.id || `${condition.id}-${s.type}`;
      if (s.type === 'reminder') {
        // Once a day: after the first of the condition's reminders that fired, else the next to come.
        const fired = (times.get(condition.id) ?? []).filter((c) => memory.fired.has(c.key));
        const first = fired[0] ?? (times.get(condition.id) ?? [])[0];
        slots.push({ ...base, key: `${date}|${h.id}|s${id}`, stack, ...(first?.at ? { at: new Date(first.at.getTime() + delaySecs * 1000) } : {}) });
        continue;
      }
      const met = memory.met.get(`${date}|${condition.id}|${s.type}`);
      slots.push({ ...base, key: `${date}|${h.id}|s${id}`, stack, ...(met ? { at: new Date(met.getTime() + delaySecs * 1000) } : {}) });
    }
  }
  return slots.sort((a, b) => (a.at?.getTime() ?? Infinity) - (b.at?.getTime() ?? Infinity));
}

/** How a habit's reminders ask: a bad habit's are check-ins; a good habit's ask "done?" (undefined). */
function checkInOf(h: RemindHabit): CheckIn | undefined {
  if (h.type !== 'bad') return undefined;
  return h.limit ? 'limit' : 'clean';
}

/**
 * Why a habit stays quiet on a day, or undefined when it is still open: completed, skipped or
 * failed. A bad habit is open while its day is: within its limit and not marked, its reminder a
 * check-in; over its limit (failed) there is nothing left to log for. Unknown (no journal: the
 * server was out of reach) is open.
 */
export function quietBecause(entry: DayEntry | undefined): string | undefined {
  if (!entry) return undefined;
  if (entry.type === 'bad' && entry.status === 'failed' && entry.progress && entry.progress.current > entry.progress.target) return 'over its limit';
  if (entry.status === 'completed' || entry.status === 'skipped' || entry.status === 'failed') return entry.status;
  return undefined;
}

/**
 * Judges each slot at `now`: fired already; quiet (the habit is done, or a `reminder` stack whose
 * condition's reminder did not fire); pending (still to come, or a condition not met); due (its
 * time fell since the last run, within `graceMs` of now); stale (older than that, never fired).
 */
export function judge(slots: readonly Slot[], entries: ReadonlyMap<string, DayEntry> | undefined, memory: Memory, now: Date, graceMs: number): JudgedSlot[] {
  const byKey = new Map(slots.map((s) => [s.key, s]));
  const judged = new Map<string, JudgedSlot>();
  const verdict = (s: Slot): JudgedSlot => {
    if (memory.fired.has(s.key)) return { ...s, state: 'fired' };
    const quiet = quietBecause(entries?.get(s.habitId));
    if (quiet) return { ...s, state: 'quiet', why: quiet };
    if (!s.at) return { ...s, state: 'pending', why: `waits for ${s.stack!.condition} ${s.stack!.type}` };
    if (s.stack?.type === 'reminder') {
      // A reminder stack fires only once the condition's own reminder has.
      const cond = [...byKey.values()].filter((c) => c.habitId === s.stack!.conditionHabitId && c.source === 'time');
      const condStates = cond.map((c) => judged.get(c.key) ?? verdict(c));
      if (!condStates.some((c) => c.state === 'fired' || c.state === 'due')) {
        if (condStates.some((c) => c.state === 'pending')) return { ...s, state: 'pending' };
        return { ...s, state: 'quiet', why: `${s.stack!.condition}'s reminder did not fire` };
      }
    }
    const t = s.at.getTime();
    if (t > now.getTime()) return { ...s, state: 'pending' };
    // A time reminder fires once its time falls since the last run; a stack's time (a condition
    // met) may be learnt only now, so only the grace window bounds it.
    const last = s.source === 'time' ? memory.lastRun?.getTime() ?? -Infinity : -Infinity;
    const since = Math.max(now.getTime() - graceMs, last);
    if (t > since) return { ...s, state: 'due' };
    return { ...s, state: 'stale' };
  };
  for (const s of slots) judged.set(s.key, verdict(s));
  return slots.map((s) => judged.get(s.key)!);
}

/**
 * The dates a run at `now` looks at: today, and yesterday while the grace window reaches into it.
 * `dayOf` reads the user's date at an instant (their zone and day-start: Context.dayOf).
 */
export function runDates(now: Date, graceMs: number, dayOf: (at: Date) => string): string[] {
  const today = dayOf(now);
  const earliest = dayOf(new Date(now.getTime() - graceMs));
  return earliest < today ? [addDays(today, -1), today] : [today];
}
