// `habits log undo <habit>... [--date D]`: clears a day's marks and logged values. Unlike the
// marks, a 409 is a real failure here.
import type { Command } from 'commander';
import type { App } from '../shared/app.js';
import { type MarkVerb, registerMark } from './mark.js';

/** `log undo`: POST .../logs/undo for each habit. */
export const UNDO: MarkVerb = {
  name: 'undo',
  summary: 'clear the marks and logged values of habits on a date (default today)',
  route: 'POST /habits/{habitId}/logs/undo',
  examples: [['habits log undo Walk', "clear today's marks and values"], ['habits log undo Walk --date yesterday']],
  checked: false,
  // The local service says how many logs it removed; other servers do not, and then neither can we.
  done: (name, date, result) => {
    const n = result?.removed;
    if (n === 0) return `Nothing to clear: ${name} had no logs for ${date}`;
    return typeof n === 'number' ? `Cleared ${n} log${n === 1 ? '' : 's'} of ${name} for ${date}` : `Cleared the logs of ${name} for ${date}`;
  },
};

/** Registers `log undo`. */
export function register(parent: Command, app: App): void {
  registerMark(parent, app, UNDO);
}
