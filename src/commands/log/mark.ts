// The shared part of the mark verbs (`log done|fail|skip|undo`): several habits per call, resolved
// with one lookup, marked in parallel (at most 4 requests in flight), reported in argument order.
// Each verb file says what is particular to it in a MarkVerb: its route and words (for done, fail
// and skip from shared/log-writes.ts, which sends each mark), its examples.
import type { Command } from 'commander';
import type { MessageResult } from '../../api/types.js';
import { mapPool } from '../../concurrency.js';
import type { JournalEntry } from '../../api/types.js';
import { DATE_FORMS, parseDateArg, parseLogDateArg } from '../../model/dates.js';
import { describeError } from '../../describe-error.js';
import { escapeControls } from '../../model/text.js';
import { formatAmount } from '../../output/format.js';
import { confirmDestructive } from '../shared/confirm.js';
import { PartialFailure, UsageError } from '../../errors.js';
import { examples, type App } from '../shared/app.js';
import type { Named } from '../../resolve/index.js';
import type { Deps } from '../shared/deps.js';
import { type DayLeft, type MarkWrite, orderedPrinter, sendMark, WRITE_CONCURRENCY } from '../shared/log-writes.js';
import { afterLogWrite } from '../shared/after-write.js';

/** What one mark verb is: its route and wording (shared/log-writes.ts), its help; the rest is shared. */
export interface MarkVerb extends MarkWrite {
  summary: string;
  examples: [command: string, what?: string][];
}

/** What a mark verb was asked to do. */
export interface MarkOptions {
  refs: string[];
  /** `--date` as typed; resolved in the user's timezone when the command runs. */
  date: string;
  /** --strict: a mark that would not count is an error, not a warning. */
  strict: boolean;
  /** --yes (undo only): clear values without asking. */
  yes?: boolean;
}

/** One habit's outcome, as `--json` prints it. */
export interface MarkEntry {
  ref: string;
  habit: { id: string; name: string } | null;
  date: string;
  ok: boolean;
  already?: boolean;
  result?: unknown;
  /** Why the mark may not count (archived habit, a day not due); after an undo, what the day still shows. */
  warnings?: string[];
  /** Undo on a server that did not say what it removed: the day read back (null: it could not be read). */
  left?: DayLeft | null;
  error?: { code: string; message: string; status: number | null };
}

/** Registers the mark verb `verb` on the `log` command. */
export function registerMark(parent: Command, app: App, verb: MarkVerb): void {
  const cmd = parent
    .command(verb.name)
    .description(verb.summary)
    .argument('<habit...>', 'habit names, ids, id:<id> or unique prefixes (ids starting with "-" go after --)')
    .option('--date <date>', `${DATE_FORMS}, in your timezone (default today)`);
  if (verb.checked) cmd.option('--strict', 'fail (exit 2) instead of warning when the mark would not count: archived habit, day not due');
  if (verb.name === 'undo') cmd.option('-y, --yes', 'clear logged values without asking (needed for them when not on a terminal)');
  cmd
    .addHelpText('after', examples(verb.examples))
    .action((refs: string[], opts: { date?: string; strict?: boolean; yes?: boolean }, cmd: Command) => {
      const options = parseMark(refs, opts);
      return app.run(cmd, (ctx) => runMark(verb, options, ctx));
    });
}

/** Checks the arguments of a mark command. */
export function parseMark(refs: string[], opts: { date?: string; strict?: boolean; yes?: boolean }): MarkOptions {
  if (refs.length === 0) throw new UsageError('name at least one habit');
  refs.forEach((ref, i) => {
    if (!ref.trim()) throw new UsageError(`<habit> ${i + 1} is empty`);
  });
  return { refs, date: opts.date ?? 'today', strict: !!opts.strict, ...(opts.yes ? { yes: true } : {}) };
}

type Outcome = { ok: true; already?: boolean; result?: MessageResult; warnings?: string[]; left?: DayLeft | null } | { ok: false; err: unknown };

