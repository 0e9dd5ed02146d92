// `habits auth login|status|logout`
import type { Command } from 'commander';
import type { App } from '../shared/app.js';
import * as login from './login.js';
import * as logout from './logout.js';
import * as status from './status.js';

export function register(cmd: Command, app: App): void {
  for (const verb of [login, status, logout]) verb.register(cmd, app);
}
