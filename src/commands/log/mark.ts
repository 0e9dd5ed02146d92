// The shared part of the mark verbs (`log done|fail|skip|undo`): several habits per call, resolved
// with one lookup, marked in parallel (at most 4 requests in flight), reported in argument order.
// Each verb file says what is particular to it in a MarkVerb: its route, its words, its examples.
import type { Command } from 'commander';
import { ApiError } from '../../api/errors.js';
import type { RouteKey } from '../../api/routes.js';
import type { MessageResult } from '../../api/types.js';
import { mapPool } from '../../concurrency.js';
import type { JournalEntry } from '../../api/types.js';
import { parseDateArg, parseLogDateArg } from '../../model/dates.js';
import { displayUnit } from '../../model/units.js';
import { formatNumber, shellWord } from '../../output/format.js';
import { describeError } from '../../describe-error.js';
import { PartialFailure, UsageError, WriteError } from '../../errors.js';
import { examples, type App } from '../shared/app.js';
import type { Named } from '../../resolve/index.js';
import type { Deps } from '../shared/deps.js';
import { checkLogWrite } from './checks.js';
import { queueFailed } from '../../record/index.js';

/** Requests in flight at once: fast, and far below the service's 500 a minute. */
const MARK_CONCURRENCY = 4;

/** What one mark verb is: the rest is shared. */
export interface MarkVerb {
  name: 'done' | 'fail' | 'skip' | 'undo';
  summary: string;
  route: Extract<RouteKey, `POST /habits/{habitId}/logs/${string}`>;
  examples: [command: string, what?: string][];
  /**
   * A mark (done, fail, skip) is checked before it is sent: not after today, not before the
   * habit's start, and a warning (an error with --strict) when it would not count. Undo is not:
   * it must be able to clear any day.
   */
  checked: boolean;
  /** The confirmation for one habit, from what the server answered. */
  done(name: string, date: string, result?: MessageResult): string;
  /**
   * The confirmation when the server answers 409 (the day already carries this mark), which a
   * re-run from cron must treat as success; undefined when a 409 is a failure.
   */
  already?(name: string, date: string): string;
}

/** What a mark verb was asked to do. */
export interface MarkOptions {
  refs: string[];
  /** `--date` as typed; resolved in the user's timezone when the command runs. */
  date: string;
  /** --strict: a mark that would not count is an error, not a warning. */
  strict: boolean;
}

/** One habit's outcome, as `--json` prints it. */
export interface MarkEntry {
  ref: string;
  habit: { id: string; name: string } | null;
  date: string;
  ok: boolean;
  already?: boolean;
  result?: unknown;
  /** Why the mark may not count (archived habit, a day not due). */
  warnings?: string[];
  error?: { code: string; message: string; status: number | null };
}

/** Registers the mark verb `verb` on the `log` command. */
export function registerMark(parent: Command, app: App, verb: MarkVerb): void {
  const cmd = parent
    .command(verb.name)
    .description(verb.summary)
    .argument('<habit...>', 'habit names, ids, id:<id> or unique prefixes (ids starting with "-" go after --)')
    .option('--date <date>', 'YYYY-MM-DD, today or yesterday, in your timezone (default today)');
  if (verb.checked) cmd.option('--strict', 'fail (exit 2) instead of warning when the mark would not count: archived habit, day not due');
  cmd
    .addHelpText('after', examples(verb.examples))
    .action((refs: string[], opts: { date?: string; strict?: boolean }, cmd: Command) => {
      const options = parseMark(refs, opts);
      return app.run(cmd, (ctx) => runMark(verb, options, ctx));
    });
}

/** Checks the arguments of a mark command. */
export function parseMark(refs: string[], opts: { date?: string; strict?: boolean }): MarkOptions {
  if (refs.length === 0) throw new UsageError('name at least one habit');
  refs.forEach((ref, i) => {
    if (!ref.trim()) throw new UsageError(`<habit> ${i + 1} is empty`);
  });
  return { refs, date: opts.date ?? 'today', strict: !!opts.strict };
}

type Outcome = { ok: true; already?: boolean; result?: MessageResult; warnings?: string[] } | { ok: false; err: unknown };

