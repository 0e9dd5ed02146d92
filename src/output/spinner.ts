// A spinner on stderr for waits longer than about 300 ms. Only ever started on a terminal.
import type { Writable } from 'node:stream';
import type { Middleware } from '../api/pipeline.js';

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const CLEAR_LINE = '\r\u001b[2K';

/**
 * Whether a wait may show a spinner: stderr is a terminal and stdout is one too (output piped or
 * redirected is for a program, and so is the run), and not with --quiet.
 */
export function spinnerAllowed(io: { stdoutIsTTY: boolean; stderrIsTTY: boolean }, quiet: boolean): boolean {
  return io.stderrIsTTY && io.stdoutIsTTY && !quiet;
}

/** How the spinner hears Ctrl-C; tests pass their own. */
export interface InterruptHooks {
  on(handler: () => void): void;
  off(handler: () => void): void;
  /** Ends the process as SIGINT would (exit status 130). */
  interrupt(): void;
}

const processInterrupts: InterruptHooks = {
  on: (handler) => process.on('SIGINT', handler),
  off: (handler) => process.off('SIGINT', handler),
  // Without our handler, SIGINT ends the process the default way: the shell sees 130.
  interrupt: () => process.kill(process.pid, 'SIGINT'),
};

/**
 * Shows `label` with a spinner after `delayMs`; the returned function stops and erases it. Ctrl-C
 * while it is shown erases its line first, then ends the process as SIGINT does.
 */
export function startSpinner(stream: Writable, label: string, delayMs = 300, interrupts: InterruptHooks = processInterrupts): () => void {
  let frame = 0;
  let shown = false;
  let interval: NodeJS.Timeout | undefined;
  const draw = () => {
    stream.write(`${CLEAR_LINE}${FRAMES[frame++ % FRAMES.length]} ${label}`);
  };
  const onInterrupt = () => {
    stop();
    interrupts.interrupt();
  };
  const timer = setTimeout(() => {
    shown = true;
    interrupts.on(onInterrupt);
    draw();
    interval = setInterval(draw, 80);
    interval.unref();
  }, delayMs);
  timer.unref();
  const stop = () => {
    clearTimeout(timer);
    if (interval) clearInterval(interval);
    interval = undefined;
    if (shown) {
      shown = false;
      interrupts.off(onInterrupt);
      stream.write(CLEAR_LINE);
    }
  };
  return stop;
}

/** The spinner as middleware: shown while any request is pending, from the first until the last ends. */
export interface RequestSpinner {
  middleware: Middleware;
  /** Stops it now (the command ends). */
  stop(): void;
}

/** A spinner labelled `working…` on `stream` over pending requests; none at all when not `allowed`. */
export function requestSpinner(stream: Writable, allowed: boolean): RequestSpinner {
  let pending = 0;
  let stopSpinner: (() => void) | undefined;
  const stop = (): void => {
    stopSpinner?.();
    stopSpinner = undefined;
  };
  const middleware: Middleware = (next) => async (req) => {
    if (pending++ === 0 && allowed) stopSpinner = startSpinner(stream, 'working…');
    try {
      return await next(req);
    } finally {
      if (--pending === 0) stop();
    }
  };
  return { middleware, stop };
}
