// What `habits check` shows: the day's open habits grouped by time of day, each one's question and
// pre-filled value, and the review of what will be sent. Pure functions of data.
import type { JournalEntry } from '../api/types.js';
import { displayUnit } from '../model/units.js';
import { formatNumber } from './format.js';
import { DAY_PARTS, orderJournal, progressText, statusLabel, toTimeRank, type TimeOfDayNames } from './journal.js';
import { displayWidth, truncate } from './plain.js';

/** A run of open habits that share a time of day. */
export interface CheckInGroup<T extends JournalEntry = JournalEntry> {
  /** `Morning`, `Afternoon`, `Evening`, `Night`, `Other times` or `Any time`. */
  label: string;
  entries: T[];
}

/** Whether the day leaves the habit open: still in progress (for a bad habit, under its limit). */
export function isOpen(entry: Pick<JournalEntry, 'status'>): boolean {
  return entry.status === 'inprogress';
}

function groupLabel(rank: number): string {
  const part = DAY_PARTS[rank];
  if (part) return part.charAt(0).toUpperCase() + part.slice(1);
  return rank === DAY_PARTS.length ? 'Other times' : 'Any time';
}

/**
 * The open habits of a journal in the order of the day, grouped: morning, afternoon, evening
 * (and night), then periods of other names, then habits with no time of day; by name within a
 * group. A habit in several periods goes with the earliest, as in `habits journal`.
 */
export function checkInGroups<T extends JournalEntry>(entries: readonly T[], names: TimeOfDayNames = {}): CheckInGroup<T>[] {
  const groups: (CheckInGroup<T> & { rank: number })[] = [];
  for (const e of orderJournal(entries.filter(isOpen), names)) {
    const rank = toTimeRank(e.timeOfDayIds ?? [], names);
    const last = groups[groups.length - 1];
    if (last?.rank === rank) last.entries.push(e);
    else groups.push({ rank, label: groupLabel(rank), entries: [e] });
  }
  return groups.map(({ label, entries: list }) => ({ label, entries: list }));
}

/**
 * The value a measurable habit's prompt offers: what remains to its goal (target − current, in
 * the goal's unit). Undefined when there is nothing to offer: no goal, a goal already met, or a
 * bad habit (its target is a limit, not an amount to reach).
 */
export function remainingValue(entry: Pick<JournalEntry, 'progress' | 'type'>): number | undefined {
  const p = entry.progress;
  if (entry.type === 'bad' || !p || typeof p.current !== 'number' || typeof p.target !== 'number') return undefined;
  // Rounded past float noise: 0.3 − 0.1 offers 0.2, not 0.19999999999999998.
  const left = Math.round((p.target - p.current) * 1e6) / 1e6;
  return left > 0 ? left : undefined;
}

/** The question for one habit: `Read (pending, 12/30 pages)`, `Smoking (under limit, 2/5 cigarettes)`. */
export function checkInQuestion(entry: JournalEntry, unitName?: string): string {
  const progress = progressText(entry, unitName);
  return `${entry.name} (${statusLabel(entry).word}${progress ? `, ${progress}` : ''})`;
}

/** What the user chose for one habit. */
export type CheckInChoice = { kind: 'done' | 'skip' | 'fail' } | { kind: 'leave' } | { kind: 'value'; value: number };

/** A choice as the review shows it: `done`, `skip`, `fail`, `+18 min`, `leave open`. */
export function choiceText(choice: CheckInChoice, unit?: string, unitName?: string): string {
  if (choice.kind === 'value') return `+${formatNumber(choice.value)}${unit ? ` ${displayUnit(unit, unitName)}` : ''}`;
  return choice.kind === 'leave' ? 'leave open' : choice.kind;
}

/**
 * The review before anything is sent: one line per habit with something to send, names padded
 * to one column, then the habits left open.
 */
export function checkInReview(date: string, rows: readonly { name: string; text: string; leave: boolean }[], columns = Infinity): string {
  const sent = rows.filter((r) => !r.leave);
  const longestText = Math.max(0, ...sent.map((r) => displayWidth(r.text)));
  // Names give up width (cut by display width, so CJK and emoji count as they show) before a line
  // would wrap: two spaces, the name, three spaces, the answer. At least 8 columns stay theirs.
  const room = Math.max(8, columns - 2 - 3 - longestText);
  const names = sent.map((r) => truncate(r.name, room));
  const width = Math.max(0, ...names.map((n) => displayWidth(n)));
  const lines = [`To send for ${date}:`, ...sent.map((r, i) => `  ${names[i]}${' '.repeat(width - displayWidth(names[i]!))}   ${r.text}`)];
  const left = rows.filter((r) => r.leave).map((r) => r.name);
  if (left.length > 0) lines.push(truncate(`Left open: ${left.join(', ')}`, columns));
  return lines.join('\n');
}
