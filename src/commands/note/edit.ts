// `habits note edit <habit> <noteId> [--text T] [--mood M] [--photo URL]...`: changes only what is given.
import type { Command } from 'commander';
import { allNotes } from '../../api/paging.js';
import type { Note, NoteBody } from '../../api/types.js';
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

/**
 * Sends the changes, and says which they were. There is no single-note GET: the habit's notes say
 * what the note holds now, so an edit that would change nothing sends nothing and says so. A note
 * the listing does not show is left to the server to answer (404, exit 3).
 */
export async function run(options: NoteEditOptions, deps: Pick<Deps, 'api' | 'out' | 'resolver'>): Promise<void> {
  const habit = await deps.resolver.resolveHabit(options.ref);
  const api = await deps.api();
  const current = (await allNotes(api, habit.id)).find((n) => n.id === options.noteId);
  const changed = current ? changes(current, options.body) : undefined;
  if (current && changed?.length === 0) {
    await deps.out.result(current, () => '');
    deps.out.info(`No change: note ${options.noteId} of "${habit.name}" already holds that ${described(options.body)}`);
    return;
  }
  const note = await api.request('PUT /habits/{habitId}/notes/{noteId}', {
    params: { habitId: habit.id, noteId: options.noteId },
    body: options.body,
  });
  await deps.out.result(note, () => '');
  deps.out.info(`Updated note ${options.noteId} of "${habit.name}"${changed ? `: ${changed.join(', ')}` : ''}`);
}

/** What the body would change in `note`: `text`, `mood low → high`, `photos (2)`. */
export function changes(note: Note, body: NoteBody): string[] {
  const out: string[] = [];
  if (body.content !== undefined && body.content !== (note.content ?? '')) out.push('text');
  if (body.moodLevel !== undefined && body.moodLevel !== note.moodLevel) out.push(`mood ${note.moodLevel ?? 'none'} → ${body.moodLevel}`);
  if (body.photos !== undefined && body.photos.join('\n') !== (note.photos ?? []).join('\n')) out.push(`photos (${body.photos.length})`);
  return out;
}

/** `text, mood` for the fields a body sets. */
function described(body: NoteBody): string {
  const names = [body.content !== undefined && 'text', body.moodLevel !== undefined && 'mood', body.photos !== undefined && 'photos'];
  const given = names.filter((n): n is string => !!n);
  return given.length === 1 ? given[0]! : `${given.slice(0, -1).join(', ')} and ${given.at(-1)}`;
}
