// `habits off --from D --to D` (time off: every due habit skipped), `off ls`, `off rm <range>`.
import type { Command } from 'commander';
import type { App } from '../shared/app.js';
import * as add from './add.js';
import * as ls from './ls.js';
import * as rm from './rm.js';

/** Registers the verbs of `off`; `add` is the default, so `habits off --from … --to …` takes time off. */
export function register(cmd: Command, app: App): void {
  for (const verb of [add, ls, rm]) verb.register(cmd, app);
}
