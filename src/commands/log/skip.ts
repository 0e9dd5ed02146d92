// `habits log skip <habit>... [--date D]`: marks habits skipped, which keeps a streak without
// extending it. A day already skipped is success.
import type { Command } from 'commander';
import type { App } from '../shared/app.js';
import { MARKS } from '../shared/log-writes.js';
import { type MarkVerb, registerMark } from './mark.js';

/** `log skip`: POST .../logs/skipped for each habit. */
export const SKIP: MarkVerb = {
  ...MARKS.skip,
  summary: 'mark habits skipped for a date (default today)',
  examples: [['habits log skip Run', 'rest day: keeps the streak'], ['habits log skip Run Swim --date yesterday']],
};

/** Registers `log skip`. */
export function register(parent: Command, app: App): void {
  registerMark(parent, app, SKIP);
}
