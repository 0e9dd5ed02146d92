// What `log done|fail|skip|undo` share: several habits per call, resolved with one lookup, marked in
// parallel (at most 4 requests in flight), reported in argument order. A 409 on a mark means the day
// already carries it, which a re-run from cron must treat as success.
import type { Command } from 'commander';
import { mapPool } from '../../concurrency.js';
import { ApiError } from '../../api/errors.js';
import type { MessageResult } from '../../api/types.js';
import type { Context } from '../../context.js';
import { parseDateArg } from '../../dates.js';
import { describeError, PartialFailure, UsageError } from '../../errors.js';
import { examples, type App } from '../../program.js';
import { type Named } from '../../resolve/index.js';

/** The four mark verbs. */
export type MarkAction = 'done' | 'fail' | 'skip' | 'undo';

/** Requests in flight at once: fast, and far below the service's 500 a minute. */
const MARK_CONCURRENCY = 4;

const ACTIONS = {
  done: { route: 'POST /habits/{habitId}/logs/complete', state: 'completed', summary: 'mark habits completed for a date (default today)' },
  fail: { route: 'POST /habits/{habitId}/logs/failed', state: 'failed', summary: 'mark habits failed for a date (default today)' },
  skip: { route: 'POST /habits/{habitId}/logs/skipped', state: 'skipped', summary: 'mark habits skipped for a date (default today)' },
  undo: { route: 'POST /habits/{habitId}/logs/undo', state: 'cleared', summary: 'clear the marks and logged values of habits on a date (default today)' },
} as const;

/** What a mark verb was asked to do. */
export interface MarkOptions {
  action: MarkAction;
  refs: string[];
  /** `--date` as typed; resolved in the user's timezone when the command runs. */
  date: string;
}

/** One habit's outcome, as `--json` prints it. */
export interface MarkEntry {
  ref: string;
  habit: { id: string; name: string } | null;
  date: string;
  ok: boolean;
  already?: boolean;
  result?: unknown;
  error?: { code: string; message: string; status: number | null };
}

/** Registers `log <action>` on the `log` command. */
export function registerMark(parent: Command, app: App, action: MarkAction): void {
  const verb = ACTIONS[action];
  parent
    .command(action)
    .description(verb.summary)
    .argument('<habit...>', 'habit names, ids, id:<id> or unique prefixes (ids starting with "-" go after --)')
    .option('--date <date>', 'YYYY-MM-DD, today or yesterday, in your timezone (default today)')
    .addHelpText('after', examples(helpExamples(action)))
    .action((refs: string[], opts: { date?: string }, cmd: Command) => {
      const options = parseMark(action, refs, opts);
      return app.run(cmd, (ctx) => runMark(ctx, options));
    });
}

function helpExamples(action: MarkAction): [string, string?][] {
  switch (action) {
    case 'done':
      return [
        ['habits log done "Drink water"', 'mark completed for today'],
        ['habits log done Walk Read Stretch', 'several at once'],
        ['habits log done Walk --date yesterday'],
        ['habits log done -- -Nq3xY', 'an id that begins with "-"'],
        ["habits log done Walk --json | jq '.[0].ok'"],
      ];
    case 'fail':
      return [['habits log fail Smoking', 'a bad habit slipped today'], ['habits log fail Walk --date 2026-11-20']];
    case 'skip':
      return [['habits log skip Run', 'rest day: keeps the streak'], ['habits log skip Run Swim --date yesterday']];
    case 'undo':
      return [['habits log undo Walk', "clear today's marks and values"], ['habits log undo Walk --date yesterday']];
  }
}

/** Checks the arguments of a mark command. */
export function parseMark(action: MarkAction, refs: string[], opts: { date?: string }): MarkOptions {
  if (refs.length === 0) throw new UsageError('name at least one habit');
  refs.forEach((ref, i) => {
    if (!ref.trim()) throw new UsageError(`<habit> ${i + 1} is empty`);
  });
  return { action, refs, date: opts.date ?? 'today' };
}

