// Preloaded with `node --import` by test/startup.test.ts: records the URL of every module the
// process loads through the ESM loader into the file named by the RECORD_LOADS_FILE variable, and at
// exit the Node built-ins it loaded in any way (as `node:<id>`; bundled CommonJS code requires them
// without the ESM loader seeing it).
import { appendFileSync } from 'node:fs';
import { register } from 'node:module';

const file = process.env.RECORD_LOADS_FILE;
register('./record-loads-hooks.mjs', import.meta.url, { data: { file } });
process.on('exit', () => {
  if (!file) return;
  const builtins = process.moduleLoadList.filter((m) => m.startsWith('NativeModule ')).map((m) => `node:${m.slice('NativeModule '.length)}`);
  appendFileSync(file, builtins.join('\n') + '\n');
});
