// The commander tree. Nouns are declared here with a one-line summary; each noun's verbs (and their
// flags) are registered only when that noun is about to run.
//
// Where a noun's code lives is a matter of start-up time. `log` and `journal`, which cron jobs and
// scripts run most, are imported statically and come with the program's chunk. The other nouns
// are one chunk (commands/on-demand.ts), loaded when one of them runs: --help and the hot nouns do not
// compile their ~130 kB. One chunk, not one per noun: each file costs the ESM loader a resolve, a
// read and a compile (0.3-0.7 ms here), and a dozen dynamic imports made a dozen shared chunks.
import { Command, type CommanderError, Option } from 'commander';
import { CommandUsageError } from './describe-error.js';
import * as journalNoun from './commands/journal.js';
import * as logNoun from './commands/log/index.js';
import type { App, NounModule } from './commands/shared/app.js';
import { HELP_TOPICS } from './commands/shared/help-topics.js';
import { buildSpec, type CommandSpec } from './completion/spec.js';
import { UsageError } from './errors.js';
import { checkFields, isJsonValue, JSON_FIELDS, parseFields } from './output/fields.js';
import type { IO } from './io.js';
import { VERSION } from './version.js';

export type { App } from './commands/shared/app.js';

interface Noun {
  name: string;
  summary: string;
  load: () => NounModule | Promise<NounModule>;
  hidden?: boolean;
}

/** A noun of commands/on-demand.ts, which loads when the noun runs. */
function onDemand(name: keyof typeof import('./commands/on-demand.js')): () => Promise<NounModule> {
  return async () => (await import('./commands/on-demand.js'))[name];
}

/** Every top-level command, in the order help lists them. */
export const NOUNS: readonly Noun[] = [
  { name: 'journal', summary: "the day's habits: status, progress, streak", load: () => journalNoun },
  { name: 'habit', summary: 'list, show, add, edit, archive, remove habits; statistics', load: onDemand('habit') },
  { name: 'log', summary: 'mark habits done, failed or skipped; log values; undo', load: () => logNoun },
  { name: 'check', summary: "check in on the day's open habits, one key each (interactive)", load: onDemand('check') },
  { name: 'week', summary: 'every habit over a week (or N): a glyph per day, streaks, rate', load: onDemand('week') },
  { name: 'month', summary: 'every habit over a calendar month: a glyph per day, streaks, rate', load: onDemand('month') },
  { name: 'off', summary: 'time off: mark every due habit skipped over a range, so streaks hold; list, undo', load: onDemand('off') },
  { name: 'status', summary: "one line for a prompt or status bar: today's done/due, streak, next (no request)", load: onDemand('status') },
  { name: 'note', summary: 'notes with moods on a habit', load: onDemand('note') },
  { name: 'area', summary: 'areas that group habits', load: onDemand('area') },
  { name: 'auth', summary: 'log in with an API key, check it, log out', load: onDemand('auth') },
  { name: 'config', summary: 'read and change settings', load: onDemand('config') },
  { name: 'undo', summary: 'revert the last mark or value this machine wrote', load: onDemand('undo') },
  { name: 'remind', summary: 'fire the reminders of habits still open (for cron, systemd, launchd); list, install', load: onDemand('remind') },
  { name: 'sync', summary: 'send the marks and values waiting in the outbox', load: onDemand('sync') },
  { name: 'doctor', summary: 'check the installation, settings, key, server and local files; --fix repairs modes', load: onDemand('doctor') },
  { name: 'export', summary: 'everything the account holds, as one JSON document', load: onDemand('exportNoun') },
  { name: 'import', summary: 'load an export into the local service', load: onDemand('importNoun') },
  { name: 'serve', summary: 'run the local service standalone', load: onDemand('serve') },
  { name: 'mcp', summary: 'serve the Model Context Protocol over stdio, for an assistant', load: onDemand('mcp') },
  { name: 'completion', summary: 'shell completion script for bash, zsh, fish or PowerShell', load: onDemand('completion') },
  { name: 'help', summary: 'help for a command, or a topic: exit-codes, environment, formatting', load: onDemand('help') },
  { name: '__complete', summary: 'completion candidates (used by the completion scripts)', load: onDemand('complete'), hidden: true },
];

