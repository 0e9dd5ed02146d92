// `habits log undo <habit>... [--date D]`: clears a day's marks and logged values. Unlike the
// marks, a 409 is a real failure here.
import type { Command } from 'commander';
import type { App } from '../shared/app.js';
import { type MarkVerb, registerMark, showsNothing } from './mark.js';

/** `log undo`: POST .../logs/undo for each habit. */
export const UNDO: MarkVerb = {
  name: 'undo',
  summary: 'clear the marks and logged values of habits on a date (default today)',
  route: 'POST /habits/{habitId}/logs/undo',
  examples: [['habits log undo Walk', "clear today's marks and values"], ['habits log undo Walk --date yesterday']],
  checked: false,
  // The local service says how many logs it removed. Other servers do not: then the day is read
  // back, and what it still shows is a warning (mark.ts prints the warnings after this line).
  done: (name, date, result, left) => {
    const n = result?.removed;
    if (n === 0) return `Nothing to clear: ${name} had no logs for ${date}`;
    if (typeof n === 'number') return `Cleared ${n} log${n === 1 ? '' : 's'} of ${name} for ${date}`;
    if (showsNothing(left)) return `Cleared the logs of ${name} for ${date}: the day shows nothing now`;
    return `The server accepted the undo of ${name} for ${date}`;
  },
};

/** Registers `log undo`. */
export function register(parent: Command, app: App): void {
  registerMark(parent, app, UNDO);
}
