// `habits off rm <range>`: undoes one range of time off exactly: the skip marks it wrote that still
// stand, and nothing else. Each habit's days are read first (one statistics request per habit); a
// day that now holds more than that skip (a value, another mark) is left alone and listed, since
// the undo route clears a whole day. Then one POST …/logs/undo per day, paced as `off` is.
import type { Command } from 'commander';
import type { Habit } from '../../api/types.js';
import { mapPool } from '../../concurrency.js';
import { describeError } from '../../describe-error.js';
import { AmbiguousError, FailureError, NotFoundError, PartialFailure, UsageError } from '../../errors.js';
import { progressLine } from '../../output/progress.js';
import { spinnerAllowed } from '../../output/spinner.js';
import { offRanges, type OffRange } from '../../record/off.js';
import type { Outbox } from '../../record/outbox.js';
import type { WriteRecord } from '../../record/record.js';
import type { OffNote } from '../../api/routes.js';
import { examples, type App } from '../shared/app.js';
import type { Deps } from '../shared/deps.js';
import { followWrite } from '../shared/status.js';
import { datesText } from './add.js';
import { OFF_CONCURRENCY, pacedApi, rangeText, readDays } from './shared.js';

/** Registers `off rm`. */
export function register(parent: Command, app: App): void {
  parent
    .command('rm')
    .description('undo one range of time off: exactly the skip marks it wrote')
    .argument('<range>', 'its id (or a unique start of it) from habits off ls, or FROM..TO')
    .addHelpText('after', `
Only the marks the range wrote that still stand are undone. A day that holds more than that skip
now (a value logged, another mark) is left alone and listed: the undo route clears a whole day.
${examples([
  ['habits off rm 3fa2c1d0'],
  ['habits off rm 2026-11-16..2026-11-20', 'by its dates, when one range has them'],
])}`)
    .action((ref: string, _opts: unknown, command: Command) => app.run(command, (ctx) => run(ref, ctx)));
}

/** The range `ref` names among `ranges`: an id or its start (4 characters at least), or FROM..TO. */
export function pickRange(ranges: readonly OffRange[], ref: string): OffRange {
  const text = ref.trim();
  if (!text) throw new UsageError('<range> is empty');
  const dates = /^(\d{4}-\d{2}-\d{2})(?:\.\.(\d{4}-\d{2}-\d{2}))?$/.exec(text);
  let found: OffRange[];
  if (dates) found = ranges.filter((r) => r.from === dates[1] && r.to === (dates[2] ?? dates[1]));
  else if (/^[0-9a-f]{4,}$/i.test(text)) found = ranges.filter((r) => r.id.startsWith(text.toLowerCase()));
  else throw new UsageError(`<range>: expected an id from habits off ls or FROM..TO, got "${ref}"`);
  if (found.length === 1) return found[0]!;
  if (found.length === 0) throw new NotFoundError(`no time off "${ref}" recorded on this machine`, 'habits off ls lists the ranges');
  throw new AmbiguousError(`"${ref}" names ${found.length} ranges of time off`, found.map((r) => `${r.id} (${rangeText(r.from, r.to)})`));
}

/** Drops the range's planned days from the outbox, holding its lock; how many. */
async function dropPlanned(outbox: Outbox, range: OffRange): Promise<number> {
  const attempt = await outbox.locked(async () => {
    const ids = new Set(range.planned.map((p) => p.id));
    const still = outbox.pending().filter((w) => ids.has(w.id));
    for (const w of still) outbox.note('drop', w.id, { why: `habits off rm ${range.id}` });
    outbox.tidy();
    return still.length;
  });
  if ('busy' in attempt) {
    throw new FailureError(`another habits command${attempt.busy.holder.pid ? ` (pid ${attempt.busy.holder.pid})` : ''} is sending the outbox`, 'failure', 'run `habits off rm` again in a moment');
  }
  return attempt.done;
}

/**
 * Settles a skip that was being sent when its run was killed and that its day does not hold: a
 * line for it (status 0, `not written`), so the range no longer counts it.
 */
function notWritten(record: WriteRecord, now: Date, habitId: string, date: string, range: OffRange): void {
  const off: OffNote = { id: range.id, from: range.from, to: range.to, ...(range.reason ? { reason: range.reason } : {}) };
  record.append({ at: now.toISOString(), method: 'POST', path: `/habits/${encodeURIComponent(habitId)}/logs/skipped`, body: { targetDate: date }, status: 0, error: 'not written', off });
}

/** One habit's outcome, as --json prints it. */
interface RmHabit {
  habit: { id: string; name: string };
  undone: string[];
  kept: { date: string; status: string }[];
  error?: { code: string; message: string; status: number | null };
}

