// `habits area ls|show|add|edit|rm`
import type { Command } from 'commander';
import { examples, type App } from '../shared/app.js';
import * as add from './add.js';
import * as edit from './edit.js';
import * as ls from './ls.js';
import * as rm from './rm.js';
import * as show from './show.js';

/** Registers the verbs of `habits area`. */
export function register(cmd: Command, app: App): void {
  cmd.addHelpText('after', examples([
    ['habits area ls'],
    ['habits area add Health --color "#4A90E2" --icon 🌿'],
    ['habits area edit Health --name Wellbeing'],
    ['habits area rm Wellbeing --yes'],
  ]));
  for (const verb of [ls, show, add, edit, rm]) verb.register(cmd, app);
}
