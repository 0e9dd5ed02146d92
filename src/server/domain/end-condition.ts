// Whether a habit's end condition is met:
// - date: today is on or after the date;
// - streak: a streak of the required length was reached at any time;
// - successPeriods: that many periods were completed in all;
// - totalLogValue: the sum of every logged amount (goal unit; raw without a goal) reaches the value.
import type { EndConditionInput } from '../../api/types.js';
import { type Day, parseDate } from './dates.js';
import type { Timeline } from './timeline.js';

/** `isMet` of an end condition, given the habit's timeline. */
export function endConditionMet(condition: EndConditionInput, tl: Timeline, today: Day): boolean {
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
      return tl.totalAmount >= condition.totalLogValue - 1e-9;
  }
}
