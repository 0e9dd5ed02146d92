// The candidates for a command line, computed once: `habits __complete -- <words...>` answers with
// them, and the shell scripts (bash.ts, zsh.ts, fish.ts, powershell.ts) only show what it prints.
// Pure: the command tree (spec.ts) and the names to offer come in; candidates and a directive go
// out. docs/cli-contract.md describes the protocol.
import { isJsonValue } from '../output/fields.js';
import type { CommandSpec, OptionSpec, ValueKind } from './spec.js';

/** One word a shell may put in place of the last one, with a line to show beside it. */
export interface Candidate {
  value: string;
  description?: string;
}

/** What the shell does besides offering the candidates: a bit set, printed as the last line `:N`. */
export const DIRECTIVE = {
  /** Offer the candidates, and a space after the one taken. */
  none: 0,
  /** No space after the word taken (it goes on: `--json name,`). */
  noSpace: 1,
  /** The shell's own file name completion (the candidates are empty). */
  files: 2,
} as const;

export interface Completion {
  candidates: Candidate[];
  directive: number;
}

/** The names a kind of argument offers; only asked for when the word wants them. */
export type NameKind = 'habits' | 'areas';
export type Names = (kind: NameKind) => Promise<readonly string[]> | readonly string[];

/** What the words before the last one said: the command they select, and where in it the last one is. */
export interface LineState {
  /** The commands selected, root first. */
  commands: CommandSpec[];
  /** The positional arguments typed so far (not the command words). */
  args: string[];
  /** The option whose value the last word is. */
  pending?: OptionSpec;
  /** After `--`: every word is an argument. */
  dashdash: boolean;
  /** The word before the last one was a bare `--json`. */
  afterJson: boolean;
}

/** The words that select `c` under its parent: its name, then its aliases. */
function wordsOf(c: CommandSpec): string[] {
  return [c.path.at(-1)!, ...c.aliases];
}

function subcommand(cmd: CommandSpec, word: string): CommandSpec | undefined {
  return cmd.commands.find((c) => wordsOf(c).includes(word));
}

/** The first line of a description, on one line. */
function summary(text: string): string {
  return (text.split('\n')[0] ?? '').replace(/\s+/g, ' ').trim();
}

/** The flags that apply at `cmd`: its own, then the global ones (the root's). */
function optionsAt(root: CommandSpec, cmd: CommandSpec): OptionSpec[] {
  return cmd === root ? root.options : [...cmd.options, ...root.options];
}

/** Reads the words before the last, as habits itself would take them. */
export function readLine(root: CommandSpec, words: readonly string[]): LineState {
  const state: LineState = { commands: [root], args: [], dashdash: false, afterJson: false };
  const isCommand = (w: string) => !!subcommand(root, w);
  for (const word of words) {
    const cmd = state.commands.at(-1)!;
    if (state.afterJson) {
      state.afterJson = false;
      if (isJsonValue(word, isCommand)) continue;
    }
    if (state.pending) {
      state.pending = undefined;
    } else if (!state.dashdash && word === '--') {
      state.dashdash = true;
    } else if (!state.dashdash && /^-./.test(word)) {
      const option = word.includes('=') ? undefined : optionsAt(root, cmd).find((o) => o.names.includes(word));
      if (option?.takesValue) state.pending = option;
      if (option?.fields) state.afterJson = true;
    } else {
      const sub = state.args.length === 0 ? subcommand(cmd, word) : undefined;
      if (sub) state.commands.push(sub);
      else state.args.push(word);
    }
  }
  return state;
}

/** Whether `value` begins with `typed`, ignoring case (as names and references match). */
function startsIgnoringCase(value: string, typed: string): boolean {
  return value.toLowerCase().startsWith(typed.toLowerCase());
}

/**
 * The candidates for `words`, the words after `habits` typed so far: the last is the one being
 * completed (empty after a space). Each candidate is a whole word, unquoted; a shell quotes it.
 */
