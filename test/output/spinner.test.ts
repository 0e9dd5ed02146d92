import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { spinnerAllowed, startSpinner, type InterruptHooks } from '../../src/output/spinner.js';

describe('spinnerAllowed', () => {
  it('needs stderr and stdout on a terminal, and no --quiet', () => {
    expect(spinnerAllowed({ stderrIsTTY: true, stdoutIsTTY: true }, false)).toBe(true);
    expect(spinnerAllowed({ stderrIsTTY: true, stdoutIsTTY: false }, false)).toBe(false); // habits … | jq
    expect(spinnerAllowed({ stderrIsTTY: false, stdoutIsTTY: true }, false)).toBe(false); // 2>log
    expect(spinnerAllowed({ stderrIsTTY: true, stdoutIsTTY: true }, true)).toBe(false);
  });
});

describe('startSpinner', () => {
  let written: string;
  let stream: PassThrough;
  let handlers: (() => void)[];
  let interrupted: number;
  const hooks: InterruptHooks = {
    on: (h) => handlers.push(h),
    off: (h) => (handlers = handlers.filter((x) => x !== h)),
    interrupt: () => interrupted++,
  };

  beforeEach(() => {
    vi.useFakeTimers();
    written = '';
    stream = new PassThrough();
    stream.on('data', (d: Buffer) => (written += d.toString()));
    handlers = [];
    interrupted = 0;
  });
  afterEach(() => vi.useRealTimers());

  it('shows nothing, and hears no Ctrl-C, for a wait shorter than the delay', () => {
    const stop = startSpinner(stream, 'working…', 300, hooks);
    vi.advanceTimersByTime(299);
    expect(handlers).toHaveLength(0);
    stop();
    vi.advanceTimersByTime(1000);
    expect(written).toBe('');
  });

  it('draws after the delay and erases its line when stopped, letting go of Ctrl-C', () => {
    const stop = startSpinner(stream, 'working…', 300, hooks);
    vi.advanceTimersByTime(300);
    expect(written).toBe('\r\u001b[2K⠋ working…');
    expect(handlers).toHaveLength(1);
    stop();
    expect(written.endsWith('\r\u001b[2K')).toBe(true);
    expect(handlers).toHaveLength(0);
  });

  it('on Ctrl-C erases its line, then ends the process as SIGINT does', () => {
    startSpinner(stream, 'working…', 300, hooks);
    vi.advanceTimersByTime(400);
    const before = written;
    handlers[0]!();
    expect(written.slice(before.length)).toBe('\r\u001b[2K');
    expect(interrupted).toBe(1);
    expect(handlers).toHaveLength(0);
    vi.advanceTimersByTime(1000);
    expect(written.slice(before.length)).toBe('\r\u001b[2K'); // no frame after the erase
  });
});
