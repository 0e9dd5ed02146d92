// Habit endpoints: create, list, get, update, archive, delete.
import type { EndConditionInput, HabitStack, HabitStackInput, UpdateHabitBody } from '../../api/types.js';
import { type App, type Handler, param } from '../context.js';
import { formatDay } from '../domain/dates.js';
import { conflict, notFound, validationError } from '../http/errors.js';
import { requireHabit } from '../lookup.js';
import { getArea, missingAreaIds } from '../store/repo/areas.js';
import { endCondition, setEndCondition } from '../store/repo/end-conditions.js';
import { setGoal } from '../store/repo/goals.js';
import { type HabitPatch, deleteHabit, habitExists, insertHabit, listHabits, patchHabit } from '../store/repo/habits.js';
import { setHabitAreas, setHabitTimeOfDays } from '../store/repo/links.js';
import { habitStacks, setHabitStacks, setTimeTriggers } from '../store/repo/reminders.js';
import { endAfterStart, parseCreateHabit, parseUpdateHabit } from '../validate/habit.js';
import { Issues } from '../validate/issues.js';
import { DEFAULT_HABIT_COLOR } from '../validate/limits.js';
import { parseHabitListQuery } from '../validate/query.js';
import { habitView } from '../views/habit.js';

/**
 * Checks what the body refers to (areas, condition habits, stack ids) and gives every stack an id:
 * the one it names when that is an existing stack of this habit, a new one otherwise.
 */
function resolveReferences(app: App, habitId: string, isNew: boolean, input: UpdateHabitBody): HabitStack[] | undefined {
  const issues = new Issues();
  if (input.areaIds) {
    const missing = missingAreaIds(app.store, input.areaIds);
    input.areaIds.forEach((id, i) => {
      if (missing.has(id)) issues.add(`areaIds[${i}]`, `no area has the id "${id}"`);
    });
  }
  let stacks: HabitStack[] | undefined;
  if (input.reminders?.habitStacks) {
    const existing = new Set(isNew ? [] : habitStacks(app.store, habitId).map((s) => s.id));
    const used = new Set<string>();
    stacks = input.reminders.habitStacks.map((s: HabitStackInput, i) => {
      const path = `reminders.habitStacks[${i}]`;
      if (s.conditionHabitId === habitId) issues.add(`${path}.conditionHabitId`, 'cannot be the habit itself');
      else if (!habitExists(app.store, s.conditionHabitId)) issues.add(`${path}.conditionHabitId`, `no habit has the id "${s.conditionHabitId}"`);
      if (s.id !== undefined) {
        if (!existing.has(s.id)) issues.add(`${path}.id`, 'is not a habit stack of this habit (omit id to create one)');
        else if (used.has(s.id)) issues.add(`${path}.id`, 'appears twice');
        used.add(s.id);
      }
      return { id: s.id ?? app.newId(), conditionHabitId: s.conditionHabitId, type: s.type, timerType: s.timerType, timerDelaySecs: s.timerDelaySecs ?? 0 };
    });
  }
  issues.done();
  return stacks;
}

/** Writes the parts of a habit that live in their own tables. */
function writeParts(app: App, habitId: string, input: UpdateHabitBody, stacks: HabitStack[] | undefined): void {
  const { store } = app;
  const now = app.now().toISOString();
  if (input.areaIds) setHabitAreas(store, habitId, input.areaIds);
  if (input.timeOfDayIds) setHabitTimeOfDays(store, habitId, input.timeOfDayIds);
  if (input.reminders?.timeTriggers) setTimeTriggers(store, habitId, input.reminders.timeTriggers);
  if (stacks) setHabitStacks(store, habitId, stacks);
  if (input.goal !== undefined) setGoal(store, habitId, input.goal, app.newId(), now);
  if (input.endCondition !== undefined) setEndCondition(store, habitId, input.endCondition && { id: app.newId(), createdAt: now, condition: input.endCondition });
}

