// `habits mcp`: the Model Context Protocol server (the official SDK, loaded only by this command).
// Every tool is the CLI command it adapts, run in this process through the same entry a command
// line takes (App.invoke: main() with buffer streams, `--json`, `--no-input`), so it shares the
// resolver, the rules before a write, the warnings, the outbox and local mode, in the CLI's words:
// its JSON is the result's structuredContent, its confirmations and warnings the text, its error
// (with the hint: candidates for an ambiguous name, the way out of a refusal) a tool error. Nothing
// but protocol messages is written to stdout; the commands write to buffers.
import { realpathSync } from 'node:fs';
import { dirname, isAbsolute } from 'node:path';
import { PassThrough, Readable, type Writable } from 'node:stream';
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { JSONRPCMessageSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
// A namespace import: esbuild then leaves out zod's locales (the chunk about half the size).
import * as z from 'zod';
import type { IO } from '../io.js';
// Types only: the words come in McpOptions (see `words`).
import type { summary, undoPreview } from './summary.js';

/** Runs one command line with `io`; its exit code. */
export type Invoke = (argv: string[], io: IO) => Promise<number>;

export interface McpOptions {
  invoke: Invoke;
  /** The global flags `habits mcp` was given (`--local`, `--profile P`, …): every tool runs with them. */
  globals: string[];
  /** Only the tools that read. */
  readOnly: boolean;
  /** Texts no result may hold (the API key, the path of the file that holds it): each becomes `[redacted]`. */
  secrets?: string[];
  version: string;
  /** Whether the tools run against the embedded local service, whose logs can be listed (log_undo reads it). */
  isLocal: () => boolean;
  /** A date argument (`today`, `-1`, `2026-11-22`) as the commands read it: the day log_undo names. */
  dateOf: (arg: string) => string;
  /**
   * The words of results (summary.ts), handed in by commands/mcp.ts: imported by this chunk, the
   * model and output modules they use would be split out of the chunk every command loads (one
   * more file for `log done` to load: test/startup.test.ts).
   */
  words: { summary: typeof summary; undoPreview: typeof undoPreview };
}

/** What one command line printed, and its exit code. */
export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `argv` (with the globals, `--json` and `--no-input`) and collects what it printed. */
export async function runCommand(options: Pick<McpOptions, 'invoke' | 'globals' | 'secrets'>, argv: string[]): Promise<Ran> {
  const collect = (): { stream: Writable; text: () => string } => {
    const stream = new PassThrough();
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    return { stream, text: () => Buffer.concat(chunks).toString('utf8') };
  };
  const out = collect();
  const err = collect();
  const io: IO = {
    stdin: Readable.from([]),
    stdout: out.stream,
    stderr: err.stream,
    stdinIsTTY: false,
    stdoutIsTTY: false,
    stderrIsTTY: false,
  };
  // Options before `--`, the positional words after it (a name may begin with "-").
  const dashes = argv.indexOf('--');
  const head = dashes === -1 ? argv : argv.slice(0, dashes);
  const tail = dashes === -1 ? [] : argv.slice(dashes);
  const code = await options.invoke([...options.globals, '--json', '--no-input', ...head, ...tail], io);
  await new Promise((resolve) => setImmediate(resolve));
  // The CLI never prints the key, but a warning may name the file that holds it: an assistant gets neither.
  const secrets = hidden(options.secrets ?? []);
  const scrub = (text: string) => secrets.reduce((t, s) => t.split(s).join('[redacted]'), text);
  return { code, stdout: scrub(out.text()), stderr: scrub(err.text()) };
}

/**
 * The texts a result may not show: each secret and, for a path behind a symbolic link, the file it
 * leads to and that file's directory, which a refusal of the file names (`it links to
 * /elsewhere/config.json`, `it links into /elsewhere`). Resolved at each call: the link may have
 * been made since. Longest first, so that a path goes whole before its directory.
 */
function hidden(secrets: readonly string[]): string[] {
  const all = new Set(secrets);
  for (const path of secrets.filter((s) => isAbsolute(s))) {
    try {
      const real = realpathSync(path);
      if (real !== path) all.add(real).add(dirname(real));
    } catch {
      // No such file (yet): nothing behind it to show.
    }
  }
  return [...all].filter((s) => s.length >= 4 && s !== dirname(s)).sort((a, b) => b.length - a.length);
}

/** The exit code of a write kept in the outbox (errors.ts EXIT.queued). */
const QUEUED = 6;

/** The CLI's error line (`{"error":{code,message,hint?}}` on stderr with --json), if it printed one. */
function errorOf(stderr: string): { code: string; message: string; hint?: string } | undefined {
  for (const line of stderr.split('\n').reverse()) {
    if (!line.startsWith('{')) continue;
    try {
      const e = (JSON.parse(line) as { error?: { code?: unknown; message?: unknown; hint?: unknown } }).error;
      if (e && typeof e.message === 'string') return { code: String(e.code ?? 'error'), message: e.message, ...(typeof e.hint === 'string' ? { hint: e.hint } : {}) };
    } catch {
      // not the error line
    }
  }
  return undefined;
}

/** The lines a person reads: confirmations and warnings (not the JSON error line). */
function talk(stderr: string): string[] {
  return stderr.split('\n').filter((l) => l.trim() && !l.startsWith('{'));
}

/**
 * A command's outcome as a tool result. Exit 0: the text is what the command said (a write's
 * confirmation), else the summary of its JSON (a read's lines, summary.ts), then its warnings; the
 * JSON itself is the structuredContent only.
 */
export function toResult(ran: Ran, argv: readonly string[] = [], summarize: typeof summary = () => undefined, flags: Readonly<Record<string, string>> = {}): CallToolResult {
  const said = talk(ran.stderr);
  const error = errorOf(ran.stderr);
  if (ran.code === 0) {
    const data = parseJson<unknown>(ran.stdout, undefined);
    const structured = data === undefined ? undefined : Array.isArray(data) ? { items: data } : typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : { value: data };
    const warnings = said.filter((l) => l.startsWith('warning: '));
    const told = said.filter((l) => !l.startsWith('warning: '));
    const text = [...(told.length ? told : [(data === undefined ? undefined : summarize(argv, data)) ?? 'done']), ...warnings].join('\n');
    return { content: [{ type: 'text', text }], ...(structured ? { structuredContent: structured } : {}) };
  }
  if (ran.code === QUEUED && error) {
    const text = [`queued: ${error.message}`, ...(error.hint ? [`hint: ${error.hint}`] : []), ...said].join('\n');
    return { content: [{ type: 'text', text }], structuredContent: { queued: true, message: error.message } };
  }
  // A hint names the command's flags: a tool says them as its own arguments (--clear-day: clearDay: true).
  const hint = error?.hint && Object.entries(flags).reduce((h, [flag, arg]) => h.split(flag).join(arg), error.hint);
  const message = error ? `error: ${error.message}${hint ? `\nhint: ${hint}` : ''}` : `error: exit ${ran.code}${said.length ? `\n${said.join('\n')}` : ''}`;
  return { isError: true, content: [{ type: 'text', text: [message, ...said.filter((l) => !message.includes(l))].join('\n') }] };
}

/**
 * The longest texts a tool takes: the local service's limits (docs/local-service.md, Limits; the
 * API gives none), a reference being `id:` and an id at most. Unbounded, a 10 MB habit name made
 * the server allocate 4.6 GB on its way to "no habit matches".
 */
const MAX = { name: 200, ref: 203, unit: 50, description: 5000, note: 10_000, grammar: 200, reminders: 50 } as const;

const HABIT = z.string().min(1).max(MAX.ref).describe('a habit as on the command line: its name, a unique prefix, or id:<id>');
/**
 * The date grammar of the commands (model/dates.ts, parseDate), in lower case. Checked here, so
 * that no word which could read as an option (`--version`, `-V`) ever reaches a command line.
 */
const DATE_GRAMMAR = /^(\d{4}-\d{2}-\d{2}|today|yesterday|tomorrow|-\d{1,5}|sun|mon|tue|wed|thu|fri|sat|sunday|monday|tuesday|wednesday|thursday|friday|saturday)$/;
const DATE = z.string().max(10).regex(DATE_GRAMMAR, 'expected YYYY-MM-DD, today, yesterday, tomorrow, -N or a weekday (mon or monday), in lower case')
  .describe('YYYY-MM-DD, today, yesterday, tomorrow, -N (N days ago) or a weekday (mon or monday); default today, in the user\'s zone').optional();
/** A value in one of the CLI's grammars (days, a goal, a reminder, a unit): none begins with "-". */
const grammar = (max: number) => z.string().min(1).max(max).regex(/^[^-]/, 'may not begin with "-"');
const CONFIRM = z.boolean().describe('true to act; without it the tool only says what it would do').optional();

type Args = Record<string, unknown>;
/**
 * An option and its value as one word, `--date=today`: the value can never be read as an option
 * of its own. (Given as two words, commander's root command took a global flag anywhere before
 * `--`, even in the place of a value: `--from --base-url=http://elsewhere` sent the key there.)
 */
const opt = (flag: string, value: unknown): string[] => (value === undefined || value === null || value === '' ? [] : [`${flag}=${String(value)}`]);
/** log_list's range: today alone unless from or to is given. */
const logRange = (from: unknown, to: unknown): string[] => (opt('--from', from).length || opt('--to', to).length ? [...opt('--from', from), ...opt('--to', to)] : ['--from=today', '--to=today']);

/** The exit codes of a habit or a date the command refused (usage, not found, auth): the tool's error, never a preview. */
const REFUSED = new Set([2, 3, 4]);

/**
 * What log_undo without confirm answers, or undefined when it is to act at once: the day's
 * statistics (what the server shows) and its logs (`log ls`: every log in local mode, this
 * machine's elsewhere), put in words by undoPreview (summary.ts).
 */
async function previewUndo(options: McpOptions, habit: string, when: string): Promise<CallToolResult | undefined> {
  // The date first, as `log undo --date` reads it: the commands below would name it --to.
  let date: string;
  try {
    date = options.dateOf(when);
  } catch (err) {
    const hint = (err as { hint?: unknown }).hint;
    const text = `error: ${err instanceof Error ? err.message : String(err)}${typeof hint === 'string' && hint ? `\nhint: ${hint}` : ''}`;
    return { isError: true, content: [{ type: 'text', text }] };
  }
  const range = [...opt('--from', when), ...opt('--to', when), '--', habit];
  const [stats, listed] = [await runCommand(options, ['habit', 'stats', ...range]), await runCommand(options, ['log', 'ls', ...range])];
  if (REFUSED.has(stats.code)) return toResult(stats);
  if (listed.code !== 0) return toResult(listed);
  const preview = options.words.undoPreview({
    local: isLocal(options), ref: habit, date,
    logs: parseJson<unknown[]>(listed.stdout, []),
    stats: stats.code === 0 ? parseJson<unknown>(stats.stdout, {}) : { error: errorOf(stats.stderr)?.message ?? `exit ${stats.code}` },
  });
  return preview && { content: [{ type: 'text', text: preview.text }], structuredContent: { wouldClear: preview.wouldClear, confirmed: false } };
}

function isLocal(options: McpOptions): boolean {
  try {
    return options.isLocal();
  } catch {
    // Settings that cannot be read: the commands report them; the preview takes the safe way.
    return false;
  }
}

function parseJson<T>(text: string, fallback: T): T {
  try {
    return text.trim() ? (JSON.parse(text) as T) : fallback;
  } catch {
    return fallback;
  }
}

/** Builds the server: every tool, the resources and the prompt. */
export function createMcpServer(options: McpOptions): McpServer {
  const server = new McpServer({ name: 'habits', version: options.version }, { instructions: 'Habits named as on the command line (name, unique prefix, id:<id>). An ambiguous name is a tool error listing the candidates: ask the user which one. Destructive tools act only with confirm: true.' });
  const run = (argv: string[]) => runCommand(options, argv).then((ran) => toResult(ran, argv, options.words.summary));
  const read = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
  const write = (idempotent: boolean, destructive = false) => ({ readOnlyHint: false, destructiveHint: destructive, idempotentHint: idempotent, openWorldHint: false });

  // Reads.
  server.registerTool('journal', { title: "The day's habits", description: "Every habit of a day with its status (completed, skipped, failed, inprogress, none), progress and streak. The day defaults to today in the user's zone.", inputSchema: { date: DATE }, annotations: read }, (a: Args) => run(['journal', ...opt('--date', a.date)]));
  server.registerTool('week', { title: 'A week', description: 'Every habit over a week (or several, ending with the week of date): each day\'s status, streaks and completion rate.', inputSchema: { date: DATE, weeks: z.number().int().min(1).max(52).optional() }, annotations: read }, (a: Args) => run(['week', ...opt('--date', a.date), ...opt('--weeks', a.weeks)]));
  server.registerTool('month', { title: 'A month', description: 'Every habit over the calendar month that holds date: each day\'s status, streaks and completion rate.', inputSchema: { date: DATE }, annotations: read }, (a: Args) => run(['month', ...opt('--date', a.date)]));
  server.registerTool('habit_list', { title: 'List habits', description: 'The active habits (or the archived ones) with their schedule, goal and area.', inputSchema: { archived: z.boolean().optional(), area: z.string().min(1).max(MAX.ref).optional(), type: z.enum(['good', 'bad']).optional() }, annotations: read }, (a: Args) => run(['habit', 'ls', ...(a.archived ? ['--archived'] : []), ...opt('--area', a.area), ...opt('--type', a.type)]));
  server.registerTool('habit_show', { title: 'Show a habit', description: 'One habit with every field: schedule, goal, reminders, stacks, end condition, areas.', inputSchema: { habit: HABIT }, annotations: read }, (a: Args) => run(['habit', 'show', '--', String(a.habit)]));
  server.registerTool('habit_stats', { title: 'Habit statistics', description: 'A habit\'s statistics over a range (default its whole life): totals, streaks, completion rate, each day.', inputSchema: { habit: HABIT, from: DATE, to: DATE }, annotations: read }, (a: Args) => run(['habit', 'stats', ...opt('--from', a.from), ...opt('--to', a.to), '--', String(a.habit)]));
  server.registerTool('note_list', { title: 'Notes of a habit', description: 'The notes of a habit, oldest first, with their mood.', inputSchema: { habit: HABIT }, annotations: read }, (a: Args) => run(['note', 'ls', '--', String(a.habit)]));
  server.registerTool('area_list', { title: 'List areas', description: 'The areas that group habits.', inputSchema: {}, annotations: read }, () => run(['area', 'ls']));
  server.registerTool('log_list', {
    title: 'Logs of a habit',
    description: "The marks and values logged for a habit on a day or over a range: from and to, both dates included; without either, today only; from alone runs to today, to alone from the first log. In local mode every log; against a server (whose API lists no logs), the ones written from this machine.",
    inputSchema: { habit: HABIT, from: DATE, to: DATE },
    annotations: read,
  }, (a: Args) => run(['log', 'ls', ...logRange(a.from, a.to), '--', String(a.habit)]));
  if (options.readOnly) return withResources(server, options);

  // Writes.
  const mark = (verb: string, what: string) => server.registerTool(`log_${verb}`, {
    title: `Mark a habit ${what}`,
    description: `Marks a habit ${what} for a day (default today). Refused, with the reason, for a day after today or before the habit starts; a day that is not due, an archived habit or a bad habit over its limit come back as a refusal or a warning in the CLI's words. Marking again is harmless. When the server cannot be reached the mark waits in the outbox and the result says "queued".`,
    inputSchema: { habit: HABIT, date: DATE, strict: z.boolean().describe('refuse a write that would not count instead of warning').optional() },
    annotations: write(true),
  }, (a: Args) => run(['log', verb, ...opt('--date', a.date), ...(a.strict ? ['--strict'] : []), '--', String(a.habit)]));
  mark('done', 'completed');
  mark('skip', 'skipped');
  mark('fail', 'failed');
  server.registerTool('log_add', { title: 'Log a value', description: "Adds a value to a measurable habit's total for a day (default today), in unit or the goal's unit; a negative value takes some back. A unit that never counts towards the goal is refused. Queued when the server cannot be reached.", inputSchema: { habit: HABIT, value: z.number().refine((v) => v !== 0, 'not 0'), unit: grammar(MAX.unit).optional(), date: DATE }, annotations: write(false) }, (a: Args) => run(['log', 'add', ...opt('--unit', a.unit), ...opt('--date', a.date), '--', String(a.habit), String(a.value)]));
  server.registerTool('log_set', { title: "Set a day's total", description: "Sets a measurable habit's total for a day (default today): sends the difference from what the day shows, up or down. Setting the same total twice sends nothing.", inputSchema: { habit: HABIT, total: z.number(), unit: grammar(MAX.unit).optional(), date: DATE }, annotations: write(true) }, (a: Args) => run(['log', 'set', ...opt('--unit', a.unit), ...opt('--date', a.date), '--', String(a.habit), String(a.total)]));
  server.registerTool('log_undo', {
    title: "Clear a habit's day",
    description: "Clears a habit's marks and the values logged on a day (default today). In local mode, a day with values is cleared only with confirm: true (without it, the tool lists the day's logs); a day with marks only is cleared at once. Against a server, which lists no logs and may hold values logged from other devices, it acts only with confirm: true; without it, it says what the server shows for that day (its total and mark) and which of the values this machine wrote.",
    inputSchema: { habit: HABIT, date: DATE, confirm: CONFIRM },
    annotations: write(true, true),
  }, async (a: Args) => {
    if (!a.confirm) {
      const preview = await previewUndo(options, String(a.habit), typeof a.date === 'string' && a.date ? a.date : 'today');
      if (preview) return preview;
    }
    return run(['log', 'undo', '--yes', ...opt('--date', a.date), '--', String(a.habit)]);
  });
  server.registerTool('undo_last', {
    title: 'Revert the last write',
    description: "Reverts the last write this machine made, and nothing else: a mark or a value by deleting its log alone (the day's other values stay), a value the server gave no log id for by logging its opposite, a write still waiting in the outbox by dropping it. On a server that gives no log ids (production), a mark goes only with its day's undo, which may clear the day's values: the values this machine logged that day are written back; values it did not log (another device's) cannot be, so it refuses unless clearDay: true. Acts only with confirm: true; without it, it says what it would revert and how.",
    inputSchema: { confirm: CONFIRM, clearDay: z.boolean().describe("with confirm: revert a mark even when its day holds values this machine did not log, which the day's undo may clear").optional() },
    annotations: write(false, true),
  }, async (a: Args) => {
    if (a.confirm) {
      const argv = ['undo', '--yes', ...(a.clearDay ? ['--clear-day'] : [])];
      return toResult(await runCommand(options, argv), argv, options.words.summary, { '--clear-day': 'clearDay: true' });
    }
    // A preview, as the other destructive tools give: the command's own dry run says what and how.
    const ran = await runCommand(options, ['undo', '--dry-run']);
    const plan = ran.code === 0 ? parseJson<{ dryRun?: boolean; action?: string; consequence?: string; notLogged?: unknown } | undefined>(ran.stdout, undefined) : undefined;
    if (!plan?.dryRun) return toResult(ran, ['undo']);
    const text = `would ${plan.action}. ${plan.consequence} Call again with confirm: true${plan.notLogged ? ' and clearDay: true' : ''} to do it.`;
    return { content: [{ type: 'text', text }], structuredContent: { ...plan, confirmed: false } };
  });
  server.registerTool('note_add', { title: 'Add a note', description: 'Adds a note to a habit for a day (default today), with a mood.', inputSchema: { habit: HABIT, text: z.string().min(1).max(MAX.note), mood: z.enum(['veryLow', 'low', 'neutral', 'high', 'veryHigh']).optional(), date: DATE }, annotations: write(false) }, (a: Args) => run(['note', 'add', ...opt('--mood', a.mood), ...opt('--date', a.date), '--', String(a.habit), String(a.text)]));
  server.registerTool('habit_add', {
    title: 'Create a habit',
    description: 'Creates a habit, in the CLI\'s grammar: days "mon,wed,fri" or "weekdays" (else daily), every N days, month days "1,15"; goal "30 min daily" or "2 L"; reminders "07:30@mon-fri" (add "!alarm" for an alarm); time of day morning, afternoon or evening. A name already in use is refused.',
    inputSchema: {
      name: z.string().min(1).max(MAX.name), type: z.enum(['good', 'bad']).optional(), description: z.string().max(MAX.description).optional(),
      days: grammar(MAX.grammar).optional(), every: z.number().int().min(1).optional(), monthDays: grammar(MAX.grammar).optional(),
      goal: grammar(MAX.grammar).optional(), remind: z.array(grammar(MAX.grammar)).max(MAX.reminders).optional(), timeOfDay: grammar(MAX.grammar).optional(),
      area: z.string().min(1).max(MAX.ref).optional(), start: DATE,
    },
    annotations: write(false),
  }, (a: Args) => run([
    'habit', 'add', ...opt('--type', a.type), ...opt('--description', a.description), ...opt('--days', a.days), ...opt('--every', a.every),
    ...opt('--month-days', a.monthDays), ...opt('--goal', a.goal), ...((a.remind as string[] | undefined) ?? []).flatMap((r) => opt('--remind', r)),
    ...opt('--time-of-day', a.timeOfDay), ...opt('--area', a.area), ...opt('--start', a.start), '--', String(a.name),
  ]));
  server.registerTool('habit_archive', { title: 'Archive a habit', description: 'Archives a habit: it leaves the journal and the lists, its history is kept. Acts only with confirm: true; without it, it says which habit it would archive.', inputSchema: { habit: HABIT, confirm: CONFIRM }, annotations: write(true, true) }, async (a: Args) => {
    if (a.confirm) return run(['habit', 'archive', '--', String(a.habit)]);
    const shown = await runCommand(options, ['habit', 'show', '--', String(a.habit)]);
    if (shown.code !== 0) return toResult(shown);
    const habit = parseJson<{ id?: string; name?: string }>(shown.stdout, {});
    if (typeof habit.id !== 'string' || typeof habit.name !== 'string') return toResult(shown);
    return { content: [{ type: 'text', text: `would archive "${habit.name}" (id:${habit.id}): call again with confirm: true to archive it` }], structuredContent: { wouldArchive: { id: habit.id, name: habit.name }, confirmed: false } };
  });
  return withResources(server, options);
}

/** Today's journal and each habit as resources; the daily review prompt. */
function withResources(server: McpServer, options: McpOptions): McpServer {
  const json = async (uri: URL, argv: string[]) => {
    const ran = await runCommand(options, argv);
    if (ran.code !== 0) throw new Error(errorOf(ran.stderr)?.message ?? `exit ${ran.code}`);
    return { contents: [{ uri: uri.href, mimeType: 'application/json', text: ran.stdout }] };
  };
  server.registerResource('journal', 'habits://journal/today', { title: "Today's journal", description: 'Every habit of today with its status, progress and streak.', mimeType: 'application/json' }, (uri) => json(uri, ['journal']));
  server.registerResource('habit', new ResourceTemplate('habits://habit/{id}', { list: undefined }), { title: 'A habit', description: 'One habit with every field, by id.', mimeType: 'application/json' }, (uri, { id }) => json(uri, ['habit', 'show', '--', `id:${String(id)}`]));
  // With --read-only the tools that record are not offered, and the prompt names none of them.
  const review = options.readOnly
    ? "Call the journal tool for today. For each habit whose status is inprogress or none, one at a time, ask me whether I did it, skipped it or failed it (for a measurable habit, how much). This server only reads, so record nothing: when none is left, list what I told you habit by habit, for me to log, then summarise the day and the streaks."
    : "Call the journal tool for today. For each habit whose status is inprogress or none, one at a time, ask me whether I did it, skipped it or failed it (for a measurable habit, how much), then record it with log_done, log_skip, log_fail or log_add. Say what each tool answered, warnings included. When none is left, summarise the day and the streaks.";
  server.registerPrompt('daily_review', { title: 'Daily review', description: "Walk through today's open habits with the user, one at a time." }, () => ({
    messages: [{ role: 'user', content: { type: 'text', text: review } }],
  }));
  return server;
}

/** The longest line taken as a message: with its newline, the SDK transport's limit, past which it closed (and the server ended). */
const MAX_LINE = 10 * 1024 * 1024 - 1;

/**
 * The lines of `stdin` that are JSON-RPC messages, for the SDK's transport, which drops any other
 * line unanswered: here a line that is no JSON is answered -32700 (Parse error), and a batch (MCP
 * has none since 2025-06-18), `params: null`, a method that is no string or any other line that is
 * no message -32600 (Invalid Request), with the request's id when it has one (JSON-RPC 2.0, 5.1).
 */
function screened(stdin: NodeJS.ReadableStream, stdout: NodeJS.WritableStream): { messages: PassThrough; stop: () => void } {
  const messages = new PassThrough();
  const refuse = (id: unknown, code: number, message: string) =>
    stdout.write(JSON.stringify({ jsonrpc: '2.0', id: typeof id === 'string' || typeof id === 'number' ? id : null, error: { code, message } }) + '\n');
  const take = (line: string) => {
    if (!line.trim()) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch {
      refuse(null, -32700, 'Parse error: the line is not JSON');
      return;
    }
    if (Array.isArray(parsed)) return refuse(null, -32600, 'Invalid Request: batches are not supported');
    if (!JSONRPCMessageSchema.safeParse(parsed).success) {
      return refuse((parsed as { id?: unknown } | null)?.id, -32600, 'Invalid Request: not a JSON-RPC 2.0 message (jsonrpc "2.0", a string method, params an object if given, an id a string or a number)');
    }
    messages.write(line + '\n');
  };
  // Bytes up to each newline (which no UTF-8 sequence holds); a line past MAX_LINE is dropped whole.
  let pending: Buffer[] = [];
  let size = 0;
  let tooLong = false;
  const onData = (chunk: Buffer | string) => {
    let rest = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    for (let nl = rest.indexOf(10); nl !== -1; nl = rest.indexOf(10)) {
      if (tooLong || size + nl > MAX_LINE) refuse(null, -32600, 'Invalid Request: a message over 10 MB');
      else take(Buffer.concat([...pending, rest.subarray(0, nl)]).toString('utf8').replace(/\r$/, ''));
      [pending, size, tooLong, rest] = [[], 0, false, rest.subarray(nl + 1)];
    }
    if (tooLong || !rest.length) return;
    size += rest.length;
    if (size > MAX_LINE) [pending, size, tooLong] = [[], 0, true];
    else pending.push(rest);
  };
  const onEnd = () => {
    if (size && !tooLong) take(Buffer.concat(pending).toString('utf8'));
    messages.end();
  };
  stdin.on('data', onData);
  stdin.on('end', onEnd);
  stdin.on('error', (err) => messages.destroy(err));
  return {
    messages,
    stop: () => {
      stdin.off('data', onData);
      stdin.off('end', onEnd);
      stdin.pause();
    },
  };
}

/** Serves over stdio until the client goes: stdin and stdout carry protocol messages only. */
export async function serveMcp(options: McpOptions, stdin: NodeJS.ReadableStream, stdout: NodeJS.WritableStream): Promise<void> {
  const { StdioServerTransport } = await import('@modelcontextprotocol/sdk/server/stdio.js');
  const server = createMcpServer(options);
  const input = screened(stdin, stdout);
  const transport = new StdioServerTransport(input.messages as never, stdout as never);
  // The end of what the transport reads, which comes after every message it was given.
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    input.messages.on('end', () => resolve());
  });
  await server.connect(transport);
  // A client that wrote its last request and closed stdin still gets every answer: requests are
  // counted as they come and as they are answered.
  let pending = 0;
  let drained: (() => void) | undefined;
  const receive = transport.onmessage;
  transport.onmessage = (message) => {
    if ('method' in message && 'id' in message) pending++;
    receive?.(message);
  };
  const send = transport.send.bind(transport);
  transport.send = async (message) => {
    await send(message);
    if (!('method' in message) && 'id' in message && --pending === 0) drained?.();
  };
  await closed;
  if (pending > 0) await new Promise<void>((resolve) => (drained = resolve));
  input.stop();
  await server.close();
}
