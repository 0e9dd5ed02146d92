// Destructive verbs confirm on a terminal and otherwise need --yes.
import type { Deps } from './deps.js';
import { CancelledError, UsageError } from '../../errors.js';

/**
 * Fails at once (exit 2, naming --yes) when `action` could neither be confirmed nor was allowed
 * with --yes. Commands call it before any request, so nothing is looked up in vain.
 */
export function requireConfirmable(deps: Pick<Deps, 'prompter'>, yes: boolean, action: string): void {
  if (!yes && !deps.prompter.available) {
    throw new UsageError(`refusing to ${action} without confirmation`, 'pass --yes to confirm when not on a terminal');
  }
}

/**
 * Confirms `action` (e.g. `delete habit "Walk"`) unless `yes`. On a terminal it asks, default no;
 * elsewhere it fails at once (exit 2) naming --yes. Declining exits 130, changing nothing.
 */
export async function confirmDestructive(deps: Pick<Deps, 'prompter'>, yes: boolean, action: string, consequence?: string): Promise<void> {
  requireConfirmable(deps, yes, action);
  if (yes) return;
  const question = action.charAt(0).toUpperCase() + action.slice(1) + '?' + (consequence ? ` ${consequence}` : '');
  const ok = await deps.prompter.confirm({ message: question, default: false });
  if (!ok) throw new CancelledError('cancelled; nothing was changed');
}
