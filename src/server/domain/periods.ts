// Goal periods. Periods are calendar-aligned: a day, an ISO 8601 week (Monday to Sunday), a calendar
// month or a calendar year. Weeks start on Monday because ISO 8601 says so and because it keeps a
// weekend inside one week; the rule is written down in docs/local-service.md.
import type { Periodicity } from '../../api/types.js';
import { type Day, daysInMonth, fromYmd, toYmd, weekday } from './dates.js';

/** First day of the period that contains `day`. */
export function periodStart(periodicity: Periodicity, day: Day): Day {
  switch (periodicity) {
    case 'daily':
      return day;
    case 'weekly':
      return day - ((weekday(day) + 6) % 7);
    case 'monthly': {
      const { year, month } = toYmd(day);
      return fromYmd(year, month, 1);
    }
    case 'yearly':
      return fromYmd(toYmd(day).year, 1, 1);
  }
}

/** Last day of the period that contains `day`. */
export function periodEnd(periodicity: Periodicity, day: Day): Day {
  switch (periodicity) {
    case 'daily':
      return day;
    case 'weekly':
      return periodStart('weekly', day) + 6;
    case 'monthly': {
      const { year, month } = toYmd(day);
      return fromYmd(year, month, daysInMonth(year, month));
    }
    case 'yearly':
      return fromYmd(toYmd(day).year, 12, 31);
  }
}
