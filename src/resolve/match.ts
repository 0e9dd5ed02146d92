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

/**
 * How much a suggestion may compare, so that a reference of any length answers at once: a longer
 * reference gets no suggestion (no name is that close to it), and only so many names are weighed.
 * Unbounded, a 1 MB reference took 15 s against ten habits (the edit distance is quadratic).
 */
export const SUGGEST_BOUNDS = { refChars: 256, candidates: 2000 } as const;

/** Up to `max` names closest to `ref`: containing it, or within a few edits of it or of its start. */
export function suggest<T extends Named>(items: readonly T[], ref: string, max = 3): T[] {
  if (ref.length > SUGGEST_BOUNDS.refChars) return [];
  const lower = ref.toLowerCase();
  const limit = Math.max(2, Math.floor(lower.length / 3));
  return items
    .slice(0, SUGGEST_BOUNDS.candidates)
    .map((item) => ({ item, score: closeness(lower, item.name.toLowerCase(), limit) }))
    .filter((s) => s.score <= limit)
    .sort((a, b) => a.score - b.score || a.item.name.localeCompare(b.item.name))
    .slice(0, max)
    .map((s) => s.item);
}

/**
 * 0 when `name` contains `ref`; else the edit distance to the name or to a start of it of similar
 * length. Any score above `limit` stands for "too far" (its exact value is not worked out).
 */
function closeness(ref: string, name: string, limit: number): number {
  if (ref && name.includes(ref)) return 0;
  let best = distance(ref, name, limit);
  for (let len = Math.max(1, ref.length - 1); len <= ref.length + 1 && len < name.length; len++) {
    best = Math.min(best, distance(ref, name.slice(0, len), limit) + 0.5);
  }
  return best;
}

/**
 * Damerau-Levenshtein distance (optimal string alignment). With `max`, a distance above it comes
 * back as max + 1, found without filling the table: the lengths alone may tell, else only the
 * cells within `max` of the diagonal can hold a distance up to `max`, and a row whose every cell
 * exceeds it ends the search (no later cell can be smaller).
 */
export function distance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const far = Math.min(max + 1, a.length + b.length + 1);
  // Three rows (the transposition looks two back) instead of the whole table; a cell outside the band stays `far`.
  let before = new Array<number>(b.length + 2).fill(far);
  let previous = new Array<number>(b.length + 2).fill(far);
  let current = new Array<number>(b.length + 2).fill(far);
  for (let j = 0; j <= Math.min(b.length, max); j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const lo = Math.max(1, i - max);
    const hi = Math.min(b.length, i + max);
    current[lo - 1] = lo === 1 ? i : far;
    current[hi + 1] = far;
    let least = current[lo - 1]!;
    for (let j = lo; j <= hi; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, before[j - 2]! + 1);
      current[j] = v;
      least = Math.min(least, v);
    }
    if (least > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  return Math.min(previous[b.length]!, max + 1);
}
