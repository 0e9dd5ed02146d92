// The record of writes as middleware: every write that leaves is appended to the account's record
// (record.ts) with when, what, the last status heard (a retry's too) and the answer's log id. Reads
// pass untouched; a write refused before it left (a read-only store) is not recorded.
import { ApiError } from '../api/errors.js';
import { isRead, methodOf, pathOf, type Middleware } from '../api/pipeline.js';
import { escapeControls } from '../model/text.js';
import type { WriteRecord } from './record.js';

export interface RecordingOptions {
  /** The account's record, asked for on the first write. */
  record: () => WriteRecord;
  now: () => Date;
  /** Said once if the record cannot be appended to: the write stands, only the memory of it is missing. */
  warn: (line: string) => void;
}

export function recordWrites({ record, now, warn }: RecordingOptions): Middleware {
  let warned = false;
  return (next) => async (req) => {
    if (isRead(req)) return next(req);
    let status = 0;
    const note = (answer: unknown, err?: unknown): void => {
      if (err instanceof ApiError && !status) status = err.status;
      try {
        const logId = (answer as { logId?: unknown } | undefined)?.logId;
        const kind = err instanceof ApiError && err.kind !== 'http' ? err.kind : undefined;
        record().append({
          at: now().toISOString(),
          method: methodOf(req),
          path: pathOf(req),
          ...(req.body === undefined ? {} : { body: req.body }),
          status,
          ...(typeof logId === 'string' ? { logId } : {}),
          ...(kind ? { error: kind } : {}),
          ...(typeof req.note?.reverts === 'string' ? { reverts: req.note.reverts } : {}),
          ...(req.note?.restores ? { restores: req.note.restores } : {}),
          ...(req.note?.off ? { off: req.note.off } : {}),
        });
      } catch (e) {
        if (!warned) warn(`warning: could not add to the record of writes: ${escapeControls(e instanceof Error ? e.message : String(e))}`);
        warned = true;
      }
    };
    // A skip of `habits off` is recorded before it leaves too: killed between the service's write
    // and the line below, the range still knows the day (record.ts, unresolvedIntents).
    if (req.note?.off) {
      try {
        record().append({ at: now().toISOString(), method: methodOf(req), path: pathOf(req), ...(req.body === undefined ? {} : { body: req.body }), status: 0, off: req.note.off, intent: true });
      } catch (e) {
        if (!warned) warn(`warning: could not add to the record of writes: ${escapeControls(e instanceof Error ? e.message : String(e))}`);
        warned = true;
      }
    }
    try {
      const answer = await next({ ...req, onStatus: (s) => { status = s; req.onStatus?.(s); } });
      note(answer);
      return answer;
    } catch (err) {
      if (err instanceof ApiError) note(undefined, err);
      throw err;
    }
  };
}
