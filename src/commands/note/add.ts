// `habits note add <habit> [text] [--mood M] [--photo URL]... [--date D]`: the text from the
// argument, else from $VISUAL/$EDITOR (or a prompt) on a terminal, else from piped standard input.
// A note's day is its creation time: `--date` before today sends `createdAt` (the local service's
// extension) and checks the note the server returns, warning when the server dated it otherwise.
import type { Command } from 'commander';
import type { MoodLevel, NoteBody } from '../../api/types.js';
import { checkedWrite, UsageError } from '../../errors.js';
import { examples, type App } from '../shared/app.js';
import { readAll } from '../../stdin.js';
import { collect, flagValue } from '../../model/grammar.js';
import { DATE_FORMS, dateInZone, instantOn, parseLogDateArg } from '../../model/dates.js';
import { MOOD_HELP, parseMood, parsePhotos } from '../../model/note.js';
import type { Deps } from '../shared/deps.js';

/** What `note add` was asked to do. */
export interface NoteAddOptions {
  ref: string;
  /** Undefined: ask the editor, or read stdin. */
  text?: string;
  mood?: MoodLevel;
  photos: string[];
  /** The note's day, `YYYY-MM-DD` in the user's zone. */
  date: string;
  /** For a day before today: an instant on it, sent as `createdAt`. */
  createdAt?: string;
}

/** What parse() needs to place a date: today, now, and the user's date of an instant. */
export interface NoteClock {
  today: string;
  now: Date;
  dateOf(instant: Date): string;
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
    .option('--date <date>', `the day the note belongs to: ${DATE_FORMS}, in your timezone, not after today (default today)`)
    .addHelpText('after', examples([
      ['habits note add Walk "Windy, but went round the lake" --mood good'],
      ['habits note add Walk', 'opens $EDITOR on a terminal'],
      ['fortune | habits note add Read', 'the text from standard input'],
      ['habits note add Run --mood 5 --photo https://example.com/run.jpg'],
      ['habits note add Walk "Sore legs" --date yesterday', "yesterday's note (a server must take createdAt: the local service does)"],
    ]))
    .action((ref: string, text: string | undefined, opts: NoteAddFlags, cmd: Command) =>
      app.run(cmd, (ctx) => {
        const dateOf = (instant: Date) => dateInZone(instant, ctx.settings.timezone.value);
        return run(parse(ref, text, opts, { today: ctx.today(), now: ctx.now(), dateOf }), ctx, dateOf);
      }),
    );
}

/** The flags of `note add` as commander gives them. */
export interface NoteAddFlags {
  mood?: string;
  photo?: string[];
  date?: string;
}

/** Checks the arguments before any request; a date after today is refused. */
export function parse(ref: string, text: string | undefined, opts: NoteAddFlags, clock: NoteClock): NoteAddOptions {
  if (!ref.trim()) throw new UsageError('<habit> is empty');
  const { mood } = opts;
  const date = opts.date === undefined ? clock.today : parseLogDateArg(opts.date, clock.today, '--date');
  const options: NoteAddOptions = {
    ref,
    text,
    mood: mood === undefined ? undefined : flagValue('--mood', () => parseMood(mood)),
    photos: flagValue('--photo', () => parsePhotos(opts.photo ?? [])),
    date,
    ...(date < clock.today ? { createdAt: instantOn(date, clock.now, clock.dateOf).toISOString() } : {}),
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

/** Adds the note, and says which day it got when `--date` asked for an earlier one. */
export async function run(options: NoteAddOptions, deps: Pick<Deps, 'api' | 'env' | 'io' | 'out' | 'prompter' | 'resolver'>, dateOf?: (instant: Date) => string): Promise<void> {
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
  if (options.createdAt) body.createdAt = options.createdAt;
  const api = await deps.api();
  const note = await checkedWrite(api.request('POST /habits/{habitId}/notes', { params: { habitId: habit.id }, body }), `habits note ls id:${habit.id}`);
  // Piped, the new id is the output (kept with -q, which silences only the confirmation).
  await deps.out.render({ json: note, tty: () => '', plain: () => note.id ?? '' });
  const id = note.id ? ` (id:${note.id})` : '';
  const created = typeof note.createdAt === 'string' ? new Date(note.createdAt) : undefined;
  const got = options.createdAt && created && !Number.isNaN(created.getTime()) && dateOf ? dateOf(created) : options.date;
  deps.out.info(`Added a note to "${habit.name}" for ${got}${id}`);
  if (options.createdAt && got !== options.date) {
    deps.out.warn(
      `warning: the server dated the note ${got}, not ${options.date}: it does not take a note's date (createdAt; the local service does).` +
        (note.id ? ` \`habits note rm id:${habit.id} ${note.id}\` removes it` : ''),
    );
  }
}
