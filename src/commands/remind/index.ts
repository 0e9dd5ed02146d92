// `habits remind` (one run: fire what is due), `remind ls`, `remind install`, `remind uninstall`.
import type { Command } from 'commander';
import type { App } from '../shared/app.js';
import * as fire from './fire.js';
import * as install from './install.js';
import * as ls from './ls.js';
import * as uninstall from './uninstall.js';

/** Registers the run as the action of `remind` itself, and its verbs. */
export function register(cmd: Command, app: App): void {
  fire.register(cmd, app);
  for (const verb of [ls, install, uninstall]) verb.register(cmd, app);
}
