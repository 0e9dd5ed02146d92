// Fixtures of the log, note, area and completion tests: a local service on the tests' fixed clock,
// seeded through its HTTP API, and the CLI run against it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Area, Habit, Note } from '../../src/api/types.js';
import { NOW, runCli, tempHome, type CliResult, type RunOptions } from '../helpers/cli.js';
import { startLocalService, type LocalService } from '../helpers/local-service.js';

export interface World {
  svc: LocalService;
  home: ReturnType<typeof tempHome>;
  env: Record<string, string>;
  /** Runs the CLI in-process against the service, with a clean environment plus `extra`. */
  run(argv: string[], opts?: RunOptions): Promise<CliResult>;
  /** Calls the service directly (seeding and checking state), bypassing the CLI. */
  call<T = unknown>(method: string, path: string, body?: unknown): Promise<T>;
  habit(name: string, extra?: Record<string, unknown>): Promise<Habit>;
  area(name: string, extra?: Record<string, unknown>): Promise<Area>;
  note(habitId: string, body: Record<string, unknown>): Promise<Note>;
  /** Requests received since the last reset (the seeding is forgotten). */
  reset(): void;
  close(): Promise<void>;
}

/** Starts a service on the fixed clock (or the real one) and a temp HOME pointing at it. */
export async function startWorld(opts: { timezone?: string; realClock?: boolean } = {}): Promise<World> {
  // Spawned CLIs read the real clock; the service must agree with them about "today".
  const svc = await startLocalService({ ...(opts.realClock ? {} : { clock: { now: () => NOW } }), timezone: opts.timezone ?? 'UTC' });
  const home = tempHome();
  const env = { ...home.env, HABITS_BASE_URL: svc.url, HABITS_API_KEY: svc.apiKey, ...(opts.timezone ? { HABITS_TIMEZONE: opts.timezone } : {}) };
  const call = async <T,>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(svc.url + path, {
      method,
      headers: { 'x-api-key': svc.apiKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    const data = text ? (JSON.parse(text) as unknown) : undefined;
    return (data && typeof data === 'object' && 'data' in data && !('pagination' in data) ? (data as { data: T }).data : data) as T;
  };
  return {
    svc,
    home,
    env,
    run: (argv, o = {}) => runCli(argv, { ...o, env: { ...env, ...o.env } }),
    call,
    habit: (name, extra = {}) => call<Habit>('POST', '/habits', { name, type: 'good', startDate: opts.realClock ? '2020-01-01' : '2026-11-01', ...extra }),
    area: (name, extra = {}) => call<Area>('POST', '/areas', { name, ...extra }),
    note: (habitId, body) => call<Note>('POST', `/habits/${habitId}/notes`, body),
    reset: () => void (svc.requests.length = 0),
    close: async () => {
      await svc.close();
      home.cleanup();
    },
  };
}

/** Requests of the service other than the name lookups (GET /habits, GET /areas). */
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
        for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && k !== 'host' && k !== 'connection') headers[k] = v;
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

/** Any ANSI escape. */
export const ESC = '\x1b';
