// Sending the outbox: in order, each write once. A mark is sent again freely (a 409 means the day
// already carries it); a value is written "send" before it leaves, so a sync killed before the
// answer leaves it held (its outcome unknown), never sent twice silently. Held values are skipped
// unless the caller confirms them. The first failure that may pass (no answer, a 5xx, a 429) stops
// the run and keeps the rest; a write the server refuses (a 4xx) is dropped and reported.
import { ApiError, keyRefused } from '../api/errors.js';
import { sendOf } from '../api/pipeline.js';
import type { Api } from '../api/routes.js';
import { mayHaveBeenReceived } from '../api/network.js';
import { markOfDay } from '../model/habit-facts.js';
import { difference, readDay } from './day-total.js';
import { isMarkRoute, isRepeatable, queueDecision, targetDateOf, waitsForItsDay, type Outbox, type QueuedWrite } from './outbox.js';

/** What happened to the outbox in one run. */
export interface Delivery {
  /**
   * Sent, with the server's status and log id. A queued `log set` carries the difference it sent
   * (`value`), or `unchanged` when the day already had its total and nothing was sent (status 0).
   */
  sent: { write: QueuedWrite; status: number; logId?: string; value?: number; unchanged?: boolean }[];
  /** Marks the server already had (409). */
  already: QueuedWrite[];
  /** Refused by the server, and dropped from the outbox. */
  dropped: { write: QueuedWrite; error: unknown }[];
  /** Held values not confirmed: still waiting. */
  held: QueuedWrite[];
  /** Time off planned for a day that has not come (`today`): still waiting, as it should. */
  planned: QueuedWrite[];
  /** Planned time off whose day already held a mark or a value: left alone, nothing sent. */
  leftAlone: { write: QueuedWrite; status: string }[];
  /** Why the run stopped early (the server unreachable, the time budget spent), with the rest kept. */
  stopped?: unknown;
  /** Writes still waiting when the run ended, held ones included. */
  left: number;
}

export interface DeliverOptions {
  /** Ends the run: requests in flight are aborted, their writes kept (a value becomes held). */
  signal?: AbortSignal;
  /** Says whether to send a held value now (`--confirm n`, or a question on a terminal). */
  confirm?: (write: QueuedWrite) => Promise<boolean> | boolean;
  /** The user's date: planned time off is sent from its day on (without it, none is). */
  today?: string;
}

/** Sends what waits in `outbox` through `api`. Call it holding the outbox's lock. */
export async function deliver(outbox: Outbox, api: Api, opts: DeliverOptions = {}): Promise<Delivery> {
  const result: Delivery = { sent: [], already: [], dropped: [], held: [], planned: [], leftAlone: [], left: 0 };
  const send = sendOf(api);
  const pending = outbox.pending();
  let i = 0;
  for (; i < pending.length; i++) {
    const write = pending[i]!;
    if (opts.signal?.aborted) {
      result.stopped = opts.signal.reason;
      break;
    }
    const mark = isMarkRoute(write.route);
    const repeatable = isRepeatable(write);
    if (waitsForItsDay(write, opts.today)) {
      result.planned.push(write);
      continue;
    }
    if (write.held) {
      if (!(await opts.confirm?.(write))) {
        result.held.push(write);
        continue;
      }
      outbox.note('confirm', write.id);
    }
    if (!repeatable) outbox.note('send', write.id);
    let status = 0;
    try {
      let body = write.body;
      let value: number | undefined;
      if (write.set) {
        // A set is sent as the difference from the day's total now, whatever was computed before.
        const date = (write.body as { targetDate?: string }).targetDate ?? '';
        const shown = await readDay(api, write.habit.id, date, write.set.goalUnit, write.set.unit, opts.signal);
        value = difference(write.set.total, shown.total);
        if (value === 0) {
          outbox.note('done', write.id, { status: 0, unchanged: true });
          result.sent.push({ write, status: 0, value, unchanged: true });
          continue;
        }
        body = { ...(write.body as object), value };
      }
      if (write.plannedOff) {
        // Time off is never marked over what the day holds (a mark from another device, a value).
        const date = targetDateOf(write) ?? '';
        const shown = await readDay(api, write.habit.id, date, null, null, opts.signal);
        // A bad habit's past day reads completed for staying within its limit: no mark (on its own day it reads so only when marked).
        const held = markOfDay(shown.status, write.habit.type === 'bad' && date !== opts.today) ?? (shown.total !== 0 ? 'value' : undefined);
        if (held) {
          outbox.note('done', write.id, { status: 0, unchanged: true });
          result.leftAlone.push({ write, status: held });
          continue;
        }
      }
      const answer = await send({
        route: write.route, params: write.params, body, signal: opts.signal, onStatus: (s) => (status = s),
        ...(write.plannedOff ? { note: { off: write.plannedOff } } : {}),
      });
      const logId = (answer as { logId?: unknown } | undefined)?.logId;
      outbox.note('done', write.id, { status, ...(typeof logId === 'string' ? { logId } : {}) });
      result.sent.push({ write, status, ...(typeof logId === 'string' ? { logId } : {}), ...(value === undefined ? {} : { value }) });
    } catch (err) {
      if (mark && err instanceof ApiError && err.kind === 'http' && err.status === 409) {
        outbox.note('done', write.id, { status: 409 });
        result.already.push(write);
        continue;
      }
      const lasting = err instanceof ApiError && queueDecision(err, true) === undefined;
      if (lasting && !keyRefused(err)) {
        outbox.note('drop', write.id, { status: (err as ApiError).status, why: (err as ApiError).serverMessage });
        result.dropped.push({ write, error: err });
        continue;
      }
      // Unreachable, a 5xx, a 429, the key refused, the budget spent: keep it and the rest for later.
      // A value the server cannot have seen is not held for it.
      if (!repeatable && notReceived(err)) outbox.note('unsent', write.id);
      result.stopped = err;
      break;
    }
  }
  result.left = result.held.length + result.planned.length + (pending.length - i);
  outbox.tidy();
  outbox.compact();
  return result;
}

/** True when the server cannot have acted on the request that failed with `err`. */
function notReceived(err: unknown): boolean {
  if (!(err instanceof ApiError)) return false;
  if (err.kind === 'http') return err.status === 429 || (err.status >= 400 && err.status < 500);
  return !mayHaveBeenReceived(err);
}
