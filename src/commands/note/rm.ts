// `habits note rm <habit> <noteId> [--yes]`: deletes a note, for good.
import type { Command } from 'commander';
import { examples, type App } from '../shared/app.js';
import { parseId } from '../../model/note.js';
import type { Deps } from '../shared/deps.js';
import { deleteOptions, deleteOfHabit, type DeleteOptions } from '../shared/delete.js';
import { DRY_RUN_HELP } from '../shared/dry-run.js';

/** What `note rm` was asked to do. */
export interface NoteRmOptions extends DeleteOptions {
  noteId: string;
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
  return { ...deleteOptions(ref, opts, '<habit> is empty'), noteId: parseId(noteId, '<noteId>') };
}

/** Deletes the note, after confirming. */
export async function run(options: NoteRmOptions, deps: Pick<Deps, 'api' | 'out' | 'prompter' | 'resolver'>): Promise<void> {
  return deleteOfHabit(deps, options, `note ${options.noteId}`, (api, habit) =>
    api.request('DELETE /habits/{habitId}/notes/{noteId}', { params: { habitId: habit.id, noteId: options.noteId } }));
}
