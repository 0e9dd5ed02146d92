// `habits note ls|add|edit|rm`
import type { Command } from 'commander';
import { examples, type App } from '../shared/app.js';
import * as add from './add.js';
import * as edit from './edit.js';
import * as ls from './ls.js';
import * as rm from './rm.js';

/** Registers the verbs of `habits note`. */
export function register(cmd: Command, app: App): void {
  cmd.addHelpText('after', examples([
    ['habits note add Walk "Lovely morning" --mood high'],
    ['habits note ls Walk'],
    ['habits note rm Walk id:-Nx7Lq2 --yes'],
  ]));
  for (const verb of [ls, add, edit, rm]) verb.register(cmd, app);
}
