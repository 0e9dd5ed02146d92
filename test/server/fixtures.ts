// The fixtures of the service tests, in one place: a caller (raw fetch with the key, parsed JSON
// back), a service started per test or per file on a fake clock, a habit factory, and the shapes
// the service answers with. Answers are typed by the caller (`call<Logged>(...)`): a test states
// what it expects to read, and tsc holds it to the API's types.
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import type { Area, Goal, Habit, Pagination, Reminders, TimeOfDay } from '../../src/api/types.js';
import { type LocalService, startLocalService } from '../helpers/local-service.js';

/** A response: the status, the parsed body (the raw text when it is not JSON) and the headers. */
export interface Answer<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** Sends a request below the base URL; `T` is the body the test expects back. */
export type Call = <T = unknown>(method: string, path: string, body?: unknown, init?: { headers?: Record<string, string>; raw?: string }) => Promise<Answer<T>>;

/** A caller bound to a running service. */
export function client(svc: Pick<LocalService, 'url' | 'apiKey'>): Call {
  return async <T>(method: string, path: string, body?: unknown, init: { headers?: Record<string, string>; raw?: string } = {}): Promise<Answer<T>> => {
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
    return { status: res.status, body: parsed as T, headers: res.headers };
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
export interface FakeClock {
  now(): Date;
  set(iso: string): void;
  advance(ms: number): void;
}

/** A clock at `iso` until moved. */
export function fakeClock(iso: string): FakeClock {
  let t = Date.parse(iso);
  return {
    now: () => new Date(t),
    set: (next) => void (t = Date.parse(next)),
    advance: (ms) => void (t += ms),
  };
}

/** The service of a test file, its caller and its clock. */
export interface ServiceFixture {
  /** Calls the service the current test runs against. */
  call: Call;
  clock: FakeClock;
  /** The running service (its store, its recorded requests). */
  service(): LocalService;
}

/**
 * Registers hooks that start the service on a fake clock at `start`: afresh for each test (the
 * clock set back to `start`), or with `per: 'file'` once for the whole file.
 */
export function useService({ start = '2026-03-10T12:00:00Z', per = 'test' }: { start?: string; per?: 'test' | 'file' } = {}): ServiceFixture {
  const clock = fakeClock(start);
  let svc: LocalService | undefined;
  let bound: Call | undefined;
  const service = (): LocalService => {
    if (!svc) throw new Error('the service runs only inside a test');
    return svc;
  };
  const open = async (): Promise<void> => {
    clock.set(start);
    svc = await startLocalService({ clock });
    bound = client(svc);
  };
  const close = async (): Promise<void> => {
    await svc?.close();
    svc = undefined;
  };
  if (per === 'file') {
    beforeAll(open);
    afterAll(close);
  } else {
    beforeEach(open);
    afterEach(close);
  }
  const call: Call = <T>(...args: Parameters<Call>): Promise<Answer<T>> => {
    if (!bound) throw new Error('the service runs only inside a test');
    return bound<T>(...args);
  };
  return { call, clock, service };
}

/** A habit as the local service returns it: the fields other servers may leave out are all there. */
export type ServedHabit = Omit<Habit, 'reminders' | 'goal' | 'goals' | 'areas' | 'timeOfDays' | 'customUnitName' | 'challengeId'> & {
  goal: Goal | null;
  goals: Goal[];
  areas: Area[];
  timeOfDays: TimeOfDay[];
  reminders: Required<Reminders>;
  customUnitName: string | null;
  challengeId: string | null;
};

/** Creates a habit through the API (a good one named Read, unless `body` says otherwise); expects 201. */
export async function createHabit(call: Call, body: Record<string, unknown> = {}): Promise<ServedHabit> {
  const res = await call<ServedHabit>('POST', '/habits', { name: 'Read', type: 'good', ...body });
  expect(res.status).toBe(201);
  return res.body;
}

/** The `{data}` wrapper of most answers. */
export interface Data<T> {
  data: T;
}

/** A page of habits or notes: the local service always sends the pagination. */
export interface Listed<T> {
  data: T[];
  pagination: Pagination;
}

/** What a log write answers (`logId` is the local service's addition). */
export interface Logged {
  message: string;
  logId: string;
}

/** One problem of a 400. */
export interface Detail {
  field: string;
  message: string;
}

/** A 400: the local service always lists the details. */
export interface Invalid {
  error: string;
  message: string;
  details: Detail[];
}

/** Any other error answer (401, 404, 405, 409, 413, 429...). */
export interface Failure {
  error: string;
  message?: string;
}
