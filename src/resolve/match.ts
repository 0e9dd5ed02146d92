// Matching a reference against known names: pure functions, no I/O.
import type { HabitFacts } from '../model/habit-facts.js';
import { escapeControls } from '../model/text.js';

/** Something with an id and a name: a habit or an area. */
export interface Named {
  id: string;
  name: string;
  archived?: boolean;
  /** For a habit: what a log write checks (from the listing that named it). */
  facts?: HabitFacts;
}

export type MatchResult<T extends Named> =
  | { kind: 'one'; item: T }
  | { kind: 'many'; items: T[] }
  | { kind: 'none' };

/**
 * A name as it can be typed, lower-cased: with control characters escaped as output shows them
 * (`New\nline`), so a name a server sent with a line break matches what the table, an error or
 * shell completion showed.
 */
const typed = (name: string): string => escapeControls(name).toLowerCase();

/**
 * Finds `ref` among `items`: an exact id, else an exact name (case-insensitive), else a unique
 * prefix of an id or a name (case-insensitive for names). A name also matches as it is shown,
 * its control characters escaped.
 */
export function matchRef<T extends Named>(items: readonly T[], ref: string): MatchResult<T> {
  const byId = items.find((i) => i.id === ref);
  if (byId) return { kind: 'one', item: byId };
  const lower = ref.toLowerCase();
  const exact = items.filter((i) => i.name.toLowerCase() === lower || typed(i.name) === lower);
  if (exact.length) return pick(exact);
  if (!ref) return { kind: 'none' };
  return pick(items.filter((i) => i.id.startsWith(ref) || i.name.toLowerCase().startsWith(lower) || typed(i.name).startsWith(lower)));
}

function pick<T extends Named>(found: T[]): MatchResult<T> {
  if (found.length === 0) return { kind: 'none' };
  if (found.length === 1) return { kind: 'one', item: found[0]! };
  return { kind: 'many', items: found };
}

/** Up to `max` names closest to `ref`: containing it, or within a few edits of it or of its start. */
export function suggest<T extends Named>(items: readonly T[], ref: string, max = 3): T[] {
  const lower = ref.toLowerCase();
  const limit = Math.max(2, Math.floor(lower.length / 3));
  return items
    .map((item) => ({ item, score: closeness(lower, item.name.toLowerCase()) }))
    .filter((s) => s.score <= limit)
    .sort((a, b) => a.score - b.score || a.item.name.localeCompare(b.item.name))
    .slice(0, max)
    .map((s) => s.item);
}

/** 0 when `name` contains `ref`; else the edit distance to the name or to a start of it of similar length. */
function closeness(ref: string, name: string): number {
  if (ref && name.includes(ref)) return 0;
  let best = distance(ref, name);
  for (let len = Math.max(1, ref.length - 1); len <= ref.length + 1 && len < name.length; len++) {
    best = Math.min(best, distance(ref, name.slice(0, len)) + 0.5);
  }
  return best;
}

/** Damerau-Levenshtein distance (optimal string alignment). */
export function distance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}
