// The HTTP error every layer may throw: the boundary (server.ts) answers with its status, body and
// headers. Validators throw InvalidInput instead, which knows nothing of HTTP; the boundary turns it
// into validationError.
import type { Detail } from '../validate/issues.js';

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
