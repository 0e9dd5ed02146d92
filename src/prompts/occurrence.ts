// The schedule prompt: a select of the four kinds, then the weekdays, month days or interval.
import type { Occurrence } from '../api/types.js';
import { LIMITS, parseCount, parseMonthDays } from '../model/habit-fields.js';
import { check } from '../model/grammar.js';
import { MONDAY_FIRST, WEEKDAY_LONG_NAMES } from '../output/format.js';
import type { Choice, Prompter } from './prompter.js';

/** Weekday choices, Monday first, with `checked` days ticked (occurrence numbering, Sunday = 0). */
export function weekdayChoices(checked: readonly number[]): Choice<number>[] {
  return MONDAY_FIRST.map((value) => ({ name: WEEKDAY_LONG_NAMES[value], value, checked: checked.includes(value) }));
}

/** Asks how often the habit occurs; `current` pre-fills every answer. */
export async function promptOccurrence(p: Prompter, current: Occurrence): Promise<Occurrence> {
  const type = await p.select<Occurrence['type']>({
    message: 'How often?',
    choices: [
      { name: 'Every day', value: 'daily' },
      { name: 'On certain weekdays', value: 'weekDays' },
      { name: 'On certain days of the month', value: 'monthDays' },
      { name: 'Every few days', value: 'intervalDays' },
    ],
    default: current.type,
  });
  switch (type) {
    case 'daily':
      return { type };
    case 'weekDays': {
      const days = await p.checkbox<number>({
        message: 'Which weekdays? (space to tick, enter to confirm)',
        choices: weekdayChoices(current.type === 'weekDays' ? current.days : [1, 2, 3, 4, 5]),
        validate: (items) => items.length > 0 || 'tick at least one weekday',
      });
      return { type, days: [...days].sort((a, b) => a - b) };
    }
    case 'monthDays': {
      const answer = await p.input({
        message: 'Which days of the month? (e.g. 1,15 or 1-5)',
        default: current.type === 'monthDays' ? current.days.join(',') : '1',
        validate: (v) => check(() => parseMonthDays(v)),
      });
      return { type, days: parseMonthDays(answer) };
    }
    case 'intervalDays': {
      const interval = await p.number({
        message: 'Every how many days?',
        default: current.type === 'intervalDays' ? current.interval : 2,
        min: 1,
        max: LIMITS.interval,
        required: true,
        validate: (n) => check(() => parseCount(String(n ?? ''), 'the interval', LIMITS.interval)),
      });
      return { type, interval: interval ?? 1 };
    }
  }
}
