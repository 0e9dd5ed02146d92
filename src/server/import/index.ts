// Loading an export document into the store, in one immediate transaction: either all of it is
// written or nothing is. Ids and createdAt come from the document, which is what makes an export →
// import → export round trip exact; the logs are rebuilt from the statistics (history.ts).
// - Areas, habits and notes are upserted by id: a habit the store already holds is overwritten
//   from the document (fields, goals, reminders, stacks, end condition, links and logs); its notes
//   that the document lacks are kept. Records the document does not mention are left alone.
// - Upserts keep the row's position, so list order stays the store's; new rows follow document order.
// Every write goes through the repo layer, which also marks what it changes stale for the caches.
import type { ExportDocument, ExportedHabit } from '../../api/types.js';
import { TIME_OF_DAYS, timeOfDayById } from '../domain/time-of-day.js';
import { missingAreaIds, upsertArea } from '../store/repo/areas.js';
import { setEndCondition } from '../store/repo/end-conditions.js';
import { replaceGoals } from '../store/repo/goals.js';
import { upsertHabit } from '../store/repo/habits.js';
import { setHabitAreas, setHabitTimeOfDays } from '../store/repo/links.js';
import { replaceLogs } from '../store/repo/logs.js';
import { upsertNote } from '../store/repo/notes.js';
import { type IdLookup, RECORD_KINDS, idLookup } from '../store/repo/ids.js';
import { claimStackIds, setHabitStacks, setTimeTriggers } from '../store/repo/reminders.js';
import type { Store } from '../store/store.js';
import type { Detail } from '../validate/issues.js';
import { InvalidExportError, documentIds } from './document.js';
import { type RebuiltHistory, rebuildHistory } from './history.js';

/** What an import wrote. */
export interface ImportResult {
  areas: number;
  habits: number;
  /** How many of `habits` are archived. */
  archived: number;
  notes: number;
  /** Days of history written (a value log, a mark, or both). */
  days: number;
  /** Per habit, what its rebuilt history does not reproduce exactly: dates, then `totalLogs`, `avg`. */
  inexact: { habitId: string; name: string; dates: string[] }[];
}

/**
 * What keeps a checked document from being written over a store that holds what `holds` says, by
 * JSON path: an id the store gives a record of another kind (a document's habit with the id of a
 * stored area), and a habit stack naming a habit that neither the document nor the store holds.
 * Used on the store inside the import's transaction, and by --dry-run on a read-only connection.
 */
export function storeProblems(doc: ExportDocument, holds: IdLookup): Detail[] {
  const problems: Detail[] = [];
  for (const { kind, id, path } of documentIds(doc)) {
    const other = RECORD_KINDS.find((k) => k !== kind && holds(k, id));
    if (other) problems.push({ field: path, message: `"${id}" is the id of ${/^[aeiou]/.test(other) ? 'an' : 'a'} ${other} in the store; an id names one record` });
  }
  const habitIds = new Set(doc.habits.map((h) => h.id));
  doc.habits.forEach((h, i) => {
    (h.reminders?.habitStacks ?? []).forEach((s, j) => {
      if (!habitIds.has(s.conditionHabitId) && !holds('habit', s.conditionHabitId)) {
        problems.push({ field: `$.habits[${i}].reminders.habitStacks[${j}].conditionHabitId`, message: `no habit has the id "${s.conditionHabitId}", in the document or the store` });
      }
    });
  });
  return problems;
}

/**
 * Imports a document checked by parseExportDocument. A document that does not fit the store
 * (storeProblems) throws InvalidExportError, and nothing is written.
 */
export function importDocument(store: Store, doc: ExportDocument): ImportResult {
  const histories = new Map<string, RebuiltHistory>(doc.habits.map((h) => [h.id, rebuildHistory(h)]));
  return store.write(() => {
    const problems = storeProblems(doc, idLookup(store));
    const [first] = problems;
    if (first) throw new InvalidExportError(first.field, first.message, problems.length - 1);
    const areas = writeAreas(store, doc);
    // Every habit exists before any stack is written, since stacks may point forward in the document.
    for (const habit of doc.habits) {
      upsertHabit(store, {
        id: habit.id, name: habit.name, type: habit.type, description: habit.description, icon: habit.icon, colorHex: habit.colorHex,
        occurrence: habit.occurrence, startDate: habit.startDate, createdAt: habit.createdAt, isArchived: habit.isArchived,
        customUnitName: habit.customUnitName ?? null,
      });
    }
    let notes = 0;
    let days = 0;
    doc.habits.forEach((habit) => {
      writeParts(store, habit);
      for (const note of habit.notes) upsertNote(store, habit.id, note);
      notes += habit.notes.length;
      const history = histories.get(habit.id);
      replaceLogs(store, habit.id, history?.logs ?? []);
      days += history?.days ?? 0;
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

/** The document's areas, then any area a habit names that neither the document nor the store lists. */
function writeAreas(store: Store, doc: ExportDocument): number {
  for (const area of doc.areas) upsertArea(store, area);
  const listed = new Set(doc.areas.map((a) => a.id));
  let count = doc.areas.length;
  for (const habit of doc.habits) {
    for (const area of habit.areas ?? []) {
      if (listed.has(area.id) || !missingAreaIds(store, [area.id]).has(area.id)) continue;
      upsertArea(store, area);
      listed.add(area.id);
      count++;
    }
  }
  return count;
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
function writeParts(store: Store, h: ExportedHabit): void {
  setHabitAreas(store, h.id, (h.areas ?? []).map((a) => a.id));
  setHabitTimeOfDays(store, h.id, localTimeOfDayIds(h));
  setTimeTriggers(store, h.id, h.reminders?.timeTriggers ?? []);
  const stacks = h.reminders?.habitStacks ?? [];
  claimStackIds(store, stacks.map((s) => s.id));
  setHabitStacks(store, h.id, stacks);
  replaceGoals(store, h.id, h.goals ?? []);
  const end = h.endCondition;
  // The returned shape holds the stored one: isMet and periodType are derived again on read.
  setEndCondition(store, h.id, end ? { id: end.id, createdAt: end.createdAt, condition: end } : null);
}
