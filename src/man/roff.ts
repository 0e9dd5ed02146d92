// habits.1: the man page, in roff, from the command tree (completion/spec.ts) and the shared
// tables of exit codes and environment variables. scripts/build.mjs writes it to man/habits.1.
import { flatten, type CommandSpec, type OptionSpec } from '../completion/spec.js';

export interface ManInfo {
  version: string;
  /** The date on the page's .TH line, YYYY-MM-DD. */
  date: string;
  environment: readonly (readonly [string, string])[];
  exitCodes: readonly (readonly [number, string])[];
}

/**
 * Text safe in roff: a backslash as `\e`, a leading `.` or `'` (a request) guarded with `\&`, and
 * every `-` as `\-` (a minus, so options copy and search as typed), `"` as `\(dq` (safe in a
 * macro's arguments too), and any non-ASCII character as `\[uXXXX]`, so the page is plain ASCII.
 * Line breaks become spaces.
 */
export function roffText(s: string): string {
  return s
    .replace(/\\/g, '\\e')
    .replace(/-/g, '\\-')
    .replace(/"/g, '\\(dq')
    .replace(/\s*\n\s*/g, ' ')
    .replace(/[^\x00-\x7f]/gu, (c) => `\\[u${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}]`)
    .replace(/^([.'])/, '\\&$1');
}

/** One macro argument: escaped text in double quotes. */
function quoted(s: string): string {
  return `"${roffText(s)}"`;
}

/** Multi-line text as roff lines, each escaped; blank lines become paragraph breaks. */
function roffBlock(s: string): string {
  return s.trim().split(/\n\s*\n/).map((para) => para.split('\n').map((l) => roffText(l.trim())).join('\n')).join('\n.PP\n');
}

function optionItem(o: OptionSpec, flags: string): string {
  return `.TP\n.B ${quoted(flags)}\n${roffText(o.description)}`;
}

function commandSection(c: CommandSpec): string {
  const lines = [`.SS ${quoted(['habits', ...c.path].join(' '))}`];
  lines.push(`.B ${roffText(['habits', ...c.path].join(' '))}`, `.I ${quoted(c.usage)}`);
  if (c.aliases.length) lines.push('.br', roffText(`(alias: ${c.aliases.join(', ')})`));
  lines.push('.PP', roffBlock(c.description));
  for (const o of c.options) lines.push(optionItem(o, o.flags));
  return lines.join('\n');
}

/** The whole page. */
export function manPage(root: CommandSpec, info: ManInfo): string {
  const commands = flatten(root).filter((c) => c !== root);
  const sections = [
    `.TH HABITS 1 ${info.date} ${roffText(`habits ${info.version}`)} "User Commands"`,
    '.SH NAME',
    `habits \\- ${roffText(root.description.split('\n')[0] ?? '')}`,
    '.SH SYNOPSIS',
    '.B habits',
    '[\\fIglobal options\\fR] \\fIcommand\\fR [\\fIsubcommand\\fR] [\\fIoptions\\fR] [\\fIarguments\\fR]',
    '.SH DESCRIPTION',
    roffBlock(root.description),
    '.PP',
    roffText('Run `habits help <command>` or `habits <command> --help` for examples.'),
    '.SH "GLOBAL OPTIONS"',
    ...root.options.map((o) => optionItem(o, o.flags)),
    '.SH COMMANDS',
    ...commands.map(commandSection),
    '.SH ENVIRONMENT',
    ...info.environment.map(([name, text]) => `.TP\n.B ${quoted(name)}\n${roffText(text)}`),
    '.PP',
    roffText('Precedence: flag > environment > config file > default.'),
    '.SH "EXIT STATUS"',
    ...info.exitCodes.map(([code, text]) => `.TP\n.B ${code}\n${roffText(text)}`),
    '.SH FILES',
    '.TP',
    `.I ${roffText('$XDG_CONFIG_HOME/habits/config.json')}`,
    roffText('The config file: profiles, base URL, API key, time zone (HABITS_CONFIG_DIR overrides the directory; default ~/.config/habits).'),
    '.TP',
    `.I ${roffText('$XDG_DATA_HOME/habits/habits.db')}`,
    roffText('The local service database (HABITS_DATA_DIR overrides the directory; default ~/.local/share/habits).'),
    '.TP',
    `.I ${roffText('$XDG_DATA_HOME/habits/outbox-*.jsonl')}`,
    roffText('Marks and values waiting for the server, one file per account, until `habits sync`.'),
    '.TP',
    `.I ${roffText('$XDG_CACHE_HOME/habits/')}`,
    roffText('Cached habit and area names, for completion without a network call (default ~/.cache/habits).'),
    '.SH "SEE ALSO"',
    roffText('habits help exit-codes, habits help environment, habits help formatting; habits completion bash|zsh|fish|powershell.'),
  ];
  return sections.join('\n') + '\n';
}
