// The words of the MCP tools' results: what a person reads of a command that printed JSON (`--json`
// keeps a read's lines to itself), and log_undo's preview. A line per item, in words: the JSON itself is the result's
// structuredContent, never repeated here. Pure functions of the JSON the command printed, which is
// read defensively: a field that is missing or of another type is left out of the line. (Nothing
// from output/week.ts: importing it would split it out of the chunk `log done` loads.)
import { formatAmount, formatGoal, formatNumber, formatOccurrence } from '../output/format.js';
import { currentGoal, dayOf, statsUnit } from '../model/resources.js';
import { escapeControls } from '../model/text.js';

type Obj = Record<string, unknown>;

const obj = (x: unknown): Obj | undefined => (x !== null && typeof x === 'object' && !Array.isArray(x) ? (x as Obj) : undefined);
const str = (x: unknown): string | undefined => (typeof x === 'string' ? x : undefined);
const num = (x: unknown): number | undefined => (typeof x === 'number' && Number.isFinite(x) ? x : undefined);
/** Text from the service on one line: an assistant reads a line per item. */
const oneLine = (s: string): string => s.replace(/\s+/g, ' ').trim();
const plural = (n: number, word: string): string => `${formatNumber(n)} ${word}${n === 1 ? '' : 's'}`;
const percent = (rate: number | undefined): string | undefined => (rate === undefined ? undefined : `${Math.round(rate * 100)}%`);

const MARKED: Record<string, string> = { done: 'marked completed', skip: 'marked skipped', fail: 'marked failed', undo: 'cleared' };

/**
 * The summary of what `argv` printed as `data`, or undefined for a command that has none (a write,
 * whose confirmation it says itself on stderr).
 */
export function summary(argv: readonly string[], data: unknown): string | undefined {
  const [noun, verb] = argv;
  const items = Array.isArray(data) ? data.map((x) => obj(x) ?? {}) : undefined;
  const command = noun === 'log' || noun === 'habit' || noun === 'note' || noun === 'area' ? `${noun} ${verb}` : noun;
  switch (command) {
    case 'log done':
    case 'log skip':
    case 'log fail':
    case 'log undo':
      return items?.map((e) => markLine(verb!, e)).join('\n');
    case 'journal':
      return items && (items.length === 0 ? 'No habits on this day.' : items.map(journalLine).join('\n'));
    case 'week':
    case 'month':
      return overview(obj(data), command === 'month');
    case 'habit ls':
      return items && (items.length === 0 ? (argv.includes('--archived') ? 'No archived habits.' : 'No habits.') : items.map(habitLine).join('\n'));
    case 'habit show':
      return obj(data) && habitLine(obj(data)!);
    case 'habit stats':
      return obj(data) && statsLine(obj(data)!);
    case 'note ls':
      return items && (items.length === 0 ? 'No notes.' : items.map(noteLine).join('\n'));
    case 'area ls':
      return items && (items.length === 0 ? 'No areas.' : items.map((a) => `${oneLine(str(a.name) ?? '?')} (id:${str(a.id) ?? '?'})`).join('\n'));
    case 'log ls':
      return items && (items.length === 0 ? 'No logs.' : items.map(logLine).join('\n'));
    default:
      return undefined;
  }
}

/** `"Walk" marked completed for 2026-11-22`, `"Walk" was already completed …`, or its error. */
function markLine(verb: string, e: Obj): string {
  const name = `"${oneLine(str(obj(e.habit)?.name) ?? str(e.ref) ?? '?')}"`;
  if (e.ok === false) return `${name}: error: ${str(obj(e.error)?.message) ?? 'failed'}`;
  const marked = MARKED[verb] ?? verb;
  return e.already ? `${name} was already ${marked.replace(/^marked /, '')} for ${String(e.date)}` : `${name} ${marked} for ${String(e.date)}`;
}

/** `Water: inprogress 3/8 cup, streak 2`. */
function journalLine(e: Obj): string {
  const p = obj(e.progress);
  const current = num(p?.current);
  const target = num(p?.target);
  const progress = current !== undefined && target !== undefined ? ` ${formatNumber(current)}/${formatNumber(target)}${str(p?.unit) ? ` ${str(p?.unit)}` : ''}` : '';
  const streak = num(obj(e.currentStreak)?.length);
  return `${oneLine(String(e.name))}: ${String(e.status)}${progress}${streak ? `, streak ${streak}` : ''}`;
}

