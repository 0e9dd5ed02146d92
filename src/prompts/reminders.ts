// The time-reminder prompt: a list the user adds to and removes from, each reminder with its
// time, weekday filter, alarm and live activity.
import type { TimeTrigger } from '../api/types.js';
import { check } from '../model/grammar.js';
import { parseTime, reminderFilter, toReminderDays } from '../model/habit-fields.js';
import { formatReminder } from '../output/format.js';
import { weekdayChoices } from './occurrence.js';
import type { Prompter } from './prompter.js';

type Action = { kind: 'add' } | { kind: 'done' } | { kind: 'remove'; index: number };

// One object, so that select's default (compared by identity) finds it.
const DONE: Action = { kind: 'done' };

/** Asks for one reminder. */
async function promptTimeTrigger(p: Prompter): Promise<TimeTrigger> {
  const time = parseTime(await p.input({ message: 'Remind at (HH:MM, 24-hour)', validate: (v) => check(() => parseTime(v)) }));
  const days = await p.checkbox<number>({ message: 'On which days? (tick none for every day)', choices: weekdayChoices([]) });
  const showAsAlarm = await p.confirm({ message: 'Show it as an alarm?', default: false });
  const showLiveActivity = await p.confirm({ message: 'Show a live activity (iOS)?', default: false });
  // Reminder weekdays count from Sunday = 1; none ticked, or all, needs no filter.
  const occurrenceFilter = reminderFilter(toReminderDays(days));
  return { time, ...(occurrenceFilter ? { occurrenceFilter } : {}), showAsAlarm, showLiveActivity };
}

/** Edits the list of time reminders, starting from `current`. */
export async function promptTimeTriggers(p: Prompter, current: readonly TimeTrigger[]): Promise<TimeTrigger[]> {
  const list = [...current];
  for (;;) {
    const action = await p.select<Action>({
      message: `Reminders: ${list.length ? list.map(formatReminder).join('; ') : 'none'}`,
      choices: [
        { name: list.length ? 'Done with reminders' : 'Go on without reminders', value: DONE },
        { name: 'Add a reminder', value: { kind: 'add' } },
        ...list.map((t, index) => ({ name: `Remove ${formatReminder(t)}`, value: { kind: 'remove' as const, index } })),
      ],
      default: DONE,
    });
    if (action.kind === 'done') return list;
    if (action.kind === 'add') list.push(await promptTimeTrigger(p));
    else list.splice(action.index, 1);
  }
}
