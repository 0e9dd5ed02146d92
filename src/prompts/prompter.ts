// The prompter commands receive. It wraps the individual @inquirer packages, loads each on first
// use, draws on stderr (stdout stays data), and turns Ctrl-C into CancelledError (exit 130).
import { CancelledError, UsageError } from '../errors.js';
import type { IO } from '../io.js';
import { escapeControls } from '../model/text.js';
import type { KeyChoice } from './keys.js';

export type { KeyChoice };

export interface Choice<T> {
  name: string;
  value: T;
  description?: string;
  checked?: boolean;
}

type Validate<T> = (value: T) => true | string;

/** What commands may ask. Every method rejects with CancelledError on Ctrl-C. */
export interface Prompter {
  /** False without a terminal on stdin and stderr, or with --no-input / HABITS_NO_INPUT. */
  readonly available: boolean;
  input(opts: { message: string; default?: string; validate?: Validate<string>; required?: boolean }): Promise<string>;
  password(opts: { message: string; validate?: Validate<string> }): Promise<string>;
  confirm(opts: { message: string; default?: boolean }): Promise<boolean>;
  select<T>(opts: { message: string; choices: Choice<T>[]; default?: T; pageSize?: number }): Promise<T>;
  checkbox<T>(opts: { message: string; choices: Choice<T>[]; validate?: Validate<readonly T[]>; pageSize?: number }): Promise<T[]>;
  number(opts: { message: string; default?: number; min?: number; max?: number; validate?: Validate<number | undefined>; required?: boolean }): Promise<number | undefined>;
  editor(opts: { message: string; default?: string }): Promise<string>;
  /**
   * One keypress picks a choice (its `key`, any case); Enter picks `default`. `answered` replaces
   * the ✔ an answered question shows (check: an answer noted, not yet sent).
   */
  keys<T>(opts: { message: string; choices: KeyChoice<T>[]; default: T; answered?: string }): Promise<T>;
}

/**
 * A prompt's text as the terminal shows it: names in messages, choices and pre-filled answers come
 * from the server, and their control characters are shown escaped (`New\nline`), never acted on.
 */
const shown = (text: string): string => escapeControls(text);
const shownChoices = <T>(choices: Choice<T>[]): Choice<T>[] =>
  choices.map((c) => ({ ...c, name: shown(c.name), ...(c.description !== undefined ? { description: shown(c.description) } : {}) }));

/** Builds the real prompter over `io`; `enabled` says whether prompting is allowed at all. */
export function createPrompter(io: IO, enabled: boolean): Prompter {
  const available = enabled && io.stdinIsTTY && io.stderrIsTTY;
  // A getter: process.stdin is created on first access (a stream over the pipe or file), which a
  // command that never prompts should not pay for.
  const context = {
    get input() {
      return io.stdin;
    },
    output: io.stderr,
  };

  async function ask<T>(run: () => Promise<T>): Promise<T> {
    if (!available) throw new UsageError('this needs an interactive terminal', 'pass the values as flags instead');
    try {
      return await run();
    } catch (err) {
      const name = (err as Error | undefined)?.name;
      if (name === 'ExitPromptError' || name === 'AbortPromptError') throw new CancelledError();
      throw err;
    }
  }

  return {
    available,
    input: (o) => ask(async () => {
      const { default: input } = await import('@inquirer/input');
      // A pre-filled value with control characters is offered escaped. Kept as offered, it is the
      // value itself when that is valid (a description's line breaks), else what was shown.
      const preset = o.default === undefined ? undefined : shown(o.default);
      const answer = await input({ message: shown(o.message), default: preset, required: o.required, validate: o.validate }, context);
      const original = o.default;
      return original !== undefined && answer === preset && preset !== original && (o.validate?.(original) ?? true) === true ? original : answer;
    }),
    password: (o) => ask(async () => {
      const { default: password } = await import('@inquirer/password');
      return password({ message: shown(o.message), mask: '*', validate: o.validate }, context);
    }),
    confirm: (o) => ask(async () => {
      const { default: confirm } = await import('@inquirer/confirm');
      return confirm({ message: shown(o.message), default: o.default }, context);
    }),
    select: <T>(o: { message: string; choices: Choice<T>[]; default?: T; pageSize?: number }) => ask(async () => {
      const { default: select } = await import('@inquirer/select');
      return select<T>({ message: shown(o.message), choices: shownChoices(o.choices), default: o.default, pageSize: o.pageSize ?? 12 }, context);
    }),
    checkbox: <T>(o: { message: string; choices: Choice<T>[]; validate?: Validate<readonly T[]>; pageSize?: number }) => ask(async () => {
      const { default: checkbox } = await import('@inquirer/checkbox');
      const validate = o.validate;
      return checkbox<T>({
        message: shown(o.message),
        choices: shownChoices(o.choices),
        pageSize: o.pageSize ?? 12,
        validate: validate ? (items) => validate(items.map((i) => i.value)) : undefined,
      }, context);
    }),
    number: (o) => ask(async () => {
      const { default: number } = await import('@inquirer/number');
      return number({ message: shown(o.message), default: o.default, min: o.min, max: o.max, step: 'any', required: o.required, validate: o.validate }, context);
    }),
    editor: (o) => ask(async () => {
      const { default: editor } = await import('@inquirer/editor');
      // The editor gets the text itself (a note may span lines); only the message is shown escaped.
      return editor({ message: shown(o.message), default: o.default, waitForUserInput: false }, context);
    }),
    keys: <T>(o: { message: string; choices: KeyChoice<T>[]; default: T; answered?: string }) => ask(async () => {
      const { keysPrompt } = await import('./keys.js');
      const enter = o.choices.findIndex((c) => c.value === o.default);
      const index = await keysPrompt({ message: shown(o.message), choices: o.choices.map((c) => ({ key: c.key, name: shown(c.name) })), enter, ...(o.answered ? { answered: o.answered } : {}) }, context);
      return o.choices[index]!.value;
    }),
  };
}
