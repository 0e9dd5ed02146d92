// The prompter commands receive. It wraps the individual @inquirer packages, loads each on first
// use, draws on stderr (stdout stays data), and turns Ctrl-C into CancelledError (exit 130). A
// prompt asked with `back` also listens for Esc, which rejects it with BackError (a walk of
// questions goes back one); elsewhere Esc does nothing.
import { WriteStream } from 'node:tty';
import { stripVTControlCharacters } from 'node:util';
import { CancelledError, UsageError } from '../errors.js';
import type { IO } from '../io.js';
import { escapeControls } from '../model/text.js';
import { displayWidth } from '../output/plain.js';
import type { KeyChoice } from './keys.js';

export type { KeyChoice };

export interface Choice<T> {
  name: string;
  value: T;
  description?: string;
  checked?: boolean;
}

type Validate<T> = (value: T) => true | string;

/** Esc at a prompt asked with `back`: the question before it is wanted again. */
export class BackError extends Error {
  constructor() {
    super('back one question');
    this.name = 'BackError';
  }
}

/** Options every question of a walk may take. */
export interface Asking {
  /** Esc rejects the prompt with BackError (and erases it); without it, Esc does nothing. */
  back?: boolean;
}

/** Options of a question whose answer is not acted on at once. */
export interface Answering {
  /** The mark an answered question shows instead of ✔ (check: an answer noted, not yet sent). */
  answered?: string;
}

/** What commands may ask. Every method rejects with CancelledError on Ctrl-C. */
export interface Prompter {
  /** False without a terminal on stdin and stderr, or with --no-input / HABITS_NO_INPUT. */
  readonly available: boolean;
  input(opts: { message: string; default?: string; validate?: Validate<string>; required?: boolean } & Asking): Promise<string>;
  password(opts: { message: string; validate?: Validate<string> }): Promise<string>;
  confirm(opts: { message: string; default?: boolean } & Asking): Promise<boolean>;
  select<T>(opts: { message: string; choices: Choice<T>[]; default?: T; pageSize?: number } & Asking): Promise<T>;
  checkbox<T>(opts: { message: string; choices: Choice<T>[]; validate?: Validate<readonly T[]>; pageSize?: number } & Asking): Promise<T[]>;
  number(opts: { message: string; default?: number; min?: number; max?: number; validate?: Validate<number | undefined>; required?: boolean } & Asking & Answering): Promise<number | undefined>;
  editor(opts: { message: string; default?: string }): Promise<string>;
  /**
   * One keypress picks a choice (its `key`, any case); Enter picks `default`. `answered` replaces
   * the ✔ an answered question shows (check: an answer noted, not yet sent).
   */
  keys<T>(opts: { message: string; choices: KeyChoice<T>[]; default: T } & Answering): Promise<T>;
  /**
   * Erases the last answered question still on screen, and whatever was written after it: a walk
   * going back asks that question again, which must not show twice. Does nothing when it cannot
   * tell what the screen holds (no terminal, nothing answered).
   */
  unanswer?(): void;
}

/**
 * A prompt's text as the terminal shows it: names in messages, choices and pre-filled answers come
 * from the server, and their control characters are shown escaped (`New\nline`), never acted on.
 */
const shown = (text: string): string => escapeControls(text);
const shownChoices = <T>(choices: Choice<T>[]): Choice<T>[] =>
  choices.map((c) => ({ ...c, name: shown(c.name), ...(c.description !== undefined ? { description: shown(c.description) } : {}) }));

/** The keys line of select and checkbox with Esc added, styled as @inquirer styles its own. */
function keysHelpWithBack(keys: [string, string][]): string {
  const colours = WriteStream.prototype.hasColors();
  const bold = (t: string) => (colours ? `\u001b[1m${t}\u001b[22m` : t);
  const dim = (t: string) => (colours ? `\u001b[2m${t}\u001b[22m` : t);
  return [...keys, ['esc', 'back'] as [string, string]].map(([k, a]) => `${bold(k)} ${dim(a)}`).join(dim(' • '));
}

/** An answered question's mark: `answered` instead of ✔ (@inquirer merges it into its theme). */
const answeredTheme = (mark: string | undefined) => (mark === undefined ? {} : { theme: { prefix: { done: mark } } });