export async function complete(root: CommandSpec, words: readonly string[], names: Names): Promise<Completion> {
  const typed = words.at(-1) ?? '';
  const state = readLine(root, words.slice(0, -1));
  const cmd = state.commands.at(-1)!;
  const out: Completion = { candidates: [], directive: DIRECTIVE.none };
  const fieldsFlags = root.options.filter((o) => o.fields).flatMap((o) => o.names);

  /** The command's fields that complete the comma-separated list `list`, each after `prefix`. */
  const fields = (list: string, prefix: string): void => {
    const listed = list.includes(',') ? list.slice(0, list.lastIndexOf(',') + 1) : '';
    const taken = listed.split(',');
    for (const field of cmd.fields) {
      const value = listed + field;
      if (!taken.includes(field) && value.startsWith(list)) out.candidates.push({ value: prefix + value });
    }
  };

  /** The values of `kind` that `value` begins, each after `prefix` (`--date=`). */
  const values = async (kind: ValueKind | undefined, value: string, prefix: string): Promise<void> => {
    const offer = (list: readonly string[], match: (v: string) => boolean, describe?: (v: string) => string | undefined) => {
      for (const v of list) if (v && match(v)) out.candidates.push({ value: prefix + v, description: describe?.(v) });
    };
    switch (kind?.type) {
      case 'habits':
      case 'areas':
        offer(await names(kind.type), (v) => startsIgnoringCase(v, value));
        break;
      case 'choices':
        offer(kind.choices, (v) => startsIgnoringCase(v, value));
        break;
      case 'file':
        out.directive |= DIRECTIVE.files;
        break;
      case 'commands': {
        // `habits help log <Tab>`: the commands under what the arguments select, from where the
        // help command sits (`log help` helps with log's); at the top, help's topics too.
        let at: CommandSpec | undefined = state.commands.at(-2) ?? root;
        for (const arg of state.args) at = at && subcommand(at, arg);
        if (!at) break;
        const described = new Map(at.commands.flatMap((c) => wordsOf(c).map((w) => [w, summary(c.description)] as const)));
        offer([...described.keys()], (v) => v.startsWith(value), (v) => described.get(v));
        if (at === root) offer(kind.topics, (v) => v.startsWith(value), () => 'help topic');
        break;
      }
      default:
        break;
    }
  };

  if (state.pending) {
    await values(state.pending.value, typed, '');
    return out;
  }
  const eq = typed.indexOf('=');
  const flag = !state.dashdash && typed.startsWith('--') && eq > 0 ? typed.slice(0, eq) : undefined;
  if (flag !== undefined && fieldsFlags.includes(flag)) {
    fields(typed.slice(eq + 1), typed.slice(0, eq + 1));
    return out;
  }
  // After a bare --json: the command's fields, and (for a first name) what the word would be without it.
  if (state.afterJson && !typed.startsWith('-')) {
    fields(typed, '');
    if (typed.includes(',')) return out;
  }
  if (flag !== undefined) {
    const option = optionsAt(root, cmd).find((o) => o.names.includes(flag));
    if (option?.takesValue) await values(option.value, typed.slice(eq + 1), typed.slice(0, eq + 1));
    return out;
  }
  if (!state.dashdash && typed.startsWith('-')) {
    for (const o of optionsAt(root, cmd)) {
      for (const name of o.names) if (name.startsWith(typed)) out.candidates.push({ value: name, description: summary(o.description) });
    }
    return out;
  }
  if (state.args.length === 0 && cmd.commands.length) {
    for (const c of cmd.commands) {
      for (const w of wordsOf(c)) if (w.startsWith(typed)) out.candidates.push({ value: w, description: summary(c.description) });
    }
    return out;
  }
  const index = Math.min(state.args.length, cmd.args.length - 1);
  const arg = state.args.length < cmd.args.length || cmd.args.at(-1)?.variadic ? cmd.args[index] : undefined;
  await values(arg?.value, typed, '');
  return out;
}

/**
 * The answer as `habits __complete` prints it: one candidate a line (`value`, or `value<TAB>description`),
 * then the directive as `:N`. A value never holds a line break or a tab (names come escaped).
 */
export function formatCompletion(c: Completion): string {
  const clean = (s: string) => s.replace(/[\t\r\n]/g, ' ');
  const lines = c.candidates.map((x) => (x.description ? `${clean(x.value)}\t${clean(x.description)}` : clean(x.value)));
  return [...lines, `:${c.directive}`].join('\n') + '\n';
}
