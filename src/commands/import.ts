// SCAFFOLD: temporary stand-in so the bundle builds while this command is written. Replace it.
import type { Command } from 'commander';
import { FailureError } from '../errors.js';
import type { App } from '../program.js';

export function register(cmd: Command, _app: App): void {
  cmd.allowUnknownOption().allowExcessArguments().action(() => {
    throw new FailureError('not built yet');
  });
}
