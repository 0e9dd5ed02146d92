// `habits log done|fail|skip|undo|add|set|ls|rm`
import type { Command } from 'commander';
import { examples, type App } from '../shared/app.js';
import * as add from './add.js';
import * as done from './done.js';
import * as fail from './fail.js';
import * as ls from './ls.js';
import * as rm from './rm.js';
import * as set from './set.js';
import * as skip from './skip.js';
import * as undo from './undo.js';

/** Registers the verbs of `habits log`. */
export function register(cmd: Command, app: App): void {
  cmd.addHelpText('after', examples([
    ['habits log done Walk Read', 'mark two habits completed today'],
    ['habits log skip Run --date yesterday'],
    ['habits log add Run 5 --unit km'],
    ['habits log set Water 5', "make today's total 5"],
    ['habits log undo Walk'],
  ]));
  for (const verb of [done, fail, skip, undo, add, set, ls, rm]) verb.register(cmd, app);
}
