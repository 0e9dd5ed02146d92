// `habits journal [--date D]`: the day's habits with status, progress, streak and time of day.
// One request: GET /habits/journal with the date always explicit, because the server's "today" is
// the account's, which the client cannot see. A habit that ended before the date is left out
// (shared/endings.ts), which may cost a statistics request for an end met on an unknown day. On a terminal, the day's notes follow the table: one
// GET /habits/{id}/notes?from=D&to=D per habit listed, at most 4 at once (see dayNotes).
import type { Command } from 'commander';
import type { JournalEntry, Note } from '../api/types.js';
import { mapPool } from '../concurrency.js';
import { addDays, DATE_FORMS, dateInZone, parseDateArg } from '../model/dates.js';
import { factsOf } from '../model/habit-facts.js';
import { type DayNote, emptyJournalMessage, journalNotes, journalSummary, journalTable, journalTsv, JOURNAL_TSV_COLUMNS } from '../output/journal.js';
import { examples, type App } from './shared/app.js';
import { knownTimeOfDays } from '../resolve/habit-refs.js';
import type { Deps } from './shared/deps.js';
import type { Api } from '../api/routes.js';
import { withoutEnded } from './shared/endings.js';
import { keepStatus } from './shared/status.js';
import { offDays } from '../record/off.js';

/** What `journal` shows. */
export interface JournalOptions {
  /** The resolved date, `YYYY-MM-DD`. */
  date: string;
}

/** Registers the options and action of the `journal` command. */
export function register(cmd: Command, app: App): void {
  cmd
    .option('--date <date>', `the day to show: ${DATE_FORMS} (default today)`)
    .addHelpText('after', `
Rows read in the order of the day: the habits still open first (morning, afternoon, evening,
then the rest), then the ones done, skipped or failed. Status is a word and a symbol, the glyphs
of week and month:
  ✓ done   ◐ partial (an amount short of the goal)   ○ pending   ○ missed (its period is over)
  » skipped   ✗ failed
Bad habits read as limits:
  ✓ within limit (avoided: nothing logged)   ○ under limit (clean so far: nothing yet)   ✗ over limit

When stdout is not a terminal, each habit is one tab-separated line without a header:
  ${JOURNAL_TSV_COLUMNS.join(', ')}
status is the API's word (completed, skipped, failed, inprogress); current, target, unit and
streak are empty when the server sends none; timeOfDay holds ids, comma-separated.

On a terminal, the day's notes follow the table, one line each: habit, mood (a face and its
word), text. That asks each habit listed for its notes of the day (one request per habit, 4 at
a time); piped and --json output make no such requests.
${examples([
  ['habits journal', "today's habits"],
  ['habits journal --date yesterday'],
  ['habits journal --date -3', 'three days ago'],
  ['habits journal --date fri', 'the most recent Friday (today, if it is one)'],
  ['habits journal --date 2026-11-01'],
  ['habits journal | cut -f2,3', 'names and statuses, for scripts'],
  ["habits journal --json | jq '.[].status'"],
])}`)
    .action((opts: { date?: string }, command: Command) =>
      app.run(command, (ctx) => run(parse(opts, ctx.today()), ctx, (instant) => dateInZone(instant, ctx.settings.timezone.value))),
    );
}

/** Resolves the flags against `today` (the user's date); a bad --date fails before any request. */
export function parse(opts: { date?: string }, today: string): JournalOptions {
  return { date: opts.date === undefined ? today : parseDateArg(opts.date, today, '--date') };
}

/**
 * The habits' own unit names (`pages` for a goal in rep), which journal entries do not carry: from
 * the name cache, whatever its age, and from the server only when a measured habit is missing there.
 */
async function unitNames(list: readonly JournalEntry[], deps: Pick<Deps, 'resolver'>): Promise<Map<string, string>> {
  let facts = await deps.resolver.cachedFacts();
  if (list.some((e) => e.progress && !facts.has(e.id))) {
    // Only a label depends on it: a listing that fails leaves the symbols, and the journal stands.
    const habits = await deps.resolver.fetchHabits(false).catch(() => []);
    facts = new Map([...facts, ...habits.map((h) => [h.id, factsOf(h)] as const)]);
  }
  return new Map([...facts].flatMap(([id, f]) => (f.customUnitName ? [[id, f.customUnitName] as const] : [])));
}

/** The writes of `date` still waiting in the outbox, by habit id, as the table marks them. */
function queuedOn(date: string, deps: Partial<Pick<Deps, 'writes'>>): Map<string, string> {
  const outbox = deps.writes?.().outbox;
  const waiting = new Map<string, string>();
  if (!outbox?.exists()) return waiting;
  for (const w of outbox.pending()) {
    const body = w.body as { targetDate?: string; value?: number; unitSymbol?: string };
    if (body.targetDate !== date) continue;
    const what = /\/logs\/(\w+)$/.exec(w.route)?.[1] ?? `+${body.value ?? ''}${body.unitSymbol ? ` ${body.unitSymbol}` : ''}`;
    const word = ({ complete: 'done', failed: 'fail', skipped: 'skip' } as Record<string, string>)[what] ?? what;
    waiting.set(w.habit.id, [waiting.get(w.habit.id), word].filter(Boolean).join(', '));
  }
  return waiting;
}