/** Marks every habit of `options` with `verb`, reporting each; throws PartialFailure when any failed. */
export async function runMark(
  verb: MarkVerb,
  options: MarkOptions,
  deps: Pick<Deps, 'out' | 'api' | 'resolver' | 'today'> & Partial<Pick<Deps, 'writes'>>,
): Promise<void> {
  const { out } = deps;
  const date = verb.checked ? parseLogDateArg(options.date, deps.today(), '--date') : parseDateArg(options.date, deps.today(), '--date');
  const resolved = await deps.resolver.resolveHabits(options.refs);
  const api = await deps.api();
  // The day's journal, read once and only when a bad habit is marked done (see overLimit).
  let journal: Promise<JournalEntry[]> | undefined;
  const journalOf = () => (journal ??= api.request('GET /habits/journal', { query: { date } }).then((j) => (Array.isArray(j) ? j : [])));
  const send = async (habit: Named): Promise<Outcome> => {
    let warnings: string[] = [];
    try {
      if (verb.checked) {
        const checked = await checkLogWrite(habit, date, options.strict, deps);
        warnings = checked.warnings;
        if (verb.name === 'done' && checked.facts.type === 'bad' && checked.facts.goal) await overLimit(habit, date, await journalOf());
      }
      return { ok: true, result: await api.request(verb.route, { params: { habitId: habit.id }, body: { targetDate: date } }), warnings };
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (verb.already && isConflict(err)) return { ok: true, already: true, warnings };
      // A mark that could not reach the server waits in the outbox (not undo: it is never queued).
      const queued = verb.checked ? queueFailed(deps.writes?.(), err, { route: verb.route, params: { habitId: habit.id }, body: { targetDate: date }, habit: { id: habit.id, name: habit.name } }) : undefined;
      if (queued) throw queued;
      // A mark whose outcome is unknown: the journal of the day shows whether it was recorded.
      throw new WriteError(err, `habits journal --date ${date}`);
    }
  };
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
  const printer = orderedPrinter(total, (i) => report(deps, verb, entries[i]!, errors[i], total));
  // Each outcome is caught into its entry, so one failure never stops the other habits.
  await mapPool(resolved, MARK_CONCURRENCY, async (item, i) => {
    const ref = options.refs[i]!;
    const outcome: Outcome = item instanceof Error ? { ok: false, err: item } : await mark(item);
    const habit = item instanceof Error ? null : { id: item.id, name: item.name };
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

/**
 * A bad habit over its limit stays failed whatever is marked: a completed mark would report
 * success and change nothing the journal shows, so it is refused.
 */
async function overLimit(habit: Named, date: string, journal: JournalEntry[]): Promise<void> {
  const p = journal.find((e) => e?.id === habit.id)?.progress;
  if (!p || typeof p.current !== 'number' || typeof p.target !== 'number' || p.current <= p.target) return;
  const unit = typeof p.unit === 'string' ? ` ${displayUnit(p.unit, habit.facts?.customUnitName)}` : '';
  throw new UsageError(
    `"${habit.name}" is over its limit for ${date} (${formatNumber(p.current)}/${formatNumber(p.target)}${unit}): a completed mark would not change that`,
    `if those logs are wrong, clear the day with habits log undo ${shellWord(habit.name)} --date ${date}; otherwise the day stays failed`,
  );
}

function isConflict(err: unknown): boolean {
  return err instanceof ApiError && err.kind === 'http' && err.status === 409;
}

function toEntry(ref: string, habit: MarkEntry['habit'], date: string, outcome: Outcome): MarkEntry {
  if (outcome.ok) {
    const warnings = outcome.warnings?.length ? { warnings: outcome.warnings } : {};
    return outcome.already ? { ref, habit, date, ok: true, already: true, ...warnings } : { ref, habit, date, ok: true, result: outcome.result, ...warnings };
  }
  const d = describeError(outcome.err);
  return { ref, habit, date, ok: false, error: { code: d.code, message: d.message, status: d.status ?? null } };
}

/** One line per habit: the confirmation, or a failure on stderr (with its hint). */
function report(deps: Pick<Deps, 'out'>, verb: MarkVerb, entry: MarkEntry, err: unknown, total: number): void {
  const name = `"${entry.habit?.name ?? entry.ref}"`;
  if (entry.ok) {
    deps.out.item(entry.already && verb.already ? verb.already(name, entry.date) : verb.done(name, entry.date, entry.result as MessageResult | undefined));
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

/** Calls `emit(i)` for each index in order, as soon as it and all before it are done. */
function orderedPrinter(count: number, emit: (i: number) => void): { done(i: number): void } {
  const finished = new Array<boolean>(count).fill(false);
  let next = 0;
  return {
    done(i) {
      finished[i] = true;
      while (next < count && finished[next]) emit(next++);
    },
  };
}
