// `habits week [--date D] [--weeks N]`: every active habit over the ISO week(s) holding D, one row
// per habit and one column per day, with streaks and completion rate (commands/shared/overview.ts).
import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import { DATE_FORMS, parseDateArg, weekday } from '../model/dates.js';
import { MAX_WEEKS, weekRange } from '../model/overview.js';
import { examples, type App } from './shared/app.js';
import { OVERVIEW_HELP, runOverview, type OverviewOptions } from './shared/overview.js';

/** Registers the options and action of `week`. */
export function register(cmd: Command, app: App): void {
  cmd
    .option('--date <date>', `a day of the (last) week: ${DATE_FORMS} (default today)`)
    .option('--weeks <n>', `how many weeks, ending with the week of --date (1-${MAX_WEEKS}, default 1)`)
    .addHelpText('after', `
Every active habit, one row each, over the ISO week (Monday to Sunday) holding the date, or the
N weeks ending with it. On a Monday, a terminal also says how to see last week (--weeks 2).

${OVERVIEW_HELP}
${examples([
  ['habits week', 'this week'],
  ['habits week --date yesterday', 'the week holding yesterday (on a Monday: last week)'],
  ['habits week --weeks 4', 'the last four weeks, this one included'],
  ['habits week | cut -f2,3-9', 'names and the seven days, for scripts'],
  ["habits week --json | jq '.habits[] | {name, completionRate}'"],
])}`)
    .action((opts: { date?: string; weeks?: string }, command: Command) =>
      app.run(command, (ctx) => runOverview(parse(opts, ctx.today()), ctx)),
    );
}

/** Resolves the flags against `today`; a bad --date or --weeks fails before any request. */
export function parse(opts: { date?: string; weeks?: string }, today: string): OverviewOptions {
  const date = opts.date === undefined ? today : parseDateArg(opts.date, today, '--date');
  let weeks = 1;
  if (opts.weeks !== undefined) {
    const text = opts.weeks.trim();
    weeks = /^\d+$/.test(text) ? Number(text) : NaN;
    if (!(weeks >= 1 && weeks <= MAX_WEEKS)) {
      throw new UsageError(`--weeks: expected a whole number from 1 to ${MAX_WEEKS}, got "${opts.weeks}"`);
    }
  }
  // On a Monday this week holds one day: where last week went is said (on a terminal only).
  const monday = opts.date === undefined && opts.weeks === undefined && weekday(today) === 1;
  return { ...weekRange(date, weeks), date, month: false, ...(monday ? { hint: 'a new week began today: habits week --weeks 2 shows last week too' } : {}) };
}
