// The API client: the one place in the project that does network I/O (undici). It fills the route's
// path, sends JSON with our headers, retries by policy, unwraps envelopes and maps every failure to
// an ApiError. It never prints; --verbose lines go to the injected `debug`, with the key redacted.
import type { Dispatcher } from 'undici';
import { buildDispatcher } from './dispatcher.js';
import { proxyAddress, proxyFor, proxySettings, redactProxy } from './proxy.js';
import { ApiError } from './errors.js';
import { parseApiKey } from './key.js';
import { checkItems, markSent, singleProblem } from './answers.js';
import { networkError, timeoutError } from './network.js';
import type { Target } from './network.js';
import { httpError, statusText, unwrapSuccess } from './response.js';
import type { RequestInfo } from './errors.js';
import type { RawResponse } from './response.js';
import { DEFAULT_RETRY_POLICY, withRetry } from './retry.js';
import type { RetryPolicy } from './retry.js';
import { responseShape } from './routes.js';
import type { Api, ResponseShape, RouteKey } from './routes.js';
import { stack, typedApi, type ApiRequest, type Middleware } from './pipeline.js';
import type { Ok, Page } from './types.js';
import { buildQuery, checkTransport, fillPath, parseBaseUrl } from './url.js';
import type { BaseUrl } from './url.js';

/** How to reach the API, and the seams tests use. */
export interface ClientOptions {
  /** e.g. `https://api.habitify.me/v2`; a trailing slash is fine. */
  baseUrl: string;
  /** Sent only as the X-API-Key header. */
  apiKey?: string;
  /**
   * The bound of one try, whole: connect, headers and body. Each retry gets it afresh. The settings
   * validate it.
   */
  timeoutMs: number;
  /** e.g. `habits-cli/0.1.0 node/20.20.2`. */
  userAgent: string;
  /** Where HTTPS_PROXY/HTTP_PROXY/NO_PROXY (and lower-case) are read from; never process.env. */
  env: Readonly<Record<string, string | undefined>>;
  /** Allow the key over plain http to a non-loopback host. */
  allowInsecure?: boolean;
  /** --verbose: one line per request, response and retry; the key is redacted. */
  debug?: (line: string) => void;
  /**
   * A line for the user, without `warning: `: a write the server accepted whose answer could not be
   * read. The key is redacted.
   */
  warn?: (line: string) => void;
  /**
   * List items of one answer skipped as unusable (answers.ts): their noun (`habit`), the items, and
   * the request (`GET /habits`), for every request; a request's own `onSkipped` hears them too.
   */
  skipped?: (what: string, items: unknown[], where: string) => void;
  /**
   * Wrapped around every request, the first outermost (pipeline.ts): the write record, the outbox
   * sent first, the spinner. Retries happen inside, so a middleware sees one call per request and
   * hears each try's status through `onStatus`.
   */
  middleware?: readonly (Middleware | undefined)[];
  /** The wait between tries; an abort ends it even when this ignores `signal`. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Jitter source in [0, 1). */
  random?: () => number;
  /** The clock a Retry-After date is read against. */
  now?: () => Date;
  /** Used as given and never closed by close(); otherwise an Agent or EnvHttpProxyAgent is built. */
  dispatcher?: Dispatcher;
  retry?: Partial<RetryPolicy>;
  /**
   * Awaited once, before the first request leaves (after undici has loaded): the caller's last
   * check of the command (--jq's filter), run meanwhile; its error is the request's.
   */
  beforeFirstRequest?: () => Promise<void>;
}

/** The typed API plus a way to release its connections. */
export interface ApiClient extends Api {
  /**
   * Ends requests still running or waiting to retry, and closes the connections of a dispatcher
   * this client built (an injected one is left alone).
   */
  close(): Promise<void>;
}

interface Prepared {
  base: BaseUrl;
  apiKey: string | undefined;
  dispatcher: Dispatcher;
  /** undici's Dispatcher#request, called on `dispatcher`. */
  dispatch: typeof import('./undici.js').request;
  target: Target;
}

/** One request, ready to send (and to send again on a retry). */
interface Outgoing {
  route: RouteKey;
  info: RequestInfo;
  /** Path below the origin, with the base URL's prefix and the query string. */
  pathAndQuery: string;
  shape: ResponseShape;
  headers: Record<string, string>;
  body: string | undefined;
  /** The caller's signal joined with the client's own, which close() aborts. */
  signal: AbortSignal;
  onStatus?: ((status: number) => void) | undefined;
  onSkipped?: ((what: string, items: unknown[], where: string) => void) | undefined;
}

/** What one try read: the answer, or for a 2xx whose body was lost on the way, why. */
type Answer = RawResponse & { lost?: ApiError };

const REDACTED = '[redacted]';

const defaultSleep = async (ms: number, signal?: AbortSignal): Promise<void> => {
  const { setTimeout: delay } = await import('node:timers/promises');
  return delay(ms, undefined, { signal });
};

