// Seeding the local service through its API for command tests, and the env a command runs with.
import type { CreateHabitBody, Habit } from '../../src/api/types.js';
import type { LocalService } from '../helpers/local-service.js';

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