/**
 * The rows each answered question holds on a terminal, from its answered line to the next
 * question's: the answer, and what was written after it (notes, the review's summary). Every
 * write to stderr passes by it: a prompt's own drawing gives the rows of its answered line (its
 * last drawing: the lines @inquirer broke it into), any other text is counted in rows of the
 * terminal's width. Going back erases the last entry (cursor up, erase to the end of the screen).
 */
class AnsweredRows {
  private readonly entries: number[] = [];
  /** The text of the row the cursor is on, since the last line feed. */
  private partial = '';
  /** While a prompt draws: its last drawing with something visible. */
  private drawing: string | undefined;

  constructor(
    private readonly write: (text: string) => void,
    private readonly columns: () => number,
  ) {}

  /** Something was written to the terminal. */
  wrote(chunk: unknown): void {
    const text = typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString() : '';
    if (this.drawing !== undefined) {
      if (/\S/.test(stripVTControlCharacters(text))) this.drawing = text;
      return;
    }
    if (this.entries.length === 0) return;
    const lines = stripVTControlCharacters(text).split('\n');
    const last = lines.pop()!;
    for (const line of lines) this.entries[this.entries.length - 1]! += this.rows(this.partial + line);
    this.partial = (this.partial + last).split('\r').at(-1)!;
  }

  /** A prompt starts drawing. */
  prompting(): void {
    this.drawing = '';
  }

  /** The prompt ended: answered (its answered line stays), or not (Esc or Ctrl-C erased it). */
  answered(yes: boolean): void {
    const drawn = this.drawing;
    this.drawing = undefined;
    if (!yes || !drawn) return;
    // @inquirer broke its drawing into the terminal's rows already; its last line feed follows.
    this.entries.push(stripVTControlCharacters(drawn).split('\n').length);
    this.partial = '';
  }

  /** Erases the last entry, if any. */
  eraseLast(): void {
    const rows = this.entries.pop();
    if (rows === undefined) return;
    const up = rows + (this.partial ? this.rows(this.partial) - 1 : 0);
    this.partial = '';
    this.write(`\r\u001b[${up}A\u001b[J`);
  }

  /** Rows a line of text takes on the terminal (at least one). */
  private rows(line: string): number {
    return Math.max(1, Math.ceil(displayWidth(line) / Math.max(1, this.columns())));
  }
}

/** What @inquirer is given besides a prompt's config. */
interface PromptContext {
  readonly input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  signal?: AbortSignal;
  readonly clearPromptOnDone: boolean;
}

