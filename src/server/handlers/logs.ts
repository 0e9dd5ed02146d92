// Log endpoints: a measured value, the complete/failed/skipped marks, undo of a date, delete by id,
// and the list of a habit's logs (a local-service extension).
// Writes dated before the habit's start date are refused: nothing is due then, so they would never
// count, and `habits export` (which covers the habit's life from its start) would silently lose them.
// Undo and delete stay allowed, so such logs written earlier can still be removed.
import type { LogEntry } from '../../api/types.js';
import { type Handler, type RequestContext, param } from '../context.js';
import { type Day, formatDay } from '../domain/dates.js';
import { type MarkKind, completionAmount, planMark } from '../domain/marks.js';
import { periodAmount } from '../domain/queries.js';
import { round } from '../domain/stats.js';
import { exceeded } from '../domain/timeline.js';
import { conflict, notFound, validationError } from '../http/errors.js';
import { requireHabit } from '../lookup.js';
import { timelineFor } from '../store/derived.js';
import { activeGoal } from '../store/repo/goals.js';
import type { HabitRow } from '../store/repo/habits.js';
import { deleteLogs, deleteLogsOn, insertLog, logsBetween, logsOn } from '../store/repo/logs.js';
import { Issues } from '../validate/issues.js';
import { parseLogValue, parseMark, undoDays, writeDays } from '../validate/log.js';
import { LIMITS } from '../validate/limits.js';
import { onlyKnown, queryDate } from '../validate/query.js';

/** The query parameters of GET /habits/{id}/logs. */
const LOG_LIST_PARAMS = ['date', 'from', 'to'] as const;

/**
 * GET /habits/{id}/logs[?date=D | ?from=&to=]: a local-service extension (production lists no
 * logs): the habit's logs of one date, of a range of dates (both included; either end may be left
 * out), or all of them, ordered by date, then creation. `type` is how each was made (always
 * `manual` here), `kind` what it records.
 */
export const listLogsHandler: Handler = (ctx) => {
  const { app, query } = ctx;
  const issues = new Issues();
  onlyKnown(query, LOG_LIST_PARAMS, issues);
  const on = queryDate(query, 'date', issues);
  let from = queryDate(query, 'from', issues);
  let to = queryDate(query, 'to', issues);
  if (query.date !== undefined && (query.from !== undefined || query.to !== undefined)) issues.add('date', 'cannot be sent with from or to');
  else if (from !== undefined && to !== undefined && from > to) issues.add('from', `must be on or before to (${query.to})`);
  issues.done();
  if (on !== undefined) from = to = on;
  const data = app.store.read(() => {
    const habit = requireHabit(app, param(ctx, 'habitId'));
    return logsBetween(app.store, habit.id, from === undefined ? '' : formatDay(from), to === undefined ? '~' : formatDay(to)).map(
      (log): LogEntry => ({
        // Every log is written through the API: `manual` (`auto` would be an integrated service's).
        id: log.id, type: 'manual', kind: log.kind, date: log.date, value: log.value, unitSymbol: log.unit, createdAt: log.createdAt,
        localLastModifiedDate: Date.parse(log.createdAt),
      }),
    );
  });
  return { status: 200, body: { data } };
};

/** The habit, unless `date` is before its start date (a 400 on targetDate). */
function requireLoggable(ctx: RequestContext, date: string): HabitRow {
  const row = requireHabit(ctx.app, param(ctx, 'habitId'));
  if (date < row.startDate) throw validationError([{ field: 'targetDate', message: `is before the habit's start date ${row.startDate}` }]);
  return row;
}

/** POST /habits/{id}/logs: adds an amount to a day (without a unit, on a habit without a goal). */
export const logValue: Handler = (ctx) => {
  const { app } = ctx;
  const input = parseLogValue(ctx.body, writeDays(app.today(), app.now()));
  const date = formatDay(input.day);
  const logId = app.store.write(() => {
    const row = requireLoggable(ctx, date);
    const goal = input.unitSymbol === null ? activeGoal(app.store, row.id) : null;
    if (goal) throw validationError([{ field: 'unitSymbol', message: `must be a unit symbol: this habit's goal is in ${goal.unit} (an empty symbol means no unit, for a habit without a goal)` }]);
    const id = app.newId();
    insertLog(app.store, { id, habitId: row.id, date, kind: 'value', value: input.value, unit: input.unitSymbol, createdAt: app.now().toISOString() });
    return id;
  });
  const amount = input.unitSymbol === null ? `${input.value}` : `${input.value} ${input.unitSymbol}`;
  return { status: 201, body: { message: `Logged ${amount} for ${date}`, logId } };
};

function mark(kind: MarkKind): Handler {
  return (ctx: RequestContext) => {
    const { app } = ctx;
    const today = app.today();
    const day: Day = parseMark(ctx.body, writeDays(today, app.now()));
    const date = formatDay(day);
    const logId = app.store.write(() => {
      const row = requireLoggable(ctx, date);
      const plan = planMark(logsOn(app.store, row.id, date), kind);
      if (plan.conflict) throw conflict(`Habit ${row.id} is already marked ${kind} on ${date}`);
      if (plan.replace.length > 0) deleteLogs(app.store, row.id, plan.replace);
      const goal = activeGoal(app.store, row.id);
      let value = 0;
      if (kind === 'completed') {
        // The period's progress as the journal shows it, read after the replaced mark is gone; only
        // a goal needs it, so other marks skip building the timeline.
        const progress = goal ? periodAmount(timelineFor(app.store, row, today, day, day), day) : 0;
        // A bad habit over its limit stays failed: a completed mark would change nothing it shows.
        if (goal && row.type === 'bad' && exceeded(progress, goal.value)) {
          throw validationError([{ field: 'targetDate', message: `the habit is over its limit on ${date} (${round(progress)} of ${goal.value} ${goal.unit}); a completed mark would not count` }]);
        }
        // A period lowered below 0 lacks more than the goal; a log's amount stays within its limit.
        value = Math.min(completionAmount(row.type, goal, progress), LIMITS.amount);
      }
      const id = app.newId();
      insertLog(app.store, { id, habitId: row.id, date, kind, value, unit: goal?.unit ?? null, createdAt: app.now().toISOString() });
      return id;
    });
    return { status: 201, body: { message: `Habit marked ${kind} for ${date}`, logId } };
  };
}

/** POST /habits/{id}/logs/complete. */
export const markCompleted = mark('completed');
/** POST /habits/{id}/logs/failed. */
export const markFailed = mark('failed');
/** POST /habits/{id}/logs/skipped. */
export const markSkipped = mark('skipped');

/** POST /habits/{id}/logs/undo: removes every log of the date. */
export const undoLogs: Handler = (ctx) => {
  const { app } = ctx;
  const date = formatDay(parseMark(ctx.body, undoDays(app.today())));
  const removed = app.store.write(() => deleteLogsOn(app.store, requireHabit(app, param(ctx, 'habitId')).id, date));
  const message = removed === 0 ? `Nothing to undo on ${date}` : `Removed ${removed} log${removed === 1 ? '' : 's'} for ${date}`;
  return { status: 200, body: { message, removed } };
};

/** DELETE /habits/{id}/logs/{logId}. */
export const deleteLog: Handler = (ctx) => {
  const { app } = ctx;
  const logId = param(ctx, 'logId');
  app.store.write(() => {
    const row = requireHabit(app, param(ctx, 'habitId'));
    if (deleteLogs(app.store, row.id, [logId]) === 0) throw notFound(`Log ${logId} not found for habit ${row.id}`);
  });
  return { status: 200, body: { message: 'Log deleted successfully' } };
};