/** The range, then per habit: how many days were done, skipped, failed or open, the rate and streaks. */
function overview(data: Obj | undefined, month: boolean): string | undefined {
  const from = str(data?.from);
  const to = str(data?.to);
  if (!data || !from || !to || !Array.isArray(data.habits)) return undefined;
  const habits = data.habits.map((h) => obj(h) ?? {});
  const title = `${month ? 'Month' : 'Week'} of ${from} to ${to}`;
  if (habits.length === 0) return `${title}: no habits.`;
  const WORDS: [status: string, word: string][] = [['done', 'done'], ['partial', 'partly done'], ['skipped', 'skipped'], ['failed', 'failed'], ['open', 'open or missed'], ['not-due', 'not due']];
  const lines = habits.map((h) => {
    const name = oneLine(str(h.name) ?? '?');
    const error = str(obj(h.error)?.message);
    if (error) return `${name}: unavailable (${oneLine(error)})`;
    const days = (Array.isArray(h.days) ? h.days.map((d) => str(obj(d)?.status)) : []).filter((s) => s !== 'future');
    const counts = WORDS.map(([status, word]) => [days.filter((s) => s === status).length, word] as const).filter(([n]) => n > 0).map(([n, word]) => `${n} ${word}`);
    const unit = str(h.streakUnit) ?? 'day';
    const streak = num(h.currentStreak);
    const longest = num(h.longestStreak);
    const rate = percent(num(h.completionRate));
    const tail = [
      ...(rate ? [`rate ${rate}`] : []),
      ...(streak !== undefined ? [`streak ${plural(streak, unit)}${longest !== undefined ? ` (longest ${plural(longest, unit)})` : ''}`] : []),
    ];
    return `${name}: ${days.length ? `of ${plural(days.length, 'day')}, ${counts.join(', ')}` : 'no day yet'}${tail.length ? `; ${tail.join(', ')}` : ''}`;
  });
  return [`${title}:`, ...lines].join('\n');
}

/** `"Water" (id:…): good, every day, goal 8 cup daily, from 2026-11-01`. */
function habitLine(h: Obj): string {
  // The habit's current goal as every view reads it (the active one, else the newest).
  const goal = obj(currentGoal({ goal: obj(h.goal) as never, goals: Array.isArray(h.goals) ? (h.goals.filter((g) => obj(g)) as never) : [] }));
  const value = num(goal?.value);
  const unit = str(goal?.unit);
  const parts = [
    str(h.type) ?? 'good',
    formatOccurrence(obj(h.occurrence) as never),
    ...(value !== undefined && unit ? [`goal ${formatGoal({ value, unit: unit as never, periodicity: (str(goal?.periodicity) ?? 'daily') as never }, str(h.customUnitName) ?? null)}`] : []),
    ...(str(h.startDate) ? [`from ${str(h.startDate)}`] : []),
    ...(h.isArchived === true ? ['archived'] : []),
  ];
  return `"${oneLine(str(h.name) ?? '?')}" (id:${str(h.id) ?? '?'}): ${parts.join(', ')}`;
}

/** `Walk, 2026-11-20 to 2026-11-22: 2 completed, 1 skipped, 0 failed; total 3 rep; completion rate 67%; streak 2, longest 5`. */
function statsLine(s: Obj): string {
  const days = Array.isArray(s.dailyProgress) ? s.dailyProgress.map((d) => str(obj(d)?.date)).filter((d): d is string => !!d).sort() : [];
  const range = days.length ? `, ${days[0]} to ${days.at(-1)}` : '';
  const unit = statsUnit({ unit: s.unit as never });
  const total = num(s.totalLogs);
  const parts = [
    [num(s.completions), 'completed'], [num(s.skips), 'skipped'], [num(s.fails), 'failed'],
  ].filter(([n]) => n !== undefined).map(([n, w]) => `${n} ${w}`).join(', ');
  const rate = percent(num(s.completionRate));
  const streak = num(s.currentStreak);
  const longest = num(s.longestStreak);
  const more = [
    ...(total !== undefined ? [`total ${formatAmount(total, unit)}`] : []),
    ...(rate ? [`completion rate ${rate}`] : []),
    ...(streak !== undefined ? [`streak ${formatNumber(streak)}${longest !== undefined ? `, longest ${formatNumber(longest)}` : ''}`] : []),
  ];
  return `${oneLine(str(s.name) ?? '?')}${range}: ${[parts, ...more].filter(Boolean).join('; ')}`;
}

