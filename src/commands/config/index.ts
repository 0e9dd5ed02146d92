// `habits config list|get|set|unset|edit|path`
import type { Command } from 'commander';
import type { App } from '../shared/app.js';
import * as edit from './edit.js';
import * as get from './get.js';
import * as list from './list.js';
import * as path from './path.js';
import * as set from './set.js';
import * as unset from './unset.js';

export function register(cmd: Command, app: App): void {
  for (const verb of [list, get, set, unset, edit, path]) verb.register(cmd, app);
}
