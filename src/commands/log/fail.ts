// `habits log fail <habit>... [--date D]`: marks habits failed (a bad habit slipped, a good one
// was missed on purpose). A day already failed is success.
import type { Command } from 'commander';
import type { App } from '../shared/app.js';
import { MARKS } from '../shared/log-writes.js';
import { type MarkVerb, registerMark } from './mark.js';

/** `log fail`: POST .../logs/failed for each habit. */
export const FAIL: MarkVerb = {
  ...MARKS.fail,
  summary: 'mark habits failed for a date (default today)',
  examples: [['habits log fail Smoking', 'a bad habit slipped today'], ['habits log fail Walk --date 2026-11-20']],
};

/** Registers `log fail`. */
export function register(parent: Command, app: App): void {
  registerMark(parent, app, FAIL);
}
