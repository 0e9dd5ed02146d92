// A second active habit (or area) with the same name makes every later reference to it ambiguous,
// and a cron job that logs it by name fails from then on. Creating or renaming to a name already in
// use is refused (exit 2) unless the user says it is meant.
import { UsageError } from '../../errors.js';
import type { Deps } from './deps.js';

/** Throws when an active habit (or an area) other than `exceptId` is already called `name`. */
export async function requireUniqueName(deps: Pick<Deps, 'resolver'>, kind: 'habits' | 'areas', name: string, exceptId?: string): Promise<void> {
  const taken = await deps.resolver.sameName(kind, name, exceptId);
  if (!taken) return;
  const noun = kind === 'habits' ? 'habit' : 'area';
  throw new UsageError(
    `${noun === 'habit' ? 'an active habit' : 'an area'} is already called "${taken.name}" (id:${taken.id}); a second one would make "${name.trim()}" ambiguous everywhere`,
    `choose another name, or pass --allow-duplicate to ${exceptId ? 'rename it' : `create a second ${noun}`} anyway`,
  );
}
