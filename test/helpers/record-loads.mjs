// Preloaded with `node --import` by test/startup.test.ts: records the URL of every module the
// process loads through the ESM loader, and of every CommonJS file it required, into the file named
// by the RECORD_LOADS_FILE variable, and at exit the Node built-ins it loaded in any way (as `node:<id>`; bundled CommonJS code requires them
// without the ESM loader seeing it), and `process.stdin` when something created standard input's
// stream (by reading process.stdin; an ES import of node:process does it too).
import { appendFileSync } from 'node:fs';
import { createRequire, register } from 'node:module';
import { pathToFileURL } from 'node:url';

const file = process.env.RECORD_LOADS_FILE;
register('./record-loads-hooks.mjs', import.meta.url, { data: { file } });

const stdin = Object.getOwnPropertyDescriptor(process, 'stdin');
let stdinUsed = false;
Object.defineProperty(process, 'stdin', {
  ...stdin,
  get() {
    stdinUsed = true;
    return stdin.get.call(this);
  },
});

process.on('exit', () => {
  if (!file) return;
  const builtins = process.moduleLoadList.filter((m) => m.startsWith('NativeModule ')).map((m) => `node:${m.slice('NativeModule '.length)}`);
  // CommonJS files (bin/habits.js, dist/complete.cjs) are required without the ESM loader's hooks.
  const required = Object.keys(createRequire(import.meta.url).cache).map((path) => pathToFileURL(path).href);
  appendFileSync(file, [...builtins, ...required, ...(stdinUsed ? ['process.stdin'] : [])].join('\n') + '\n');
});
