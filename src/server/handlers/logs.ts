// Log endpoints: a measured value, the complete/failed/skipped marks, undo of a date, delete by id.
import { type Handler, type RequestContext, param } from '../context.js';
import { formatDay, parseDate } from '../domain/dates.js';
import { type MarkKind, completionAmount, planMark } from '../domain/marks.js';
import { periodEnd, periodStart } from '../domain/periods.js';
import { aggregateLogs } from '../domain/timeline.js';
import { conflict, notFound } from '../http.js';
import { deleteLogs, deleteLogsOn, habitLogs, insertLog, logsOn } from '../repo/logs.js';
import { activeGoal } from '../repo/parts.js';
import type { HabitRow } from '../repo/habits.js';
import type { Store } from '../store.js';
import { parseLogValue, parseMark } from '../validate-misc.js';
import { requireHabit } from './habits.js';

export const logValue: Handler = (ctx) => {
  const { app } = ctx;
  const input = parseLogValue(ctx.body, app.today());
  const logId = app.store.write(() => {
    const row = requireHabit(app, param(ctx, 'habitId'));
    const id = app.newId();
    insertLog(app.store, {
      id, habitId: row.id, date: input.targetDate, kind: 'value', value: input.value, unit: input.unitSymbol, createdAt: app.now().toISOString(),
    });
    return id;
  });
  return { status: 201, body: { message: `Logged ${input.value} ${input.unitSymbol} for ${input.targetDate}`, logId } };
};

/** Sum of the goal period around `date`, in the goal unit, counting logs from the start date on. */
function periodSum(store: Store, row: HabitRow, date: string, goal: NonNullable<ReturnType<typeof activeGoal>>): number {
  const day = parseDate(date) ?? 0;
  const start = Math.max(periodStart(goal.periodicity, day), parseDate(row.startDate) ?? 0);
  const end = periodEnd(goal.periodicity, day);
  const logs = habitLogs(store, row.id, formatDay(start), formatDay(end)).map((l) => ({ ...l, day: parseDate(l.date) ?? 0 }));
  let sum = 0;
  for (const data of aggregateLogs(logs, goal.unit).values()) sum += data.amount;
  return sum;
}

function mark(kind: MarkKind): Handler {
  return (ctx: RequestContext) => {
    const { app } = ctx;
    const date = parseMark(ctx.body, app.today());
    const logId = app.store.write(() => {
      const row = requireHabit(app, param(ctx, 'habitId'));
      const plan = planMark(logsOn(app.store, row.id, date), kind);
      if (plan.conflict) throw conflict(`Habit ${row.id} is already marked ${kind} on ${date}`);
      if (plan.replace.length > 0) deleteLogs(app.store, row.id, plan.replace);
      const goal = activeGoal(app.store, row.id);
      let value = 0;
      if (kind === 'completed') {
        const rules = { type: row.type, occurrence: row.occurrence, startDate: parseDate(row.startDate) ?? 0, goal };
        value = completionAmount(rules, goal ? periodSum(app.store, row, date, goal) : 0);
      }
      const id = app.newId();
      insertLog(app.store, { id, habitId: row.id, date, kind, value, unit: goal?.unit ?? null, createdAt: app.now().toISOString() });
      return id;
    });
    return { status: 201, body: { message: `Habit marked ${kind} for ${date}`, logId } };
  };
}

export const markCompleted = mark('completed');
export const markFailed = mark('failed');
export const markSkipped = mark('skipped');

export const undoLogs: Handler = (ctx) => {
  const { app } = ctx;
  const date = parseMark(ctx.body, app.today());
  const removed = app.store.write(() => deleteLogsOn(app.store, requireHabit(app, param(ctx, 'habitId')).id, date));
  const message = removed === 0 ? `Nothing to undo on ${date}` : `Removed ${removed} log${removed === 1 ? '' : 's'} for ${date}`;
  return { status: 200, body: { message } };
};

export const deleteLog: Handler = (ctx) => {
  const { app } = ctx;
  const logId = param(ctx, 'logId');
  app.store.write(() => {
    const row = requireHabit(app, param(ctx, 'habitId'));
    if (deleteLogs(app.store, row.id, [logId]) === 0) throw notFound(`Log ${logId} not found for habit ${row.id}`);
  });
  return { status: 200, body: { message: 'Log deleted successfully' } };
};
