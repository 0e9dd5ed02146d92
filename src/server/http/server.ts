// The local service as a factory: createServer({db, apiKey, ...}) returns a request handler and a
// listen() that binds it. Nothing happens at import time.
import { createHash, timingSafeEqual } from 'node:crypto';
import { type IncomingMessage, type Server, type ServerResponse, createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { type App, JsonText, type Reply } from '../context.js';
import { dayInZone, isValidTimeZone, parseDate, startOfDayInZone } from '../domain/dates.js';
import { pushId } from '../ids.js';
import { countAuthFailure, lockedOutFor } from '../store/repo/auth-failures.js';
import type { Store } from '../store/store.js';
import { InvalidInput } from '../validate/issues.js';
import { bodyTimedOut, readJsonBody } from './body.js';
import { type ConnectionLimits, DEFAULT_CONNECTION_LIMITS, TIMEOUT_CHECK_INTERVAL_MS, answerAndClose, checkLimits, limitConnections, socketAddress } from './connections.js';
import { clientHost } from './host.js';
import { HttpError, validationError } from './errors.js';
import { type RateLimitOptions, RateLimiter } from './rate-limit.js';
import { sendJson } from './reply.js';
import { route } from './router.js';

/** One request as the service saw it; handed to `onRequest` once its status is known. */
export interface RecordedRequest {
  method: string;
  /** Path below /v2, without the query string. */
  path: string;
  query: Record<string, string>;
  /** Lower-case names; the x-api-key value is replaced by REDACTED. */
  headers: Record<string, string>;
  /** The parsed JSON body, or undefined. */
  body: unknown;
  status: number;
}

/** What createServer needs: the store and the key, and optional clock, zone, limits and hooks. */
export interface ServerOptions {
  db: Store;
  apiKey: string;
  /** The clock; `today`, when given, is the caller's date (YYYY-MM-DD: a day that begins later than midnight), else the zone's date of now. */
  clock?: { now(): Date; today?(): string };
  /** Receives fault reports and, with logRequests, one line per request. */
  log?: (line: string) => void;
  /** Log one line per request (method, path, status, ms) through `log`. */
  logRequests?: boolean;
  /** IANA zone that decides "today"; the process zone by default. */
  timezone?: string;
  /** Default 500 requests per 60 000 ms per key; false turns the limit off. */
  rateLimit?: RateLimitOptions | false;
  /**
   * Failed authentications per client address: default 20 per 60 000 ms, counted in the store so
   * every process on the file shares them; past it, every request from that address gets 429
   * until the window ends. false turns it off.
   */
  authFailureLimit?: RateLimitOptions | false;
  /** Header, body, request and idle timeouts and connections per address; each left out keeps its default (DEFAULT_CONNECTION_LIMITS). */
  limits?: Partial<ConnectionLimits>;
  /** Called for every request before its response body is sent. */
  onRequest?: (rec: RecordedRequest) => void;
}

/** Where listen() binds: port 0 (any free one) and 127.0.0.1 by default, or a server bindPort() bound. */
export interface ListenOptions {
  port?: number;
  host?: string;
  /** A server bindPort() already bound: the service takes it over (`port` is ignored; `host` names it in the URL). */
  bound?: Server;
}

/** A bound server. */
export interface Listening {
  /** Base URL for clients, including /v2, e.g. http://127.0.0.1:41234/v2 (127.0.0.1 for a 0.0.0.0 bind). */
  url: string;
  /** Stops accepting, lets in-flight requests finish, closes idle keep-alive sockets. */
  close(): Promise<void>;
  /** Cuts every connection now, in-flight ones included (a second Ctrl-C). */
  terminate(): void;
}

/** The service: a request handler for any node:http server, or its own via listen(). */
export interface LocalServer {
  handler(req: IncomingMessage, res: ServerResponse): void;
  listen(options?: ListenOptions): Promise<Listening>;
}

const DEFAULT_RATE_LIMIT: RateLimitOptions = { limit: 500, windowMs: 60_000 };
const DEFAULT_AUTH_FAILURE_LIMIT: RateLimitOptions = { limit: 20, windowMs: 60_000 };

/** The address a request came from (an IPv4 address mapped into IPv6 as plain IPv4). */
function clientAddress(req: IncomingMessage): string {
  return socketAddress(req.socket);
}
/** Longest wait for in-flight requests on close before their sockets are cut. */
const CLOSE_GRACE_MS = 10_000;

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

function recordHeaders(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    out[name] = name === 'x-api-key' ? 'REDACTED' : Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** Node's parser errors that it would answer with another status than 400 (and an empty body). */
const CLIENT_ERROR_STATUS: Record<string, [status: number, text: string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large'],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, 'Payload Too Large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout'],
};

/**
 * A request Node's parser refused (an unknown method, a control character in a header, a bad chunk
 * size...) or that took too long never reaches the handler. Node would answer an empty 400; this
 * answers in the service's shapes (a 400 in the validation shape, with a `request` detail) and
 * closes the connection: the socket is destroyed once the answer is out, whether or not the client
 * closes its side.
 */
function answerClientError(err: Error & { code?: string; reason?: string }, socket: Duplex): void {
  // A connection reset, or a socket already answered: nobody is there to read an answer.
  if (err.code === 'ECONNRESET' || !socket.writable || (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent) {
    socket.destroy();
    return;
  }
  const reason = (err.reason ?? err.message).replace(/[^\x20-\x7e]/g, '?');
  const known = err.code ? CLIENT_ERROR_STATUS[err.code] : undefined;
  const [status, text] = known ?? [400, 'Bad Request'];
  const body = known
    ? { error: text, message: `The request was refused: ${reason}` }
    : { error: 'Validation Error', message: `Invalid request: request is not valid HTTP/1.1 (${reason})`, details: [{ field: 'request', message: `is not valid HTTP/1.1 (${reason})` }] };
  answerAndClose(socket, status, text, body);
}

/**
 * An HTTP server listening on `host`:`port` that answers 503 until listen() takes it over: a busy
 * or forbidden port fails here (EADDRINUSE, EACCES) before `habits serve` opens or creates its
 * database file. Its connections are limited from the start (the defaults until listen() applies
 * the service's limits).
 */
export async function bindPort(port: number, host: string): Promise<Server> {
  const server = createHttpServer({ connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS }, (_req, res) =>
    sendJson(res, 503, { error: 'Service Unavailable', message: 'the service is starting' }),
  );
  server.on('clientError', answerClientError);
  limitConnections(server, DEFAULT_CONNECTION_LIMITS);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

/** Builds the service around an open store. */
export function createServer(options: ServerOptions): LocalServer {
  if (typeof options.apiKey !== 'string' || options.apiKey === '') throw new TypeError('createServer: apiKey must be a non-empty string');
  const timezone = options.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!isValidTimeZone(timezone)) throw new RangeError(`createServer: unknown time zone "${timezone}"`);
  const clock = options.clock ?? { now: () => new Date() };
  const log = options.log ?? (() => {});
  const keyDigest = digest(options.apiKey);
  const limiterKey = keyDigest.toString('hex');
  const limiter = options.rateLimit === false ? null : new RateLimiter(options.rateLimit ?? DEFAULT_RATE_LIMIT);
  const authLimit = options.authFailureLimit === false ? null : (options.authFailureLimit ?? DEFAULT_AUTH_FAILURE_LIMIT);
  const limits = checkLimits({ ...DEFAULT_CONNECTION_LIMITS, ...options.limits });
  const store = options.db;
  const answers = new Map<string, { version: string; json: JsonText }>();
  const app: App = {
    store,
    now: () => clock.now(),
    today: () => (clock.today ? parseDate(clock.today()) ?? dayInZone(clock.now(), timezone) : dayInZone(clock.now(), timezone)),
    startOfDay: (day) => startOfDayInZone(day, timezone),
    newId: () => pushId(clock.now().getTime()),
    cachedJson(key, build) {
      const version = store.version();
      const hit = answers.get(key);
      if (hit?.version === version) return hit.json;
      const json = new JsonText(JSON.stringify(build()));
      answers.set(key, { version, json });
      return json;
    },
  };

  /**
   * Checks the key. An address past its failure limit gets 429 whatever it sends, the right key
   * too: were the right key let through, 200 against 429 would tell a guess right from wrong and
   * the limit would slow no guessing (docs/local-service.md, "Failed authentication").
   */
  function authenticate(req: IncomingMessage, limit: RateLimitOptions): void {
    const address = clientAddress(req);
    const nowMs = clock.now().getTime();
    // A read, so requests with the right key take no write lock.
    refuseLockedOut(address, limit, lockedOutFor(store, address, nowMs, limit.limit, limit.windowMs));
    try {
      checkKey(req);
    } catch (err) {
      refuseLockedOut(address, limit, countFailure(address, limit));
      throw err;
    }
  }

  /**
   * Counts a failure of `address` unless its window is full (another process may have filled it
   * since the read above): check and count are one write transaction, so processes sharing the
   * file never count past the limit. Returns the milliseconds the address must wait, or 0.
   */
  function countFailure(address: string, limit: RateLimitOptions): number {
    try {
      return countAuthFailure(store, address, () => clock.now().getTime(), limit.limit, limit.windowMs);
    } catch {
      // A store that cannot be written (read-only, busy, full) cannot count the failure; the
      // client still learns that its key is wrong rather than of the store's trouble.
      return 0;
    }
  }

  /** Throws the 429 of an address locked out for `waitMs` more milliseconds (none when 0). */
  function refuseLockedOut(address: string, limit: RateLimitOptions, waitMs: number): void {
    if (waitMs <= 0) return;
    const secs = Math.max(1, Math.ceil(waitMs / 1000));
    throw new HttpError(
      429,
      { error: 'Too Many Requests', message: `Too many failed authentication attempts from ${address} (limit ${limit.limit} per ${limit.windowMs / 1000} s); retry in ${secs} s` },
      { 'retry-after': String(secs) },
    );
  }

  function checkKey(req: IncomingMessage): void {
    const sent = req.headers['x-api-key'];
    if (typeof sent !== 'string' || sent === '') {
      throw new HttpError(401, { error: 'Unauthorized', message: 'Missing API key: send it in the X-API-Key header' });
    }
    if (!timingSafeEqual(digest(sent), keyDigest)) throw new HttpError(401, { error: 'Unauthorized', message: 'Invalid API key' });
  }

  /**
   * The body's deadline, from the request's headers: limits.bodyTimeoutMs. Node's own
   * requestTimeout (300 s) let a body sent a byte every 1.5 s hold its socket for minutes. When it
   * passes, a body still being read is answered 408 and the socket closed (the signal aborts
   * readJsonBody); one that is no longer awaited (answered before its body, as a 401 is, while Node
   * reads on to discard it) has its socket cut, since its answer is out.
   */
  function bodyDeadline(req: IncomingMessage, res: ServerResponse): AbortSignal {
    const deadline = new AbortController();
    // Without Content-Length or Transfer-Encoding a request has no body (RFC 9112, 6.3).
    const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? '0') > 0;
    if (req.complete || !hasBody) return deadline.signal;
    const timer = setTimeout(() => {
      if (req.complete) return;
      if (res.headersSent) req.socket.destroy();
      else deadline.abort(bodyTimedOut(limits.bodyTimeoutMs));
    }, limits.bodyTimeoutMs);
    timer.unref();
    const stop = (): void => clearTimeout(timer);
    req.once('end', stop);
    req.once('close', stop);
    return deadline.signal;
  }

  async function handle(req: IncomingMessage, res: ServerResponse, closing: () => boolean): Promise<void> {
    const deadline = bodyDeadline(req, res);
    const started = performance.now();
    const method = req.method ?? 'GET';
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const rawPath = q >= 0 ? url.slice(0, q) : url;
    const query: Record<string, string> = q >= 0 ? Object.fromEntries(new URLSearchParams(url.slice(q + 1))) : {};
    const inV2 = rawPath === '/v2' || rawPath.startsWith('/v2/');
    const path = inV2 ? rawPath.slice(3) || '/' : rawPath;
    const headers: Record<string, string> = {};
    let body: unknown;
    let reply: Reply;
    try {
      if (authLimit) authenticate(req, authLimit);
      else checkKey(req);
      if (limiter) {
        const decision = limiter.hit(limiterKey, clock.now().getTime());
        headers['x-ratelimit-limit'] = String(decision.limit);
        headers['x-ratelimit-remaining'] = String(decision.remaining);
        headers['x-ratelimit-reset'] = String(decision.resetSecs);
        if (!decision.allowed) {
          throw new HttpError(
            429,
            { error: 'Too Many Requests', message: `Rate limit of ${decision.limit} requests exceeded; retry in ${decision.resetSecs} s` },
            { 'retry-after': String(decision.resetSecs) },
          );
        }
      }
      if (!inV2) throw new HttpError(404, { error: 'Not Found', message: `No endpoint at ${rawPath}; the API lives under /v2` });
      const match = route(method, path);
      if (method === 'POST' || method === 'PUT') body = await readJsonBody(req, deadline);
      reply = match.handler({ app, params: match.params, query, body });
    } catch (err) {
      reply = failure(err, method, rawPath, headers);
    }
    options.onRequest?.({ method, path, query, headers: recordHeaders(req), body, status: reply.status });
    if (options.logRequests) {
      log(`${clock.now().toISOString()} ${method} ${rawPath} ${reply.status} ${(performance.now() - started).toFixed(1)}ms`);
    }
    // While shutting down, end each connection after its answer so close() need not wait for it.
    if (closing()) headers.connection = 'close';
    if (!res.headersSent && !res.destroyed) sendJson(res, reply.status, reply.body, headers);
  }

  function failure(err: unknown, method: string, path: string, headers: Record<string, string>): Reply {
    if (err instanceof InvalidInput) err = validationError(err.details);
    if (err instanceof HttpError) {
      Object.assign(headers, err.headers);
      return { status: err.status, body: err.body };
    }
    const code = (err as { code?: unknown } | null | undefined)?.code;
    // Extended codes too: SQLITE_BUSY_SNAPSHOT, SQLITE_BUSY_RECOVERY, SQLITE_LOCKED_SHAREDCACHE...
    if (typeof code === 'string' && (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'))) {
      headers['retry-after'] = '1';
      return { status: 503, body: { error: 'Service Unavailable', message: 'The database is busy; retry shortly' } };
    }
    // A full disk (or a file at its max_page_count) is not a fault of the service: the client may
    // retry once space is freed. SQLITE_IOERR_WRITE is what some file systems report for ENOSPC.
    if (code === 'SQLITE_FULL' || code === 'SQLITE_IOERR_WRITE') {
      log(`habits serve: ${method} ${path} not saved: the database could not grow (${code}); free disk space`);
      return { status: 507, body: { error: 'Insufficient Storage', message: 'The database could not be written: the disk is full. Nothing was saved; retry once space is freed' } };
    }
    // A store opened read-only (a read-only file, directory or file system) serves reads only.
    if (typeof code === 'string' && code.startsWith('SQLITE_READONLY')) {
      log(`habits serve: ${method} ${path} not saved: the database is read-only (${code})`);
      return { status: 503, body: { error: 'Service Unavailable', message: 'The database is read-only: nothing was saved; this service can only be read' } };
    }
    log(`habits serve: internal error on ${method} ${path}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    return { status: 500, body: { error: 'Internal server error' } };
  }

  const serve = (req: IncomingMessage, res: ServerResponse, closing: () => boolean): void => {
    handle(req, res, closing).catch((err: unknown) => {
      log(`habits serve: failed to answer ${req.method} ${req.url}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      if (!res.headersSent) sendJson(res, 500, { error: 'Internal server error' });
      else res.destroy();
    });
  };
  const handler = (req: IncomingMessage, res: ServerResponse): void => serve(req, res, () => false);

  async function listen({ port = 0, host = '127.0.0.1', bound }: ListenOptions = {}): Promise<Listening> {
    let closing = false;
    const isClosing = (): boolean => closing;
    const server: Server = bound ?? (await bindPort(port, host));
    // The placeholder of bindPort() gives way to the service, with the service's limits.
    limitConnections(server, limits);
    server.removeAllListeners('request');
    server.on('request', (req: IncomingMessage, res: ServerResponse) => serve(req, res, isClosing));
    const address = server.address() as AddressInfo;
    let closed: Promise<void> | undefined;
    return {
      url: `http://${clientHost(host)}:${address.port}/v2`,
      close(): Promise<void> {
        closed ??= new Promise<void>((resolve) => {
          closing = true;
          const timer = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
          timer.unref();
          server.close(() => {
            clearTimeout(timer);
            resolve();
          });
          server.closeIdleConnections();
        });
        return closed;
      },
      terminate(): void {
        closing = true;
        server.close();
        server.closeAllConnections();
      },
    };
  }

  return { handler, listen };
}
