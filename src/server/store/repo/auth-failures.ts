// Rows of auth_failures: failed authentication attempts per client address in a fixed window. They
// live in the file, so every process serving it counts against one limit.
import type { Store } from '../store.js';

interface Window {
  window_start: number;
  failures: number;
}

/** The window of `address`, or undefined when it has none open at `nowMs`. */
function openWindow(store: Store, address: string, nowMs: number, windowMs: number): Window | undefined {
  const row = store.prepare('SELECT window_start, failures FROM auth_failures WHERE address = ?').get(address) as Window | undefined;
  // A clock set back opens a new window rather than locking an address out for longer.
  return row && nowMs >= row.window_start && nowMs < row.window_start + windowMs ? row : undefined;
}

/** Milliseconds until `address` may try again when it has `limit` failures in its window, else 0. */
export function lockedOutFor(store: Store, address: string, nowMs: number, limit: number, windowMs: number): number {
  const window = openWindow(store, address, nowMs, windowMs);
  return window && window.failures >= limit ? window.window_start + windowMs - nowMs : 0;
}

/**
 * Counts one failed attempt of `address` unless it already has `limit` failures in its window;
 * returns the milliseconds until it may try again when it had (nothing counted), else 0. The check
 * and the count are one BEGIN IMMEDIATE transaction, so processes sharing the file count one at a
 * time and never past the limit. Opening a window drops the windows that have ended.
 */
export function countAuthFailure(store: Store, address: string, now: () => number, limit: number, windowMs: number): number {
  return store.write(() => {
    // The time is read once the write lock is held: a time read before waiting for it could
    // precede a window another process opened meanwhile, which would then look set back and be
    // replaced by a new one, its failures forgotten.
    const nowMs = now();
    const window = openWindow(store, address, nowMs, windowMs);
    if (window && window.failures >= limit) return window.window_start + windowMs - nowMs;
    if (window) {
      store.prepare('UPDATE auth_failures SET failures = failures + 1 WHERE address = ?').run(address);
      return 0;
    }
    store.prepare('DELETE FROM auth_failures WHERE window_start <= ? OR window_start > ?').run(nowMs - windowMs, nowMs);
    store.prepare('INSERT OR REPLACE INTO auth_failures (address, window_start, failures) VALUES (?, ?, 1)').run(address, nowMs);
    return 0;
  });
}

/**
 * Ends every lockout. `habits serve` calls it on start: whoever can start the service on the file
 * can read its key there (or chooses it), so a lockout left by an earlier run guards nothing from
 * them and only keeps the right key out.
 */
export function clearAuthFailures(store: Store): void {
  store.write(() => store.prepare('DELETE FROM auth_failures').run());
}