/** Undoes the range's standing marks. */
export async function run(ref: string, deps: Pick<Deps, 'out' | 'api' | 'resolver' | 'now' | 'sleep' | 'writes' | 'io'> & Partial<Pick<Deps, 'today' | 'scope' | 'paths'>>): Promise<void> {
  const { out } = deps;
  const { record, outbox } = deps.writes();
  const range = pickRange(offRanges(record, outbox), ref);
  // Its days to come leave the outbox first: nothing was sent for them.
  const dropped = range.planned.length === 0 ? 0 : await dropPlanned(outbox, range);
  const byHabit = new Map<string, string[]>();
  for (const m of [...range.marks, ...range.unconfirmed]) byHabit.set(m.habitId, [...(byHabit.get(m.habitId) ?? []), m.date]);
  const unconfirmed = new Set(range.unconfirmed.map((m) => `${m.habitId}|${m.date}`));
  // Names and schedules from the listing; a habit archived since is still undone, by its id.
  const listed = byHabit.size === 0 ? new Map<string, Habit>() : new Map([...(await deps.resolver.fetchHabits(false)), ...(await deps.resolver.fetchHabits(true).catch(() => []))].map((h) => [h.id, h]));
  const { api } = pacedApi(await deps.api(), deps);
  const progress = progressLine(deps.io.stderr, spinnerAllowed(deps.io, out.quiet));
  const habits = [...byHabit.keys()];
  const results = habits.map((id): RmHabit => ({ habit: { id, name: listed.get(id)?.name ?? id }, undone: [], kept: [] }));
  const failures: unknown[] = [];
  const fail = (i: number, err: unknown): void => {
    failures.push(err);
    const d = describeError(err);
    results[i]!.error ??= { code: d.code, message: d.message, status: d.status ?? null };
  };
  const todo: { i: number; date: string }[] = [];
  await mapPool(habits, OFF_CONCURRENCY, async (id, i) => {
    const dates = byHabit.get(id)!.sort();
    const habit = listed.get(id) ?? ({ id, name: id } as Habit);
    try {
      const days = await readDays(api, habit, dates[0]!, dates.at(-1)!);
      for (const date of dates) {
        const day = days.get(date);
        // Only the skip it wrote: skipped, with no amount.
        if (day?.kind === 'held' && day.status === 'skipped' && day.total === 0) todo.push({ i, date });
        // A skip that was being sent when its run was killed, and never landed: nothing to undo.
        else if (unconfirmed.has(`${id}|${date}`) && day?.kind !== 'held') notWritten(record, deps.now(), id, date, range);
        else results[i]!.kept.push({ date, status: day?.kind === 'held' ? day.status : 'nothing (undone elsewhere)' });
      }
    } catch (err) {
      fail(i, err);
    }
  });
  let done = 0;
  await mapPool(todo, OFF_CONCURRENCY, async ({ i, date }) => {
    try {
      await api.request('POST /habits/{habitId}/logs/undo', { params: { habitId: habits[i]! }, body: { targetDate: date } });
      results[i]!.undone.push(date);
      // Only a day that held the range's skip alone is undone: it holds nothing now.
      followWrite(deps, date, habits[i]!, { undo: { cleared: true } });
    } catch (err) {
      fail(i, err);
    } finally {
      progress.update(++done, todo.length, 'off rm: undoing days');
    }
  });
  progress.end();
  for (const r of results) r.undone.sort();
  const undone = results.reduce((n, r) => n + r.undone.length, 0);
  const line = (r: RmHabit): string => {
    const parts = [r.undone.length ? `${r.undone.length} day${r.undone.length === 1 ? '' : 's'} undone (${datesText(r.undone)})` : 'nothing undone'];
    if (r.kept.length) parts.push(`left alone: ${r.kept.map((k) => `${k.date} ${k.status}`).join(', ')}`);
    if (r.error) parts.push(`error: ${r.error.message}`);
    return `"${r.habit.name}": ${parts.join('; ')}`;
  };
  await out.render({
    json: { id: range.id, from: range.from, to: range.to, habits: results, undone, plannedDropped: dropped },
    plain: () => results.map(line).join('\n'),
    tty: () => results.map(line).join('\n'),
  });
  const planned = dropped > 0 ? `, ${dropped} planned day${dropped === 1 ? '' : 's'} dropped from the outbox` : '';
  out.info(`Time off ${range.id} (${rangeText(range.from, range.to)}): ${undone} mark${undone === 1 ? '' : 's'} undone${planned}`);
  if (failures.length === 0) return;
  if (habits.length === 1) throw failures[0];
  throw new PartialFailure(failures[0], results.filter((r) => r.error).length, habits.length);
}
