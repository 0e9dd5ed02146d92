// `habits __complete habits|areas` (hidden): habit or area names, one per line. A warm name cache of
// any age answers without a network call; a cold one asks the server once, with a short timeout.
// It never prompts and never prints an error: a shell is waiting on it. The scripts call
// `habits __complete -- <words>` (src/complete.ts), which reads the cache itself and comes here
// only when it is cold.
import { Argument, type Command } from 'commander';
import type { App } from './shared/app.js';
import { offeredNames } from '../completion/names.js';
import { type Named } from '../resolve/index.js';
import type { Deps } from './shared/deps.js';

const COMPLETE_KINDS = ['habits', 'areas'] as const;
/** What `__complete` lists: active habits, or areas. */
export type CompleteKind = (typeof COMPLETE_KINDS)[number];

/** How long a cold-cache lookup may take before completion gives up (ms). */
const COLD_TIMEOUT_MS = 1500;

/** Registers `__complete <kind>`. */
export function register(cmd: Command, app: App): void {
  cmd
    .addArgument(new Argument('<kind>', 'habits or areas').choices(COMPLETE_KINDS))
    .action(async (kind: CompleteKind, _opts, self: Command) => {
      try {
        await app.run(self, (ctx) => run(kind, ctx));
      } catch {
        // Nothing to offer is the only failure a shell can show.
      }
    });
}

/** Names of `kind`: active habits (or all areas), from the cache, else from the server. */
export async function names(deps: Pick<Deps, 'resolver' | 'scope'>, kind: CompleteKind): Promise<string[]> {
  if (!deps.scope()) return [];
  let items: Named[] | undefined = (await deps.resolver.nameCache()).get(kind, Number.POSITIVE_INFINITY)?.items;
  if (!items) {
    // The listings refresh the cache, so the next completion needs no request.
    const signal = AbortSignal.timeout(COLD_TIMEOUT_MS);
    items = kind === 'habits'
      ? (await deps.resolver.fetchHabits(false, { signal })).map((h) => ({ id: h.id, name: h.name, archived: h.isArchived }))
      : await deps.resolver.fetchAreas({ signal });
  }
  return offeredNames(items);
}

/** Prints the names, one per line. */
export async function run(kind: CompleteKind, deps: Pick<Deps, 'out' | 'resolver' | 'scope'>): Promise<void> {
  const list = await names(deps, kind);
  if (list.length) deps.out.print(list.join('\n'));
}
