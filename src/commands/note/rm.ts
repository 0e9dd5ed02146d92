// `habits note rm <habit> <noteId> [--yes]`: deletes a note, for good.
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { examples, type App } from '../shared/app.js';
import { parseId } from '../../model/note.js';
import type { Deps } from '../shared/deps.js';
import { deleteOfHabit } from '../shared/delete.js';
import { DRY_RUN_HELP } from '../shared/dry-run.js';

/** What `note rm` was asked to do. */
export interface NoteRmOptions {
  ref: string;
  noteId: string;
  yes: boolean;
  /** --dry-run: print the request instead of sending it. */
  dryRun?: boolean;
}

/** Registers `note rm`. */
export function register(parent: Command, app: App): void {
  parent
    .command('rm')
    .description('delete a note of a habit')
    .argument('<habit>', 'habit name, id, id:<id> or unique prefix')
    .argument('<noteId>', 'the note id, as `habits note ls` shows it')
    .option('-y, --yes', 'delete without asking (needed when not on a terminal)')
    .option('--dry-run', DRY_RUN_HELP)
    .addHelpText('after', examples([
      ['habits note rm Walk id:-Nx7Lq2', 'asks first on a terminal'],
      ['habits note rm Walk id:-Nx7Lq2 --yes', 'in scripts'],
    ]))
    .action((ref: string, noteId: string, opts: { yes?: boolean; dryRun?: boolean }, cmd: Command) => {
      const options = parse(ref, noteId, opts);
      return app.run(cmd, (ctx) => run(options, ctx));
    });
}

/** Checks the arguments before any request. */
export function parse(ref: string, noteId: string, opts: { yes?: boolean; dryRun?: boolean }): NoteRmOptions {
  if (!ref.trim()) throw new UsageError('<habit> is empty');
  return { ref, noteId: parseId(noteId, '<noteId>'), yes: !!opts.yes, dryRun: !!opts.dryRun };
}

/** Deletes the note, after confirming. */
export async function run(options: NoteRmOptions, deps: Pick<Deps, 'api' | 'out' | 'prompter' | 'resolver'>): Promise<void> {
  return deleteOfHabit(deps, options, `note ${options.noteId}`, (api, habit) =>
    api.request('DELETE /habits/{habitId}/notes/{noteId}', { params: { habitId: habit.id, noteId: options.noteId } }));
}
