// `habits off --from D --to D [--habit H…] [--reason TEXT]`: time off. Every habit due on a day of
// the range (or only the named ones) is marked skipped, so its streak holds; a day that already
// holds a mark or a value is left alone, and listed. Requests: the listing of the active habits,
// one statistics read per habit for the range, then one skip mark per open due day, all paced to
// at most 400 a minute (the service allows 500) with a progress line on a terminal. Each mark
// carries its range into the record of writes (`off ls`, `off rm` read it there).
import type { Command } from 'commander';
import { ApiError } from '../../api/errors.js';
import type { OffNote } from '../../api/routes.js';
import type { Habit } from '../../api/types.js';
import { mapPool } from '../../concurrency.js';
import { describeError } from '../../describe-error.js';
import { PartialFailure, UsageError } from '../../errors.js';
import { addDays, DATE_FORMS, daysBetween, parseDateArg } from '../../model/dates.js';
import { escapeControls } from '../../model/text.js';
import { progressLine } from '../../output/progress.js';
import { spinnerAllowed } from '../../output/spinner.js';
import { offRangeId, offRanges } from '../../record/off.js';
import { targetDateOf, type Outbox } from '../../record/outbox.js';
import { examples, type App } from '../shared/app.js';
import type { Deps } from '../shared/deps.js';
import { followWrite } from '../shared/status.js';
import { dueDays, OFF_CONCURRENCY, OFF_REQUESTS_PER_MINUTE, pacedApi, rangeText, readDays, type DayHeld } from './shared.js';

/** The longest range: a year (a leap year's). */
export const MAX_OFF_DAYS = 366;
/** The longest reason. */
const MAX_REASON = 200;

export interface OffOptions {
  from: string;
  to: string;
  /** The habits named with --habit; undefined: every active habit. */
  refs?: string[];
  reason?: string;
}

/** One habit's outcome, as --json prints it. */
export interface OffHabit {
  habit: { id: string; name: string };
  /** Days this run marked skipped. */
  marked: string[];
  /** Days this range had marked already (an earlier run of the same command). */
  already: string[];
  /** Days to come, due by the habit's schedule: they wait in the outbox and are marked on their day. */
  planned: string[];
  /** Days that held a mark or a value: left alone. `status` is completed, skipped, failed or value. */
  kept: { date: string; status: string }[];
  /** Due days of the range whose mark failed, and why (the first failure). */
  error?: { code: string; message: string; status: number | null };
}

/** Registers the default verb of `off`: `habits off --from D --to D`. */
export function register(parent: Command, app: App): void {
  parent
    .command('add', { isDefault: true })
    .description('take time off: mark every due habit skipped on each day of a range (the default: habits off alone runs this)')
    .option('--from <date>', `the first day off (required): ${DATE_FORMS}`)
    .option('--to <date>', 'the last day off (required; same forms; at most a year after --from)')
    .option('--habit <habit>', 'only this habit (repeat for more; default every active habit)', (v: string, prev: string[] = []) => [...prev, v])
    .option('--reason <text>', 'why, shown by habits off ls (kept on this machine only)')
    .addHelpText('after', `
Each habit due on a day of the range is marked skipped, which keeps its streak without extending
it. A day that already holds a mark (done, skipped, failed) or a value is left alone and listed.
Days after today cannot be marked yet (the service takes no mark for a day to come): each due day
waits in the outbox, and the first habits command that reaches the server on or after that day
(journal, log, remind from cron, any) marks it first, unless the day holds something by then.

Requests: one listing of the habits, one statistics read per habit for the range, and one mark per
day to mark, at most ${OFF_REQUESTS_PER_MINUTE} a minute (the service allows 500): a year over 50 habits takes
about 45 minutes, with a progress line on a terminal. Each mark is kept in this machine's record
of writes with its range, so habits off ls lists it and habits off rm undoes exactly its marks.
${examples([
  ['habits off --from mon --to fri', 'the week just past: every due habit skipped'],
  ['habits off --from 2026-12-24 --to 2026-12-31 --reason holidays'],
  ['habits off --from -3 --to today --habit Run --habit Gym', 'only these two'],
  ['habits off ls', 'the ranges this machine recorded'],
])}`)
    .action((opts: { from?: string; to?: string; habit?: string[]; reason?: string }, command: Command) =>
      app.run(command, (ctx) => run(parse(opts, ctx.today()), ctx)),
    );
}

