// Seeding the local service through its API for command tests, the env a command runs with, and
// what tests observe of the service (its writes, a slow proxy in front of it).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { Area, CreateHabitBody, Habit, Note } from '../../src/api/types.js';
import type { RecordedRequest } from '../../src/server/index.js';
import { NOW, runCli, tempHome, type CliResult, type RunOptions } from './cli.js';
import { startLocalService, type LocalService, type LocalServiceOptions } from './local-service.js';

/**
 * Calls the service as a plain HTTP client would; throws on an error status. Returns the body's
 * `data` when it has one (for a page, the array of items; its `pagination` is dropped), else the
 * body: one rule for every route.
 */
export async function call<T = any>(svc: Pick<LocalService, 'url' | 'apiKey'>, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(svc.url + path, {
    method,
    headers: { 'x-api-key': svc.apiKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} -> ${res.status}: ${text}`);
  if (!text) return undefined as T;
  const parsed = JSON.parse(text) as { data?: T } & T;
  return (parsed && typeof parsed === 'object' && 'data' in parsed && !Array.isArray(parsed) ? parsed.data : parsed) as T;
}

/** Creates a habit (daily, started 2026-11-01 unless said otherwise). */
export function addHabit(svc: LocalService, body: Partial<CreateHabitBody> & { name: string }): Promise<Habit> {
  return call<Habit>(svc, 'POST', '/habits', { type: 'good', startDate: '2026-11-01', occurrence: { type: 'daily' }, ...body });
}

/** Creates an area. */
export function addArea(svc: LocalService, body: { name: string; colorHex?: string; icon?: string }): Promise<Area> {
  return call<Area>(svc, 'POST', '/areas', body);
}

/** Adds a note to a habit. */
export function addNote(svc: LocalService, habitId: string, body: { content?: string; moodLevel?: string; photos?: string[] }): Promise<Note> {
  return call<Note>(svc, 'POST', `/habits/${habitId}/notes`, body);
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
  svc: LocalService;
  home: ReturnType<typeof tempHome>;
  env: Record<string, string>;
  /** Runs the CLI against the service; `requests` are the ones this run caused. */
  cli(args: string[], opts?: RunOptions): Promise<CliResult & { requests: RecordedRequest[] }>;
  /** Forgets the requests received so far (the seeding), so checks see only what follows. */
  reset(): void;
}

/** The service's clock fixed at NOW: useService's default. */
export const FIXED_CLOCK: LocalServiceOptions = { clock: { now: () => NOW } };

/**
 * A local service and a temp home, started before the tests and stopped after them: once for the
 * file, or afresh for each test with `{ each: true }`. Without a clock in `options` the service
 * reads the real one; with a `timezone`, the CLI's HABITS_TIMEZONE is that zone too. The fields are
 * set once the first beforeAll (or beforeEach) has run.
 */
export function useService(options: LocalServiceOptions = FIXED_CLOCK, { each = false } = {}): ServiceFixture {
  const fx = {
    async cli(args: string[], opts: RunOptions = {}) {
      const before = fx.svc.requests.length;
      const result = await runCli(args, { ...opts, env: { ...fx.env, ...opts.env } });
      return { ...result, requests: fx.svc.requests.slice(before) };
    },
    reset: () => void (fx.svc.requests.length = 0),
  } as ServiceFixture;
  (each ? beforeEach : beforeAll)(async () => {
    fx.svc = await startLocalService(options);
    fx.home = tempHome();
    fx.env = cliEnv(fx.svc, fx.home.env, options.timezone ? { HABITS_TIMEZONE: options.timezone } : {});
  });
  (each ? afterEach : afterAll)(async () => {
    await fx.svc.close();
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
