// Request bodies: JSON only, at most 1 MiB, read before the handler runs (handlers are synchronous).
import type { IncomingMessage } from 'node:http';
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