/** Marks every habit of `options`, reporting each; throws PartialFailure when any failed. */
async function runMark(ctx: Context, options: MarkOptions): Promise<void> {
  const verb = ACTIONS[options.action];
  const date = parseDateArg(options.date, ctx.today(), '--date');
  const resolved = await ctx.resolver.resolveHabits(options.refs);
  const api = await ctx.api();
  // The same habit named twice is marked once; both places report that one outcome.
  const byId = new Map<string, Promise<Outcome>>();
  const mark = (habit: Named): Promise<Outcome> => {
    let pending = byId.get(habit.id);
    if (!pending) {
      pending = api.request(verb.route, { params: { habitId: habit.id }, body: { targetDate: date } }).then(
        (result): Outcome => ({ ok: true, result }),
        (err: unknown): Outcome => (isAlready(err, options.action) ? { ok: true, already: true } : { ok: false, err }),
      );
      byId.set(habit.id, pending);
    }
    return pending;
  };

  const entries: MarkEntry[] = new Array(options.refs.length);
  const errors: unknown[] = [];
  const printer = orderedPrinter(options.refs.length, (i) => report(ctx, entries[i]!, errors[i], options.action, options.refs.length));
  // Each outcome is caught into its entry, so one failure never stops the other habits.
  await mapPool(resolved, MARK_CONCURRENCY, async (item, i) => {
    const ref = options.refs[i]!;
    const outcome: Outcome = item instanceof Error ? { ok: false, err: item } : await mark(item);
    const habit = item instanceof Error ? null : { id: item.id, name: item.name };
    entries[i] = toEntry(ref, habit, date, outcome);
    if (!outcome.ok) errors[i] = outcome.err;
    printer.done(i);
  });

  if (ctx.out.json) ctx.out.printJson(entries);
  const failures = errors.filter((e) => e !== undefined);
  if (failures.length === 0) return;
  // With one habit its own error says more than "1 of 1 failed" (and it was not printed yet).
  if (options.refs.length === 1) throw failures[0];
  // Each failure was printed with its hint; the summary keeps the first's exit code, code and status.
  throw new PartialFailure(failures[0], failures.length, options.refs.length);
}

type Outcome = { ok: true; already?: boolean; result?: MessageResult } | { ok: false; err: unknown };

function isAlready(err: unknown, action: MarkAction): boolean {
  return action !== 'undo' && err instanceof ApiError && err.kind === 'http' && err.status === 409;
}

function toEntry(ref: string, habit: MarkEntry['habit'], date: string, outcome: Outcome): MarkEntry {
  if (outcome.ok) {
    return outcome.already ? { ref, habit, date, ok: true, already: true } : { ref, habit, date, ok: true, result: outcome.result };
  }
  const d = describeError(outcome.err);
  return { ref, habit, date, ok: false, error: { code: d.code, message: d.message, status: d.status ?? null } };
}

/** One line per habit: the confirmation on info, a failure on stderr (with its hint). */
function report(ctx: Context, entry: MarkEntry, err: unknown, action: MarkAction, total: number): void {
  if (ctx.out.json) return;
  const name = `"${entry.habit?.name ?? entry.ref}"`;
  if (entry.ok) {
    const state = ACTIONS[action].state;
    if (entry.already) ctx.out.info(`${name} was already ${state} for ${entry.date}`);
    else if (action === 'undo') ctx.out.info(`Cleared the logs of ${name} for ${entry.date}`);
    else ctx.out.info(`Marked ${name} ${state} for ${entry.date}`);
    return;
  }
  // A lone failure is printed once, by cli.ts, from the error thrown.
  if (total === 1) return;
  const d = describeError(err);
  // A reference that did not resolve is named in its own message; a server error needs the habit.
  ctx.out.warn(`error: ${entry.habit ? `${name}: ` : ''}${d.message}`);
  if (d.hint) ctx.out.warn(`  hint: ${d.hint}`);
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
