// Statistics round each day's total to six decimals, but `totalLogs` and `avg` are computed from the
// unrounded amounts. A total in a converted unit (20 min of a goal in hours is 0.333333…) would
// otherwise make the rebuilt sums differ in the last decimal. So the rebuild moves each day's
// amount by less than half a unit of the sixth decimal, where that changes no day's shown total,
// until the sums round to the document's again. Days in a period whose sum lies that close to its
// goal are left alone: moving them could flip the period's status.
import type { Day } from '../domain/dates.js';
import { periodIndexOf } from '../domain/queries.js';
import type { Timeline } from '../domain/timeline.js';
import { LIMITS } from '../validate/limits.js';

/** Largest move of one day's amount: under half a millionth, so its rounded total stays. */
const STEP = 4.5e-7;
/** Keeps aimed-for averages this far inside their rounding window (5e-7 wide each side). */
const MARGIN = 4.9e-7;

/** One day's total as the rebuild plans it. */
export interface DayAmount {
  day: Day;
  amount: number;
  /** Shown as `none` (not due): counts in totalLogs but not in avg. */
  none: boolean;
}

/** The sums the document shows, where it shows them. */
export interface Targets {
  totalLogs?: number;
  avg?: number;
}

const clamp = (x: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, x));

/**
 * Days whose amount may move: kept a log's amount, and of the same sign, however it moves (its
 * size over STEP, at most LIMITS.amount less STEP: validate/log.ts), and before the start date
 * (they count in no period) or in a period whose sum is out of reach of its goal.
 */
function movable(days: readonly DayAmount[], tl: Timeline): boolean[] {
  const count = new Map<number, number>();
  for (const d of days) {
    const i = periodIndexOf(tl, d.day);
    count.set(i, (count.get(i) ?? 0) + 1);
  }
  return days.map((d) => {
    if (Math.abs(d.amount) <= STEP || Math.abs(d.amount) > LIMITS.amount - STEP) return false;
    if (d.day < tl.rules.startDate) return true;
    const i = periodIndexOf(tl, d.day);
    if (i < 0 || tl.target === null) return true;
    return Math.abs((tl.pSum[i] ?? 0) - tl.target) > (count.get(i) ?? 1) * STEP + 1e-7;
  });
}

/**
 * The amounts moved (each by at most STEP) so that totalLogs and avg round to `targets`; the input
 * when a target is out of reach of rounding (another server's definition). Called only when the
 * rebuilt sums differ: statistics computed on the rebuilt timeline tell that, not this module.
 */
export function compensateRounding(days: readonly DayAmount[], targets: Targets, tl: Timeline): DayAmount[] {
  const can = movable(days, tl);
  let sDue = 0;
  let sNone = 0;
  let n = 0;
  let kDue = 0;
  let kNone = 0;
  days.forEach((d, i) => {
    if (d.none) sNone += d.amount;
    else {
      sDue += d.amount;
      n++;
    }
    if (can[i]) d.none ? kNone++ : kDue++;
  });
  // Window of the due days' total that keeps avg; all of it when avg is not a target.
  let lo = -kDue * STEP;
  let hi = kDue * STEP;
  if (targets.avg !== undefined && n > 0) {
    lo = Math.max(lo, n * (targets.avg - MARGIN) - sDue);
    hi = Math.min(hi, n * (targets.avg + MARGIN) - sDue);
    if (lo > hi) return [...days];
  }
  const want = targets.totalLogs === undefined ? 0 : targets.totalLogs - sDue - sNone;
  const moveDue = clamp(want, lo, hi);
  const moveNone = clamp(want - moveDue, -kNone * STEP, kNone * STEP);
  return days.map((d, i) => {
    if (!can[i]) return d;
    const move = d.none ? (kNone === 0 ? 0 : moveNone / kNone) : kDue === 0 ? 0 : moveDue / kDue;
    return { ...d, amount: d.amount + move };
  });
}
