// Typed errors and the exit-code table of the CLI contract. describeError() is the one mapping from
// an error to its exit code and text; cli.ts is the only place that exits with it, and bulk
// commands use it to report each item. Commands throw.
import { CommanderError } from 'commander';
import { ApiError } from './api/errors.js';

/** Exit codes of the contract (shared/design/cli-contract.md, "Exit codes"). */
export const EXIT = {
  ok: 0,
  failure: 1,
  usage: 2,
  notFound: 3,
  auth: 4,
  rateLimited: 5,
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
  constructor(message: string, readonly candidates: string[]) {
    super(message, EXIT.usage, 'ambiguous', `candidates: ${candidates.join(', ')}`);
  }
}

/** No key, or a key the server refused (exit 4). */
export class AuthError extends CliError {
  constructor(message: string, hint = 'run `habits auth login`, or set HABITS_API_KEY') {
    super(message, EXIT.auth, 'auth', hint);
  }
}

/** An unreadable or invalid configuration file or value (exit 2). */
export class ConfigError extends CliError {
  constructor(message: string, hint?: string) {
    super(message, EXIT.usage, 'config', hint);
  }
}

/** The user pressed Ctrl-C at a prompt, or declined a confirmation (exit 130). */
export class CancelledError extends CliError {
  constructor(message = 'cancelled') {
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
 * Some items of a bulk command failed. Each failure was already reported with its hint; the
 * summary keeps the first failure's exit code, code and status.
 */
export class PartialFailure extends Error {
  constructor(readonly first: unknown, readonly failed: number, readonly total: number) {
    super(`${failed} of ${total} failed`);
    this.name = 'PartialFailure';
  }
}

/** The parts of an error the user sees, and its exit code. */
export interface ErrorReport {
  exitCode: ExitCode;
  code: string;
  message: string;
  status?: number;
  hint?: string;
}

/** Maps any error to the contract's exit-code table. */
export function describeError(err: unknown): ErrorReport {
  if (err instanceof CliError) return { exitCode: err.exitCode, code: err.code, message: err.message, hint: err.hint };
  if (err instanceof PartialFailure) return { ...describeError(err.first), message: err.message, hint: undefined };
  if (err instanceof ApiError) return describeApiError(err);
  if (err instanceof CommanderError) return describeCommanderError(err);
  const message = err instanceof Error ? err.message : String(err);
  return { exitCode: EXIT.failure, code: 'internal', message: `unexpected error: ${message}`, hint: 'run again with --verbose for details, and report it if it persists' };
}

function describeApiError(err: ApiError): ErrorReport {
  const where = `${err.method} ${err.path}`;
  const base = { status: err.status || undefined };
  if (err.kind === 'timeout') {
    return { ...base, exitCode: EXIT.failure, code: 'timeout', message: `${err.serverMessage} (${where})`, hint: 'raise the limit with --timeout or HABITS_TIMEOUT' };
  }
  if (err.kind === 'network') {
    return { ...base, exitCode: EXIT.failure, code: 'network', message: `${err.serverMessage} (${where})`, hint: 'check the network, or the base URL with `habits config get base-url`' };
  }
  const s = err.status;
  if (s === 400 || s === 422) {
    // Servers differ: some list the problems in the message too, some only in details.
    const details = err.details
      .filter((d) => !err.serverMessage.includes(`${d.field} ${d.message}`) && !err.serverMessage.includes(`${d.field}: ${d.message}`))
      .map((d) => `${d.field}: ${d.message}`)
      .join('; ');
    return { ...base, exitCode: EXIT.usage, code: 'validation', message: `the server rejected the request: ${err.serverMessage}${details ? ` (${details})` : ''}` };
  }
  if (s === 401 || s === 403) {
    return { ...base, exitCode: EXIT.auth, code: 'auth', message: `the server refused the API key: ${err.serverMessage} (HTTP ${s})`, hint: 'run `habits auth login` with a valid key (API access needs a paid plan)' };
  }
  if (s === 404) return { ...base, exitCode: EXIT.notFound, code: 'not_found', message: `not found: ${err.serverMessage} (${where})` };
  if (s === 409) return { ...base, exitCode: EXIT.failure, code: 'conflict', message: `conflict: ${err.serverMessage} (${where})` };
  if (s === 429) {
    const wait = err.retryAfterSecs !== undefined ? `; the server asks to wait ${err.retryAfterSecs} s` : '';
    return { ...base, exitCode: EXIT.rateLimited, code: 'rate_limited', message: `rate limited by the server (HTTP 429) after retries${wait}`, hint: 'the limit is 500 requests a minute; try again later' };
  }
  if (s >= 500) return { ...base, exitCode: EXIT.failure, code: 'server', message: `server error ${s}: ${err.serverMessage} (${where})` };
  return { ...base, exitCode: EXIT.failure, code: 'http', message: `HTTP ${s}: ${err.serverMessage} (${where})` };
}

function describeCommanderError(err: CommanderError): ErrorReport {
  if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help') {
    return { exitCode: EXIT.ok, code: 'ok', message: '' };
  }
  // commander.executeSubCommandAsync and friends never occur: we have no executable subcommands.
  const message = err.message.replace(/^error: /, '').replace(/\s*\n\s*/g, ' ');
  let hint = 'see `habits --help`, or `habits help <command>`';
  const option = /unknown option '(-[^-][^']*)'/.exec(err.message)?.[1];
  if (option && option.length > 2) hint = `a reference that begins with "-" goes after \`--\`, or as id:${option}`;
  return { exitCode: EXIT.usage, code: 'usage', message, hint };
}

