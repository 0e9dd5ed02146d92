// The names completion offers, from a list of habits or areas: active ones, as they are shown.
import { escapeControls } from '../model/text.js';
import type { Named } from '../resolve/match.js';

/**
 * Active items' names, each once, sorted (byText). A name with control characters is offered as it is
 * shown (`New\nline`), which resolves to it: one per line, and nothing a terminal would act on.
 */
export function offeredNames(items: readonly Named[]): string[] {
  const seen = new Set<string>();
  return items
    .filter((i) => !i.archived && i.name)
    .map((i) => escapeControls(i.name))
    .filter((n) => !seen.has(n) && !!seen.add(n))
    .sort(byText);
}

/**
 * Ignoring case, then by code unit: not localeCompare, whose collator costs a completion (each Tab
 * a process) about 3 ms to load. The shells sort what they show anyway.
 */
function byText(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : a < b ? -1 : a > b ? 1 : 0;
}
