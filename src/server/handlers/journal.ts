// The daily journal and per-habit statistics, both read from timeline windows over the stored
// derived data (store/derived.ts).
import type { JournalEntry, Statistics } from '../../api/types.js';
import { type Handler, param } from '../context.js';
import { formatDay, parseDate } from '../domain/dates.js';
import { dayStatus, periodAmount, streakDaysAt } from '../domain/queries.js';
import { rangeStats, round } from '../domain/stats.js';
import { statisticsUnit } from '../domain/units.js';
import { validationError } from '../http/errors.js';
import { requireHabit } from '../lookup.js';
import { lastDueDay, timelineFor } from '../store/derived.js';
import { endConditionsByHabit } from '../store/repo/end-conditions.js';
import { activeHabitsStartedBy } from '../store/repo/habits.js';
import { activeTimeOfDayIds } from '../store/repo/links.js';
import { Issues } from '../validate/issues.js';
import { LIMITS } from '../validate/limits.js';
import { onlyKnown, queryDate } from '../validate/query.js';

/**
 * GET /habits/journal: active habits due on `date` (default today), with status, streak and
 * progress. A habit whose end condition ended it before `date` is not due (lastDueDay).
 */
export const journal: Handler = ({ app, query }) => {
  const issues = new Issues();
  onlyKnown(query, ['date'], issues);
  const requested = queryDate(query, 'date', issues);
  issues.done();
  const today = app.today();
  const day = requested ?? today;
  const entries = app.store.read(() => {
    const timeOfDays = activeTimeOfDayIds(app.store);
    const ends = endConditionsByHabit(app.store);
    const out: JournalEntry[] = [];
    for (const row of activeHabitsStartedBy(app.store, formatDay(day))) {
      const end = ends.get(row.id) ?? null;
      const last = end && lastDueDay(app.store, row, today, end);
      // Over before the date: not due, and no timeline to build from its last day on.
      if (last !== null && day > last) continue;
      const tl = timelineFor(app.store, row, today, day, day, last);
      if (!tl.due(day)) continue;
      const goal = tl.rules.goal;
      out.push({
        id: row.id,
        name: row.name,
        status: dayStatus(tl, day),
        colorHex: row.colorHex,
        icon: row.icon,
        timeOfDayIds: timeOfDays.get(row.id) ?? [],
        type: row.type,
        // In days, whatever the goal period: clients know only the unit `day` (docs/local-service.md).
        currentStreak: { length: streakDaysAt(tl, day), unit: 'day' },
        ...(goal ? { progress: { current: round(periodAmount(tl, day)), target: goal.value, unit: goal.unit, periodicity: goal.periodicity } } : {}),
        logInfo: { type: 'manual' },
      });
    }
    return out;
  });
  return { status: 200, body: { data: entries } };
};

/** GET /habits/{id}/statistics over startDate..endDate. */
export const statistics: Handler = (ctx) => {
  const { app } = ctx;
  const issues = new Issues();
  onlyKnown(ctx.query, ['startDate', 'endDate'], issues);
  const from = queryDate(ctx.query, 'startDate', issues);
  const to = queryDate(ctx.query, 'endDate', issues);
  issues.done();
  const today = app.today();
  const data = app.store.read((): Statistics => {
    const row = requireHabit(app, param(ctx, 'habitId'));
    const end = to ?? today;
    // Without startDate the range begins at the habit's start, capped to the longest range.
    const start = from ?? Math.max(parseDate(row.startDate) ?? 0, end - LIMITS.statisticsDays + 1);
    if (from !== undefined && start > end) {
      throw validationError([{ field: 'startDate', message: `must be on or before endDate (${formatDay(end)})` }]);
    }
    if (end - start + 1 > LIMITS.statisticsDays) {
      throw validationError([{ field: 'startDate', message: `the range must not exceed ${LIMITS.statisticsDays} days` }]);
    }
    const tl = timelineFor(app.store, row, today, start, end);
    const stats = rangeStats(tl, start, end);
    return {
      id: row.id,
      name: row.name,
      type: row.type,
      totalLogs: stats.totalLogs,
      skips: stats.skips,
      fails: stats.fails,
      completions: stats.completions,
      // Every field a client reads, for every habit (api-facts.md, "What independent clients parse").
      unit: statisticsUnit(tl.rules.goal?.unit ?? null, row.customUnitName),
      periodicity: tl.periodicity,
      avg: stats.avg,
      dailyProgress: stats.dailyProgress,
      currentStreak: stats.currentStreak,
      longestStreak: stats.longestStreak,
      completionRate: stats.completionRate,
    };
  });
  return { status: 200, body: { data } };
};
