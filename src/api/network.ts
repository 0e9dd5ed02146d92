// Mapping failures that produced no answer (undici and Node socket errors) to an ApiError with a
// message a person can act on. Pure: works on error codes, so it does not import undici.
import { ApiError, type RequestInfo } from './errors.js';

/** A host and its port, kept apart so messages never have to split them again. */
export interface HostPort {
  host: string;
  port: number;
}

/** Where a request was going: the server, and the proxy in between if there is one. */
export interface Target {
  server: HostPort;
  proxy?: HostPort;
}

/** Code of our error for a proxy that closes the connection instead of answering a CONNECT. */
export const PROXY_CLOSED = 'HABITS_PROXY_CLOSED';

const TLS_CODE = /^(ERR_SSL_|ERR_TLS_|ERR_OSSL_|CERT_|UNABLE_TO_|SELF_SIGNED_|DEPTH_ZERO_|HOSTNAME_MISMATCH|EPROTO$|UND_ERR_PRX_TLS$)/;

/**
 * Failures that will not go away by trying again, so are never retried. UND_ERR_DESTROYED: the
 * dispatcher is gone (closed by its owner), and every further try would fail the same way.
 */
const PERMANENT_CODES = new Set([
  'ENOTFOUND', 'UND_ERR_RES_EXCEEDED_MAX_SIZE', 'UND_ERR_INVALID_ARG', 'UND_ERR_NOT_SUPPORTED', 'UND_ERR_DESTROYED',
]);

