// A progress line on stderr for long bulk work (`habits off` over a year): redrawn in place, at
// most every 100 ms, and erased at the end. Only on a terminal, as the spinner (spinner.ts,
// spinnerAllowed): nothing at all when stderr or stdout is a pipe, or with --quiet.
import type { Writable } from 'node:stream';

const CLEAR_LINE = '\r\u001b[2K';

export interface Progress {
  /** Shows `done` of `total` with `label`; drawn at most every 100 ms (and always the last). */
  update(done: number, total: number, label: string): void;
  /** Erases the line. */
  end(): void;
}

/** A progress line on `stream`; does nothing unless `allowed`. `nowMs` paces the redraws. */
export function progressLine(stream: Writable, allowed: boolean, nowMs: () => number = Date.now): Progress {
  let shown = false;
  let last = -Infinity;
  return {
    update(done, total, label) {
      if (!allowed) return;
      const t = nowMs();
      if (t - last < 100 && done < total) return;
      last = t;
      shown = true;
      const pct = total === 0 ? 100 : Math.floor((done / total) * 100);
      stream.write(`${CLEAR_LINE}${label} ${done}/${total} (${pct}%)`);
    },
    end() {
      if (shown) stream.write(CLEAR_LINE);
      shown = false;
    },
  };
}
