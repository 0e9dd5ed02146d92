// When a habit is due, from its occurrence, start date and last day. Nothing is due before the start
// date, nor after the last day its end condition leaves it (store/derived.ts, lastDueDay).
import type { Occurrence } from '../../api/types.js';
import { type Day, toYmd, weekday } from './dates.js';

/** Longest gap between two due days of any valid occurrence (monthDays [31] skips at most two months). */
const MAX_DUE_GAP = 3700;

/**
 * A predicate telling whether a day is due; built once per habit because timelines call it per day.
 * `lastDay`, when given, is the last day that may be due: a habit that has ended is due no more.
 */
export function dueChecker(occurrence: Occurrence, startDate: Day, lastDay?: Day): (day: Day) => boolean {
  const scheduled = scheduleChecker(occurrence, startDate);
  return lastDay === undefined ? scheduled : (day) => day <= lastDay && scheduled(day);
}

function scheduleChecker(occurrence: Occurrence, startDate: Day): (day: Day) => boolean {
  switch (occurrence.type) {
    case 'daily':
      return (day) => day >= startDate;
    case 'weekDays': {
      const days = new Set(occurrence.days);
      return (day) => day >= startDate && days.has(weekday(day));
    }
    case 'monthDays': {
      // A day past the end of a short month (31 in April, 29-31 in February) simply does not occur.
      const days = new Set(occurrence.days);
      return (day) => day >= startDate && days.has(toYmd(day).day);
    }
    case 'intervalDays': {
      const interval = occurrence.interval;
      return (day) => day >= startDate && (day - startDate) % interval === 0;
    }
  }
}

/** The first due day in [from, to], or null. */
export function firstDueBetween(due: (day: Day) => boolean, from: Day, to: Day): Day | null {
  const last = Math.min(to, from + MAX_DUE_GAP);
  for (let day = from; day <= last; day++) if (due(day)) return day;
  return null;
}
