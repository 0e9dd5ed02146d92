// The one error class for HTTP failures. It never holds the API key.

/** Which request an error is about. */
export interface RequestInfo {
  method: string;
  path: string;
}

/** Why a request failed: the server answered with an error status, or no answer came. */
export type ApiErrorKind = 'http' | 'network' | 'timeout';

/** A failed API request: status (0 when no answer came), method, path and the server's message. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** HTTP status, or 0 for network errors and timeouts. */
  readonly status: number;
  readonly method: string;
  /** Path below the base URL with parameters filled in, without the query string. */
  readonly path: string;
  /** The server's own words: `message`, else `error`, else the status text. */
  readonly serverMessage: string;
  /** Field-level problems of a validation error. */
  readonly details: { field: string; message: string }[];
  /** Seconds the server asked us to wait (429), when it said. */
  readonly retryAfterSecs: number | undefined;

  constructor(init: {
    kind: ApiErrorKind;
    status: number;
    method: string;
    path: string;
    serverMessage: string;
    details?: { field: string; message: string }[];
    retryAfterSecs?: number;
    cause?: unknown;
  }) {
    super(ApiError.describe(init), { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status;
    this.method = init.method;
    this.path = init.path;
    this.serverMessage = init.serverMessage;
    this.details = init.details ?? [];
    this.retryAfterSecs = init.retryAfterSecs;
  }

  private static describe(init: { kind: ApiErrorKind; status: number; method: string; path: string; serverMessage: string }): string {
    const where = `${init.method} ${init.path}`;
    if (init.kind === 'timeout') return `${where}: ${init.serverMessage}`;
    if (init.kind === 'network') return `${where}: ${init.serverMessage}`;
    return `${where} failed with ${init.status}: ${init.serverMessage}`;
  }
}

/** Whether the server refused the API key (401, 403): the key is bad, not the request or the network. */
export function keyRefused(err: unknown): err is ApiError {
  return err instanceof ApiError && (err.status === 401 || err.status === 403);
}
