// Public surface of the local service. Importing it does no I/O; better-sqlite3 is loaded only by
// openStore (it is an optional dependency).
export { createServer } from './http/server.js';
export type { Listening, ListenOptions, LocalServer, RecordedRequest, ServerOptions } from './http/server.js';
export { openStore, getOrCreateApiKey, inspectStore } from './store/open.js';
export { Store } from './store/store.js';
export type { OpenedFile, OpenStoreOptions, StoreInspection } from './store/open.js';
export { runServe } from './serve.js';
export type { ServeOptions, Serving } from './serve.js';
// The benchmarks (bench/) seed years of logs with it; the API would take minutes.
export { importLogs } from './store/repo/logs.js';
export type { LogRow } from './store/repo/logs.js';
export { pushId } from './ids.js';
export type { RateLimitOptions } from './http/rate-limit.js';
export { importDocument } from './import/index.js';
// `habits import` counts what it would overwrite before asking.
export { habitExists } from './store/repo/habits.js';
export type { ImportResult } from './import/index.js';
export { InvalidExportError, parseExportDocument } from './import/document.js';
