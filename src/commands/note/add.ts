// `habits note add <habit> [text] [--mood M] [--photo URL]...`: the text from the argument, else
// from $VISUAL/$EDITOR (or a prompt) on a terminal, else from piped standard input.
import type { Command } from 'commander';
import type { MoodLevel, NoteBody } from '../../api/types.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import { examples, type App } from '../../program.js';
import { readAll } from '../../stdin.js';
import { collect, flagValue } from '../../model/grammar.js';
import { MOOD_HELP, parseMood, parsePhotos } from '../../model/note.js';

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
      return app.run(cmd, (ctx) => run(ctx, options));
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
async function noteText(ctx: Context, options: NoteAddOptions, habitName: string): Promise<string> {
  if (options.text !== undefined) return options.text;
  if (ctx.prompter.available) {
    const message = `Note on "${habitName}"`;
    if (ctx.env.VISUAL || ctx.env.EDITOR) return ctx.prompter.editor({ message });
    return ctx.prompter.input({ message, required: !options.mood && options.photos.length === 0 });
  }
  if (!ctx.io.stdinIsTTY) return readAll(ctx.io.stdin);
  return '';
}

/** Adds the note. */
export async function run(ctx: Context, options: NoteAddOptions): Promise<void> {
  const habit = await ctx.resolver.resolveHabit(options.ref);
  // Editors leave a final newline, and a blank note is no note.
  const content = (await noteText(ctx, options, habit.name)).replace(/^\s*\n/, '').trimEnd();
  if (!content && !options.mood && options.photos.length === 0) {
    throw emptyNote();
  }
  const body: NoteBody = {};
  if (content) body.content = content;
  if (options.mood) body.moodLevel = options.mood;
  if (options.photos.length) body.photos = options.photos;
  const note = await (await ctx.api()).request('POST /habits/{habitId}/notes', { params: { habitId: habit.id }, body });
  await ctx.out.result(note, () => '');
  ctx.out.info(`Added a note to "${habit.name}"${note.id ? ` (id:${note.id})` : ''}`);
}
