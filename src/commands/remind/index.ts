// `habits remind` (one run: fire what is due), `remind ls`, `remind install`, `remind uninstall`.
import type { Command } from 'commander';
import type { App } from '../shared/app.js';
import * as fire from './fire.js';
import * as install from './install.js';
import * as ls from './ls.js';
import * as uninstall from './uninstall.js';

/** Registers the verbs of `remind`; `run` is the default, so `habits remind` alone fires. */
export function register(cmd: Command, app: App): void {
  for (const verb of [fire, ls, install, uninstall]) verb.register(cmd, app);
}
