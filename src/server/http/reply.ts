// Writing a reply. Answers cached as JSON text (App.cachedJson) are sent as they are, so a hit
// costs no JSON.stringify.
import type { ServerResponse } from 'node:http';
import { JsonText } from '../context.js';

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
