// The list of habits (`habit ls`) in human and script form. Pure functions of data.
import type { Habit } from '../api/types.js';
import type { EndState } from '../model/ending.js';
import { currentGoal } from '../model/resources.js';
import { escapeControls } from '../model/text.js';
import type { ChalkInstance } from './color.js';
import { compareNames, displayIcon, formatGoal, formatOccurrence } from './format.js';
import { toTsv } from './plain.js';
import { flexRoom, naturalWidths, type TableSpec } from './table.js';

/** Columns of the piped output, in order. Scripts rely on it; append only. */
export const HABIT_LS_TSV_COLUMNS = ['id', 'name', 'type', 'schedule', 'goal', 'areas', 'ended'] as const;

/** A habit as `habit ls` shows it: the server's, with whether its end condition ended it (model/ending.ts). */
export type ListedHabit = Habit & Partial<EndState>;

/** The `ended` column: the day it ended, `yes` when the server does not say which, empty while it runs. */
const endedText = (h: Partial<EndState>): string => (h.ended ? h.endedOn ?? 'yes' : '');

const byName = <H extends Habit>(habits: readonly H[]): H[] =>
  [...habits].sort((a, b) => compareNames(a.name, b.name));
const goalText = (h: Habit): string => {
  const g = currentGoal(h);
  return g ? formatGoal(g, h.customUnitName) : '';
};
const areasText = (h: Habit): string => (h.areas ?? []).map((a) => a.name).join(', ');

/** One line per habit in HABIT_LS_TSV_COLUMNS order, by name, full ids, no header. */
export function habitsTsv(habits: readonly ListedHabit[]): string {
  return toTsv(byName(habits).map((h) => [h.id, h.name, h.type, formatOccurrence(h.occurrence), goalText(h), areasText(h), endedText(h)]));
}

/**
 * The terminal table of habits, by name. `known` holds every habit id the ids must be told apart
 * from, so that a short id works as a reference; without it the ids are shown whole.
 */
export function habitsTable(habits: readonly ListedHabit[], c: ChalkInstance, known?: readonly string[], width = Infinity): TableSpec {
  const sorted = byName(habits);
  const ids = known ? shortIds(sorted.map((h) => h.id), known) : sorted.map((h) => h.id);
  const dash = { plain: '–', styled: c.dim('–') };
  // A STATE column only when a habit has ended: "ended" and the day, "active" beside it.
  const state = sorted.some((h) => h.ended);
  const stateCell = (h: ListedHabit) => {
    const text = h.ended ? `ended${h.endedOn ? ` ${h.endedOn}` : ''}` : 'active';
    return { plain: text, styled: h.ended ? c.dim(text) : text };
  };
  const full: TableSpec = {
    head: ['NAME', 'TYPE', 'SCHEDULE', 'GOAL', 'AREAS', ...(state ? ['STATE'] : []), 'ID'],
    rows: sorted.map((h, i) => {
      const icon = displayIcon(h.icon);
      return [
        icon ? `${icon} ${h.name}` : h.name,
        h.type === 'bad' ? { plain: 'bad', styled: c.yellow('bad') } : h.type,
        formatOccurrence(h.occurrence),
        goalText(h) || dash,
        areasText(h) || dash,
        ...(state ? [stateCell(h)] : []),
        { plain: ids[i]!, styled: c.dim(escapeControls(ids[i]!)) },
      ];
    }),
    flex: 0,
  };
  return fitColumns(full, width, ['AREAS', 'SCHEDULE', 'TYPE', 'GOAL']);
}

/** Names keep at least this many columns before another column is dropped. */
const MIN_NAME = 12;

/**
 * `spec` narrowed to `width`: the columns of `drop` leave, in that order, while the name (the flex
 * column, 0) would be cut under MIN_NAME; so a row never wraps (as the journal does).
 */
function fitColumns(spec: TableSpec, width: number, drop: readonly string[]): TableSpec {
  let fitted = spec;
  for (const name of drop) {
    const longest = Math.max(...naturalWidths({ head: fitted.head.slice(0, 1), rows: fitted.rows.map((r) => r.slice(0, 1)) }));
    if (flexRoom(fitted, 0, width) >= Math.min(MIN_NAME, longest)) break;
    const i = fitted.head.indexOf(name);
    fitted = { ...fitted, head: fitted.head.filter((_, j) => j !== i), rows: fitted.rows.map((r) => r.filter((_, j) => j !== i)) };
  }
  return fitted;
}

/**
 * The shortest prefixes of `ids`, at least `min` long, that no other id in `among` shares.
 * Firebase-style ids share their leading timestamp characters, so a fixed cut would not be unique.
 */
export function shortIds(ids: readonly string[], among: readonly string[] = ids, min = 8): string[] {
  const others = [...new Set([...ids, ...among])];
  return ids.map((id) => {
    let len = Math.min(min, id.length);
    while (len < id.length && others.some((other) => other !== id && other.startsWith(id.slice(0, len)))) len++;
    return id.slice(0, len);
  });
}
