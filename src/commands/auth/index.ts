// `habits auth login|status|token|logout`
import type { Command } from 'commander';
import type { App } from '../shared/app.js';
import * as login from './login.js';
import * as logout from './logout.js';
import * as status from './status.js';
import * as token from './token.js';

export function register(cmd: Command, app: App): void {
  for (const verb of [login, status, token, logout]) verb.register(cmd, app);
}