/** `2026-11-22, mood high: felt good (id:…)`. */
function noteLine(n: Obj): string {
  const when = str(n.createdAt)?.slice(0, 10) ?? '?';
  const mood = str(n.moodLevel);
  const text = str(n.content);
  return `${when}${mood ? `, mood ${mood}` : ''}: ${text ? oneLine(text) : '(no text)'} (id:${str(n.id) ?? '?'})`;
}

/** `2026-11-22 value 3 cup (id:…)`, `2026-11-21 skipped mark (no id)`. */
function logLine(l: Obj): string {
  const kind = str(l.kind) ?? '?';
  const value = num(l.value);
  const what = kind === 'value' ? `value ${value === undefined ? '?' : formatAmount(value, l.unitSymbol)}` : `${kind} mark`;
  const id = str(l.id);
  return `${str(l.date) ?? '?'} ${what} (${id ? `id:${id}` : 'no id'})`;
}

/** What log_undo without confirm found out about the day it would clear. */
export interface UndoDay {
  /** Local mode: `logs` is every log of the day (the store lists them). */
  local: boolean;
  /** The habit as the tool was given it: named so when the statistics could not be read. */
  ref: string;
  date: string;
  /** `log ls --json` of the day: every log in local mode, the ones this machine wrote elsewhere. */
  logs: unknown[];
  /** `habit stats --json` of the day (what the server shows), or why it could not be read. */
  stats: unknown;
}

/**
 * log_undo's answer without confirm, or undefined when it is to act at once (local mode, a day
 * with marks only, which `log undo` clears without asking). In local mode it lists the day's logs.
 * Against a server it always answers: the API lists no logs, and the record of writes knows only
 * this machine's, so it says what the server shows for the day (its total and mark, from the
 * statistics) and which part of it this machine wrote.
 */
export function undoPreview(day: UndoDay): { text: string; wouldClear: Record<string, unknown> } | undefined {
  const logs = day.logs.map((l) => obj(l)).filter((l): l is Obj => !!l);
  const stats = obj(day.stats);
  const failed = str(stats?.error);
  const shown = stats && !failed ? stats : undefined;
  const habit = { id: str(shown?.id) ?? null, name: str(shown?.name) ?? day.ref };
  const who = `"${escapeControls(habit.name)}" on ${day.date}`;
  const amounts = logs.filter((l) => l.kind === 'value').map((l) => formatAmount(l.value, l.unitSymbol));
  const marks = logs.filter((l) => l.kind !== 'value').map((l) => `the ${String(l.kind)} mark`);
  const answer = (text: string, what: Record<string, unknown>) => ({ text, wouldClear: { habit, date: day.date, ...what } });
  if (day.local) {
    if (amounts.length === 0) return undefined;
    const held = [`${plural(amounts.length, 'value')} (${amounts.join(', ')})`, ...marks].join(' and ');
    return answer(`would clear ${held} of ${who}: call again with confirm: true to clear them`, { logs });
  }
  // What the record of writes knows of the day: the values and the mark this machine wrote.
  const written = [...amounts, ...marks];
  const mine = written.length ? ` (written from this machine: ${written.join(', ')})` : '';
  if (!shown) {
    return answer(`would clear ${who}, but what the server holds for that day could not be read (${failed ?? 'no statistics'})${mine}: nothing was cleared; call again with confirm: true to clear it anyway`, { server: null, writtenHere: logs });
  }
  const { total, status } = dayOf(shown as never, day.date, null);
  const unit = statsUnit({ unit: shown.unit as never });
  const mark = status === 'completed' || status === 'skipped' || status === 'failed' ? `the ${status} mark` : undefined;
  const server = { total, unit, status: status ?? null };
  if (total === 0 && !mark) return answer(`nothing to clear: the server shows nothing logged for ${who}${mine}`, { server, writtenHere: logs });
  const holds = [...(total !== 0 ? [formatAmount(total, unit)] : []), ...(mark ? [mark] : [])].join(' and ');
  return answer(`would clear ${who}, where the server shows ${holds}${mine || ' (none of it written from this machine)'}: call again with confirm: true to clear it`, { server, writtenHere: logs });
}
