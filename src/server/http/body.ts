// Request bodies: JSON only, at most 1 MiB, read before the handler runs (handlers are synchronous).
import type { IncomingMessage } from 'node:http';
import type { Detail } from '../validate/issues.js';
import { HttpError, validationError } from './errors.js';

/** Largest request body accepted; larger ones get 413. */
const MAX_BODY_BYTES = 1024 * 1024;

function isJsonType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || (type.startsWith('application/') && type.endsWith('+json'));
}

/**
 * Reads and parses a JSON request body; undefined when there is none. 413 past MAX_BODY_BYTES,
 * 400 (detail `body`) for malformed JSON, invalid UTF-8 or a body that is not declared as JSON, and
 * 400 naming each field whose string holds an unpaired UTF-16 surrogate. When `deadline` aborts
 * before the body's end, rejects with its reason (the 408 of bodyTimedOut).
 */
export async function readJsonBody(req: IncomingMessage, deadline?: AbortSignal): Promise<unknown> {
  const declared = Number(req.headers['content-length'] ?? '0');
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  deadline?.throwIfAborted();
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
    // The body's deadline (bodyDeadline in server.ts): whatever came so far is dropped.
    deadline?.addEventListener('abort', () => {
      failed = true;
      reject(deadline.reason);
    }, { once: true });
  });
  if (raw.length === 0) return undefined;
  if (!isJsonType(req.headers['content-type'])) {
    throw validationError([{ field: 'body', message: 'must be sent with Content-Type: application/json' }]);
  }
  let text: string;
  try {
    text = UTF8.decode(raw);
  } catch {
    // Replacing the bad bytes with U+FFFD would store something the client never sent.
    throw validationError([{ field: 'body', message: 'is not valid UTF-8' }]);
  }
  if (text.trim() === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text) as unknown;
  } catch (err) {
    throw validationError([{ field: 'body', message: `is not valid JSON (${(err as Error).message})` }]);
  }
  const details: Detail[] = [];
  findLoneSurrogates(parsed, details);
  if (details.length > 0) throw validationError(details);
  return parsed;
}

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** A UTF-16 surrogate without its pair: JSON's `\ud800` escape makes one, and SQLite cannot store it as UTF-8. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The walk stops after this many fields, so a body of nothing else does not answer megabytes. */
const MAX_SURROGATE_DETAILS = 20;

/**
 * Names every string (and key) of a parsed body holding a lone surrogate, as `a.b[2]`. A loop, not
 * recursion: a 1 MiB body can nest arrays half a million deep.
 */
function findLoneSurrogates(root: unknown, details: Detail[]): void {
  const message = 'must be valid Unicode text: it holds an unpaired UTF-16 surrogate';
  const stack: [value: unknown, path: string][] = [[root, '']];
  for (let next = stack.pop(); next && details.length < MAX_SURROGATE_DETAILS; next = stack.pop()) {
    const [value, path] = next;
    if (typeof value === 'string') {
      if (LONE_SURROGATE.test(value)) details.push({ field: path || 'body', message });
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push([value[i], `${path}[${i}]`]);
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, item] of Object.entries(value).reverse()) {
        // A key is named escaped (JSON.stringify writes a lone surrogate as \udXXX), so the answer stays valid.
        const name = LONE_SURROGATE.test(key) ? JSON.stringify(key).slice(1, -1) : key;
        const at = path ? `${path}.${name}` : name;
        if (name !== key) details.push({ field: at, message: `(the key) ${message}` });
        stack.push([item, at]);
      }
    }
  }
}

function tooLarge(): HttpError {
  return new HttpError(413, { error: 'Payload Too Large', message: `Request body exceeds ${MAX_BODY_BYTES} bytes` }, { connection: 'close' });
}

/** The answer to a body that did not arrive within `ms`: 408, and the connection is closed. */
export function bodyTimedOut(ms: number): HttpError {
  return new HttpError(
    408,
    { error: 'Request Timeout', message: `The request body did not arrive within ${ms / 1000} s of its headers` },
    { connection: 'close' },
  );
}
