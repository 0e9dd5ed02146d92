// The one delete flow of the rm verbs (area, habit, log, note): refuse early without a way to
// confirm, resolve, confirm, send the DELETE (or with --dry-run print it), forget cached names,
// then the result and one line saying what went.
import type { Api } from '../../api/routes.js';
import { UsageError } from '../../errors.js';
import type { CacheKind } from '../../resolve/cache.js';
import type { Named } from '../../resolve/match.js';
import { confirmDestructive, requireConfirmable } from './confirm.js';
import type { Deps } from './deps.js';
import { printPlan, writeApi, type PlannedRequest } from './dry-run.js';

/** What every rm verb is asked: what to delete, whether without asking, whether as a dry run. */
export interface DeleteOptions {
  ref: string;
  yes: boolean;
  /** --dry-run: print the request instead of sending it. */
  dryRun?: boolean;
}

/** The rm verbs' flags, checked before any request; `empty` is said when `ref` is blank. */
export function deleteOptions(ref: string, opts: { yes?: boolean; dryRun?: boolean }, empty: string): DeleteOptions {
  if (!ref.trim()) throw new UsageError(empty);
  return { ref, yes: !!opts.yes, dryRun: !!opts.dryRun };
}

/** What one rm verb adds to the flow. */
export interface DeleteSpec {
  yes: boolean;
  dryRun?: boolean;
  /** The action before anything is looked up, for the refusal: `delete area "Wo"`. */
  asked: string;
  /** Finds what is deleted (a read: it runs on a dry run too). */
  resolve(): Promise<Named>;
  /** The action as confirmed, with the name found: `delete area "Work"`. */
  action(target: Named): string;
  /** Said after the question: what else goes or stays. */
  consequence: string;
  /** Sends the DELETE through `api` (on a dry run, recorded instead). */
  send(api: Api, target: Named): Promise<unknown>;
  /** The cached names that the deletion makes stale, if any. */
  forget?: CacheKind;
  /** The info line once deleted. */
  done(target: Named): string;
}

type DeleteDeps = Pick<Deps, 'api' | 'out' | 'prompter' | 'resolver'>;

/** Runs the delete flow of `spec`. */
export async function runDelete(deps: DeleteDeps, spec: DeleteSpec): Promise<void> {
  // Without a terminal and without --yes the answer is known: refuse before any request.
  const planned: PlannedRequest[] | undefined = spec.dryRun ? [] : undefined;
  if (!planned) requireConfirmable(deps, spec.yes, spec.asked);
  const target = await spec.resolve();
  if (!planned) await confirmDestructive(deps, spec.yes, spec.action(target), spec.consequence);
  const result = await spec.send(await writeApi(deps, planned), target);
  if (planned) return printPlan(deps.out, planned);
  if (spec.forget) await deps.resolver.forgetNames(spec.forget);
  await deps.out.result(result, () => '');
  deps.out.info(spec.done(target));
}

/**
 * Deletes one item of a habit by its id, for good: `item` is how the messages name it
 * (`log -Nx7Lq2`, `note -Nx7Lq2`), `send` its DELETE given the habit found for `options.ref`.
 */
export function deleteOfHabit(
  deps: DeleteDeps,
  options: { ref: string; yes: boolean; dryRun?: boolean },
  item: string,
  send: (api: Api, habit: Named) => Promise<unknown>,
): Promise<void> {
  return runDelete(deps, {
    yes: options.yes,
    dryRun: options.dryRun,
    asked: `delete ${item}`,
    resolve: () => deps.resolver.resolveHabit(options.ref),
    action: (habit) => `delete ${item} of "${habit.name}"`,
    consequence: 'This cannot be undone.',
    send,
    done: (habit) => `Deleted ${item} of "${habit.name}"`,
  });
}
