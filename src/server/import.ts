// Loading an export document into the store, in one immediate transaction: either all of it is
// written or nothing is. Ids and createdAt come from the document, which is what makes an export →
// import → export round trip exact; the logs are rebuilt from the statistics (import-history.ts).
// - Areas, habits and notes are upserted by id: a habit the store already holds is overwritten
//   from the document (fields, goals, reminders, stacks, end condition, links and logs); its notes
//   that the document lacks are kept. Records the document does not mention are left alone.
// - Upserts keep the row's position, so list order stays the store's; new rows follow document order.
import type { Area, EndCondition, EndConditionInput, ExportDocument, ExportedHabit, Note } from '../api/types.js';
import { timeOfDayById, TIME_OF_DAYS } from './domain/time-of-day.js';
import { InvalidExportError, parseExportDocument } from './import-document.js';
import { type RebuiltHistory, rebuildHistory } from './import-history.js';
import { habitExists } from './repo/habits.js';
import { setEndCondition, setHabitAreas, setHabitStacks, setHabitTimeOfDays, setTimeTriggers } from './repo/parts.js';
import type { Store } from './store.js';

/** What an import wrote. */
export interface ImportResult {
  areas: number;
  habits: number;
  /** How many of `habits` are archived. */
  archived: number;
  notes: number;
  /** Days of history written (one log each). */
  days: number;
  /** Per habit, what its rebuilt history does not reproduce exactly: dates, then `totalLogs`, `avg`. */
  inexact: { habitId: string; name: string; dates: string[] }[];
}

/**
 * Imports an export document (checked first: a bad one throws InvalidExportError and writes
 * nothing) and marks every imported habit's derived data stale.
 */
