// The API client: the one place in the project that does network I/O (undici). It fills the route's
// path, sends JSON with our headers, retries by policy, unwraps envelopes and maps every failure to
// an ApiError. It never prints; --verbose lines go to the injected `debug`, with the key redacted.
import type { Dispatcher } from 'undici';
import { AuthError } from '../errors.js';
import { buildDispatcher, proxyFor, proxyHostPort, proxySettings, redactProxy } from './dispatcher.js';
import { ApiError } from './errors.js';
import { deadlineError, networkError } from './network.js';
import type { Target } from './network.js';
import { httpError, statusText, unwrapSuccess } from './response.js';
import type { RawResponse, RequestInfo } from './response.js';
import { retryPolicy, withRetry } from './retry.js';
import type { RetryPolicy } from './retry.js';
import { ROUTES } from './routes.js';
import type { Api, ResponseShape, RouteKey } from './routes.js';
import { buildQuery, checkTransport, fillPath, isLoopbackHost, parseBaseUrl } from './url.js';
import type { BaseUrl } from './url.js';

/** How to reach the API, and the seams tests use. */
export interface ClientOptions {
  /** e.g. `https://api.habitify.me/v2`; a trailing slash is fine. */
  baseUrl: string;
  /** Sent only as the X-API-Key header. */
  apiKey?: string;
  /** Connect timeout, and response timeout (headers, and body inactivity). */
  timeoutMs: number;
  /** e.g. `habits-cli/0.1.0 node/20.20.2`. */
  userAgent: string;
  /** Where HTTPS_PROXY/HTTP_PROXY/NO_PROXY (and lower-case) are read from; never process.env. */
  env: Readonly<Record<string, string | undefined>>;
  /** Allow the key over plain http to a non-loopback host. */
  allowInsecure?: boolean;
  /** --verbose: one line per request, response and retry; the key is redacted. */
  debug?: (line: string) => void;
  sleep?: (ms: number) => Promise<void>;
  /** Jitter source in [0, 1). */
  random?: () => number;
  /** Used as given and never closed by close(); otherwise an Agent or EnvHttpProxyAgent is built. */
  dispatcher?: Dispatcher;
  retry?: Partial<RetryPolicy>;
}

/** The typed API plus a way to release its connections. */
export interface ApiClient extends Api {
  /** Closes the connections of a dispatcher this client built (an injected one is left alone). */
  close(): Promise<void>;
}

interface LooseOptions {
  params?: Readonly<Record<string, unknown>>;
  query?: Readonly<Record<string, unknown>>;
  body?: unknown;
  signal?: AbortSignal;
}

interface Prepared {
  base: BaseUrl;
  dispatcher: Dispatcher;
  target: Target;
}

/** One request, ready to send (and to send again on a retry). */
interface Outgoing {
  info: RequestInfo;
  /** Path below the origin, with the base URL's prefix and the query string. */
  pathAndQuery: string;
  shape: ResponseShape;
  headers: Record<string, string>;
  body: string | undefined;
  signal: AbortSignal | undefined;
}

