// The command tree as completion scripts need it: commands, flags, and what each argument or flag
// value completes to. Built from the live commander tree, so scripts never go stale.
import type { Argument, Command, Option } from 'commander';
import { GOAL_UNITS, HABIT_TYPES, MOOD_LEVELS } from '../api/types.js';
import { CONFIG_KEYS } from '../config/file.js';

/** What a word completes to: names from `habits __complete`, a fixed list, files, or nothing. */
export type ValueKind =
  | { type: 'none' }
  | { type: 'habits' }
  | { type: 'areas' }
  | { type: 'file' }
  | { type: 'choices'; choices: string[] };

export interface OptionSpec {
  /** `-q`, `--quiet`. */
  names: string[];
  description: string;
  /** True when the next word is the flag's value. */
  takesValue: boolean;
  value: ValueKind;
}

export interface ArgumentSpec {
  name: string;
  variadic: boolean;
  value: ValueKind;
}

export interface CommandSpec {
  /** Words after `habits`, e.g. `['log', 'done']`; empty for the root. */
  path: string[];
  description: string;
  /** Visible subcommands; hidden ones (like `__complete`) are left out. */
  commands: CommandSpec[];
  /** The command's own visible flags (the root's are the global ones). */
  options: OptionSpec[];
  args: ArgumentSpec[];
}

/** The spec of `cmd` and everything below it. Nouns must be loaded first (`loadAll`). */
export function buildSpec(cmd: Command, path: string[] = []): CommandSpec {
  const help = cmd.createHelp();
  return {
    path,
    description: cmd.description(),
    commands: help.visibleCommands(cmd).map((sub) => buildSpec(sub, [...path, sub.name()])),
    options: help.visibleOptions(cmd).map(optionSpec),
    args: cmd.registeredArguments.map(argumentSpec),
  };
}

/** Every command of the tree, root first. */
export function flatten(spec: CommandSpec): CommandSpec[] {
  return [spec, ...spec.commands.flatMap(flatten)];
}

const DATE_WORDS = ['today', 'yesterday'];

function byPlaceholder(placeholder: string | undefined): ValueKind {
  switch (placeholder) {
    case 'habit':
      return { type: 'habits' };
    case 'area':
      return { type: 'areas' };
    case 'file':
    case 'path':
      return { type: 'file' };
    case 'key':
      return { type: 'choices', choices: [...CONFIG_KEYS] };
    case 'shell':
      return { type: 'choices', choices: ['bash', 'zsh', 'fish'] };
    case 'date':
      return { type: 'choices', choices: DATE_WORDS };
    default:
      return { type: 'none' };
  }
}

/** Flags whose values are a known set, by flag name. */
const OPTION_VALUES: Record<string, string[]> = {
  '--unit': [...GOAL_UNITS],
  '--mood': [...MOOD_LEVELS],
  '--type': [...HABIT_TYPES],
  '--date': DATE_WORDS,
  '--from': DATE_WORDS,
  '--to': DATE_WORDS,
  '--start': DATE_WORDS,
};

function optionSpec(o: Option): OptionSpec {
  const names = [o.short, o.long].filter((n): n is string => !!n);
  const takesValue = !!o.required;
  const placeholder = /[<[]([^>\]]+?)(?:\.\.\.)?[>\]]/.exec(o.flags)?.[1];
  let value: ValueKind = { type: 'none' };
  if (takesValue) {
    const fixed = o.long ? OPTION_VALUES[o.long] : undefined;
    value = o.argChoices ? { type: 'choices', choices: [...o.argChoices] } : fixed ? { type: 'choices', choices: fixed } : byPlaceholder(placeholder);
  }
  return { names, description: o.description, takesValue, value };
}

function argumentSpec(a: Argument): ArgumentSpec {
  const value: ValueKind = a.argChoices ? { type: 'choices', choices: [...a.argChoices] } : byPlaceholder(a.name());
  return { name: a.name(), variadic: a.variadic, value };
}

/**
 * A value kind as one shell word: `habits`, `areas`, `file`, `none`, or `cN` for the N-th list of
 * `choices` (added there when new), which the scripts print from a lookup function.
 */
export function kindWord(kind: ValueKind, choices: string[][]): string {
  if (kind.type !== 'choices') return kind.type;
  let i = choices.findIndex((c) => c.join('\n') === kind.choices.join('\n'));
  if (i === -1) i = choices.push(kind.choices) - 1;
  return `c${i}`;
}

/** The first line of a description, for menus. */
export function summary(text: string): string {
  return (text.split('\n')[0] ?? '').trim();
}
