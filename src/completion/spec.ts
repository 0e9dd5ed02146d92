// The command tree as completion needs it: commands, flags, and what each argument or flag value
// completes to. Built from the live commander tree: the build embeds it in dist/complete.js, which
// `habits __complete` answers from (complete.ts), and renders the man page from it (src/man/).
import type { Argument, Command, Option } from 'commander';
import { GOAL_UNITS, HABIT_TYPES, MOOD_LEVELS } from '../api/types.js';
import { CONFIG_KEYS } from '../config/file.js';
import { DAY_PERIODS } from '../model/time-of-day.js';
import { completableFields, knownFields } from '../output/fields.js';

/**
 * What a word completes to: habit or area names, a fixed list, files, or nothing; or,
 * for `habits help`, a command path (the words typed so far select it) and, first, help's topics.
 */
export type ValueKind =
  | { type: 'none' }
  | { type: 'commands'; topics: string[] }
  | { type: 'habits' }
  | { type: 'areas' }
  | { type: 'file' }
  | { type: 'choices'; choices: string[] };

/** A flag as completion needs it. */
export interface OptionSpec {
  /** `-q`, `--quiet`. */
  names: string[];
  /** Commander's flags text, e.g. `-d, --date <date>`. */
  flags: string;
  description: string;
  /** True when the next word is the flag's value. */
  takesValue: boolean;
  value: ValueKind;
  /**
   * `--json [fields]`: its value is optional, and the command's `fields` complete after it. The
   * next word is its value only when it reads as fields (program.ts, normalizeJsonFlag): `help`, a
   * comma-separated list, or a name in the root's `knownFields`, and not a command.
   */
  fields: boolean;
}

/** A positional argument as completion needs it. */
export interface ArgumentSpec {
  name: string;
  variadic: boolean;
  value: ValueKind;
}

/** A command and everything below it. */
export interface CommandSpec {
  /** Words after `habits`, e.g. `['log', 'done']`; empty for the root. Aliases never appear here. */
  path: string[];
  /** Other names the command answers to, e.g. `list` for `ls`. */
  aliases: string[];
  description: string;
  /** The usage line without the path, e.g. `<habit...> [options]` (program.ts, usageLine). */
  usage: string;
  /** Visible subcommands; hidden ones (like `__complete`) are left out. */
  commands: CommandSpec[];
  /** The command's own visible flags (the root's are the global ones). */
  options: OptionSpec[];
  args: ArgumentSpec[];
  /** What `--json` completes to after this command: the fields of its JSON (output/fields.ts). */
  fields: string[];
  /** The root only: every field of every command (see OptionSpec.fields); elsewhere empty. */
  knownFields: string[];
}

/**
 * The spec of `cmd` and everything below it. Nouns must be loaded first (`loadAll`). `topics` are
 * those of `habits help`, which complete where a command does.
 */
export function buildSpec(cmd: Command, topics: readonly string[] = [], path: string[] = []): CommandSpec {
  const help = cmd.createHelp();
  return {
    path,
    aliases: cmd.aliases(),
    description: cmd.description(),
    usage: cmd.usage(),
    commands: help.visibleCommands(cmd).map((sub) => buildSpec(sub, topics, [...path, sub.name()])),
    // --help works at every level; it is offered once, with the root's (global) flags.
    options: help.visibleOptions(cmd).filter((o) => !(path.length && o.long === '--help')).map(optionSpec),
    args: cmd.registeredArguments.map((a) => argumentSpec(a, topics)),
    fields: completableFields(path.join(' ')),
    knownFields: path.length ? [] : knownFields(),
  };
}

/** Every command of the tree, root first. */
export function flatten(spec: CommandSpec): CommandSpec[] {
  return [spec, ...spec.commands.flatMap(flatten)];
}

/** Completed after a date option: the words of parseDate (`-N` and dates are typed). */
const DATE_WORDS = ['today', 'yesterday', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

function byPlaceholder(placeholder: string | undefined, topics: readonly string[] = []): ValueKind {
  switch (placeholder) {
    case 'habit':
      return { type: 'habits' };
    case 'area':
      return { type: 'areas' };
    case 'file':
      return { type: 'file' };
    case 'command':
      return { type: 'commands', topics: [...topics] };
    case 'key':
      return { type: 'choices', choices: [...CONFIG_KEYS] };
    case 'date':
      return { type: 'choices', choices: DATE_WORDS };
    default:
      return { type: 'none' };
  }
}

/** Flags whose values are a known set, by flag name (dates go by their `<date>` placeholder). */
const OPTION_VALUES: Record<string, string[]> = {
  '--unit': [...GOAL_UNITS],
  '--mood': [...MOOD_LEVELS],
  '--type': [...HABIT_TYPES],
  // Ids on the local service, names (any case) elsewhere once a habit has shown them.
  '--time-of-day': DAY_PERIODS.map((p) => p.id),
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
  return { names, flags: o.flags, description: o.description, takesValue, value, fields: o.long === '--json' };
}

function argumentSpec(a: Argument, topics: readonly string[]): ArgumentSpec {
  const value: ValueKind = a.argChoices ? { type: 'choices', choices: [...a.argChoices] } : byPlaceholder(a.name(), topics);
  return { name: a.name(), variadic: a.variadic, value };
}