/** Builds a fresh program whose output goes to `io`; `runner` runs each command's body. */
export function buildProgram(runner: Pick<App, 'run'> & Partial<Pick<App, 'invoke'>>, io: IO): Command {
  const app: App = {
    run: (cmd, body, options) => runner.run(cmd, body, options),
    invoke: (argv, streams) => (runner.invoke ? runner.invoke(argv, streams) : Promise.reject(new Error('this program runs no nested command line'))),
    loadNoun: (cmd) => loadNoun(cmd, app),
    loadAll: (root) => loadAll(root, app),
  };
  const program = new Command('habits')
    .description('Track habits from the terminal: the Habit Tracking Service API v2, or a local service on your machine.')
    .version(VERSION, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .option('--json [fields]', 'print JSON (only the comma-separated fields, if given; `--json help` lists them); errors go to stderr as JSON', (v: string): string | true => v || true)
    .option('--jq <expression>', 'filter the JSON with a jq expression (built in; implies --json); strings print raw')
    .option('-q, --quiet', 'print no confirmations')
    .option('--verbose', 'log each HTTP request and response to stderr (key redacted)')
    .option('--no-color', 'never colour output (the same as --color never; --color always|auto also work)')
    // `--color auto|always|never` arrives here renamed (normalizeColorFlag): `--color <hex>` belongs to habit and area.
    .addOption(new Option('--color-when <when>').choices(['auto', 'always', 'never']).hideHelp())
    .option('--no-input', 'never prompt; fail when a value is missing')
    .option('--local', 'use the local service: no account, no network')
    .option('--profile <name>', 'use a named profile of the config file (its base URL and key); also HABITS_PROFILE')
    .option('--base-url <url>', 'API base URL (default https://api.habitify.me/v2)')
    .option('--timeout <duration>', 'limit of each request, whole (connect, headers, body), e.g. 30, 30s, 500ms (default 30s)')
    .option('--allow-insecure', 'allow sending the API key over plain http to a non-loopback host')
    .option('--no-pager', 'print long listings directly, not through $HABITS_PAGER or $PAGER')
    .option('--no-queue', 'fail at once when a mark or value cannot reach the server, instead of keeping it in the outbox')
    .helpCommand(false)
    .exitOverride()
    .showSuggestionAfterError(true)
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
      // cli.ts prints every error, in one format.
      outputError: () => {},
      getOutHelpWidth: () => io.columns ?? 80,
    })
    .addHelpText('after', `
Examples:
  $ habits journal                       today's habits
  $ habits log done "Drink water"        mark a habit completed for today
  $ habits habit add Walk --days mon,wed,fri --goal "30 min daily"
  $ habits --local journal               the same, on the local service (no account)

Run \`habits help <command>\` for a command's flags; \`habits help exit-codes\`,
\`habits help environment\` and \`habits help formatting\` for the contract
scripts rely on.`);

  for (const noun of NOUNS) {
    program.command(noun.name, { hidden: noun.hidden }).description(noun.summary);
  }
  apps.set(program, app);
  program.hook('preSubcommand', (_root, sub) => loadNoun(sub, app));
  placeErrors(program);
  return program;
}

/** `habits log done <habit...> [options]`: the command's words, its arguments, then options. */
export function usageLine(cmd: Command): string {
  const args = cmd.registeredArguments.map((a) => {
    const name = `${a.name()}${a.variadic ? '...' : ''}`;
    return a.required ? `<${name}>` : `[${name}]`;
  });
  return [commandWords(cmd), ...(cmd.commands.length ? ['<command>'] : []), ...args, '[options]'].join(' ');
}

/** `habits log done`: the words that run `cmd`. */
export function commandWords(cmd: Command): string {
  const words: string[] = [];
  for (let c: Command | null = cmd; c; c = c.parent) words.unshift(c.name());
  return words.join(' ');
}

/**
 * Makes the usage errors of `cmd` and every command below it name the command they arose in, so
 * the user sees its usage line and its --help (describe-error.ts), not the program's. The same
 * line heads its --help and the man page: `habits log done <habit...> [options]`, arguments first.
 */
function placeErrors(cmd: Command): void {
  cmd.usage(usageLine(cmd).slice(commandWords(cmd).length + 1));
  cmd.exitOverride((err: CommanderError) => {
    if (err.code === 'commander.excessArguments' || err.code === 'commander.unknownCommand') mistypedFields(cmd);
    if (err.code === 'commander.missingArgument') fieldsTakenForArgument(cmd);
    throw err.exitCode === 0 ? err : new CommandUsageError(err, commandWords(cmd), usageLine(cmd));
  });
  for (const sub of cmd.commands) placeErrors(sub);
}

