// `habits journal [--date D]`: the day's habits with status, progress, streak and time of day.
// One request: GET /habits/journal with the date always explicit, because the server's "today" is
// the account's, which the client cannot see.
import type { Command } from 'commander';
import type { JournalEntry } from '../api/types.js';
import { parseDateArg } from '../model/dates.js';
import { factsOf } from '../model/habit-facts.js';
import { emptyJournalMessage, journalSummary, journalTable, journalTsv, JOURNAL_TSV_COLUMNS } from '../output/journal.js';
import { examples, type App } from './shared/app.js';
import { knownTimeOfDays } from '../resolve/habit-refs.js';
import type { Deps } from './shared/deps.js';

/** What `journal` shows. */
export interface JournalOptions {
  /** The resolved date, `YYYY-MM-DD`. */
  date: string;
}

/** Registers the options and action of the `journal` command. */
export function register(cmd: Command, app: App): void {
  cmd
    .option('--date <date>', 'the day to show: YYYY-MM-DD, today or yesterday (default today)')
    .addHelpText('after', `
Rows read in the order of the day: pending habits first (morning, afternoon, evening, then
the rest), then the ones done, skipped or failed. Status is a word and a symbol:
  ✓ done   ○ pending   » skipped   ✗ failed
Bad habits read as limits: ○ under limit (or clean so far), ✓ within limit (or avoided),
✗ over limit.

When stdout is not a terminal, each habit is one tab-separated line without a header:
  ${JOURNAL_TSV_COLUMNS.join(', ')}
status is the API's word (completed, skipped, failed, inprogress); current, target, unit and
streak are empty when the server sends none; timeOfDay holds ids, comma-separated.
${examples([
  ['habits journal', "today's habits"],
  ['habits journal --date yesterday'],
  ['habits journal --date 2026-11-01'],
  ['habits journal | cut -f2,3', 'names and statuses, for scripts'],
  ["habits journal --json | jq '.[].status'"],
])}`)
    .action((opts: { date?: string }, command: Command) =>
      app.run(command, (ctx) => run(parse(opts, ctx.today()), ctx)),
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

/** Fetches the journal of the date and prints it in the output mode in use. */
export async function run(options: JournalOptions, deps: Pick<Deps, 'out' | 'api' | 'resolver' | 'today'> & Partial<Pick<Deps, 'writes'>>): Promise<void> {
  const { out } = deps;
  const api = await deps.api();
  const entries: JournalEntry[] = await api.request('GET /habits/journal', { query: { date: options.date } });
  const list = Array.isArray(entries) ? entries : [];
  if (list.length === 0) return out.empty(list, emptyJournalMessage(options.date));
  const names = async (): Promise<Record<string, string>> => Object.fromEntries(await knownTimeOfDays(deps.resolver));
  await out.render({
    json: list,
    plain: async () => journalTsv(list, await names()),
    tty: async () => {
      const header = out.c.bold(journalSummary(options.date, list, deps.today(), out.width));
      const table = journalTable(list, { c: out.c, width: out.width, timeOfDayNames: await names(), unitNames: await unitNames(list, deps), queued: queuedOn(options.date, deps) });
      return `${header}\n\n${await out.table(table)}`;
    },
  });
}
