// `habits habit ls|show|add|edit|archive|rm|stats`: verbs registered explicitly, in help order.
import type { Command } from 'commander';
import type { App } from '../shared/app.js';
import * as add from './add.js';
import * as archive from './archive.js';
import * as edit from './edit.js';
import * as ls from './ls.js';
import * as rm from './rm.js';
import * as show from './show.js';
import * as stats from './stats.js';

/** Registers every habit verb on the `habit` command. */
export function register(cmd: Command, app: App): void {
  for (const verb of [ls, show, add, edit, archive, rm, stats]) verb.register(cmd, app);
}
