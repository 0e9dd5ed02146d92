// HTTP plumbing: the error type every layer throws, JSON bodies with a 1 MiB limit, and replies.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { JsonText } from '../context.js';
import type { Detail } from '../validate/fields.js';

/** Largest request body accepted; larger ones get 413. */
const MAX_BODY_BYTES = 1024 * 1024;

/** A failure with an HTTP status and the body to answer with. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: { error: string; message?: string; details?: Detail[] },
    readonly headers: Record<string, string> = {},
  ) {
    super(body.message ?? body.error);
  }
}

/** 400 with one detail per problem. */
export function validationError(details: readonly Detail[]): HttpError {
  const summary = details.slice(0, 5).map((d) => `${d.field} ${d.message}`).join('; ');
  const more = details.length > 5 ? ` (and ${details.length - 5} more)` : '';
  return new HttpError(400, { error: 'Validation Error', message: `Invalid request: ${summary}${more}`, details: [...details] });
}

/** 404 with a message naming what is missing. */
export function notFound(message: string): HttpError {
  return new HttpError(404, { error: 'Not Found', message });
}

/** 409 with a message naming the conflict. */
export function conflict(message: string): HttpError {
  return new HttpError(409, { error: 'Conflict', message });
}

function isJsonType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

/**
 * Reads and parses a JSON request body; undefined when there is none. 413 past MAX_BODY_BYTES,
 * 400 (detail `body`) for malformed JSON or a body that is not declared as JSON.
 */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const declared = Number(req.headers['content-length'] ?? '0');
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  // Events rather than `for await`: leaving an async iterator early destroys the socket, and the
  // client should still get its 413. The rest of an oversized body is discarded as it arrives.
  const raw = await new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        failed = true;
        reject(tooLarge());
      } else chunks.push(chunk);
    });
    let ended = false;
    req.on('end', () => {
      ended = true;
      if (!failed) resolve(Buffer.concat(chunks, size));
    });
    // A client that goes away mid-body is not a server fault. Nobody may read the answer, but it
    // keeps the documented shape of a 400 for the one that does (and for onRequest and the log).
    const aborted = (): void => reject(validationError([{ field: 'body', message: 'was not completed: the connection closed before its end' }]));
    req.on('error', aborted);
    req.on('close', () => {
      if (!ended) aborted();
    });
  });
  if (raw.length === 0) return undefined;
  if (!isJsonType(req.headers['content-type'])) {
    throw validationError([{ field: 'body', message: 'must be sent with Content-Type: application/json' }]);
  }
  const text = raw.toString('utf8');
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw validationError([{ field: 'body', message: `is not valid JSON (${(err as Error).message})` }]);
  }
}

function tooLarge(): HttpError {
  return new HttpError(413, { error: 'Payload Too Large', message: `Request body exceeds ${MAX_BODY_BYTES} bytes` }, { connection: 'close' });
}

/** Writes a JSON reply (or an empty one for 204 or without a body); JsonText is sent as it is. */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (status === 204 || body === undefined) {
    res.writeHead(status, headers);
    res.end();
    return;
  }
  const text = body instanceof JsonText ? body.text : JSON.stringify(body);
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(text)),
  });
  res.end(text);
}
