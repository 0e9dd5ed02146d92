// postinstall: better-sqlite3 is optional, and npm drops it without a word when its native build
// fails. The usual cause on a machine without internet access is node-gyp trying to download
// Node's headers. When this Node has its headers installed beside it (<prefix>/include/node),
// retry the build of the locked version against them. Never fails the install: the remote client
// works without the local service, and `habits --local` says how to fix it.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const say = (line) => process.stderr.write(`habits: ${line}\n`);

/** Whether better-sqlite3 opens a database, asked of a fresh process (a failed load is cached). */
function loads() {
  const probe = "const D = require('better-sqlite3'); new D(':memory:').close();";
  return spawnSync(process.execPath, ['-e', probe], { stdio: 'ignore' }).status === 0;
}

// The retry below runs npm again, which may run this script again: once is enough.
if (loads() || process.env.HABITS_SQLITE_RETRY) process.exit(0);

const prefix = dirname(dirname(process.execPath));
const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8'));
const version = lock.packages?.['node_modules/better-sqlite3']?.version;
if (!existsSync(join(prefix, 'include', 'node', 'node.h')) || !version || !process.env.npm_execpath) {
  say('better-sqlite3 (optional) is not installed: local mode and `habits serve` need it; the remote client works without it.');
  process.exit(0);
}

say(`better-sqlite3 ${version} did not install; building it against the Node headers in ${prefix}/include/node…`);
const result = spawnSync(process.execPath, [process.env.npm_execpath, 'install', '--no-save', '--no-audit', '--no-fund', `better-sqlite3@${version}`], {
  stdio: 'inherit',
  env: { ...process.env, npm_config_nodedir: prefix, HABITS_SQLITE_RETRY: '1' },
});
if (result.status === 0 && loads()) say('better-sqlite3 built.');
else say('better-sqlite3 could not be built (it needs python3, make and a C++ compiler); local mode and `habits serve` need it.');
