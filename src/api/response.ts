// Turning an HTTP answer (status, headers, body text) into typed data or an ApiError. Pure: the
// client reads the body and hands it here. A body that is not JSON never surfaces as a parse error.
import { ApiError, type RequestInfo } from './errors.js';
import { parseRetryAfter } from './retry.js';
import type { ResponseShape } from './routes.js';
import type { Ok, Page, Pagination } from './types.js';

/** What the client read from one answer. */
export interface RawResponse {
  status: number;
  /** Lower-case header names, as undici gives them. */
  headers: Readonly<Record<string, string | string[] | undefined>>;
  text: string;
}

type Parsed = { kind: 'empty' } | { kind: 'json'; value: unknown } | { kind: 'other'; contentType: string };

/** The status text for a code (`Bad Gateway`), from Node's table. */
export function statusText(status: number): string {
  // Taken when needed: by then undici has loaded node:http, which other commands do not need.
  return process.getBuiltinModule('node:http').STATUS_CODES[status] ?? `HTTP ${status}`;
}

/** The first value of a header. */
function header(headers: RawResponse['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Parses a body as JSON when its type says JSON or it looks like JSON; never throws. */
function parseBody(res: RawResponse): Parsed {
  const text = res.text.replace(/^\uFEFF/, '');
  const contentType = header(res.headers, 'content-type') ?? '';
  if (text.trim() === '') return { kind: 'empty' };
  const trimmed = text.trimStart();
  if (/[/+]json\b/i.test(contentType) || trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      return { kind: 'json', value: JSON.parse(text) as unknown };
    } catch {
      // Falls through: a truncated or HTML body is reported by what it is, not by the parser.
    }
  }
  return { kind: 'other', contentType: contentType || 'none' };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function validPagination(value: unknown): Pagination | undefined {
  if (!isRecord(value)) return undefined;
  const { total, limit, offset } = value;
  const num = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);
  return num(total) && num(limit) && num(offset) ? { total, limit, offset } : undefined;
}

function unexpected(res: RawResponse, req: RequestInfo, what: string): ApiError {
  return new ApiError({ kind: 'http', status: res.status, method: req.method, path: req.path, serverMessage: what });
}

/**
 * Unwraps a 2xx answer by the route's shape:
 * - `item`: `{data: X}` becomes X, a bare X stays X, an empty body becomes `{ok: true}`;
 * - `list`: a bare array or `{data: [...], pagination?}` becomes a Page.
 */
export function unwrapSuccess(res: RawResponse, shape: ResponseShape, req: RequestInfo): unknown {
  const parsed = parseBody(res);
  if (parsed.kind === 'other') {
    const hint = /html/i.test(parsed.contentType)
      ? '; is the base URL right, or is a proxy or captive portal answering instead?'
      : '';
    throw unexpected(res, req, `the server's answer was not JSON (content type ${parsed.contentType})${hint}`);
  }
  if (shape === 'list') return unwrapList(parsed, res, req);
  if (parsed.kind === 'empty' || parsed.value === null) return { ok: true } satisfies Ok;
  const value = parsed.value;
  if (isRecord(value) && 'data' in value && value.data !== undefined) {
    return value.data === null ? ({ ok: true } satisfies Ok) : value.data;
  }
  if (typeof value !== 'object') throw unexpected(res, req, `unexpected answer: expected a JSON object, got ${typeof value}`);
  return value;
}

function unwrapList(parsed: Parsed, res: RawResponse, req: RequestInfo): Page<unknown> {
  if (parsed.kind !== 'json') return { data: [] };
  const value = parsed.value;
  if (Array.isArray(value)) return { data: value };
  if (isRecord(value) && Array.isArray(value.data)) {
    const pagination = validPagination(value.pagination);
    return pagination ? { data: value.data, pagination } : { data: value.data };
  }
  throw unexpected(res, req, 'unexpected answer: expected a list');
}

/** The server's own words from an error body: `message`, else `error`, else the status text. */
function serverMessage(body: unknown, status: number): string {
  if (isRecord(body)) {
    const { message, error } = body;
    if (typeof message === 'string' && message.trim() !== '') return message.trim();
    if (typeof error === 'string' && error.trim() !== '') return error.trim();
    if (isRecord(error) && typeof error.message === 'string' && error.message.trim() !== '') return error.message.trim();
  }
  return statusText(status);
}

function validationDetails(body: unknown): { field: string; message: string }[] {
  if (!isRecord(body) || !Array.isArray(body.details)) return [];
  return body.details.flatMap((d: unknown) =>
    isRecord(d) && typeof d.field === 'string' && typeof d.message === 'string' ? [{ field: d.field, message: d.message }] : [],
  );
}

/** The ApiError for a non-2xx answer. */
export function httpError(res: RawResponse, req: RequestInfo, nowMs: number): ApiError {
  const parsed = parseBody(res);
  const body = parsed.kind === 'json' ? parsed.value : undefined;
  let message = serverMessage(body, res.status);
  if (res.status >= 300 && res.status < 400) {
    const location = header(res.headers, 'location');
    // Not followed: the key must not travel to wherever a redirect points.
    message = location ? `the server redirected to ${location}; set the base URL to the new address` : message;
  }
  const retryAfterSecs = res.status === 429 || res.status === 503
    ? parseRetryAfter(header(res.headers, 'retry-after'), nowMs)
    : undefined;
  return new ApiError({
    kind: 'http',
    status: res.status,
    method: req.method,
    path: req.path,
    serverMessage: message,
    details: validationDetails(body),
    ...(retryAfterSecs === undefined ? {} : { retryAfterSecs }),
  });
}