/** The end date on or after the start date (validate/habit.ts), or a 400 on endCondition.date. */
function requireEndAfterStart(startDate: string, end: EndConditionInput | null | undefined): void {
  const issues = new Issues();
  endAfterStart(startDate, end, 'endCondition.date', issues);
  issues.done();
}

/** POST /habits. */
export const createHabit: Handler = ({ app, body }) => {
  const input = parseCreateHabit(body);
  const today = app.today();
  requireEndAfterStart(input.startDate ?? formatDay(today), input.endCondition);
  const habit = app.store.write(() => {
    const id = app.newId();
    const stacks = resolveReferences(app, id, true, input);
    insertHabit(app.store, {
      id,
      name: input.name,
      type: input.type,
      description: input.description ?? null,
      icon: input.icon ?? null,
      colorHex: input.colorHex ?? DEFAULT_HABIT_COLOR,
      occurrence: input.occurrence ?? { type: 'daily' },
      startDate: input.startDate ?? formatDay(today),
      createdAt: app.now().toISOString(),
      isArchived: false,
      customUnitName: input.customUnitName ?? null,
    });
    writeParts(app, id, input, stacks);
    return habitView(app, requireHabit(app, id), today);
  });
  return { status: 201, body: habit };
};

/** GET /habits: one page, filtered. */
export const listHabitsHandler: Handler = ({ app, query }) => {
  const { filter, page } = parseHabitListQuery(query);
  const today = app.today();
  return app.store.read(() => {
    if (filter.areaId && !getArea(app.store, filter.areaId)) throw validationError([{ field: 'areaId', message: `no area has the id "${filter.areaId}"` }]);
    const { rows, total } = listHabits(app.store, filter, page.limit, page.offset);
    return {
      status: 200,
      body: { data: rows.map((row) => habitView(app, row, today)), pagination: { total, ...page } },
    };
  });
};

/** GET /habits/{id}. */
export const getHabitHandler: Handler = (ctx) => {
  const { app } = ctx;
  const today = app.today();
  return app.store.read(() => ({ status: 200, body: { data: habitView(app, requireHabit(app, param(ctx, 'habitId')), today) } }));
};

/** PUT /habits/{id}: changes the fields sent. */
export const updateHabit: Handler = (ctx) => {
  const { app } = ctx;
  const input = parseUpdateHabit(ctx.body);
  const today = app.today();
  const habit = app.store.write(() => {
    const row = requireHabit(app, param(ctx, 'habitId'));
    requireEndAfterStart(input.startDate ?? row.startDate, input.endCondition === undefined ? endCondition(app.store, row.id)?.condition : input.endCondition);
    const stacks = resolveReferences(app, row.id, false, input);
    const patch: HabitPatch = {};
    for (const key of ['name', 'description', 'icon', 'colorHex', 'occurrence', 'startDate', 'customUnitName'] as const) {
      if (input[key] !== undefined) Object.assign(patch, { [key]: input[key] });
    }
    patchHabit(app.store, row.id, patch);
    writeParts(app, row.id, input, stacks);
    return habitView(app, requireHabit(app, row.id), today);
  });
  return { status: 200, body: { message: 'Habit updated successfully', data: habit } };
};

/** POST /habits/{id}/archive. */
export const archiveHabit: Handler = (ctx) => {
  const { app } = ctx;
  app.store.write(() => {
    const row = requireHabit(app, param(ctx, 'habitId'));
    if (row.isArchived) throw conflict(`Habit ${row.id} is already archived`);
    patchHabit(app.store, row.id, { isArchived: true });
  });
  return { status: 204 };
};

/** DELETE /habits/{id}. */
export const deleteHabitHandler: Handler = (ctx) => {
  const { app } = ctx;
  const id = param(ctx, 'habitId');
  app.store.write(() => {
    if (!deleteHabit(app.store, id)) throw notFound(`Habit ${id} not found`);
  });
  return { status: 204 };
};