/** `30 s`, `1.5 s`, `200 ms`, from milliseconds. */
export function formatMs(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${Number((ms / 1000).toFixed(1))} s`;
}

function field(err: unknown, name: string): unknown {
  return typeof err === 'object' && err !== null ? (err as Record<string, unknown>)[name] : undefined;
}

/** The error code of a Node or undici error, looking inside an AggregateError (happy eyeballs). */
function errorCode(err: unknown): string | undefined {
  const code = field(err, 'code');
  if (typeof code === 'string') return code;
  if (err instanceof AggregateError) return errorCode(err.errors[0]);
  return undefined;
}

/**
 * The status a proxy answered a CONNECT with instead of opening the tunnel (undici's "Proxy response
 * (403) !== 200 when HTTP Tunneling"), or undefined. The request itself was never sent.
 */
function tunnelRefusal(err: unknown): number | undefined {
  const found = /^Proxy response \((\d+)\)/.exec(String(field(err, 'message') ?? ''));
  return found ? Number(found[1]) : undefined;
}

/**
 * True when a network ApiError should not be retried (unknown host, TLS, a destroyed dispatcher, a
 * proxy that refuses the tunnel with a 4xx such as 403 or 407: asked again, it answers the same).
 */
export function isPermanentNetworkError(err: ApiError): boolean {
  const code = errorCode(err.cause);
  const refused = tunnelRefusal(err.cause);
  if (refused !== undefined && refused >= 400 && refused < 500) return true;
  return code !== undefined && (PERMANENT_CODES.has(code) || TLS_CODE.test(code));
}

function tlsReason(err: unknown, code: string): string {
  const message = field(err, 'message');
  if (/^(CERT_|UNABLE_TO_|SELF_SIGNED_|DEPTH_ZERO_|HOSTNAME_MISMATCH|ERR_TLS_CERT)/.test(code) && typeof message === 'string') {
    return `certificate rejected: ${message} (${code})`;
  }
  if (code === 'ERR_SSL_WRONG_VERSION_NUMBER') return `${code}; is it an HTTPS server?`;
  return code;
}

/** Code of our own timer's error: the whole try took longer than the timeout. */
export const DEADLINE = 'HABITS_DEADLINE';

/**
 * The ApiError for a try that outlasted the timeout: no answer (`answered` false), or an answer
 * whose body did not finish in time.
 */
export function timeoutError(req: RequestInfo, target: Target, answered: boolean, timeoutMs: number): ApiError {
  const server = `${target.server.host}:${target.server.port}`;
  const where = target.proxy ? `${server} (through proxy ${target.proxy.host}:${target.proxy.port})` : server;
  const limit = formatMs(timeoutMs);
  const text = answered ? `the answer from ${where} did not finish within ${limit}` : `no answer from ${where} within ${limit}`;
  const cause = Object.assign(new Error(text), { code: DEADLINE });
  return new ApiError({ kind: 'timeout', status: 0, method: req.method, path: req.path, serverMessage: text, cause });
}

/**
 * Codes of failures that happen before a request leaves: the server cannot have seen it. Anything
 * else (a reset, a closed socket, a timeout) may come after the server acted on it.
 */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT', 'ETIMEDOUT', PROXY_CLOSED,
  'UND_ERR_INVALID_ARG', 'UND_ERR_NOT_SUPPORTED', 'UND_ERR_DESTROYED', 'UND_ERR_PRX_TLS',
]);

/** True when a failure without an answer may have come after the server received the request. */
export function mayHaveBeenReceived(err: ApiError): boolean {
  if (err.kind === 'http') return true;
  if (tunnelRefusal(err.cause) !== undefined) return false;
  const code = errorCode(err.cause);
  return !(code !== undefined && (NOT_SENT_CODES.has(code) || TLS_CODE.test(code)));
}

/**
 * True when a failure without an answer may pass by itself (the server down, the network gone, a
 * timeout), as opposed to one that will fail the same way again: TLS, a bad request, a dispatcher
 * closed by its owner, an answer too large. An HTTP error is not a failure without an answer.
 */
export function mayPass(err: ApiError): boolean {
  if (err.kind === 'http') return false;
  const code = errorCode(err.cause);
  return !(code !== undefined && (TLS_CODE.test(code) || LASTING_CODES.has(code)));
}

const LASTING_CODES = new Set(['UND_ERR_INVALID_ARG', 'UND_ERR_NOT_SUPPORTED', 'UND_ERR_DESTROYED', 'UND_ERR_RES_EXCEEDED_MAX_SIZE']);

/** Builds the ApiError for a request that got no (complete) answer. */
export function networkError(err: unknown, req: RequestInfo, target: Target, timeoutMs: number): ApiError {
  const code = errorCode(err) ?? '';
  const server = `${target.server.host}:${target.server.port}`;
  const proxy = target.proxy && `${target.proxy.host}:${target.proxy.port}`;
  // Connection-level failures concern the first hop: the proxy when there is one.
  const peer = proxy ? `proxy ${proxy}` : server;
  const where = proxy ? `${server} (through proxy ${proxy})` : server;
  const host = String(field(err, 'hostname') ?? (target.proxy ?? target.server).host);
  const waited = formatMs(timeoutMs);
  const message = String(field(err, 'message') ?? '');
  const refused = tunnelRefusal(err);

  let kind: 'network' | 'timeout' = 'network';
  let text: string;
  switch (code) {
    case 'UND_ERR_CONNECT_TIMEOUT': kind = 'timeout'; text = `could not connect to ${peer} within ${waited}`; break;
    case 'UND_ERR_HEADERS_TIMEOUT': kind = 'timeout'; text = `no answer from ${where} within ${waited}`; break;
    case 'UND_ERR_BODY_TIMEOUT': kind = 'timeout'; text = `the answer from ${where} stalled: no data within ${waited}`; break;
    case 'ETIMEDOUT': kind = 'timeout'; text = `could not connect to ${peer}: timed out`; break;
    case 'ECONNREFUSED': text = `connection refused by ${peer}`; break;
    case 'ECONNRESET': case 'EPIPE': text = `connection reset by ${where}`; break;
    case 'UND_ERR_SOCKET': case 'UND_ERR_CLOSED': case 'ECONNABORTED':
      text = `the connection to ${where} closed before the answer was complete`; break;
    case 'ENOTFOUND': text = proxy ? `proxy host not found: ${host}` : `host not found: ${host}`; break;
    case 'EAI_AGAIN': text = `could not look up ${host}: DNS is not answering`; break;
    case 'EHOSTUNREACH': case 'ENETUNREACH': text = `${peer} is unreachable (${code})`; break;
    case PROXY_CLOSED: text = `the proxy ${proxy ?? '?'} closed the connection instead of opening a tunnel to ${server}`; break;
    case 'UND_ERR_RES_EXCEEDED_MAX_SIZE': text = `the answer from ${where} was too large`; break;
    default:
      if (TLS_CODE.test(code)) {
        text = `TLS failure with ${proxy && code === 'UND_ERR_PRX_TLS' ? peer : server}: ${tlsReason(err, code)}`;
      } else if (proxy && /Proxy Authentication Required|\(407\)/.test(message)) {
        text = `the proxy ${proxy} wants a login (407); put user:password in the proxy URL`;
      } else if (proxy && refused !== undefined) {
        text = `the proxy ${proxy} did not open a tunnel to ${server} (it answered ${refused})`;
      } else {
        text = `request to ${where} failed: ${message || code || 'unknown error'}`;
      }
  }
  return new ApiError({ kind, status: 0, method: req.method, path: req.path, serverMessage: text, cause: err });
}
