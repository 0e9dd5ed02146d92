// Whether a habit's end condition is met:
// - date: today is on or after the date;
// - streak: a streak of the required length was reached at any time;
// - successPeriods: that many periods were completed in all;
// - totalLogValue: the sum of every logged amount (goal unit; raw without a goal) reaches the value.
// Once met, the habit is due up to the day it was met and no more (docs/local-service.md, "Habits
// that end"); the helpers below find that day.
import type { EndCondition, EndConditionInput } from '../../api/types.js';
import { type Day, formatDay, parseDate } from './dates.js';
import { COMPLETED, type DayData, type Timeline, reached } from './timeline.js';

/** What end conditions read of a habit's whole timeline. */
export type LifetimeFigures = Pick<Timeline, 'maxRun' | 'completedCount' | 'totalAmount'>;

/** `isMet` of an end condition, given the figures of the habit's whole timeline. */
export function endConditionMet(condition: EndConditionInput, tl: LifetimeFigures, today: Day): boolean {
  switch (condition.type) {
    case 'date': {
      const day = parseDate(condition.date);
      return day !== null && today >= day;
    }
    case 'streak':
      return tl.maxRun >= condition.streakLength;
    case 'successPeriods':
      return tl.completedCount >= condition.totalPeriods;
    case 'totalLogValue':
      return reached(tl.totalAmount, condition.totalLogValue);
  }
}

/**
 * The day a `totalLogValue` condition was met: the first day on which the running sum of the days'
 * amounts, in day order, reaches `value`; null when it never does.
 */
export function totalMetOn(days: Iterable<readonly [Day, number]>, value: number): Day | null {
  let sum = 0;
  for (const [day, amount] of days) {
    sum += amount;
    if (reached(sum, value)) return day;
  }
  return null;
}

/**
 * Index of the period of `tl` in which a `streak` or `successPeriods` condition was met, or -1.
 * `completedBefore` counts the completed periods before the window of `tl` (its runs already carry
 * the streak from before it).
 */
export function periodMetIndex(condition: Extract<EndConditionInput, { type: 'streak' | 'successPeriods' }>, tl: Timeline, completedBefore: number): number {
  let completed = completedBefore;
  for (let i = 0; i < tl.count; i++) {
    if (condition.type === 'streak') {
      if ((tl.run[i] ?? 0) >= condition.streakLength) return i;
    } else if (tl.pStatus[i] === COMPLETED && ++completed >= condition.totalPeriods) return i;
  }
  return -1;
}

/**
 * The day a completed period (`first`..`last`, from the start date on) became completed: for a good
 * habit, the first day whose running sum reaches the goal (`target`, any amount when null) or that
 * carries a complete mark; for a bad habit, its first complete mark, else its last day (a limit is
 * kept only once the period is over). For a daily goal that is the day itself.
 */
export function completedOn(type: 'good' | 'bad', target: number | null, days: ReadonlyMap<Day, DayData>, first: Day, last: Day): Day {
  let sum = 0;
  for (let day = first; day <= last; day++) {
    const data = days.get(day);
    if (!data) continue;
    sum += data.amount;
    if (data.mark === COMPLETED || (type === 'good' && reached(sum, target))) return day;
  }
  return last;
}

/**
 * An end condition as the API returns it: the stored fields plus `isMet` and, for streak and
 * successPeriods, `periodType` (the goal's periodicity); once met, `metOn` (our addition), the day
 * it was met, which is the habit's last due day.
 */
export function endConditionView(id: string, createdAt: string, condition: EndConditionInput, isMet: boolean, periodType: string, metOn?: Day | null): EndCondition {
  const met = isMet && metOn !== undefined && metOn !== null ? { metOn: formatDay(metOn) } : {};
  switch (condition.type) {
    case 'date':
      return { id, type: 'date', createdAt, date: condition.date, isMet, ...met };
    case 'streak':
      return { id, type: 'streak', createdAt, periodType, streakLength: condition.streakLength, isMet, ...met };
    case 'successPeriods':
      return { id, type: 'successPeriods', createdAt, periodType, totalPeriods: condition.totalPeriods, isMet, ...met };
    case 'totalLogValue':
      return { id, type: 'totalLogValue', createdAt, totalLogValue: condition.totalLogValue, isMet, ...met };
  }
}
