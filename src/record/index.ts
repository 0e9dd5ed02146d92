// The machine's own memory of its writes, per account, in the data directory: the record of every
// write sent (record.ts) and the outbox of marks and values waiting to be sent (outbox.ts,
// deliver.ts). Both are append-only JSON-lines files, fsynced on every append (docs/outbox.md).
import type { RouteKey } from '../api/routes.js';
import { describeError } from '../describe-error.js';
import { FailureError, QueuedError } from '../errors.js';
import { escapeControls } from '../model/text.js';
import { formatNumber } from '../output/format.js';
import { isRepeatable, Outbox, outboxFile, queueDecision, type QueuedWrite, type SetIntent } from './outbox.js';
import { recordFile, WriteRecord } from './record.js';

export { deliver, type Delivery } from './deliver.js';
export { Outbox, outboxFile, outboxFiles, queueDecision, type QueuedWrite, type SetIntent } from './outbox.js';
export { difference, readDay, type DayShown } from './day-total.js';
export { dateOf, logWriteOf, recordFile, recordFiles, WriteRecord, type LiveLog, type RecordedWrite } from './record.js';

/** One account's record and outbox. */
export interface Writes {
  record: WriteRecord;
  outbox: Outbox;
  /** False with --no-queue or HABITS_NO_QUEUE=1, and in local mode: a failed write fails at once. */
  queueing: boolean;
}

/** The record and outbox of the account `scope` (config/load.ts, accountScope) in `dataDir`. */
export function openWrites(dataDir: string, scope: string, now: () => Date, queueing: boolean): Writes {
  return { record: new WriteRecord(recordFile(dataDir, scope)), outbox: new Outbox(outboxFile(dataDir, scope), now), queueing };
}

const VERBS: Record<string, string> = { complete: 'done', failed: 'fail', skipped: 'skip' };

/**
 * `log done "Walk" for 2026-11-22`, `log add "Run" 5 km for 2026-11-22`, `log set "Water" 5 cup for
 * 2026-11-22 (-1 from 6 when queued)`: a queued write as a command.
 */
export function describeQueued(w: Pick<QueuedWrite, 'route' | 'body' | 'habit' | 'set'>): string {
  const body = (w.body ?? {}) as { targetDate?: unknown; value?: unknown; unitSymbol?: unknown };
  const name = `"${escapeControls(w.habit.name)}"`;
  const date = typeof body.targetDate === 'string' ? ` for ${body.targetDate}` : '';
  const mark = /\/logs\/(\w+)$/.exec(w.route)?.[1];
  if (mark) return `log ${VERBS[mark] ?? mark} ${name}${date}`;
  const unit = typeof body.unitSymbol === 'string' && body.unitSymbol ? ` ${body.unitSymbol}` : '';
  if (w.set) {
    const then = w.set.was === undefined || typeof body.value !== 'number' ? '' : ` (${signed(body.value)} from ${formatNumber(w.set.was)} when queued)`;
    return `log set ${name} ${formatNumber(w.set.total)}${unit}${date}${then}`;
  }
  return `log add ${name} ${String(body.value)}${unit}${date}`;
}

/** A difference with its sign: `+2`, `-1.5`. */
export function signed(n: number): string {
  return `${n > 0 ? '+' : ''}${formatNumber(n)}`;
}

/** What a failed mark or value was. */
export interface FailedWrite {
  route: RouteKey;
  params: Record<string, string>;
  body: unknown;
  habit: { id: string; name: string };
  /** A `log set`: queued as an intent, sent as the difference from the day's total then. */
  set?: SetIntent;
}

/**
 * Keeps the write that failed with `err` in the outbox when it should be (queueDecision), and
 * returns the QueuedError (exit 6) that says so; undefined when it is not queued.
 */
export function queueFailed(writes: Writes | undefined, err: unknown, write: FailedWrite): QueuedError | undefined {
  if (!writes?.queueing) return undefined;
  const decision = queueDecision(err, isRepeatable(write));
  if (!decision) return undefined;
  // A mark is safe to send again, so whether the server recorded it does not matter here.
  const said = describeError(err).message;
  const why = decision === 'queue' ? said.replace(/; the server may have recorded it$/, '') : said;
  let queued;
  try {
    queued = writes.outbox.queue({ ...write, why }, decision === 'hold');
  } catch (e) {
    // Neither sent nor kept: said as such, never as an unexpected error.
    throw new FailureError(
      `${describeQueued(write)} could not be sent (${why}), nor kept in the outbox: ${e instanceof Error ? e.message : String(e)}`,
      'failure',
      'run the command again once the server can be reached',
    );
  }
  const what = describeQueued(queued);
  if (decision === 'queue') {
    return new QueuedError(`${what} waits in the outbox as [${queued.n}]: ${why}`, '`habits sync` sends it, and so does the next command that reaches the server');
  }
  const date = (write.body as { targetDate?: string }).targetDate;
  return new QueuedError(
    `${what} is held in the outbox as [${queued.n}]: ${why}`,
    `check with \`habits journal${date ? ` --date ${date}` : ''}\`; then \`habits sync --confirm ${queued.n}\` sends it, \`habits sync --drop ${queued.n}\` forgets it`,
  );
}
