// `habits log fail <habit>... [--date D]`: see mark.ts, which the four mark verbs share.
import type { Command } from 'commander';
import type { App } from '../../program.js';
import { registerMark } from './mark.js';

/** Registers `log fail`. */
export function register(parent: Command, app: App): void {
  registerMark(parent, app, 'fail');
}
