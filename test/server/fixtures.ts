// A small HTTP client for the service tests: raw fetch with the key, parsed JSON back.
import type { LocalService } from '../helpers/local-service.js';

export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export type Call = <T = any>(method: string, path: string, body?: unknown, init?: { headers?: Record<string, string>; raw?: string }) => Promise<Answer<T>>;

/** A caller bound to a running service. */
export function client(svc: Pick<LocalService, 'url' | 'apiKey'>): Call {
  return async (method, path, body, init = {}) => {
    const headers: Record<string, string> = { 'x-api-key': svc.apiKey, ...init.headers };
    let payload: string | undefined = init.raw;
    if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] ??= 'application/json';
    }
    const res = await fetch(svc.url + path, { method, headers, ...(payload !== undefined ? { body: payload } : {}) });
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      parsed = text;
    }
    return { status: res.status, body: parsed as never, headers: res.headers };
  };
}

/** The error a promise rejects with; fails when it resolves. */
export async function rejectionOf(promise: Promise<unknown>): Promise<Error & { code?: string }> {
  try {
    await promise;
  } catch (err) {
    return err as Error & { code?: string };
  }
  throw new Error('expected the promise to reject');
}

/** A clock tests move by hand. */
export function fakeClock(iso: string): { now(): Date; set(iso: string): void; advance(ms: number): void } {
  let t = Date.parse(iso);
  return {
    now: () => new Date(t),
    set: (next) => void (t = Date.parse(next)),
    advance: (ms) => void (t += ms),
  };
}
