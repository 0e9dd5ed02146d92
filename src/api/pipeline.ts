// The request pipeline: one plain request type, and middleware that wraps the function sending it,
// `(next) => (req) => …`, as gh stacks HTTP transports and Octokit wraps `request`. The client
// (client.ts) is the innermost `send`: it fills the path, retries and checks the answer. What wraps
// it (the write record, the outbox sent first, the spinner, --dry-run, …) lives with the thing it
// serves, never in api/: this file knows none of them.
import type { Api, RouteKey, WriteNote } from './routes.js';
import { fillPath } from './url.js';

/** One request as it travels the pipeline: the route and what the typed options carried. */
export interface ApiRequest {
  route: RouteKey;
  params?: Readonly<Record<string, unknown>>;
  query?: Readonly<Record<string, unknown>>;
  body?: unknown;
  signal?: AbortSignal;
  /** Fields for this write's line in the record of writes (`reverts`, `off`); never sent. */
  note?: WriteNote;
  /** Hears the status of every answer, a retry's too (the record of writes, the outbox). */
  onStatus?: (status: number) => void;
  /** Hears the list items the client skipped as unusable: their noun, the items, the request. */
  onSkipped?: (what: string, items: unknown[], where: string) => void;
}

/** Sends one request and resolves to its unwrapped answer. */
export type Send = (req: ApiRequest) => Promise<unknown>;

/** Wraps a Send: may act before, after, around or instead of `next`. */
export type Middleware = (next: Send) => Send;

/**
 * `send` wrapped by `middleware`, the first of the list outermost: `[a, b]` runs a, then b, then
 * send. Observers a middleware adds (onStatus) reach the client through the ones inside it.
 */
export function stack(send: Send, middleware: readonly (Middleware | undefined)[]): Send {
  return middleware.reduceRight<Send>((next, mw) => (mw ? mw(next) : next), send);
}

/** The typed Api over a plain Send: the one place the two meet. */
export function typedApi(send: Send): Api {
  return { request: ((route: RouteKey, options: Omit<ApiRequest, 'route'> = {}) => send({ ...options, route })) as Api['request'] };
}

/** The plain Send behind a typed Api (the options are passed on as they are). */
export function sendOf(api: Api): Send {
  return ({ route, ...options }) => (api.request as (route: RouteKey, options: object) => Promise<unknown>)(route, options);
}

/** `api` with `middleware` wrapped around it (the first outermost). */
export function wrapApi(api: Api, ...middleware: Middleware[]): Api {
  return typedApi(stack(sendOf(api), middleware));
}

/** The method of a request: `POST` for `POST /habits/{habitId}/logs`. */
export function methodOf(req: ApiRequest): string {
  return req.route.slice(0, req.route.indexOf(' '));
}

/** The path of a request below the base URL, its params filled: `/habits/h1/logs` (no query). */
export function pathOf(req: ApiRequest): string {
  return fillPath(req.route.slice(req.route.indexOf(' ') + 1), req.params);
}

/** True for a request that changes nothing on the server. */
export function isRead(req: ApiRequest): boolean {
  return req.route.startsWith('GET ');
}