export function importDocument(store: Store, input: unknown): ImportResult {
  const doc = parseExportDocument(input);
  const histories = new Map<string, RebuiltHistory>(doc.habits.map((h) => [h.id, rebuildHistory(h)]));
  return store.write(() => {
    const areas = writeAreas(store, doc);
    for (const habit of doc.habits) upsertHabit(store, habit);
    let notes = 0;
    let days = 0;
    doc.habits.forEach((habit, i) => {
      writeParts(store, habit, `$.habits[${i}]`);
      for (const note of habit.notes) upsertNote(store, habit.id, note);
      notes += habit.notes.length;
      const history = histories.get(habit.id);
      store.prepare('DELETE FROM logs WHERE habit_id = ?').run(habit.id);
      const insert = store.prepare('INSERT INTO logs (id, habit_id, date, kind, value, unit, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
      for (const log of history?.logs ?? []) insert.run(log.id, log.habitId, log.date, log.kind, log.value, log.unit, log.createdAt);
      days += history?.logs.length ?? 0;
      store.touch(habit.id);
    });
    return {
      areas,
      habits: doc.habits.length,
      archived: doc.habits.filter((h) => h.isArchived).length,
      notes,
      days,
      inexact: doc.habits
        .map((h) => ({ habitId: h.id, name: h.name, dates: histories.get(h.id)?.inexact ?? [] }))
        .filter((x) => x.dates.length > 0),
    };
  });
}

function upsertArea(store: Store, area: Area): void {
  store
    .prepare(
      `INSERT INTO areas (id, name, color_hex, icon, created_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET name = excluded.name, color_hex = excluded.color_hex, icon = excluded.icon, created_at = excluded.created_at`,
    )
    .run(area.id, area.name, area.colorHex, area.icon, area.createdAt);
}

/** The document's areas, then any area a habit names that neither the document nor the store lists. */
function writeAreas(store: Store, doc: ExportDocument): number {
  for (const area of doc.areas) upsertArea(store, area);
  const listed = new Set(doc.areas.map((a) => a.id));
  let count = doc.areas.length;
  const exists = store.prepare('SELECT 1 FROM areas WHERE id = ?');
  for (const habit of doc.habits) {
    for (const area of habit.areas ?? []) {
      if (listed.has(area.id) || exists.get(area.id) !== undefined) continue;
      upsertArea(store, area);
      listed.add(area.id);
      count++;
    }
  }
  return count;
}

// An upsert, never INSERT OR REPLACE: a replace deletes the row first, and the foreign keys would
// cascade that delete to the habit's notes and to other habits' stacks.
function upsertHabit(store: Store, h: ExportedHabit): void {
  store
    .prepare(
      `INSERT INTO habits (id, name, type, description, icon, color_hex, occurrence, start_date, created_at, is_archived, custom_unit_name)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET name = excluded.name, type = excluded.type, description = excluded.description,
         icon = excluded.icon, color_hex = excluded.color_hex, occurrence = excluded.occurrence, start_date = excluded.start_date,
         created_at = excluded.created_at, is_archived = excluded.is_archived, custom_unit_name = excluded.custom_unit_name`,
    )
    .run(h.id, h.name, h.type, h.description, h.icon, h.colorHex, JSON.stringify(h.occurrence), h.startDate, h.createdAt,
      h.isArchived ? 1 : 0, h.customUnitName ?? null);
}

/** A time of day by id, else by name (another server's ids differ); periods this service lacks are dropped. */
function localTimeOfDayIds(habit: ExportedHabit): string[] {
  const ids: string[] = [];
  for (const t of habit.timeOfDays ?? []) {
    const id = timeOfDayById(t.id)?.id ?? TIME_OF_DAYS.find((l) => l.name.toLowerCase() === t.name.trim().toLowerCase())?.id;
    if (id && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** Replaces the parts of a habit kept in their own tables with the document's. */
function writeParts(store: Store, h: ExportedHabit, path: string): void {
  setHabitAreas(store, h.id, (h.areas ?? []).map((a) => a.id));
  setHabitTimeOfDays(store, h.id, localTimeOfDayIds(h));
  setTimeTriggers(store, h.id, h.reminders?.timeTriggers ?? []);
  const stacks = h.reminders?.habitStacks ?? [];
  stacks.forEach((s, i) => {
    if (!habitExists(store, s.conditionHabitId)) {
      throw new InvalidExportError(`${path}.reminders.habitStacks[${i}].conditionHabitId`, `no habit has the id "${s.conditionHabitId}", in the document or the store`, 0);
    }
    // Ids are unique store-wide: a stack moving between habits must leave its old one.
    store.prepare('DELETE FROM habit_stacks WHERE id = ?').run(s.id);
  });
  setHabitStacks(store, h.id, stacks);
  store.prepare('DELETE FROM goals WHERE habit_id = ?').run(h.id);
  const insertGoal = store.prepare('INSERT INTO goals (id, habit_id, created_at, periodicity, value, unit, is_active) VALUES (?, ?, ?, ?, ?, ?, ?)');
  for (const g of h.goals ?? []) {
    store.prepare('DELETE FROM goals WHERE id = ?').run(g.id);
    insertGoal.run(g.id, h.id, g.createdAt, g.periodicity, g.value, g.unit, g.isActive ? 1 : 0);
  }
  const end = h.endCondition;
  if (end) store.prepare('DELETE FROM end_conditions WHERE id = ?').run(end.id);
  setEndCondition(store, h.id, end ? conditionOf(end) : null, end?.id ?? '', end?.createdAt ?? '');
}

/** The stored part of a returned end condition: isMet and periodType are derived on read. */
function conditionOf(end: EndCondition): EndConditionInput {
  switch (end.type) {
    case 'date':
      return { type: 'date', date: end.date };
    case 'streak':
      return { type: 'streak', streakLength: end.streakLength };
    case 'successPeriods':
      return { type: 'successPeriods', totalPeriods: end.totalPeriods };
    case 'totalLogValue':
      return { type: 'totalLogValue', totalLogValue: end.totalLogValue };
  }
}

function upsertNote(store: Store, habitId: string, note: Note): void {
  store
    .prepare(
      `INSERT INTO notes (id, habit_id, created_at, content, mood_level, photos) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET habit_id = excluded.habit_id, created_at = excluded.created_at, content = excluded.content,
         mood_level = excluded.mood_level, photos = excluded.photos`,
    )
    .run(note.id, habitId, note.createdAt, note.content, note.moodLevel, JSON.stringify(note.photos));
}
