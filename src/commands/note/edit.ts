// `habits note edit <habit> <noteId> [--text T] [--mood M] [--photo URL]...`: changes only what is given.
import type { Command } from 'commander';
import type { NoteBody } from '../../api/types.js';
import { UsageError } from '../../errors.js';
import { examples, type App } from '../shared/app.js';
import { collect, flagValue } from '../../model/grammar.js';
import { MOOD_HELP, parseId, parseMood, parsePhotos } from '../../model/note.js';
import type { Deps } from '../shared/deps.js';

/** What `note edit` was asked to do. */
export interface NoteEditOptions {
  ref: string;
  noteId: string;
  body: NoteBody;
}

/** Registers `note edit`. */
export function register(parent: Command, app: App): void {
  parent
    .command('edit')
    .description("change a note's text, mood or photos (only what you pass)")
    .argument('<habit>', 'habit name, id, id:<id> or unique prefix')
    .argument('<noteId>', 'the note id, as `habits note ls` shows it (ids starting with "-" go after --, or as id:<id>)')
    .option('--text <text>', 'the new text')
    .option('--mood <mood>', MOOD_HELP)
    .option('--photo <url>', 'photo URL (http or https); repeat for more; replaces the photos', collect)
    .addHelpText('after', examples([
      ['habits note edit Walk id:-Nx7Lq2 --text "Went round twice"'],
      ['habits note edit Walk id:-Nx7Lq2 --mood very-high'],
      ['habits note edit Walk id:-Nx7Lq2 --photo https://example.com/a.jpg --photo https://example.com/b.jpg'],
    ]))
    .action((ref: string, noteId: string, opts: { text?: string; mood?: string; photo?: string[] }, cmd: Command) => {
      const options = parse(ref, noteId, opts);
      return app.run(cmd, (ctx) => run(options, ctx));
    });
}

/** Checks the arguments and builds the PUT body from the flags given. */
export function parse(ref: string, noteId: string, opts: { text?: string; mood?: string; photo?: string[] }): NoteEditOptions {
  if (!ref.trim()) throw new UsageError('<habit> is empty');
  const { text, mood, photo } = opts;
  const body: NoteBody = {};
  if (text !== undefined) body.content = text;
  if (mood !== undefined) body.moodLevel = flagValue('--mood', () => parseMood(mood));
  if (photo !== undefined) body.photos = flagValue('--photo', () => parsePhotos(photo));
  if (Object.keys(body).length === 0) throw new UsageError('nothing to change', 'pass --text, --mood or --photo');
  return { ref, noteId: parseId(noteId, '<noteId>'), body };
}

/** Sends the changes. */
export async function run(options: NoteEditOptions, deps: Pick<Deps, 'api' | 'out' | 'resolver'>): Promise<void> {
  const habit = await deps.resolver.resolveHabit(options.ref);
  const note = await (await deps.api()).request('PUT /habits/{habitId}/notes/{noteId}', {
    params: { habitId: habit.id, noteId: options.noteId },
    body: options.body,
  });
  await deps.out.result(note, () => '');
  deps.out.info(`Updated note ${options.noteId} of "${habit.name}"`);
}
