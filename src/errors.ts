// Typed errors and the exit-code table of the CLI contract. Commands throw; describe-error.ts maps
// any error to its exit code and text, and cli.ts is the only place that exits with it.

/** Exit codes of the contract (shared/design/cli-contract.md, "Exit codes"). */
export const EXIT = {
  ok: 0,
  failure: 1,
  usage: 2,
  notFound: 3,
  auth: 4,
  rateLimited: 5,
  queued: 6,
  cancelled: 130,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** Rows of `habits help exit-codes` and the README table. */
export const EXIT_CODE_TABLE: readonly [ExitCode, string][] = [
  [EXIT.ok, 'success (also: already marked, empty list)'],
  [EXIT.failure, 'failure: server error, network error, timeout'],
  [EXIT.usage, 'usage: bad flags, invalid input, server validation error (400/422)'],
  [EXIT.notFound, 'not found: unknown habit/area/note/log reference, or 404'],
  [EXIT.auth, 'authentication: no key, or 401/403'],
  [EXIT.rateLimited, 'rate limited, still 429 after retries'],
  [EXIT.queued, 'queued: a mark or value could not reach the server and waits in the outbox (`habits sync`)'],
  [EXIT.cancelled, 'cancelled by the user'],
];

/** An error the CLI reports as one line with a known exit code. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode,
    /** Stable machine-readable code, printed in `--json` errors. */
    readonly code: string,
    /** A second line telling the user what to do next. */
    readonly hint?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** Bad flags, arguments or input (exit 2). */
export class UsageError extends CliError {
  constructor(message: string, hint?: string) {
    super(message, EXIT.usage, 'usage', hint);
  }
}

/** A reference that matches nothing (exit 3). */
export class NotFoundError extends CliError {
  constructor(message: string, hint?: string) {
    super(message, EXIT.notFound, 'not_found', hint);
  }
}

/** A reference that matches several things (exit 2); the candidates go in the hint. */
export class AmbiguousError extends CliError {
  constructor(message: string, readonly candidates: string[], readonly exampleId?: string) {
    super(message, EXIT.usage, 'ambiguous', `candidates: ${candidates.join(', ')}${exampleId ? `; name one by its id, e.g. id:${exampleId}` : ''}`);
  }
}

/** No key, or a key the server refused (exit 4). */
export class AuthError extends CliError {
  constructor(message: string, hint = 'run `habits auth login`, or set HABITS_API_KEY') {
    super(message, EXIT.auth, 'auth', hint);
  }
}

/**
 * No key is configured: before any request, the user learns both ways on, an account or the
 * offline store (right after install, `habits journal` is the first thing people try).
 */
export function noApiKey(): AuthError {
  return new AuthError(
    'no API key is configured',
    'run `habits auth login` (or set HABITS_API_KEY) to use your account, or add --local (or set HABITS_LOCAL=1) to use the offline store on this machine',
  );
}

/** An unreadable or invalid configuration file or value (exit 2). */
export class ConfigError extends CliError {
  constructor(message: string, hint?: string) {
    super(message, EXIT.usage, 'config', hint);
  }
}

/** The user pressed Ctrl-C at a prompt, or declined a confirmation (exit 130). */
export class CancelledError extends CliError {
  constructor(
    message = 'cancelled',
    /** Chosen from a menu (Cancel at a review): no error, so said as it is, without `error:`. */
    readonly chosen = false,
  ) {
    super(message, EXIT.cancelled, 'cancelled');
  }
}

/** A local failure that is not the user's fault (exit 1), e.g. a missing optional dependency. */
export class FailureError extends CliError {
  constructor(message: string, code = 'failure', hint?: string) {
    super(message, EXIT.failure, code, hint);
  }
}

/**
 * A mark or a value that could not reach the server and was kept in the outbox (exit 6): `habits
 * sync`, or any later command, sends it. Printed as `queued: …`, not as an error.
 */
export class QueuedError extends CliError {
  constructor(message: string, hint?: string) {
    super(message, EXIT.queued, 'queued', hint);
  }
}

/**
 * Some items of a bulk command failed. Each failure was already reported with its hint; the
 * summary keeps the first failure's exit code, code and status.
 */
export class PartialFailure extends Error {
  constructor(readonly first: unknown, readonly failed: number, readonly total: number) {
    super(`${failed} of ${total} failed`);
    this.name = 'PartialFailure';
  }
}

/**
 * A write that failed: `error` is why, `check` the command that shows whether it was recorded
 * anyway (`habits journal --date 2026-11-22`). describe-error.ts uses `check` only when the outcome
 * is unknown (a timeout, a reset, a 5xx after the server may have acted); otherwise the error is
 * reported as it is.
 */
export class WriteError extends Error {
  constructor(readonly error: unknown, readonly check: string) {
    super(error instanceof Error ? error.message : String(error), { cause: error });
    this.name = 'WriteError';
  }
}

/** Runs a write; a failure is wrapped in a WriteError naming `check`, the command that shows its outcome. */
export async function checkedWrite<T>(work: Promise<T>, check: string): Promise<T> {
  try {
    return await work;
  } catch (err) {
    throw new WriteError(err, check);
  }
}
