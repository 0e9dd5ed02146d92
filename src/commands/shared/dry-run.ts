// --dry-run for the destructive verbs and `habit edit`: the verb runs with the dryRun middleware,
// which sends its reads and records its writes instead of sending them, so the verb resolves names
// and reads what it needs as it would, and nothing changes; printPlan shows the writes it would
// have sent.
import { buildQuery } from '../../api/url.js';
import { isRead, methodOf, pathOf, wrapApi, type Middleware } from '../../api/pipeline.js';
import type { Api } from '../../api/routes.js';
import type { Ok } from '../../api/types.js';
import { jsonText } from '../../output/output.js';
import type { Deps } from './deps.js';

/** A write that was not sent: its method, its path below the base URL, and its JSON body (null without one). */
export interface PlannedRequest {
  method: string;
  path: string;
  body: unknown;
}

/**
 * Reads go on; any other request is appended to `planned` and answered `{ok: true}` without a byte
 * sent. No header is recorded, so the key cannot show.
 */
export function dryRun(planned: PlannedRequest[]): Middleware {
  return (next) => async (req) => {
    if (isRead(req)) return next(req);
    const path = pathOf(req) + buildQuery(req.query);
    planned.push({ method: methodOf(req), path, body: req.body ?? null });
    return { ok: true } satisfies Ok;
  };
}

/** The flag's help, the same on every verb. */
export const DRY_RUN_HELP = 'print the requests it would send and send none (reads that find the habit still run); needs no --yes';

/** The API a verb writes through: the real one, or with --dry-run one that records writes in `planned`. */
export async function writeApi(deps: Pick<Deps, 'api'>, planned: PlannedRequest[] | undefined): Promise<Api> {
  const api = await deps.api();
  return planned ? wrapApi(api, dryRun(planned)) : api;
}

/** One request as printed: `DELETE /habits/-Nab…`, then its body as indented JSON. */
export function requestText(r: PlannedRequest): string {
  const head = `${r.method} ${r.path}`;
  if (r.body === null || r.body === undefined) return head;
  return `${head}\n${jsonText(r.body, 2).split('\n').map((line) => `  ${line}`).join('\n')}`;
}

/**
 * Prints what a dry run would have sent, on stdout (it is the command's output): one request per
 * block, or with --json an array of `{method, path, body}`; then says nothing was sent.
 */
export async function printPlan(out: Deps['out'], planned: PlannedRequest[]): Promise<void> {
  const text = (): string => planned.map(requestText).join('\n');
  await out.render({ json: planned, plain: text, tty: text });
  out.info(`Dry run: ${planned.length === 1 ? '1 request' : `${planned.length} requests`} not sent`);
}
