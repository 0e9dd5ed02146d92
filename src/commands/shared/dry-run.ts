// --dry-run for the destructive verbs and `habit edit`: the verb runs against dryRunApi (api/dry-run.ts),
// which sends its reads and records its writes, and printPlan shows the writes it would have sent.
import { dryRunApi, type PlannedRequest } from '../../api/dry-run.js';
import type { Api } from '../../api/routes.js';
import { jsonText } from '../../output/output.js';
import type { Deps } from './deps.js';

export type { PlannedRequest };

/** The flag's help, the same on every verb. */
export const DRY_RUN_HELP = 'print the requests it would send and send none (reads that find the habit still run); needs no --yes';

/** The API a verb writes through: the real one, or with --dry-run one that records writes in `planned`. */
export async function writeApi(deps: Pick<Deps, 'api'>, planned: PlannedRequest[] | undefined): Promise<Api> {
  const api = await deps.api();
  return planned ? dryRunApi(api, planned) : api;
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
