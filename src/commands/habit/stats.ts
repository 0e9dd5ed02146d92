// `habits habit stats <habit> [--from D] [--to D]`: totals, completion rate, streaks and, on a
// terminal, a calendar heatmap of the period. The default period is 26 whole weeks (Monday first)
// ending today.
import type { Command } from 'commander';
import { addDays, DATE_FORMS, mondayOf, parseDateArg } from '../../model/dates.js';
import { UsageError } from '../../errors.js';
import { renderHeatmap } from '../../output/heatmap.js';
import { renderStatLines, statLines, statLinesTsv } from '../../output/stats.js';
import { examples, type App } from '../shared/app.js';
import { currentGoal, dailyProgress, statsInUnit } from '../../model/resources.js';
import { countsOn, factsOf } from '../../model/habit-facts.js';
import { anyDayCounts, dayStatus } from '../../model/overview.js';
import type { Deps } from '../shared/deps.js';

/** Weeks shown when no --from is given. */
const DEFAULT_WEEKS = 26;

/** The habit and the period `habit stats` reports on. */
export interface StatsOptions {
  ref: string;
  from: string;
  to: string;
}

/** Registers `habit stats` on `parent`. */
export function register(parent: Command, app: App): void {
  parent
    .command('stats')
    .description('statistics of a habit and, on a terminal, a calendar heatmap of its days')
    .argument('<habit>', 'name, id, id:<id> or unique prefix (ids starting with "-" go after --)')
    .option('--from <date>', `first day: ${DATE_FORMS} (default: ${DEFAULT_WEEKS} whole weeks back, from a Monday)`)
    .option('--to <date>', `last day: ${DATE_FORMS} (default today)`)
    .addHelpText('after', `
The heatmap has a column per week and a row per weekday, Monday first. With a daily goal a
day's shade is its logged amount against the goal; with a weekly, monthly or yearly goal, or
none, any amount logged shows as ▒. A completed day is full. The other marks are those of week
and month:
  ○ pending or missed (due, nothing logged)   ░ ▒ ▓ partly   █ done   » skipped   ✗ failed
  blank: not due (whatever is logged on it) or to come
The completion rate is – while no day of the range counts (nothing due yet, or only a goal
period still running), as week and month show it.
Piped, the output is key<TAB>value lines only (raw numbers, no heatmap).
${examples([
  ['habits habit stats Walk', `the last ${DEFAULT_WEEKS} weeks`],
  ['habits habit stats Walk --from 2026-01-01', 'this year so far'],
  ['habits habit stats Walk --to 2026-06-30', '26 weeks up to a date'],
  ['habits habit stats Walk | grep -w completionRate', 'one number, for scripts'],
  ['habits habit stats Walk --json | jq .completions'],
])}`)
    .action((ref: string, opts: { from?: string; to?: string }, cmd: Command) =>
      app.run(cmd, (ctx) => run(parse(ref, opts, ctx.today()), ctx)),
    );
}

/** Resolves the period against `today`; bad dates or --from after --to fail before any request. */
export function parse(ref: string, opts: { from?: string; to?: string }, today: string): StatsOptions {
  if (!ref.trim()) throw new UsageError('<habit>: name the habit');
  const to = opts.to === undefined ? today : parseDateArg(opts.to, today, '--to');
  const from = opts.from === undefined ? addDays(mondayOf(to), -7 * (DEFAULT_WEEKS - 1)) : parseDateArg(opts.from, today, '--from');
  if (from > to) throw new UsageError(`--from ${from} is after --to ${to}`);
  return { ref, from, to };
}

/** Fetches the statistics (and on a terminal the habit, for its goal) and prints them. */
export async function run(options: StatsOptions, deps: Pick<Deps, 'api' | 'out' | 'resolver' | 'today'>): Promise<void> {
  const habit = await deps.resolver.resolveHabit(options.ref);
  const api = await deps.api();
  const query = { startDate: options.from, endDate: options.to };
  const statistics = api.request('GET /habits/{habitId}/statistics', { params: { habitId: habit.id }, query });
  await deps.out.render({
    json: statistics,
    // People and pipes read totals in the goal's unit, also from a server that counts in base
    // units (seconds against a goal in minutes: statsInUnit); --json keeps what the server sent.
    plain: async () => statLinesTsv(statLines(statsInUnit(await statistics, habit.facts?.goal?.unit), options)),
    tty: async () => {
      // Only the heatmap needs the habit (for its goal), so only a terminal asks for it, alongside.
      const [raw, full] = await Promise.all([statistics, api.request('GET /habits/{habitId}', { params: { habitId: habit.id } })]);
      const goal = currentGoal(full);
      const stats = statsInUnit(raw, goal?.unit);
      // As in week and month: a rate of 0 where no day counts yet (nothing due, or only a goal
      // period still running) reads as none.
      const facts = factsOf(full);
      const today = deps.today();
      const type = String(full.type ?? stats.type ?? 'good');
      const days = dailyProgress(stats).map((d) => ({ date: d.date, status: dayStatus(d, d.date, today, { type, due: countsOn(facts, d.date) }) }));
      const counted = anyDayCounts(days, stats.periodicity ?? goal?.periodicity, today);
      // And a day not due is blank, whatever is logged on it: it counts for nothing.
      const heatmap = renderHeatmap(dailyProgress(stats).filter((d) => countsOn(facts, d.date) !== false), {
        from: options.from,
        to: options.to,
        // A day is measured against a daily goal only: against a weekly one every day would look faint.
        target: goal && goal.periodicity === 'daily' ? goal.value : null,
        today,
        c: deps.out.c,
        width: deps.out.width,
      });
      return `${renderStatLines(statLines(stats, options, full.customUnitName, counted), deps.out.c)}\n${heatmap}`;
    },
  });
}