/** Checks the flags against `today` before any request. */
export function parse(opts: { from?: string; to?: string; habit?: string[]; reason?: string }, today: string): OffOptions {
  // Checked here, not by commander, so that `--json help` answers without them.
  for (const flag of ['from', 'to'] as const) {
    if (opts[flag] === undefined) throw new UsageError(`--${flag} <date> is required`, 'e.g. habits off --from mon --to fri');
  }
  const from = parseDateArg(opts.from!, today, '--from');
  const to = parseDateArg(opts.to!, today, '--to');
  if (to < from) throw new UsageError(`--to ${to} is before --from ${from}`);
  if (daysBetween(from, to) + 1 > MAX_OFF_DAYS) throw new UsageError(`the range is ${daysBetween(from, to) + 1} days long: at most ${MAX_OFF_DAYS}`, 'take time off a year at a time');
  const refs = opts.habit?.map((r) => r.trim());
  refs?.forEach((r, i) => {
    if (!r) throw new UsageError(`--habit ${i + 1} is empty`);
  });
  const reason = opts.reason?.trim();
  if (reason !== undefined && reason.length > MAX_REASON) throw new UsageError(`--reason is ${reason.length} characters long: at most ${MAX_REASON}`);
  return { from, to, ...(refs ? { refs } : {}), ...(reason ? { reason } : {}) };
}

/** The habits to take off: every active one, or the named ones (each resolved; archived ones refused). */
async function chosenHabits(options: OffOptions, deps: Pick<Deps, 'resolver'>): Promise<Habit[]> {
  const active = await deps.resolver.fetchHabits(false);
  if (!options.refs) return active;
  const byId = new Map(active.map((h) => [h.id, h]));
  const resolved = await deps.resolver.resolveHabits(options.refs);
  const chosen = new Map<string, Habit>();
  resolved.forEach((r, i) => {
    if (r instanceof Error) throw r;
    const habit = byId.get(r.id);
    if (!habit) throw new UsageError(`--habit ${options.refs![i]}: "${escapeControls(r.name)}" is archived`, 'time off is for active habits');
    chosen.set(habit.id, habit);
  });
  return [...chosen.values()];
}

/** Marks the range's open due days skipped, habit by habit, and reports each. */
export async function run(options: OffOptions, deps: Pick<Deps, 'out' | 'api' | 'resolver' | 'today' | 'now' | 'sleep' | 'writes' | 'io'> & Partial<Pick<Deps, 'scope' | 'paths'>>): Promise<void> {
  const { out } = deps;
  const today = deps.today();
  const last = options.to < today ? options.to : today;
  const habits = await chosenHabits(options, deps);
  const id = offRangeId(options.from, options.to, options.refs ? habits.map((h) => h.id) : undefined);
  const note: OffNote = { id, from: options.from, to: options.to, ...(options.reason ? { reason: options.reason } : {}) };
  // Its marks, and the skips a run of it killed before their answer was recorded: a day skipped
  // that this range was sending is its own.
  const range = offRanges(deps.writes().record).find((r) => r.id === id);
  const ours = new Set([...(range?.marks ?? []), ...(range?.unconfirmed ?? [])].map((m) => `${m.habitId}|${m.date}`));
  const { api } = pacedApi(await deps.api(), deps);
  const progress = progressLine(deps.io.stderr, spinnerAllowed(deps.io, out.quiet));
  const results = habits.map((h): OffHabit => ({ habit: { id: h.id, name: h.name }, marked: [], already: [], planned: [], kept: [] }));
  const failures: unknown[] = [];
  const fail = (i: number, err: unknown): void => {
    failures.push(err);
    const d = describeError(err);
    results[i]!.error ??= { code: d.code, message: d.message, status: d.status ?? null };
  };

  // Days to come: the service takes no mark for them yet, so each waits in the outbox for its day
  // (docs/outbox.md, planned time off); running the command again plans nothing twice.
  if (options.to > today) planDays(options, habits, results, note, addDays(today, 1), deps.writes().outbox);

  // Reads: what each day up to today holds. A bad habit's completed days are marks only where this
  // machine made them (see readDays): the record is read for that once, and only then.
  let avoidedDays: Map<string, Set<string>> | undefined;
  const avoided = (habitId: string): ReadonlySet<string> => {
    if (!avoidedDays) {
      avoidedDays = new Map();
      for (const l of deps.writes().record.liveLogs()) if (l.type === 'completed') avoidedDays.set(l.habitId, (avoidedDays.get(l.habitId) ?? new Set()).add(l.date));
    }
    return avoidedDays.get(habitId) ?? new Set();
  };
  let read = 0;
  const days = options.from > today ? [] : await mapPool(habits, OFF_CONCURRENCY, async (habit, i): Promise<Map<string, DayHeld> | undefined> => {
    try {
      return await readDays(api, habit, options.from, last, habit.type === 'bad' ? avoided(habit.id) : undefined);
    } catch (err) {
      fail(i, err);
      return undefined;
    } finally {
      progress.update(++read, habits.length, 'off: reading habits');
    }
  });
  const todo: { i: number; date: string }[] = [];
  days.forEach((held, i) => {
    for (const [date, day] of held ?? []) {
      if (day.kind === 'open') todo.push({ i, date });
      else if (day.kind === 'held' && day.status === 'skipped' && ours.has(`${habits[i]!.id}|${date}`)) results[i]!.already.push(date);
      else if (day.kind === 'held') results[i]!.kept.push({ date, status: day.status });
    }
  });

  // Writes: one skip mark per open due day. A failure that is the server's or the network's stops
  // the rest (running the command again continues: marked days are left alone).
  let stop: unknown;
  let written = 0;
  await mapPool(todo, OFF_CONCURRENCY, async ({ i, date }) => {
    if (stop !== undefined) return;
    try {
      await api.request('POST /habits/{habitId}/logs/skipped', { params: { habitId: habits[i]!.id }, body: { targetDate: date }, note: { off: note } });
      results[i]!.marked.push(date);
      // Today skipped leaves the due count of the status line, as log skip does.
      followWrite(deps, date, habits[i]!.id, 'skip');
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) results[i]!.kept.push({ date, status: 'skipped' });
      else {
        fail(i, err);
        if (!(err instanceof ApiError && err.kind === 'http' && err.status >= 400 && err.status < 500 && err.status !== 429)) stop ??= err;
      }
    } finally {
      progress.update(++written, todo.length, 'off: marking days');
    }
  });
  progress.end();
  for (const r of results) {
    r.marked.sort();
    r.kept.sort((a, b) => a.date.localeCompare(b.date));
  }

  const marks = results.reduce((n, r) => n + r.marked.length, 0);
  const planned = results.reduce((n, r) => n + r.planned.length, 0);
  await out.render({
    json: { id, from: options.from, to: options.to, reason: options.reason ?? null, habits: results, marks, planned },
    plain: () => results.map((r) => habitLine(r)).join('\n'),
    tty: () => results.map((r) => habitLine(r)).join('\n'),
  });
  if (habits.length === 0) out.info('No active habits: nothing to take off.');
  if (marks > 0 || planned > 0) {
    const what = [marks > 0 ? `${marks} day${marks === 1 ? '' : 's'} marked skipped` : '', planned > 0 ? `${planned} planned (each marked on its day by the first habits command that reaches the server)` : ''].filter(Boolean).join(', ');
    out.info(`Time off ${id}: ${rangeText(options.from, options.to)}, ${what}; \`habits off rm ${id}\` undoes them`);
  }
  if (failures.length === 0) return;
  if (stop !== undefined) out.warn(`warning: stopped after a failure; ${todo.length - written} marks not sent: run the same command again to continue`);
  if (failures.length === 1 && habits.length === 1) throw failures[0];
  throw new PartialFailure(failures[0], results.filter((r) => r.error).length, habits.length);
}

