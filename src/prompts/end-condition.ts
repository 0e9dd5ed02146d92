// The end-condition prompt: none, or one of date, streak, successful periods and total logged.
import type { EndConditionInput } from '../api/types.js';
import { LIMITS, parseCount, parsePositive } from '../model/habit-fields.js';
import { parseDate } from '../model/dates.js';
import { check } from '../model/grammar.js';
import type { Prompter } from './prompter.js';

type Kind = 'none' | EndConditionInput['type'];

// The flags' grammar checks the prompts' numbers too, limits included.
const count = (what: string) => (n: number | undefined): true | string => check(() => parseCount(String(n ?? ''), what, LIMITS.periods));
const total = (n: number | undefined): true | string => check(() => parsePositive(String(n ?? ''), 'the total'));

/** Asks when the habit ends; `current` pre-fills. */
export async function promptEndCondition(p: Prompter, current: EndConditionInput | null, today: string): Promise<EndConditionInput | null> {
  const kind = await p.select<Kind>({
    message: 'Does the habit end?',
    choices: [
      { name: 'No, it goes on', value: 'none' },
      { name: 'On a date', value: 'date' },
      { name: 'After a streak of successful periods', value: 'streak' },
      { name: 'After a number of successful periods in all', value: 'successPeriods' },
      { name: 'When the total logged reaches an amount', value: 'totalLogValue' },
    ],
    default: current?.type ?? 'none',
  });
  switch (kind) {
    case 'none':
      return null;
    case 'date': {
      const answer = await p.input({
        message: 'End date (YYYY-MM-DD)',
        default: current?.type === 'date' ? current.date : undefined,
        validate: (v) => check(() => parseDate(v, today)),
      });
      return { type: 'date', date: parseDate(answer, today) };
    }
    case 'streak': {
      const n = await p.number({ message: 'Streak length (successful periods in a row)', default: current?.type === 'streak' ? current.streakLength : undefined, min: 1, max: LIMITS.periods, required: true, validate: count('the streak length') });
      return { type: 'streak', streakLength: n ?? 1 };
    }
    case 'successPeriods': {
      const n = await p.number({ message: 'Successful periods in all', default: current?.type === 'successPeriods' ? current.totalPeriods : undefined, min: 1, max: LIMITS.periods, required: true, validate: count('the number of periods') });
      return { type: 'successPeriods', totalPeriods: n ?? 1 };
    }
    case 'totalLogValue': {
      const n = await p.number({
        message: 'Total to reach',
        default: current?.type === 'totalLogValue' ? current.totalLogValue : undefined,
        required: true,
        validate: total,
      });
      return { type: 'totalLogValue', totalLogValue: n ?? 1 };
    }
  }
}
