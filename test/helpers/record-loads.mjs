// Preloaded with `node --import` by test/startup.test.ts: records the URL of every module the
// process loads through the ESM loader into the file named by the RECORD_LOADS_FILE variable.
import { register } from 'node:module';

register('./record-loads-hooks.mjs', import.meta.url, { data: { file: process.env.RECORD_LOADS_FILE } });
