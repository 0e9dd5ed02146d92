// Public surface of the local service. Importing it does no I/O; the SQLite driver (node:sqlite, or
// the optional better-sqlite3) is loaded only by openStore and inspectStore.
export { createServer } from './http/server.js';
export type { Listening, ListenOptions, LocalServer, RecordedRequest, ServerOptions } from './http/server.js';
export { describeDriver, openStore, getOrCreateApiKey, inspectStore } from './store/open.js';
export { Store } from './store/store.js';
// Raw connections through the same driver, for tests and tooling (another program's file, a lock).
export { loadDriver } from './store/sqlite.js';
export type { Database, Driver, DriverName, UnavailableError, UnavailableReason } from './store/sqlite.js';
export type { OpenedFile, OpenStoreOptions, StoreInspection } from './store/open.js';
export { runServe } from './serve.js';
export type { ServeOptions, Serving } from './serve.js';
// The benchmarks (bench/) seed years of logs with it; the API would take minutes.
export { importLogs } from './store/repo/logs.js';
export type { LogRow } from './store/repo/logs.js';
export { pushId } from './ids.js';
export type { RateLimitOptions } from './http/rate-limit.js';
export { DEFAULT_CONNECTION_LIMITS } from './http/connections.js';
export type { ConnectionLimits } from './http/connections.js';
export { importDocument, storeProblems } from './import/index.js';
// `habits import` counts what it would overwrite before asking.
export { habitExists } from './store/repo/habits.js';
export type { ImportResult } from './import/index.js';
export { InvalidExportError, parseExportDocument } from './import/document.js';