const REDACTED = '[redacted]';

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Creates the client. Nothing is validated or connected until the first request. */
export function createApiClient(options: ClientOptions): ApiClient {
  const { timeoutMs, userAgent } = options;
  if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) throw new TypeError('timeoutMs must be a positive number');
  const apiKey = options.apiKey ? options.apiKey : undefined;
  const policy = retryPolicy(options.retry);
  const sleep = options.sleep ?? defaultSleep;
  const random = options.random ?? Math.random;

  // The key cannot appear in what we log or throw, even if a server echoes it back.
  const scrub = (text: string): string => (apiKey && apiKey.length >= 4 ? text.split(apiKey).join(REDACTED) : text);
  const debug = options.debug ? (line: string) => options.debug?.(scrub(line)) : undefined;

  let prepared: Prepared | undefined;
  let ownDispatcher: Dispatcher | undefined;
  let closed = false;

  function prepare(): Prepared {
    if (prepared) return prepared;
    const base = parseBaseUrl(options.baseUrl);
    checkTransport(base, apiKey !== undefined, options.allowInsecure ?? false);
    if (apiKey !== undefined && !/^[\x20-\x7e]+$/.test(apiKey)) {
      throw new AuthError('the API key contains characters that cannot be sent in an HTTP header');
    }
    const target: Target = { hostPort: base.hostPort };
    let dispatcher = options.dispatcher;
    if (!dispatcher) {
      const settings = isLoopbackHost(base.hostname) ? { noProxy: '' } : proxySettings(options.env);
      const proxy = proxyFor(base, settings);
      if (proxy) {
        target.proxyHostPort = proxyHostPort(proxy);
        debug?.(`using proxy ${redactProxy(proxy)} for ${base.origin}`);
      }
      dispatcher = ownDispatcher = buildDispatcher(base, settings, timeoutMs);
    }
    prepared = { base, dispatcher, target };
    return prepared;
  }

  /** One try: logs, sends, and turns the answer into data or an ApiError. */
  async function attempt(p: Prepared, out: Outgoing): Promise<unknown> {
    const { info, pathAndQuery, headers } = out;
    debug?.(`→ ${info.method} ${p.base.origin}${pathAndQuery}`);
    for (const [name, value] of Object.entries(headers)) {
      debug?.(`→ ${name}: ${name === 'X-API-Key' ? REDACTED : value}`);
    }
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    let raw: RawResponse;
    try {
      raw = await send(p, out);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      debug?.(`← failed after ${elapsed()} ms: ${err.serverMessage}`);
      throw err;
    }
    debug?.(`← ${raw.status} ${statusText(raw.status)} ${elapsed()} ms`);
    if (raw.status >= 200 && raw.status < 300) return unwrapSuccess(raw, out.shape, info);
    throw redactError(httpError({ ...raw, text: scrub(raw.text) }, info, Date.now()));
  }

  /** Sends the request and reads the whole body; an ApiError when no complete answer came. */
  async function send(p: Prepared, { info, pathAndQuery, headers, body, signal }: Outgoing): Promise<RawResponse> {
    // undici's timeouts cover each phase; this deadline on the whole wait for headers (connect +
    // headers, plus a second for undici's coarse timers) is a backstop for undici states that no
    // timeout covers and that ignore an abort.
    const deadlineMs = 2 * timeoutMs + 1000;
    const deadline = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => {
        deadline.abort();
        reject(deadline.signal.reason);
      }, deadlineMs);
    });
    try {
      const res = await Promise.race([expired, p.dispatcher.request({
        origin: p.base.origin,
        path: pathAndQuery,
        method: info.method as Dispatcher.HttpMethod,
        headers,
        body: body ?? null,
        signal: signal ? AbortSignal.any([signal, deadline.signal]) : deadline.signal,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      })]);
      clearTimeout(timer);
      const text = await res.body.text();
      const lower: Record<string, string | string[] | undefined> = {};
      for (const [name, value] of Object.entries(res.headers)) lower[name.toLowerCase()] = value;
      return { status: res.statusCode, headers: lower, text };
    } catch (err) {
      if (signal?.aborted) throw signal.reason;
      throw redactError(deadline.signal.aborted
        ? deadlineError(info, p.target, deadlineMs)
        : networkError(err, info, p.target, timeoutMs));
    } finally {
      clearTimeout(timer);
    }
  }

  function redactError(error: ApiError): ApiError {
    if (!apiKey || scrub(error.message) === error.message) return error;
    return new ApiError({
      kind: error.kind, status: error.status, method: error.method, path: error.path,
      serverMessage: scrub(error.serverMessage), details: error.details,
      ...(error.retryAfterSecs === undefined ? {} : { retryAfterSecs: error.retryAfterSecs }),
    });
  }

  async function request(route: RouteKey, opts: LooseOptions = {}): Promise<unknown> {
    if (closed) throw new Error('the API client is closed');
    const entry = ROUTES[route] as (typeof ROUTES)[RouteKey] | undefined;
    if (!entry) throw new TypeError(`unknown route: ${route}`);
    opts.signal?.throwIfAborted();
    const p = prepare();
    const space = route.indexOf(' ');
    const method = route.slice(0, space);
    const path = fillPath(route.slice(space + 1), opts.params);
    const pathAndQuery = p.base.pathPrefix + path + buildQuery(opts.query);
    const headers: Record<string, string> = { Accept: 'application/json', 'User-Agent': userAgent };
    if (apiKey !== undefined) headers['X-API-Key'] = apiKey;
    let body: string | undefined;
    if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['Content-Type'] = 'application/json';
    }
    const out: Outgoing = { info: { method, path }, pathAndQuery, shape: entry.shape, headers, body, signal: opts.signal };
    return withRetry(() => attempt(p, out), { method, path, policy, sleep, random, debug, signal: opts.signal });
  }

  return {
    request: request as Api['request'],
    async close() {
      closed = true;
      const own = ownDispatcher;
      ownDispatcher = undefined;
      prepared = undefined;
      // destroy, not close: close would wait for a request that a misbehaving peer keeps hanging.
      if (own) await own.destroy();
    },
  };
}
