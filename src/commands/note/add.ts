// `habits note add <habit> [text] [--mood M] [--photo URL]...`: the text from the argument, else
// from $VISUAL/$EDITOR (or a prompt) on a terminal, else from piped standard input.
import type { Command } from 'commander';
import type { MoodLevel, NoteBody } from '../../api/types.js';
import { checkedWrite, UsageError } from '../../errors.js';
import { examples, type App } from '../shared/app.js';
import { readAll } from '../../stdin.js';
import { collect, flagValue } from '../../model/grammar.js';
import { MOOD_HELP, parseMood, parsePhotos } from '../../model/note.js';
import type { Deps } from '../shared/deps.js';

/** What `note add` was asked to do. */
export interface NoteAddOptions {
  ref: string;
  /** Undefined: ask the editor, or read stdin. */
  text?: string;
  mood?: MoodLevel;
  photos: string[];
}

/** Registers `note add`. */
export function register(parent: Command, app: App): void {
  parent
    .command('add')
    .description('add a note to a habit, with an optional mood and photos')
    .argument('<habit>', 'habit name, id, id:<id> or unique prefix')
    .argument('[text]', 'the note; without it: $VISUAL/$EDITOR on a terminal, or standard input when piped')
    .option('--mood <mood>', MOOD_HELP)
    .option('--photo <url>', 'a photo URL (http or https); repeat for more', collect)
    .addHelpText('after', examples([
      ['habits note add Walk "Windy, but went round the lake" --mood good'],
      ['habits note add Walk', 'opens $EDITOR on a terminal'],
      ['fortune | habits note add Read', 'the text from standard input'],
      ['habits note add Run --mood 5 --photo https://example.com/run.jpg'],
    ]))
    .action((ref: string, text: string | undefined, opts: { mood?: string; photo?: string[] }, cmd: Command) => {
      const options = parse(ref, text, opts);
      return app.run(cmd, (ctx) => run(options, ctx));
    });
}

/** Checks the arguments before any request. */
export function parse(ref: string, text: string | undefined, opts: { mood?: string; photo?: string[] }): NoteAddOptions {
  if (!ref.trim()) throw new UsageError('<habit> is empty');
  const { mood } = opts;
  const options: NoteAddOptions = {
    ref,
    text,
    mood: mood === undefined ? undefined : flagValue('--mood', () => parseMood(mood)),
    photos: flagValue('--photo', () => parsePhotos(opts.photo ?? [])),
  };
  if (text !== undefined && !text.trim() && !options.mood && options.photos.length === 0) throw emptyNote();
  return options;
}

function emptyNote(): UsageError {
  return new UsageError('the note is empty', 'give the text as an argument or on standard input, or pass --mood or --photo');
}

/** The note text: the argument, else the editor or a prompt on a terminal, else piped stdin. */
async function noteText(deps: Pick<Deps, 'env' | 'io' | 'prompter'>, options: NoteAddOptions, habitName: string): Promise<string> {
  if (options.text !== undefined) return options.text;
  if (deps.prompter.available) {
    const message = `Note on "${habitName}"`;
    if (deps.env.VISUAL || deps.env.EDITOR) return deps.prompter.editor({ message });
    return deps.prompter.input({ message, required: !options.mood && options.photos.length === 0 });
  }
  if (!deps.io.stdinIsTTY) return readAll(deps.io.stdin);
  return '';
}

/** Adds the note. */
export async function run(options: NoteAddOptions, deps: Pick<Deps, 'api' | 'env' | 'io' | 'out' | 'prompter' | 'resolver'>): Promise<void> {
  const habit = await deps.resolver.resolveHabit(options.ref);
  // Editors leave a final newline, and a blank note is no note.
  const content = (await noteText(deps, options, habit.name)).replace(/^\s*\n/, '').trimEnd();
  if (!content && !options.mood && options.photos.length === 0) {
    throw emptyNote();
  }
  const body: NoteBody = {};
  if (content) body.content = content;
  if (options.mood) body.moodLevel = options.mood;
  if (options.photos.length) body.photos = options.photos;
  const api = await deps.api();
  const note = await checkedWrite(api.request('POST /habits/{habitId}/notes', { params: { habitId: habit.id }, body }), `habits note ls id:${habit.id}`);
  await deps.out.result(note, () => '');
  deps.out.info(`Added a note to "${habit.name}"${note.id ? ` (id:${note.id})` : ''}`);
}