/** Marks every habit of `options` with `verb`, reporting each; throws PartialFailure when any failed. */
export async function runMark(
  verb: MarkVerb,
  options: MarkOptions,
  deps: Pick<Deps, 'out' | 'api' | 'resolver' | 'today'> & Partial<Pick<Deps, 'writes' | 'prompter' | 'isLocal' | 'now' | 'scope' | 'paths'>>,
): Promise<void> {
  const { out } = deps;
  const date = verb.checked ? parseLogDateArg(options.date, deps.today(), '--date') : parseDateArg(options.date, deps.today(), '--date');
  const resolved = await deps.resolver.resolveHabits(options.refs);
  // Undo clears values too, which cannot be marked again: said, and confirmed, before anything is sent.
  if (verb.name === 'undo' && !options.yes) await confirmValues(deps, resolved.filter((r): r is Named => !(r instanceof Error)), date);
  // The day's journal, read once and only when a bad habit is marked done (see overLimit).
  let journal: Promise<JournalEntry[]> | undefined;
  const journalOf = () => (journal ??= deps.api().then((api) => api.request('GET /habits/journal', { query: { date } }).then((j) => (Array.isArray(j) ? j : []))));
  const send = async (habit: Named): Promise<Outcome> => ({ ok: true, ...(await sendMark(verb, habit, date, { strict: options.strict, journal: journalOf, today: deps.today() }, deps)) });
  // The same habit named twice is marked once; both places report that one outcome.
  const byId = new Map<string, Promise<Outcome>>();
  const mark = (habit: Named): Promise<Outcome> => {
    let pending = byId.get(habit.id);
    if (!pending) {
      pending = send(habit).catch((err: unknown): Outcome => ({ ok: false, err }));
      byId.set(habit.id, pending);
    }
    return pending;
  };

  const total = options.refs.length;
  const entries: MarkEntry[] = new Array(total);
  const errors: unknown[] = [];
  const factsById = new Map(resolved.flatMap((r) => (r instanceof Error ? [] : [[r.id, r] as const])));
  const printer = orderedPrinter(total, (i) => report(deps, verb, entries[i]!, errors[i], total, factsById.get(entries[i]!.habit?.id ?? '')));
  // Each outcome is caught into its entry, so one failure never stops the other habits.
  await mapPool(resolved, WRITE_CONCURRENCY, async (item, i) => {
    const ref = options.refs[i]!;
    const outcome: Outcome = item instanceof Error ? { ok: false, err: item } : await mark(item);
    const habit = item instanceof Error ? null : { id: item.id, name: item.name };
    if (!(item instanceof Error) && outcome.ok && !outcome.already) afterLogWrite(deps, date, item, verb.name === 'undo' ? { undo: { cleared: cleared(outcome) } } : verb.name);
    entries[i] = toEntry(ref, habit, date, outcome);
    if (!outcome.ok) errors[i] = outcome.err;
    printer.done(i);
  });

  await out.render({ json: entries, plain: () => '', tty: () => '' });
  const failures = errors.filter((e) => e !== undefined);
  if (failures.length === 0) return;
  // With one habit its own error says more than "1 of 1 failed" (and it was not printed yet).
  if (total === 1) throw failures[0];
  // Each failure was printed with its hint; the summary keeps the first's exit code, code and status.
  throw new PartialFailure(failures[0], failures.length, total);
}

/** Whether a day read back after an undo shows nothing: no amount, and no mark. */
export function showsNothing(left: DayLeft | null | undefined): boolean {
  return !!left && left.total === 0 && !['completed', 'failed', 'skipped'].includes(String(left.status));
}

/** Whether an undo left the day empty: the server said what it removed, or the day read back shows nothing. */
function cleared(outcome: { result?: MessageResult; left?: DayLeft | null }): boolean {
  return typeof outcome.result?.removed === 'number' || showsNothing(outcome.left);
}