/**
 * The habits whose skip of `date` is time off this machine took (`habits off`, from the record of
 * writes). The record is read only when the day shows a skipped habit.
 */
function offOn(date: string, list: readonly JournalEntry[], deps: Partial<Pick<Deps, 'writes'>>): Set<string> {
  if (!deps.writes || !list.some((e) => e.status === 'skipped')) return new Set();
  try {
    const days = offDays(deps.writes().record);
    return new Set(list.filter((e) => days.has(`${e.id}|${date}`)).map((e) => e.id));
  } catch {
    // No account (no key) or an unreadable record: skipped days show as skipped.
    return new Set();
  }
}

/** Notes requests in flight at once. */
const NOTES_IN_FLIGHT = 4;

/** Thrown to stop asking for notes: the server answered with notes of other days. */
class UnfilteredNotes extends Error {}

/**
 * The notes of `date` (in the user's zone, read by `dateOf`) of the habits listed, in their order:
 * one GET /habits/{id}/notes?from=D&to=D per habit (one page, never more), at most 4 at once. The
 * notes are filtered by date here too. A server shown to ignore from/to (a note more than a day
 * off, beyond any difference of zones) stops the asking: no new request starts, and the notes are
 * left out with a line saying why, rather than shown for some habits only. A failure does the same.
 */
async function dayNotes(list: readonly JournalEntry[], date: string, api: Api, dateOf: (instant: Date) => string): Promise<{ notes: DayNote[] } | { why: string }> {
  const near = new Set([addDays(date, -1), date, addDays(date, 1)]);
  try {
    const perHabit = await mapPool(list, NOTES_IN_FLIGHT, async (entry) => {
      const page = await api.request('GET /habits/{habitId}/notes', { params: { habitId: entry.id }, query: { from: date, to: date } });
      const notes: Note[] = Array.isArray(page?.data) ? page.data : [];
      const dated = notes.flatMap((note) => {
        const t = typeof note.createdAt === 'string' ? new Date(note.createdAt) : undefined;
        return t && !Number.isNaN(t.getTime()) ? [{ note, day: t.toISOString().slice(0, 10) }] : [];
      });
      if (dated.some(({ day }) => !near.has(day))) throw new UnfilteredNotes();
      return dated.filter(({ note }) => dateOf(new Date(note.createdAt)) === date).map(({ note }) => ({ habit: entry.name, note }));
    });
    return { notes: perHabit.flat() };
  } catch (err) {
    if (err instanceof UnfilteredNotes) return { why: 'the server does not filter notes by date' };
    return { why: `they could not be read (${err instanceof Error ? err.message : String(err)})` };
  }
}

/**
 * Fetches the journal of the date and prints it in the output mode in use; on a terminal, and when
 * given the user's date of an instant (`dateOf`), with the day's notes.
 */
export async function run(
  options: JournalOptions,
  deps: Pick<Deps, 'out' | 'api' | 'resolver' | 'today'> & Partial<Pick<Deps, 'writes' | 'now' | 'scope' | 'paths' | 'settings'>>,
  dateOf?: (instant: Date) => string,
): Promise<void> {
  const { out } = deps;
  const api = await deps.api();
  const entries: JournalEntry[] = await api.request('GET /habits/journal', { query: { date: options.date } });
  // A habit that ended before the date is over, whether or not the server still lists it.
  const list = await withoutEnded(Array.isArray(entries) ? entries : [], options.date, deps);
  // Today's journal seen: the status line (habits status) reads it from here.
  keepStatus(deps, options.date, list);
  if (list.length === 0) return out.empty(list, emptyJournalMessage(options.date));
  const names = async (): Promise<Record<string, string>> => Object.fromEntries(await knownTimeOfDays(deps.resolver));
  await out.render({
    json: list,
    plain: async () => journalTsv(list, await names()),
    tty: async () => {
      const header = out.c.bold(journalSummary(options.date, list, deps.today(), out.width));
      const off = offOn(options.date, list, deps);
      const table = journalTable(list, { c: out.c, width: out.width, timeOfDayNames: await names(), unitNames: await unitNames(list, deps), queued: queuedOn(options.date, deps), off, date: options.date, today: deps.today() });
      const text = `${header}\n\n${(await out.table(table)).trimEnd()}\n`;
      if (!dateOf) return text;
      const day = await dayNotes(list, options.date, api, dateOf);
      if ('why' in day) return `${text}\n${out.c.dim(`Notes not shown: ${day.why}; habits note ls <habit> lists them.`)}`;
      return day.notes.length ? `${text}\n${out.c.bold('Notes')}\n${journalNotes(day.notes, out.width)}` : text;
    },
  });
}
