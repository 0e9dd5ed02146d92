// Public surface of the local service. Importing it does no I/O; better-sqlite3 is loaded only by
// openStore (it is an optional dependency).
export { createServer } from './app.js';
export type { Listening, ListenOptions, LocalServer, RecordedRequest, ServerOptions } from './app.js';
export { openStore, getOrCreateApiKey, Store } from './store.js';
export type { OpenStoreOptions } from './store.js';
export { runServe } from './serve.js';
export type { ServeOptions, Serving } from './serve.js';
// bench/server.mjs seeds years of logs with it; the API would take minutes.
export { importLogs } from './repo/logs.js';
export type { LogRow } from './repo/logs.js';
export { pushId } from './ids.js';
export type { RateLimitOptions } from './rate-limit.js';
export { importDocument } from './import.js';
// `habits import` counts what it would overwrite before asking.
export { habitExists } from './repo/habits.js';
export type { ImportResult } from './import.js';
export { InvalidExportError, parseExportDocument } from './import-document.js';
