// Whether a habit's end condition is met:
// - date: today is on or after the date;
// - streak: a streak of the required length was reached at any time;
// - successPeriods: that many periods were completed in all;
// - totalLogValue: the sum of every logged amount (goal unit; raw without a goal) reaches the value.
import type { EndCondition, EndConditionInput } from '../../api/types.js';
import { type Day, parseDate } from './dates.js';
import { type Timeline, reached } from './timeline.js';

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
 * An end condition as the API returns it: the stored fields plus `isMet` and, for streak and
 * successPeriods, `periodType` (the goal's periodicity).
 */
export function endConditionView(id: string, createdAt: string, condition: EndConditionInput, isMet: boolean, periodType: string): EndCondition {
  switch (condition.type) {
    case 'date':
      return { id, type: 'date', createdAt, date: condition.date, isMet };
    case 'streak':
      return { id, type: 'streak', createdAt, periodType, streakLength: condition.streakLength, isMet };
    case 'successPeriods':
      return { id, type: 'successPeriods', createdAt, periodType, totalPeriods: condition.totalPeriods, isMet };
    case 'totalLogValue':
      return { id, type: 'totalLogValue', createdAt, totalLogValue: condition.totalLogValue, isMet };
  }
}