/** Builds the real prompter over `io`; `enabled` says whether prompting is allowed at all. */
export function createPrompter(io: IO, enabled: boolean): Prompter {
  const available = enabled && io.stdinIsTTY && io.stderrIsTTY;
  let screen: AnsweredRows | undefined;

  /**
   * From the first prompt on, every write to stderr passes by the rows of the answered questions
   * (the prompts' and everyone else's: notes and summaries go through Output to the same stream).
   */
  function watchScreen(): AnsweredRows {
    if (screen) return screen;
    const stream = io.stderr as NodeJS.WritableStream & { columns?: number };
    const write = stream.write.bind(stream) as (chunk: unknown, ...rest: unknown[]) => boolean;
    const rows = new AnsweredRows((text) => void write(text), () => stream.columns ?? io.columns ?? 80);
    stream.write = ((chunk: unknown, ...rest: unknown[]) => {
      rows.wrote(chunk);
      return write(chunk, ...rest);
    }) as typeof stream.write;
    return (screen = rows);
  }

  /**
   * Runs one prompt. With `back`, Esc (a keypress readline reads on stdin, once a lone ESC has
   * waited out its escape-sequence time) aborts it: its drawing is erased and BackError rejects.
   */
  async function ask<T>(run: (context: PromptContext) => Promise<T>, back = false): Promise<T> {
    if (!available) throw new UsageError('this needs an interactive terminal', 'pass the values as flags instead');
    const controller = back ? new AbortController() : undefined;
    let escaped = false;
    const onKey = (_text: unknown, key?: { name?: string; ctrl?: boolean }) => {
      if (key?.name !== 'escape' || escaped) return;
      escaped = true;
      controller!.abort();
    };
    // Getters: process.stdin is created on first access (a stream over the pipe or file), which a
    // command that never prompts should not pay for; the prompt is erased only when Esc left it.
    const context: PromptContext = {
      get input() {
        return io.stdin;
      },
      output: io.stderr,
      ...(controller ? { signal: controller.signal } : {}),
      get clearPromptOnDone() {
        return escaped;
      },
    };
    if (back) io.stdin.on('keypress', onKey);
    const rows = watchScreen();
    rows.prompting();
    let answered = false;
    try {
      const answer = await run(context);
      answered = true;
      return answer;
    } catch (err) {
      if (escaped) throw new BackError();
      const name = (err as Error | undefined)?.name;
      if (name === 'ExitPromptError' || name === 'AbortPromptError') throw new CancelledError();
      throw err;
    } finally {
      rows.answered(answered && !escaped);
      if (back) io.stdin.removeListener('keypress', onKey);
    }
  }

  const withBackKeys = (back: boolean | undefined) => (back ? { theme: { style: { keysHelpTip: keysHelpWithBack } } } : {});

  return {
    available,
    unanswer: () => screen?.eraseLast(),
    input: (o) => ask(async (context) => {
      const { default: input } = await import('@inquirer/input');
      // A pre-filled value with control characters is offered escaped. Kept as offered, it is the
      // value itself when that is valid (a description's line breaks), else what was shown.
      const preset = o.default === undefined ? undefined : shown(o.default);
      const answer = await input({ message: shown(o.message), default: preset, required: o.required, validate: o.validate }, context);
      const original = o.default;
      return original !== undefined && answer === preset && preset !== original && (o.validate?.(original) ?? true) === true ? original : answer;
    }, o.back),
    password: (o) => ask(async (context) => {
      const { default: password } = await import('@inquirer/password');
      return password({ message: shown(o.message), mask: '*', validate: o.validate }, context);
    }),
    confirm: (o) => ask(async (context) => {
      const { default: confirm } = await import('@inquirer/confirm');
      return confirm({ message: shown(o.message), default: o.default }, context);
    }, o.back),
    select: <T>(o: { message: string; choices: Choice<T>[]; default?: T; pageSize?: number } & Asking) => ask(async (context) => {
      const { default: select } = await import('@inquirer/select');
      return select<T>({ message: shown(o.message), choices: shownChoices(o.choices), default: o.default, pageSize: o.pageSize ?? 12, ...withBackKeys(o.back) }, context);
    }, o.back),
    checkbox: <T>(o: { message: string; choices: Choice<T>[]; validate?: Validate<readonly T[]>; pageSize?: number } & Asking) => ask(async (context) => {
      const { default: checkbox } = await import('@inquirer/checkbox');
      const validate = o.validate;
      return checkbox<T>({
        message: shown(o.message),
        choices: shownChoices(o.choices),
        pageSize: o.pageSize ?? 12,
        validate: validate ? (items) => validate(items.map((i) => i.value)) : undefined,
        ...withBackKeys(o.back),
      }, context);
    }, o.back),
    number: (o) => ask(async (context) => {
      const { default: number } = await import('@inquirer/number');
      return number({ message: shown(o.message), default: o.default, min: o.min, max: o.max, step: 'any', required: o.required, validate: o.validate, ...answeredTheme(o.answered) }, context);
    }, o.back),
    editor: (o) => ask(async (context) => {
      const { default: editor } = await import('@inquirer/editor');
      // The editor gets the text itself (a note may span lines); only the message is shown escaped.
      return editor({ message: shown(o.message), default: o.default, waitForUserInput: false }, context);
    }),
    keys: <T>(o: { message: string; choices: KeyChoice<T>[]; default: T } & Answering) => ask(async (context) => {
      const { keysPrompt } = await import('./keys.js');
      const enter = o.choices.findIndex((c) => c.value === o.default);
      const index = await keysPrompt({ message: shown(o.message), choices: o.choices.map((c) => ({ key: c.key, name: shown(c.name) })), enter, ...(o.answered ? { answered: o.answered } : {}) }, context);
      return o.choices[index]!.value;
    }),
  };
}