/** Creates the client. Nothing is validated or connected until the first request. */
export function createApiClient(options: ClientOptions): ApiClient {
  const { timeoutMs, userAgent } = options;
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  const sleep = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;
  const now = options.now ?? (() => new Date());
  const rawKey = options.apiKey ? options.apiKey : undefined;

  // The key cannot appear in what we log or throw, even if a server echoes it back. A key of under
  // four characters is left in: replacing it would mangle ordinary words (the header line is
  // redacted regardless).
  const scrub = (text: string): string => (rawKey && rawKey.length >= 4 ? text.split(rawKey).join(REDACTED) : text);
  const debug = options.debug ? (line: string) => options.debug?.(scrub(line)) : undefined;
  const warn = (line: string): void => options.warn?.(scrub(line));

  let prepared: Promise<Prepared> | undefined;
  let ownDispatcher: Dispatcher | undefined;
  let closed = false;
  const lifetime = new AbortController();

  /** Checks the options and builds the dispatcher, once; a failure is not kept, the next request tries again. */
  function prepare(): Promise<Prepared> {
    prepared ??= open().catch((err: unknown) => {
      prepared = undefined;
      throw err;
    });
    return prepared;
  }

  async function open(): Promise<Prepared> {
    const base = parseBaseUrl(options.baseUrl);
    const apiKey = rawKey === undefined ? undefined : parseApiKey(rawKey);
    checkTransport(base, apiKey !== undefined, options.allowInsecure ?? false);
    const target: Target = { server: { host: base.hostname, port: base.port } };
    const { request: dispatch } = await import('./undici.js');
    await options.beforeFirstRequest?.();
    let dispatcher = options.dispatcher;
    if (!dispatcher) {
      // A loopback base never goes through a proxy (one cannot reach our loopback, and --local must
      // work with HTTPS_PROXY set), so the proxy variables are not even read for it.
      const proxies = base.loopback ? undefined : proxySettings(options.env);
      const proxy = proxies && proxyFor(base, proxies);
      if (proxy) {
        target.proxy = proxyAddress(proxy);
        debug?.(`using proxy ${redactProxy(proxy)} for ${base.origin}`);
      }
      const built = await buildDispatcher(proxies, timeoutMs);
      if (closed) {
        await built.destroy();
        throw new Error('the API client is closed');
      }
      dispatcher = ownDispatcher = built;
    }
    return { base, apiKey, dispatcher, dispatch, target };
  }

  /**
   * One try: logs, sends, and turns the answer into data or an ApiError. `earlier` says whether an
   * earlier try of the same request may have been done by the server (no answer came, or a 5xx);
   * this try records the same for the next.
   */
  async function attempt(p: Prepared, out: Outgoing, earlier: { mayHaveActed: boolean }): Promise<unknown> {
    const { info, pathAndQuery, headers } = out;
    debug?.(`→ ${info.method} ${p.base.origin}${pathAndQuery}`);
    for (const [name, value] of Object.entries(headers)) {
      debug?.(`→ ${name}: ${name === 'X-API-Key' ? REDACTED : value}`);
    }
    // process.hrtime, not the performance global, whose first use loads node:perf_hooks (~0.4 ms).
    const started = process.hrtime.bigint();
    const elapsed = () => Math.round(Number(process.hrtime.bigint() - started) / 1e6);
    let raw: Answer;
    try {
      raw = await transmit(p, out);
    } catch (err) {
      if (err instanceof ApiError) debug?.(`← failed after ${elapsed()} ms: ${err.serverMessage}`);
      earlier.mayHaveActed = true;
      throw err;
    }
    debug?.(`← ${raw.status} ${statusText(raw.status)} ${elapsed()} ms`);
    out.onStatus?.(raw.status);
    if (raw.status >= 200 && raw.status < 300) return success(raw, out);
    // A DELETE is retried after a lost answer or a 5xx, and the earlier try may have done it: its
    // 404 now means the thing is gone, as asked, not that it never existed. After only 429s (the
    // server did nothing) a 404 means what it says.
    if (raw.status === 404 && info.method === 'DELETE' && earlier.mayHaveActed) {
      debug?.('← 404 on a retried DELETE: an earlier try deleted it');
      return { ok: true } satisfies Ok;
    }
    if (raw.status >= 500) earlier.mayHaveActed = true;
    throw httpError(raw, info, now().getTime());
  }

  /**
   * Sends the request and reads the whole body within `timeoutMs` (our own timer: undici's fire up
   * to a second late, and its body timeout only bounds the gap between two chunks, so a server
   * dripping a byte a second would hold us for ever). An ApiError when no answer came; a 2xx whose
   * body was lost is returned with `lost`, since the server did act on it.
   */
  async function transmit(p: Prepared, { info, pathAndQuery, headers, body, signal }: Outgoing): Promise<Answer> {
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), timeoutMs);
    let status = 0;
    let answerHeaders: RawResponse['headers'] = {};
    try {
      const res = await p.dispatch.call(p.dispatcher, {
        origin: p.base.origin,
        path: pathAndQuery,
        method: info.method as Dispatcher.HttpMethod,
        headers,
        body: body ?? null,
        signal: AbortSignal.any([signal, deadline.signal]),
      });
      status = res.statusCode;
      answerHeaders = res.headers;
      return { status, headers: answerHeaders, text: await res.body.text() };
    } catch (err) {
      if (signal.aborted) throw signal.reason;
      const error = deadline.signal.aborted
        ? timeoutError(info, p.target, status !== 0, timeoutMs)
        : networkError(err, info, p.target, timeoutMs);
      if (status >= 200 && status < 300) return { status, headers: answerHeaders, text: '', lost: error };
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * A 2xx answer as data, its items checked (answers.ts). A write the server accepted is a success
   * even when its answer cannot be read or used: `{ok: true}`, and a warning saying so. A read
   * whose answer cannot be used is an ApiError.
   */
  function success(raw: Answer, out: Outgoing): unknown {
    const { info, route } = out;
    const write = info.method !== 'GET' && info.method !== 'HEAD';
    const accepted = (why: string): Ok => {
      warn(`the server accepted ${info.method} ${info.path} (HTTP ${raw.status}), but its answer could not be read: ${why}`);
      return { ok: true };
    };
    let value: unknown;
    try {
      if (raw.lost) throw raw.lost;
      value = unwrapSuccess(raw, out.shape, info);
    } catch (err) {
      if (write && err instanceof ApiError) return accepted(err.serverMessage);
      throw err;
    }
    const problem = route === 'GET /habits/journal' && !Array.isArray(value) ? 'a list of journal entries' : singleProblem(route, value);
    if (problem) {
      if (write) return accepted(`expected ${problem}`);
      throw new ApiError({ kind: 'http', status: raw.status, method: info.method, path: info.path, serverMessage: `unexpected answer: expected ${problem}` });
    }
    const page = out.shape === 'list' ? (value as Page<unknown>) : undefined;
    const list = page ? page.data : Array.isArray(value) ? (value as unknown[]) : undefined;
    if (!list) return value;
    const { items, skipped, what } = checkItems(route, list);
    if (skipped.length === 0) return value;
    options.skipped?.(what, skipped, `${info.method} ${info.path}`);
    out.onSkipped?.(what, skipped, `${info.method} ${info.path}`);
    if (!page) return items;
    // Paging advances by what the server sent, not by what was kept.
    return markSent({ ...page, data: items }, list.length);
  }

  /**
   * The one place the key is scrubbed from errors, as they leave the client: the server's words and
   * validation details. Kind, status and cause are kept, so nothing downstream changes.
   */
  function redact(error: ApiError): ApiError {
    const texts = [error.serverMessage, ...error.details.flatMap((d) => [d.field, d.message])];
    if (texts.every((text) => scrub(text) === text)) return error;
    return new ApiError({
      kind: error.kind,
      status: error.status,
      method: error.method,
      path: error.path,
      serverMessage: scrub(error.serverMessage),
      details: error.details.map((d) => ({ field: scrub(d.field), message: scrub(d.message) })),
      ...(error.retryAfterSecs === undefined ? {} : { retryAfterSecs: error.retryAfterSecs }),
      cause: error.cause,
    });
  }

  async function send(req: ApiRequest): Promise<unknown> {
    const { route, ...opts } = req;
    if (closed) throw new Error('the API client is closed');
    opts.signal?.throwIfAborted();
    const p = await prepare();
    const space = route.indexOf(' ');
    const method = route.slice(0, space);
    const path = fillPath(route.slice(space + 1), opts.params);
    const pathAndQuery = p.base.pathPrefix + path + buildQuery(opts.query);
    const headers: Record<string, string> = { Accept: 'application/json', 'User-Agent': userAgent };
    if (p.apiKey !== undefined) headers['X-API-Key'] = p.apiKey;
    let body: string | undefined;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['Content-Type'] = 'application/json';
    }
    const signal = opts.signal ? AbortSignal.any([opts.signal, lifetime.signal]) : lifetime.signal;
    const out: Outgoing = {
      route, info: { method, path }, pathAndQuery, shape: responseShape(route), headers, body, signal, onStatus: opts.onStatus, onSkipped: opts.onSkipped,
    };
    try {
      const earlier = { mayHaveActed: false };
      return await withRetry(() => attempt(p, out, earlier), { method, path, policy, sleep, random, debug, signal });
    } catch (err) {
      throw err instanceof ApiError ? redact(err) : err;
    }
  }

  return {
    ...typedApi(stack(send, options.middleware ?? [])),
    async close() {
      closed = true;
      // Requests still running or waiting to retry end now, rather than trying a dispatcher that is
      // about to be destroyed.
      lifetime.abort(new Error('the API client is closed'));
      const own = ownDispatcher;
      ownDispatcher = undefined;
      prepared = undefined;
      // destroy, not close: close would wait for a request that a misbehaving peer keeps hanging.
      if (own) await own.destroy();
    },
  };
}
