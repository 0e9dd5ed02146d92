// --dry-run: an Api that sends reads as usual and records every write instead of sending it, so a
// verb runs as it would, resolving names and reading what it needs, and nothing changes.
import type { Ok } from './types.js';
import type { Api } from './routes.js';
import { buildQuery, fillPath } from './url.js';

/** A write that was not sent: its method, its path below the base URL, and its JSON body (null without one). */
export interface PlannedRequest {
  method: string;
  path: string;
  body: unknown;
}

type Loose = (route: string, opts?: { params?: Readonly<Record<string, unknown>>; query?: Readonly<Record<string, unknown>>; body?: unknown }) => Promise<unknown>;

/**
 * `real` for GET; any other request is appended to `planned` and answered `{ok: true}` without a
 * byte sent. No header is recorded, so the key cannot show.
 */
export function dryRunApi(real: Api, planned: PlannedRequest[]): Api {
  const send = real.request as unknown as Loose;
  const request: Loose = async (route, opts = {}) => {
    if (route.startsWith('GET ')) return send(route, opts);
    const space = route.indexOf(' ');
    const path = fillPath(route.slice(space + 1), opts.params) + buildQuery(opts.query);
    planned.push({ method: route.slice(0, space), path, body: opts.body ?? null });
    return { ok: true } satisfies Ok;
  };
  return { request: request as unknown as Api['request'] };
}
