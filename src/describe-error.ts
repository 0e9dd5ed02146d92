// Any error as the user sees it: its exit code (the contract's table, EXIT in errors.ts), its code
// for --json, one line of message and a hint. cli.ts reports the error a command threw with it;
// bulk commands report each item's failure with it.
import { CommanderError } from 'commander';
import { ApiError } from './api/errors.js';
import { outcomeUnknown } from './api/retry.js';
import { CancelledError, CliError, EXIT, type ExitCode, PartialFailure, WriteError } from './errors.js';

/** The parts of an error the user sees, and its exit code. */
export interface ErrorReport {
  exitCode: ExitCode;
  code: string;
  message: string;
  status?: number;
  /** The usage line of the command a usage error arose in: `habits log done <habit...> [options]`. */
  usage?: string;
  hint?: string;
  /** Not an error but the user's choice (Cancel at a review): said as it is, without `error:`. */
  chosen?: boolean;
}

/** A usage error commander raised, with the command it arose in (see program.ts). */
export class CommandUsageError extends CommanderError {
  constructor(
    err: CommanderError,
    /** The command's words: `habits log done`. */
    readonly command: string,
    /** Its usage line: `habits log done <habit...> [options]`. */
    readonly usage: string,
  ) {
    super(err.exitCode, err.code, err.message);
  }
}

/** Maps any error to the contract's exit-code table. */
export function describeError(err: unknown): ErrorReport {
  if (err instanceof CliError) return { exitCode: err.exitCode, code: err.code, message: err.message, hint: err.hint, ...(err instanceof CancelledError && err.chosen ? { chosen: true } : {}) };
  if (err instanceof PartialFailure) return { ...describeError(err.first), message: err.message, hint: undefined };
  if (err instanceof WriteError) return outcomeUnknown(err.error) ? unknownOutcome(err.error, err.check) : describeError(err.error);
  if (err instanceof ApiError) return outcomeUnknown(err) ? unknownOutcome(err) : describeApiError(err);
  if (err instanceof CommanderError) return describeCommanderError(err);
  const message = err instanceof Error ? err.message : String(err);
  return { exitCode: EXIT.failure, code: 'internal', message: `unexpected error: ${message}`, hint: 'run again with --verbose for details, and report it if it persists' };
}

/**
 * A write that may have been recorded although it failed: said plainly, with the way to check,
 * instead of inviting a re-run (which would record it twice) with "raise the timeout".
 */
function unknownOutcome(err: unknown, check?: string): ErrorReport {
  const r = describeApiError(err as ApiError);
  const how = check ? `check with \`${check}\` before running it again` : 'check before running it again';
  return { ...r, exitCode: EXIT.failure, message: `${r.message}; the server may have recorded it`, hint: `${how}: a second run may record it twice` };
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
  if (s >= 200 && s < 300) return { ...base, exitCode: EXIT.failure, code: 'server', message: `the server's answer could not be used: ${err.serverMessage} (${where})` };
  if (s >= 500) return { ...base, exitCode: EXIT.failure, code: 'server', message: `server error ${s}: ${err.serverMessage} (${where})` };
  return { ...base, exitCode: EXIT.failure, code: 'http', message: `HTTP ${s}: ${err.serverMessage} (${where})` };
}

function describeCommanderError(err: CommanderError): ErrorReport {
  if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help') {
    return { exitCode: EXIT.ok, code: 'ok', message: '' };
  }
  // commander.executeSubCommandAsync and friends never occur: we have no executable subcommands.
  const message = err.message.replace(/^error: /, '').replace(/\s*\n\s*/g, ' ');
  const usage = err instanceof CommandUsageError ? err.usage : undefined;
  let hint = err instanceof CommandUsageError ? `see \`${err.command} --help\`` : 'see `habits --help`, or `habits help <command>`';
  const option = /unknown option '(-[^-][^']*)'/.exec(err.message)?.[1];
  // An id (they may begin with "-"): `id:` works anywhere; after `--` only when no option follows.
  if (option && option.length > 2) hint = `write an id that begins with "-" as id:${option} (or last, after \`--\` and every option)`;
  return { exitCode: EXIT.usage, code: 'usage', message, ...(usage ? { usage } : {}), hint };
}

