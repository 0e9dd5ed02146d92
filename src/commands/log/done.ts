// `habits log done <habit>... [--date D]`: marks habits completed. A day already completed is
// success, so a cron job that runs twice does not fail.
import type { Command } from 'commander';
import type { App } from '../shared/app.js';
import { MARKS } from '../shared/log-writes.js';
import { type MarkVerb, registerMark } from './mark.js';

/** `log done`: POST .../logs/complete for each habit. */
export const DONE: MarkVerb = {
  ...MARKS.done,
  summary: 'mark habits completed for a date (default today)',
  examples: [
    ['habits log done "Drink water"', 'mark completed for today'],
    ['habits log done Walk Read Stretch', 'several at once'],
    ['habits log done Walk --date yesterday'],
    ['habits log done Walk --date -2', 'two days ago (also --date=-2)'],
    ['habits log done Walk --date mon', 'the most recent Monday, today if it is one'],
    ['habits log done -- -Nq3xY', 'an id that begins with "-"'],
    ["habits log done Walk --json | jq '.[0].ok'"],
  ],
};

/** Registers `log done`. */
export function register(parent: Command, app: App): void {
  registerMark(parent, app, DONE);
}
