// The fixtures every test against the local service shares: one caller (client, and call for
// seeding), one service fixture (useService), one habit factory (createHabit, and addHabit with the
// command tests' defaults), the env a CLI run gets, and what tests observe of the service (its
// writes, a slow proxy in front of it).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import type { Area, CreateHabitBody, Goal, Habit, Note, Reminders, TimeOfDay } from '../../src/api/types.js';
import type { RecordedRequest } from '../../src/server/index.js';
import { NOW, runCli, tempHome, type CliResult, type RunOptions } from './cli.js';
import { startLocalService, type LocalService, type LocalServiceOptions } from './local-service.js';

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

/**
 * Calls the service as a plain HTTP client would; throws on an error status. Returns the body's
 * `data` when it has one (for a page, the array of items; its `pagination` is dropped), else the
 * body: one rule for every route.
 */
export async function call<T = unknown>(svc: Pick<LocalService, 'url' | 'apiKey'>, method: string, path: string, body?: unknown): Promise<T> {
  const res = await client(svc)<({ data?: T } & T) | undefined>(method, path, body);
  if (res.status >= 400) throw new Error(`${method} ${path} -> ${res.status}: ${JSON.stringify(res.body)}`);
  const parsed = res.body;
  return (parsed && typeof parsed === 'object' && 'data' in parsed && !Array.isArray(parsed) ? parsed.data : parsed) as T;
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

/** Creates a habit with createHabit, daily and started 2026-11-01 unless `body` says otherwise. */
export function addHabit(svc: LocalService, body: Partial<CreateHabitBody> & { name: string }): Promise<ServedHabit> {
  return createHabit(client(svc), { startDate: '2026-11-01', occurrence: { type: 'daily' }, ...body });
}

/**
 * A habit with every field set: description, icon, colour, unit name, weekdays, a goal, an area,
 * a time of day, a reminder, a stack on `stackOn` and an end condition (for edits that must keep them).
 */
export function addPopulatedHabit(svc: LocalService, name: string, refs: { areaId: string; stackOn: string }): Promise<ServedHabit> {
  return addHabit(svc, {
    name, description: 'Outside', icon: '🚶', colorHex: '#7B61FF', customUnitName: 'laps',
    occurrence: { type: 'weekDays', days: [1, 3, 5] }, goal: { value: 30, unit: 'min', periodicity: 'daily' },
    areaIds: [refs.areaId], timeOfDayIds: ['morning'],
    reminders: {
      timeTriggers: [{ time: { hour: 7, minute: 30 }, occurrenceFilter: { weekDays: [2, 3] }, showAsAlarm: true }],
      habitStacks: [{ conditionHabitId: refs.stackOn, type: 'completed', timerType: 'after', timerDelaySecs: 600 }],
    },
    endCondition: { type: 'streak', streakLength: 5 },
  });
}

/** Creates an area. */
export function addArea(svc: LocalService, body: { name: string; colorHex?: string; icon?: string }): Promise<Area> {
  return call<Area>(svc, 'POST', '/areas', body);
}

/** Adds a note to a habit. */
export function addNote(svc: LocalService, habitId: string, body: { content?: string; moodLevel?: string; photos?: string[] }): Promise<Note> {
  return call<Note>(svc, 'POST', `/habits/${habitId}/notes`, body);
}

/** The notes of a habit, as the service lists them. */
export function notesOf(svc: LocalService, habitId: string): Promise<Note[]> {
  return call<Note[]>(svc, 'GET', `/habits/${habitId}/notes?limit=100`);
}

/** Marks a habit on a date: `complete`, `failed` or `skipped`. */
export function mark(svc: LocalService, id: string, kind: 'complete' | 'failed' | 'skipped', date: string): Promise<unknown> {
  return call(svc, 'POST', `/habits/${id}/logs/${kind}`, { targetDate: date });
}

/** Logs an amount on a date. */
export function logValue(svc: LocalService, id: string, value: number, unitSymbol: string, date: string): Promise<unknown> {
  return call(svc, 'POST', `/habits/${id}/logs`, { value, unitSymbol, targetDate: date });
}

/** The environment of a CLI run against `svc` from the temp home `homeEnv`. */
export function cliEnv(svc: LocalService, homeEnv: Record<string, string>, extra: Record<string, string> = {}): Record<string, string> {
  return { ...homeEnv, HABITS_BASE_URL: svc.url, HABITS_API_KEY: svc.apiKey, ...extra };
}

export interface ServiceFixture {
  /** The running service (its store, its recorded requests); only inside a test. */
  readonly svc: LocalService;
  /** The same, as a function. */
  service(): LocalService;
  /** A caller bound to the service. */
  call: Call;
  /** The service's clock: at `start` until a test moves it. */
  clock: FakeClock;
  home: ReturnType<typeof tempHome>;
  env: Record<string, string>;
  /** Runs the CLI against the service; `requests` are the ones this run caused. */
  cli(args: string[], opts?: RunOptions): Promise<CliResult & { requests: RecordedRequest[] }>;
  /** Forgets the requests received so far (the seeding), so checks see only what follows. */
  reset(): void;
}

/** How useService starts the service. */
export interface UseServiceOptions {
  /** The fake clock's start (default NOW); `real` for the real clock. */
  start?: string | 'real';
  /** Started once for the file (default), or afresh for each test. */
  per?: 'file' | 'test';
  /** The service's zone for "today", and the CLI's HABITS_TIMEZONE. */
  timezone?: string;
  rateLimit?: LocalServiceOptions['rateLimit'];
}

/**
 * The one service fixture: a local service on a fake clock, a caller bound to it, and a temp home
 * with the environment that points the CLI at it. Hooks start it before the tests and stop it after
 * them: once for the file, or afresh for each test (`per: 'test'`, the clock set back to `start`).
 */
export function useService(options: UseServiceOptions = {}): ServiceFixture {
  const start = options.start ?? NOW.toISOString();
  const clock = fakeClock(start === 'real' ? new Date().toISOString() : start);
  let svc: LocalService | undefined;
  const service = (): LocalService => {
    if (!svc) throw new Error('the service runs only inside a test');
    return svc;
  };
  const fx = {
    get svc() {
      return service();
    },
    service,
    call: <T>(...args: Parameters<Call>): Promise<Answer<T>> => client(service())<T>(...args),
    clock,
    async cli(args: string[], opts: RunOptions = {}) {
      const before = service().requests.length;
      const result = await runCli(args, { ...opts, env: { ...fx.env, ...opts.env } });
      return { ...result, requests: service().requests.slice(before) };
    },
    reset: () => void (service().requests.length = 0),
  } as ServiceFixture;
  const per = options.per ?? 'file';
  (per === 'test' ? beforeEach : beforeAll)(async () => {
    if (start !== 'real') clock.set(start);
    svc = await startLocalService({
      ...(start === 'real' ? {} : { clock }),
      ...(options.timezone ? { timezone: options.timezone } : {}),
      ...(options.rateLimit !== undefined ? { rateLimit: options.rateLimit } : {}),
    });
    fx.home = tempHome();
    fx.env = cliEnv(svc, fx.home.env, options.timezone ? { HABITS_TIMEZONE: options.timezone } : {});
  });
  (per === 'test' ? afterEach : afterAll)(async () => {
    await svc?.close();
    svc = undefined;
    fx.home.cleanup();
  });
  return fx;
}

/** The requests of the service other than reads: what a command changed, in order. */
export function writes(svc: LocalService): { method: string; path: string; body: unknown; status: number }[] {
  return svc.requests
    .filter((r) => r.method !== 'GET')
    .map((r) => ({ method: r.method, path: r.path, body: r.body, status: r.status }));
}

/**
 * A loopback proxy in front of `target` that holds each request `delayMs` and records how many were
 * in flight at once.
 */
export async function slowProxy(target: string, delayMs: number): Promise<{ url: string; maxInFlight(): number; close(): Promise<void> }> {
  const base = new URL(target);
  let inFlight = 0;
  let max = 0;
  const server = http.createServer((req, res) => {
    inFlight++;
    max = Math.max(max, inFlight);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      setTimeout(() => {
        const headers: Record<string, string> = {};
        // fetch sets host, connection and content-length itself (and refuses a content-length it did
        // not compute once undici's own module is loaded, as the in-process CLI loads it).
        for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && !['host', 'connection', 'content-length'].includes(k)) headers[k] = v;
        const body = chunks.length ? Buffer.concat(chunks) : undefined;
        fetch(`${base.origin}${req.url}`, { method: req.method, headers, body })
          .then(async (up) => {
            const text = Buffer.from(await up.arrayBuffer());
            inFlight--;
            res.writeHead(up.status, { 'content-type': up.headers.get('content-type') ?? 'application/json' });
            res.end(text);
          })
          .catch(() => {
            inFlight--;
            res.writeHead(502).end();
          });
      }, delayMs);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${base.pathname}`,
    maxInFlight: () => max,
    close: () => new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    }),
  };
}
