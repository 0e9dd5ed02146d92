// Destructive verbs confirm on a terminal and otherwise need --yes.
import type { Context } from '../context.js';
import { CancelledError, UsageError } from '../errors.js';

/**
 * Confirms `action` (e.g. `delete habit "Walk"`) unless `yes`. On a terminal it asks, default no;
 * elsewhere it fails at once (exit 2) naming --yes. Declining exits 130, changing nothing.
 */
export async function confirmDestructive(ctx: Context, yes: boolean, action: string, consequence?: string): Promise<void> {
  if (yes) return;
  if (!ctx.prompter.available) {
    throw new UsageError(`refusing to ${action} without confirmation`, 'pass --yes to confirm when not on a terminal');
  }
  const question = action.charAt(0).toUpperCase() + action.slice(1) + '?' + (consequence ? ` ${consequence}` : '');
  const ok = await ctx.prompter.confirm({ message: question, default: false });
  if (!ok) throw new CancelledError('cancelled; nothing was changed');
}
