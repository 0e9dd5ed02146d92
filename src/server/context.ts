// What a route handler receives and returns. Handlers are synchronous: the body is read before
// they run, and the store's transactions cannot span an await.
import type { Day } from './domain/dates.js';
import type { Store } from './store/store.js';

/** Services shared by every request of one server. */
export interface App {
  store: Store;
  now(): Date;
  /** Today in the service's time zone. */
  today(): Day;
  /** The instant (ms since the epoch) a day begins in the service's time zone. */
  startOfDay(day: Day): number;
  /** A new record id. */
  newId(): string;
  /** The JSON text of `build()`, kept while the store's data is unchanged (see Store.version). */
  cachedJson(key: string, build: () => unknown): JsonText;
}

/** A reply body that is already JSON text (sent as is). */
export class JsonText {
  constructor(readonly text: string) {}
}

/** One request as a handler sees it: the body is already parsed. */
export interface RequestContext {
  app: App;
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
}

/** A handler's answer: the status and the body to send as JSON (none for 204). */
export interface Reply {
  status: number;
  body?: unknown;
}

/** A route handler. */
export type Handler = (ctx: RequestContext) => Reply;

/** A path parameter the router guarantees. */
export function param(ctx: RequestContext, name: string): string {
  return ctx.params[name] ?? '';
}
