// Seeding the local service through its API for command tests, and the env a command runs with.
import { afterAll, beforeAll } from 'vitest';
import type { CreateHabitBody, Habit } from '../../src/api/types.js';
import type { RecordedRequest } from '../../src/server/index.js';
import { NOW, runCli, tempHome, type CliResult, type RunOptions } from '../helpers/cli.js';
import { startLocalService, type LocalService, type LocalServiceOptions } from '../helpers/local-service.js';

/** Calls the service as a plain HTTP client would; throws on an error status. */
export async function call<T = any>(svc: LocalService, method: string, path: string, body?: unknown): Promise<T> {
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
}

/**
 * A local service (its clock at NOW) and a temp home for one test file, started before its tests
 * and stopped after them. Its fields are set once the file's first beforeAll has run.
 */
export function useService(options: LocalServiceOptions = { clock: { now: () => NOW } }): ServiceFixture {
  const fx = {
    async cli(args: string[], opts: RunOptions = {}) {
      const before = fx.svc.requests.length;
      const result = await runCli(args, { ...opts, env: { ...fx.env, ...opts.env } });
      return { ...result, requests: fx.svc.requests.slice(before) };
    },
  } as ServiceFixture;
  beforeAll(async () => {
    fx.svc = await startLocalService(options);
    fx.home = tempHome();
    fx.env = cliEnv(fx.svc, fx.home.env);
  });
  afterAll(async () => {
    await fx.svc.close();
    fx.home.cleanup();
  });
  return fx;
}
