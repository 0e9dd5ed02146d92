// What `habits week` and `habits month` share: the requests (one listing of the active habits, then
// one statistics request per habit for the range, at most OVERVIEW_CONCURRENCY at once) and the
// three renderings. Days after a habit's end are not due (shared/endings.ts). A habit whose statistics fail is shown unavailable; the others still are.
import type { Habit, Statistics } from '../../api/types.js';
import { mapPool } from '../../concurrency.js';
import { factsOf } from '../../model/habit-facts.js';
import { describeError } from '../../describe-error.js';
import { CliError } from '../../errors.js';
import { overviewHabit, unavailableHabit, type Overview, type OverviewHabit } from '../../model/overview.js';
import { compareNames } from '../../output/format.js';
import { overviewGrid, overviewLegend, overviewTsv, rangeTitle } from '../../output/week.js';
import { BAD_WORDS, GOOD_WORDS, legendLine, TO_COME } from '../../output/vocabulary.js';
import { wrapText } from '../../output/wrap.js';
import { offDays } from '../../record/off.js';
import type { Deps } from './deps.js';
import { withEndDays } from './endings.js';

/** Statistics requests in flight at once: 50 habits take 51 requests, far under 500 a minute. */
export const OVERVIEW_CONCURRENCY = 4;

/** The range an overview shows and the date it was asked for. */
export interface OverviewOptions {
  from: string;
  to: string;
  /** The date asked for (--date, default today): its week stays when the terminal is narrow. */
  date: string;
  /** A calendar month (its title is the month's name), or weeks. */
  month: boolean;
  /** A line for a terminal under the grid (week on a Monday: how to see last week); never piped or in JSON. */
  hint?: string;
}

/** The columns of the piped overview, in order, for help and docs. */
export const OVERVIEW_TSV_COLUMNS = 'id, name, one status per day (first to last), streak, longest, rate';

/** The request count, said in help and in docs/cli-contract.md. */
export const OVERVIEW_REQUESTS = `Requests: one listing of the active habits (GET /habits, 100 a page: one page up to 100
habits) and one statistics request per habit for the range, at most ${OVERVIEW_CONCURRENCY} at a time:
51 requests for 50 habits, well under the service's limit of 500 a minute. A habit whose end
the server says is met without saying when (production) costs one more, once: its days after
the end are not due.`;

/** The help shared by week and month: glyphs, numbers, piped columns, exit code. */
export const OVERVIEW_HELP = `Each day is a glyph, coloured on a terminal, with the journal's words:
  ${legendLine(GOOD_WORDS.slice(0, 4))}
  ${legendLine(GOOD_WORDS.slice(4))}   ${TO_COME}
Bad habits read as limits:
  ${legendLine(BAD_WORDS)}
◐ is an amount short of the goal; ○ a due day with nothing settled: pending while its goal period
is open, missed once it is over. A day not due shows · whatever is logged on it: it counts for
nothing.
Beside each habit: its current streak (as of the range's last day, or today), its longest
streak in the range, and its completion rate over the range (done over done, failed and missed
due days; skipped days and today's open day do not count). The numbers are the server's when it
sends them (streaks then count the goal's periods: 5d, 3w, 2mo, 1y); otherwise they are computed
from the range's days, and --json says which ("source": "server" or "computed").
A narrow terminal shortens names first, then shows fewer weeks, with a note.

When stdout is not a terminal, each habit is one tab-separated line without a header:
  ${OVERVIEW_TSV_COLUMNS}
A status is done (✓), partial (◐), skipped (»), failed (✗), not-due (·), open (○) or future; rate
is 0..1, empty when no day of the range counts yet. A habit whose statistics could not be read has
empty day and number fields.

${OVERVIEW_REQUESTS}
If a habit's statistics cannot be read, its row says "unavailable", a warning names the cause,
the others are shown, and the exit code is the first failure's (1 for a server error, 5 rate
limited).`;

/**
 * The skipped days shown that are time off (`habits off`, from the record of writes), as
 * `habitId|date`; the record is read only when a skipped day is shown.
 */
function offShown(rows: readonly OverviewHabit[], deps: Partial<Pick<Deps, 'writes'>>): Set<string> {
  const skipped = rows.flatMap((h) => h.days.filter((d) => d.status === 'skipped').map((d) => `${h.id}|${d.date}`));
  if (!deps.writes || skipped.length === 0) return new Set();
  try {
    const days = offDays(deps.writes().record);
    return new Set(skipped.filter((k) => days.has(k)));
  } catch {
    // No account or an unreadable record: skipped days show as skipped.
    return new Set();
  }
}

/** Fetches every active habit's statistics over the range and prints the overview. */
export async function runOverview(options: OverviewOptions, deps: Pick<Deps, 'api' | 'out' | 'resolver' | 'today'> & Partial<Pick<Deps, 'writes'>>): Promise<void> {
  const { out } = deps;
  const listed = await deps.resolver.fetchHabits(false);
  const habits = [...listed].sort((a, b) => compareNames(a.name, b.name) || a.id.localeCompare(b.id));
  const range = { from: options.from, to: options.to };
  const empty: Overview = { ...range, habits: [] };
  if (habits.length === 0) return out.empty(empty, 'No active habits.');
  const api = await deps.api();
  const today = deps.today();
  // Days after a habit's end are not due (shared/endings.ts): its facts say when it ended.
  const facts = await withEndDays(new Map(habits.map((h) => [h.id, factsOf(h)] as const)), habits.map((h) => h.id), deps);
  const failures: unknown[] = [];
  // Each request's failure is caught into its row, so one habit never hides the others.
  const rows = await mapPool(habits, OVERVIEW_CONCURRENCY, async (habit: Habit): Promise<OverviewHabit> => {
    try {
      const stats: Statistics = await api.request('GET /habits/{habitId}/statistics', {
        params: { habitId: habit.id },
        query: { startDate: options.from, endDate: options.to },
      });
      return overviewHabit(habit, stats, range, today, facts.get(habit.id));
    } catch (err) {
      failures.push(err);
      const r = describeError(err);
      if (!out.json) out.warn(`warning: no statistics for "${habit.name}": ${r.message}`);
      return unavailableHabit(habit, { code: r.code, message: r.message, status: r.status ?? null });
    }
  });
  const overview: Overview = { ...range, habits: rows };
  await out.render({
    json: overview,
    page: true,
    plain: () => overviewTsv(overview),
    tty: () => {
      const off = offShown(rows, deps);
      const grid = overviewGrid(overview, { c: out.c, width: out.width, anchor: options.date, off });
      const title = out.c.bold(rangeTitle(options.from, options.to, options.month));
      const notes: string[] = [];
      if (grid.shown < grid.weeks) {
        notes.push(`showing ${grid.shown} of ${grid.weeks} weeks: the terminal is ${out.width} columns wide`);
      }
      if (rows.some((h) => h.source === 'computed')) notes.push('streaks and rates computed from the days shown: the server sends none');
      if (options.hint) notes.push(options.hint);
      const legend = overviewLegend(out.c, out.width, rows.some((h) => h.type === 'bad'), off.size > 0);
      return [title, '', grid.text.trimEnd(), ...notes.flatMap((n) => wrapText(n, out.width)).map((l) => out.c.dim(l)), '', legend].join('\n') + '\n';
    },
  });
  if (failures.length === 0) return;
  const first = describeError(failures[0]);
  throw new CliError(
    `the statistics of ${failures.length} of ${habits.length} habits could not be read; their rows show "unavailable"`,
    first.exitCode,
    first.code,
    first.hint,
  );
}
