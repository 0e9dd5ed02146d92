// A spinner on stderr for waits longer than about 300 ms. Only ever started on a terminal.
import type { Writable } from 'node:stream';

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/** Shows `label` with a spinner after `delayMs`; the returned function stops and erases it. */
export function startSpinner(stream: Writable, label: string, delayMs = 300): () => void {
  let frame = 0;
  let shown = false;
  let interval: NodeJS.Timeout | undefined;
  const draw = () => {
    shown = true;
    stream.write(`\r\u001b[2K${FRAMES[frame++ % FRAMES.length]} ${label}`);
  };
  const timer = setTimeout(() => {
    draw();
    interval = setInterval(draw, 80);
    interval.unref();
  }, delayMs);
  timer.unref();
  return () => {
    clearTimeout(timer);
    if (interval) clearInterval(interval);
    if (shown) stream.write('\r\u001b[2K');
  };
}
