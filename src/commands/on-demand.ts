// The nouns loaded on demand: all but `log` and `journal`, in one chunk that loads when one of them
// runs (see program.ts). `export` and `import` are reserved words, hence exportNoun and importNoun.
export * as area from './area/index.js';
export * as auth from './auth/index.js';
export * as check from './check.js';
export * as complete from './complete.js';
export * as completion from './completion.js';
export * as config from './config/index.js';
export * as doctor from './doctor.js';
export * as exportNoun from './export.js';
export * as habit from './habit/index.js';
export * as help from './help.js';
export * as importNoun from './import.js';
export * as month from './month.js';
export * as note from './note/index.js';
export * as off from './off/index.js';
export * as remind from './remind/index.js';
export * as serve from './serve.js';
export * as mcp from './mcp.js';
export * as status from './status.js';
export * as sync from './sync.js';
export * as undo from './undo.js';
export * as week from './week.js';