function toEntry(ref: string, habit: MarkEntry['habit'], date: string, outcome: Outcome): MarkEntry {
  if (outcome.ok) {
    const warnings = outcome.warnings?.length ? { warnings: outcome.warnings } : {};
    const left = outcome.left === undefined ? {} : { left: outcome.left };
    return outcome.already ? { ref, habit, date, ok: true, already: true, ...warnings } : { ref, habit, date, ok: true, result: outcome.result, ...warnings, ...left };
  }
  const d = describeError(outcome.err);
  return { ref, habit, date, ok: false, error: { code: d.code, message: d.message, status: d.status ?? null } };
}

/** One line per habit: the confirmation, or a failure on stderr (with its hint). */
function report(deps: Pick<Deps, 'out'>, verb: MarkVerb, entry: MarkEntry, err: unknown, total: number, habit?: Named): void {
  const name = `"${entry.habit?.name ?? entry.ref}"`;
  if (entry.ok) {
    deps.out.item(entry.already && verb.already ? verb.already(name, entry.date, habit) : verb.done(name, entry.date, entry.result as MessageResult | undefined, entry.left ?? undefined, habit));
    for (const w of entry.warnings ?? []) deps.out.item(`warning: ${w}`, true);
    return;
  }
  // A lone failure is printed once, by cli.ts, from the error thrown.
  if (total === 1) return;
  const d = describeError(err);
  // A reference that did not resolve is named in its own message; a server error needs the habit.
  deps.out.item(`${d.code === 'queued' ? 'queued' : 'error'}: ${entry.habit ? `${name}: ` : ''}${d.message}`, true);
  if (d.hint) deps.out.item(`  hint: ${d.hint}`, true);
}

/**
 * The values logged on `date` for each habit, as far as this client can know them: every value in
 * local mode (the service lists its logs), the values this machine wrote elsewhere (the API lists
 * no logs: the record of writes). A habit without values is left out.
 */
async function valuesOn(deps: Pick<Deps, 'api'> & Partial<Pick<Deps, 'writes' | 'isLocal'>>, habits: Named[], date: string): Promise<Map<Named, string[]>> {
  const found = new Map<Named, string[]>();
  const unique = [...new Map(habits.map((h) => [h.id, h])).values()];
  if (deps.isLocal) {
    const api = await deps.api();
    await mapPool(unique, WRITE_CONCURRENCY, async (habit) => {
      const logs = await api.request('GET /habits/{habitId}/logs', { params: { habitId: habit.id }, query: { date } });
      // An older service named the kind `type` (api/answers.ts reads it as `kind`).
      const values = (Array.isArray(logs) ? logs : []).filter((l) => l.kind === 'value').map((l) => formatAmount(l.value, l.unitSymbol));
      if (values.length > 0) found.set(habit, values);
    });
    return found;
  }
  let live;
  try {
    live = deps.writes?.().record.liveLogs() ?? [];
  } catch {
    return found;
  }
  for (const habit of unique) {
    const values = live.filter((l) => l.habitId === habit.id && l.date === date && l.type === 'value').map((l) => {
      const body = l.write.body as { value?: unknown; unitSymbol?: unknown };
      return formatAmount(body.value, body.unitSymbol);
    });
    if (values.length > 0) found.set(habit, values);
  }
  return found;
}

/** Lists the values an undo would clear and confirms (a terminal asks, default no; else --yes is needed). */
async function confirmValues(deps: Pick<Deps, 'out' | 'api'> & Partial<Pick<Deps, 'writes' | 'prompter' | 'isLocal'>>, habits: Named[], date: string): Promise<void> {
  const found = await valuesOn(deps, habits, date);
  if (found.size === 0) return;
  const list = [...found].map(([h, values]) => `"${escapeControls(h.name)}" ${values.join(', ')}`);
  const what = `the value${[...found.values()].flat().length === 1 ? '' : 's'} logged on ${date} (${list.join('; ')})`;
  // Marks can be made again; values are gone once cleared.
  if (!deps.prompter) throw new UsageError(`refusing to clear ${what} without confirmation`, 'pass --yes to confirm when not on a terminal');
  await confirmDestructive({ prompter: deps.prompter }, false, `clear ${what}`, 'Marks can be made again; values cannot.');
}