/**
 * Queues a skip mark for each due day of the range from `first` on, for each habit, unless one
 * waits for that habit and day already (the same command run again).
 */
function planDays(options: OffOptions, habits: Habit[], results: OffHabit[], note: OffNote, first: string, outbox: Outbox): void {
  const waiting = new Set(outbox.exists() ? outbox.pending().filter((w) => w.plannedOff).map((w) => `${w.habit.id}|${targetDateOf(w)}`) : []);
  habits.forEach((habit, i) => {
    for (const date of dueDays(habit, first > options.from ? first : options.from, options.to)) {
      results[i]!.planned.push(date);
      if (waiting.has(`${habit.id}|${date}`)) continue;
      outbox.queue({
        route: 'POST /habits/{habitId}/logs/skipped', params: { habitId: habit.id }, body: { targetDate: date },
        habit: { id: habit.id, name: habit.name, ...(habit.type === 'bad' ? { type: 'bad' as const } : {}) }, why: `time off planned for ${date}`, plannedOff: note,
      }, false);
    }
  });
}

/** `"Walk": 4 days off (2026-11-16..2026-11-20); left alone: 2026-11-18 completed`. */
function habitLine(r: OffHabit): string {
  const name = `"${r.habit.name}"`;
  const parts: string[] = [];
  const n = r.marked.length;
  if (n > 0 || r.planned.length === 0) parts.push(n === 0 ? 'no day to mark' : `${n} day${n === 1 ? '' : 's'} off (${datesText(r.marked)})`);
  if (r.already.length) parts.push(`already off: ${datesText(r.already)}`);
  if (r.planned.length) parts.push(`planned: ${datesText(r.planned)}`);
  if (r.kept.length) parts.push(`left alone: ${r.kept.map((k) => `${k.date} ${k.status}`).join(', ')}`);
  if (r.error) parts.push(`error: ${r.error.message}`);
  return `${name}: ${parts.join('; ')}`;
}

/** Dates, consecutive runs joined: `2026-11-16..2026-11-18, 2026-11-20`. */
export function datesText(dates: readonly string[]): string {
  const runs: [string, string][] = [];
  for (const d of [...dates].sort()) {
    const lastRun = runs.at(-1);
    if (lastRun && addDays(lastRun[1], 1) === d) lastRun[1] = d;
    else runs.push([d, d]);
  }
  return runs.map(([a, b]) => rangeText(a, b)).join(', ');
}
