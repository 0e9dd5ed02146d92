// The outbox sent first, as middleware: before a command's first request, what waits in the outbox
// goes, for at most 1.5 s (a request still running then is abandoned and its write kept). An empty
// outbox costs one stat and no request. `habits sync` sends it itself, and a dry run sends nothing:
// their registrations declare `outboxFirst: false` (commands/shared/app.ts).
import { countOf } from '../api/answers.js';
import { typedApi, type Middleware } from '../api/pipeline.js';
import { describeError } from '../describe-error.js';
import { CliError } from '../errors.js';
import { escapeControls } from '../model/text.js';
import { deliver } from './deliver.js';
import { describeQueued } from './index.js';
import type { Outbox, QueuedWrite } from './outbox.js';

/** How long a command spends on the outbox before its own first request. */
const OUTBOX_BUDGET_MS = 1500;
/** An outbox larger than this is left to `habits sync` (compacted, it is a few kilobytes). */
const OUTBOX_FIRST_MAX_BYTES = 4 * 1024 * 1024;

export interface OutboxFirstOptions {
  outbox: () => Outbox;
  /** The user's date: time off planned for it (or before) is sent now. */
  today: () => string;
  info: (line: string) => void;
  warn: (line: string) => void;
  /** The writes it sent (the status line follows them: command-context.ts). */
  sent?: (writes: QueuedWrite[]) => void;
}

export function sendOutboxFirst(options: OutboxFirstOptions): Middleware {
  return (next) => {
    let first: Promise<void> | undefined;
    return async (req) => {
      first ??= deliverFirst(options, typedApi(next));
      await first;
      return next(req);
    };
  };
}

async function deliverFirst({ outbox: outboxOf, info, warn, today, sent }: OutboxFirstOptions, api: ReturnType<typeof typedApi>): Promise<void> {
  const outbox = outboxOf();
  if (!outbox.exists()) return;
  // Read whole only by `habits sync`, which compacts it: a command is not slowed by an outbox
  // grown large (a server out of reach for months, or a file that is not ours).
  const size = outbox.size();
  if (size > OUTBOX_FIRST_MAX_BYTES) {
    warn(`warning: the outbox is ${(size / (1024 * 1024)).toFixed(1)} MB, too large to send before this command: \`habits sync\` sends it (${outbox.file})`);
    return;
  }
  let attempt;
  try {
    attempt = await outbox.locked(() => deliver(outbox, api, { signal: AbortSignal.timeout(OUTBOX_BUDGET_MS), today: today() }));
  } catch (err) {
    // An outbox that cannot be read (a symbolic link) is `habits sync`'s to report; this command goes on.
    if (!(err instanceof CliError)) throw err;
    warn(`warning: the outbox was not sent: ${escapeControls(err.message)}`);
    return;
  }
  // Another habits command is sending it (its lock is checked: lock.ts): nothing to do here.
  if ('busy' in attempt) return;
  const delivery = attempt.done;
  if (delivery.sent.length > 0) sent?.(delivery.sent.map((s) => s.write));
  const isOff = (w: { plannedOff?: unknown }) => w.plannedOff !== undefined;
  const done = delivery.sent.filter((s) => !isOff(s.write)).length + delivery.already.filter((w) => !isOff(w)).length;
  if (done > 0) info(`Sent ${countOf(done, 'queued write')} from the outbox`);
  const off = delivery.sent.filter((s) => isOff(s.write)).length + delivery.already.filter(isOff).length;
  if (off > 0) info(`Took ${countOf(off, 'planned day')} off (habits off ls)`);
  for (const { write, status } of delivery.leftAlone) {
    info(`Left ${describeQueued(write)} alone: the day already holds ${status === 'value' ? 'a value' : `a ${status} mark`} (planned time off)`);
  }
  for (const { write, error } of delivery.dropped) {
    warn(`warning: the server refused the queued ${describeQueued(write)}, which was dropped from the outbox: ${escapeControls(describeError(error).message)}`);
  }
  if (delivery.held.length > 0) {
    warn(`warning: ${countOf(delivery.held.length, 'write')} held in the outbox, the server may have ${delivery.held.length === 1 ? 'it' : 'them'}: see \`habits sync\``);
  }
}