/**
 * `habit ls --json nme`: a word after a bare `--json` that is no field stays an argument
 * (normalizeJsonFlag marks that `--json=`). When it is one too many for the command and reads as
 * field names, it was meant as fields: the error lists the command's fields, not "too many
 * arguments".
 */
function mistypedFields(cmd: Command): void {
  const argv = rawArgsOf(cmd);
  const excess = new Set(cmd.args.slice(cmd.registeredArguments.length));
  for (let i = 0; i + 1 < argv.length; i++) {
    const word = argv[i + 1]!;
    if (argv[i] !== '--json=' || !/^[a-z]\w*$/.test(word)) continue;
    const path = commandPath(cmd);
    const declared = JSON_FIELDS[path];
    if (excess.has(word) && declared) checkFields(parseFields(word), declared, path);
    if (!path && cmd.args[0] === word) {
      throw new UsageError(`"${word}" after --json is neither a command nor a field`, 'put --json after the command, and see its fields with: habits <command> --json help');
    }
  }
}

/**
 * `log done --json notes`: a word after a bare `--json` that is a field name of some command is
 * read as its value. When the command then misses its argument, that word was the argument (a
 * habit named "notes"): the error says so, and how to write it.
 */
function fieldsTakenForArgument(cmd: Command): void {
  const word = /^--json=([a-z]\w*)$/.exec(rawArgsOf(cmd).find((w) => w.startsWith('--json=')) ?? '')?.[1];
  const path = commandPath(cmd);
  const declared = JSON_FIELDS[path];
  // `log done --json help` asks for the fields, which need no argument.
  if (word === 'help' && declared) checkFields(['help'], declared, path);
  if (!word || word === 'help' || declared?.includes(word)) return;
  throw new UsageError(
    `"${word}" after --json was read as the fields to print, and ${commandWords(cmd)} has no ${cmd.registeredArguments.find((a) => a.required)?.name() ?? 'argument'}`,
    `for a habit "${word}", put --json last: ${commandWords(cmd)} ${word} --json`,
  );
}

/** The words given to parse (after normalizeJsonFlag); commander keeps them but does not type them. */
function rawArgsOf(cmd: Command): string[] {
  let root = cmd;
  while (root.parent) root = root.parent;
  return (root as unknown as { rawArgs?: string[] }).rawArgs ?? [];
}

/** `--mood`, `--date=2026-11-22`, `-y`: a word that reads as an option (ids are longer than `-y`). */
/**
 * The options that take no value (and `--json`, whose value is optional and never an id): a word
 * after any other option is its value. test/program.test.ts holds this list to the command tree.
 */
export const VALUELESS_OPTIONS: ReadonlySet<string> = new Set([
  '--allow-duplicate', '--allow-insecure', '--archived', '--clear-day', '--cron', '--daily', '--dry-run', '--fix', '--launchd', '--list', '--local', '--offline',
  '--print', '--read-only', '--refresh', '--show', '--systemd', '--strict', '--verbose', '--with-key', '--interactive', '-i', '--quiet', '-q', '--yes', '-y', '--json',
  '--help', '-h', '--version', '-V',
]);

function takesNoValue(option: string): boolean {
  return option.startsWith('--no-') || VALUELESS_OPTIONS.has(option);
}

function looksLikeOption(word: string): boolean {
  return /^--[a-z][a-z0-9-]*(=.*)?$/i.test(word) || /^-[a-z]$/i.test(word);
}

/** A word as it would be typed in a POSIX shell: quoted when it holds anything but plain characters. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * After `--` every word is an argument, so `habits note edit Walk -- -P79E… --mood veryHigh` would
 * fail with "too many arguments", and `log done -- -P79E… --date yesterday` would look up a habit
 * named "--date" after marking the other one for today. An option-like word after `--` is refused
 * before anything runs, with the command line that works: ids written as `id:<id>`, no `--`.
 */
