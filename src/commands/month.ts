// `habits month [--date D]`: every active habit over the calendar month holding D, one row per
// habit and one column per day, with streaks and completion rate (commands/shared/overview.ts).
import type { Command } from 'commander';
import { DATE_FORMS, parseDateArg } from '../model/dates.js';
import { monthRange } from '../model/overview.js';
import { examples, type App } from './shared/app.js';
import { OVERVIEW_HELP, runOverview, type OverviewOptions } from './shared/overview.js';

/** Registers the options and action of `month`. */
export function register(cmd: Command, app: App): void {
  cmd
    .option('--date <date>', `a day of the month: ${DATE_FORMS} (default today)`)
    .addHelpText('after', `
Every active habit, one row each, over the calendar month holding the date; the days are
grouped by ISO week (Monday first).

${OVERVIEW_HELP}
${examples([
  ['habits month', 'this month'],
  ['habits month --date 2026-10-01', 'October 2026'],
  ["habits month | awk -F'\\t' '{print $2, $(NF-2)}'", 'names and current streaks, for scripts'],
  ["habits month --json | jq '.habits[] | {name, currentStreak}'"],
])}`)
    .action((opts: { date?: string }, command: Command) =>
      app.run(command, (ctx) => runOverview(parse(opts, ctx.today()), ctx)),
    );
}

/** Resolves the flags against `today`; a bad --date fails before any request. */
export function parse(opts: { date?: string }, today: string): OverviewOptions {
  const date = opts.date === undefined ? today : parseDateArg(opts.date, today, '--date');
  return { ...monthRange(date), date, month: true };
}