export function rejectOptionsAfterDashes(argv: readonly string[]): void {
  const end = argv.indexOf('--');
  if (end === -1) return;
  const after = argv.slice(end + 1);
  const options = after.filter(looksLikeOption);
  if (options.length === 0) return;
  // A word after an option that takes a value is that value (`--date -2`: two days ago), not an id.
  const fixed = [...argv.slice(0, end), ...after.map((w, i) => {
    const before = after[i - 1];
    const value = before !== undefined && looksLikeOption(before) && !before.includes('=') && !takesNoValue(before);
    // A negative number (`log add Water -- -0.5`) is a value, and works without `--`: no id:.
    return w.startsWith('-') && !looksLikeOption(w) && !value && !/^-(\d+\.?\d*|\.\d+)$/.test(w) ? `id:${w}` : w;
  })];
  const listed = [...new Set(options)].join(', ');
  throw new UsageError(
    `${listed} after \`--\` ${options.length === 1 ? 'is' : 'are'} read as ${options.length === 1 ? 'an argument' : 'arguments'}, not ${options.length === 1 ? 'an option' : 'options'}`,
    `write ids that begin with "-" as id:<id> and leave out \`--\`: habits ${fixed.map(shellWord).join(' ')} (or put every option before \`--\`)`,
  );
}

/**
 * `--json` takes an optional value, and commander would take any next word for it: `habits --json
 * journal`, `habits log done --json Walk`. The word after a bare `--json` is its value only when it
 * looks like fields and is not a command (`habit` is also a field of `log done`): output/fields.ts,
 * isJsonValue, which completion follows too. Otherwise `--json` stays bare. `--json=FIELDS` is kept.
 */
export function normalizeJsonFlag(argv: readonly string[]): string[] {
  const end = argv.indexOf('--');
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    if (word !== '--json' || (end !== -1 && i > end)) {
      out.push(word);
      continue;
    }
    const next = argv[i + 1];
    if (next !== undefined && (end === -1 || i + 1 < end) && isJsonValue(next, (w) => NOUNS.some((n) => n.name === w))) {
      out.push(`--json=${next}`);
      i++;
    } else if (next !== undefined && !next.startsWith('-')) {
      out.push('--json='); // bare, and the next word stays an argument
    } else {
      out.push(word);
    }
  }
  return out;
}

/**
 * `--color auto|always|never` anywhere before `--` is the global colour flag (as in gh, ls, git);
 * it becomes `--color-when`. Any other value stays `--color`, the hex colour of `habit add|edit`
 * and `area add|edit`: no colour is spelt auto, always or never, so the two never meet.
 */
export function normalizeColorFlag(argv: readonly string[]): string[] {
  const end = argv.indexOf('--');
  const when = (v: string | undefined): v is string => v === 'auto' || v === 'always' || v === 'never';
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i]!;
    const before = end === -1 || i < end;
    if (before && word === '--color' && when(argv[i + 1]) && (end === -1 || i + 1 < end)) {
      out.push(`--color-when=${argv[++i]}`);
    } else if (before && word.startsWith('--color=') && when(word.slice(8))) {
      out.push(`--color-when=${word.slice(8)}`);
    } else {
      out.push(word);
    }
  }
  return out;
}

/** A command's words after `habits`: `habit ls`. */
export function commandPath(cmd: Command): string {
  const words: string[] = [];
  for (let c: Command | null = cmd; c?.parent; c = c.parent) words.unshift(c.name());
  return words.join(' ');
}

const registered = new WeakSet<Command>();

/** Registers a noun's verbs (or a leaf's arguments and action) on its command, once. */
async function loadNoun(cmd: Command, app: App): Promise<void> {
  // Only a command of `habits` itself is a noun: `log undo` is not the top-level `undo`.
  if (cmd.parent?.parent) return;
  const noun = NOUNS.find((n) => n.name === cmd.name());
  if (!noun || registered.has(cmd)) return;
  registered.add(cmd);
  (await noun.load()).register(cmd, app);
  placeErrors(cmd);
}

/** The app of each program buildProgram made, for loadEveryNoun. */
const apps = new WeakMap<Command, App>();

/** Loads every noun of a program from buildProgram, as completion does: for the man page. */
export async function loadEveryNoun(program: Command): Promise<void> {
  const app = apps.get(program);
  if (!app) throw new Error('loadEveryNoun: not a program from buildProgram');
  await loadAll(program, app);
}

/** Loads every noun: for help of nested commands and for completion scripts. */
async function loadAll(program: Command, app: App): Promise<void> {
  for (const cmd of program.commands) await loadNoun(cmd, app);
}

/**
 * The command tree as completion reads it (completion/spec.ts), every noun loaded, with help's
 * topics: the build embeds it in dist/complete.js (src/complete.ts).
 */
export async function completionTree(program: Command): Promise<CommandSpec> {
  await loadEveryNoun(program);
  return buildSpec(program, HELP_TOPICS);
}
