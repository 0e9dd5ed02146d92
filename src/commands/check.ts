// `habits check [--date D]`: an interactive check-in. The day's open habits, grouped by time of day,
// one keypress each (done, skip, fail, a value, or leave); then a review and a confirmation, and
// only then the writes, at most 4 at a time, with the confirmations of `log done|skip|fail|add`.
// Interactive only: without a terminal it points to the log verbs, which do the same by argument.
import type { Command } from 'commander';
import type { JournalEntry } from '../api/types.js';
import { mapPool } from '../concurrency.js';
import { describeError } from '../describe-error.js';
import { CancelledError, PartialFailure, UsageError } from '../errors.js';
import { DATE_FORMS, parseLogDateArg } from '../model/dates.js';
import { canonicalUnit } from '../model/grammar.js';
import { factsOf, type HabitFacts } from '../model/habit-facts.js';
import { displayUnit } from '../model/units.js';
import { loadDisplayWidth } from '../output/plain.js';
import { checkInGroups, checkInQuestion, checkInReview, choiceText, isOpen, remainingValue, type CheckInChoice } from '../output/check-in.js';
import { emptyJournalMessage, longDate } from '../output/journal.js';
import type { KeyChoice } from '../prompts/prompter.js';
import { knownTimeOfDays } from '../resolve/habit-refs.js';
import type { Named } from '../resolve/index.js';
import { examples, type App } from './shared/app.js';
import type { Deps } from './shared/deps.js';
import { afterLogWrite } from './shared/after-write.js';
import { withoutEnded } from './shared/endings.js';
import { keepStatus } from './shared/status.js';
import { MARKS, orderedPrinter, sendMark, sendValue, WRITE_CONCURRENCY } from './shared/log-writes.js';

/** What `check` was asked to do. */
export interface CheckOptions {
  /** `--date` as typed; resolved in the user's timezone when the command runs. */
  date: string;
}

/** The keys, as the legend under each question shows them. */
const KEYS = { done: 'd', skip: 's', fail: 'f', value: 'v', leave: 'l' } as const;

/** The mark of an answered question: noted for the review, not sent (✔ would say done). */
const NOTED = '→';

/** Registers the options and action of `habits check`. */
export function register(cmd: Command, app: App): void {
  cmd
    .option('--date <date>', `the day to check in: ${DATE_FORMS}, in your timezone (default today)`)
    .addHelpText('after', `
Walks through the day's open habits (pending; for bad habits, under their limit) by time of
day: morning, afternoon, evening, then any time. One key per habit:
  d  done        s  skip        f  fail
  v  a value (measurable habits; pre-filled with what remains to the goal)
  l  or Enter: leave it open
Then a review of what will be sent and a confirmation (Enter sends). Nothing is sent before
that: an answered habit shows → (noted), not ✔; Ctrl-C cancels with nothing sent (exit 130).

It needs a terminal: in scripts, use habits log done|skip|fail|add. --json is refused.
${examples([
  ['habits check', "today's check-in"],
  ['habits check --date yesterday', 'catch up on yesterday'],
  ['habits --local check', 'on the local service'],
])}`)
    .action((opts: { date?: string }, command: Command) => app.run(command, (ctx) => run({ date: opts.date ?? 'today' }, ctx)));
}

/** One habit of the check-in, with what the user chose. */
interface Row<C extends CheckInChoice = CheckInChoice> {
  entry: JournalEntry;
  habit: Named;
  choice: C;
}

/** A choice that sends something. */
type Write = Exclude<CheckInChoice, { kind: 'leave' }>;

const sends = (row: Row): row is Row<Write> => row.choice.kind !== 'leave';

/** Runs the check-in: questions, review, confirmation, writes. */
export async function run(options: CheckOptions, deps: Pick<Deps, 'out' | 'api' | 'resolver' | 'today' | 'prompter'> & Partial<Pick<Deps, 'writes' | 'now' | 'scope' | 'paths' | 'settings'>>): Promise<void> {
  const { out, prompter } = deps;
  if (out.json) {
    throw new UsageError('habits check is interactive and has no --json output', 'read the day with habits journal --json; write with habits log done|skip|fail|add --json');
  }
  if (!prompter.available) {
    throw new UsageError('habits check is interactive and needs a terminal; without one, use habits log done|skip|fail|add');
  }
  const date = parseLogDateArg(options.date, deps.today(), '--date');
  const api = await deps.api();
  const listed: JournalEntry[] = await api.request('GET /habits/journal', { query: { date } }).then((j) => (Array.isArray(j) ? j : []));
  // A habit that has ended is not offered, whether or not the server still lists it.
  const journal = await withoutEnded(listed, date, deps);
  keepStatus(deps, date, journal);
  const open = journal.filter(isOpen);
  if (journal.length === 0) return out.info(emptyJournalMessage(date));
  if (open.length === 0) return out.info(`Nothing open on ${date}: every habit is done, skipped or failed.`);

  const facts = await factsFor(open, deps);
  const groups = checkInGroups(open, Object.fromEntries(await knownTimeOfDays(deps.resolver)));
  // Answers are noted, not sent: the screen says so, and an answered question shows → (not ✔).
  out.warn(`${out.ec.bold(`Check-in for ${longDate(date)}`)}: ${open.length} open\nNothing is sent until the review.`);
  const rows: Row[] = [];
  try {
    for (const group of groups) {
      out.warn(out.ec.bold(`\n${group.label}`));
      for (const entry of group.entries) {
        const f = facts.get(entry.id);
        const habit: Named = { id: entry.id, name: entry.name, ...(f ? { facts: f } : {}) };
        rows.push({ entry, habit, choice: await ask(deps, entry, f?.customUnitName ?? undefined) });
      }
    }
  } catch (err) {
    // Ctrl-C before the review: the answers given were never sent.
    if (err instanceof CancelledError) throw new CancelledError(`cancelled; nothing was sent${rows.length ? ` (${rows.length} answer${rows.length === 1 ? '' : 's'} dropped)` : ''}`);
    throw err;
  }

  const todo = rows.filter(sends);
  await loadDisplayWidth(); // the review's names line up on the terminal
  out.warn('\n' + checkInReview(date, rows.map((r) => ({ name: r.entry.name, text: choiceText(r.choice, r.entry.progress?.unit, r.habit.facts?.customUnitName), leave: r.choice.kind === 'leave' })), out.width));
  if (todo.length === 0) return out.info('Nothing to send: every habit was left open.');
  const go = await prompter.confirm({ message: `Send ${todo.length === 1 ? 'this' : `these ${todo.length}`}?`, default: true }).catch((err: unknown) => {
    if (err instanceof CancelledError) throw new CancelledError('cancelled; nothing was sent');
    throw err;
  });
  if (!go) throw new CancelledError('cancelled; nothing was sent');
  await send(todo, date, journal, deps);
}

/** The facts of the open habits (goal, unit name, start): the name cache's, else one listing. */
async function factsFor(open: readonly JournalEntry[], deps: Pick<Deps, 'resolver'>): Promise<Map<string, HabitFacts>> {
  const cached = await deps.resolver.cachedFacts();
  if (open.every((e) => cached.has(e.id))) return cached;
  return new Map((await deps.resolver.fetchHabits(false)).map((h) => [h.id, factsOf(h)] as const));
}

/** One habit's question: a keypress, and for a value the amount (pre-filled with what remains). */
async function ask(deps: Pick<Deps, 'prompter'>, entry: JournalEntry, unitName: string | undefined): Promise<CheckInChoice> {
  type Kind = CheckInChoice['kind'];
  const measurable = !!entry.progress;
  const choices: KeyChoice<Kind>[] = [
    { key: KEYS.done, name: 'done', value: 'done' },
    { key: KEYS.skip, name: 'skip', value: 'skip' },
    { key: KEYS.fail, name: 'fail', value: 'fail' },
    ...(measurable ? [{ key: KEYS.value, name: 'value', value: 'value' as const }] : []),
    { key: KEYS.leave, name: 'leave', value: 'leave' },
  ];
  const kind = await deps.prompter.keys<Kind>({ message: checkInQuestion(entry, unitName), choices, default: 'leave', answered: NOTED });
  if (kind === 'leave') return { kind };
  if (kind !== 'value') return { kind };
  const unit = entry.progress?.unit ? ` (${displayUnit(entry.progress.unit, unitName)})` : '';
  const value = await deps.prompter.number({
    message: `How much for ${entry.name}${unit}?`,
    default: remainingValue(entry),
    required: true,
    validate: (n) => (n !== undefined && Number.isFinite(n) && n > 0) || 'a number greater than 0',
    // The amount is noted too, not sent: → as for the habit's key, not ✔.
    answered: NOTED,
  });
  return { kind: 'value', value: value ?? 0 };
}

type Outcome = { ok: true; line: string; warnings: string[] } | { ok: false; err: unknown };

/** Sends the chosen writes, at most 4 at a time; one line per habit, in the order asked. */
async function send(rows: readonly Row<Write>[], date: string, journal: JournalEntry[], deps: Pick<Deps, 'out' | 'api' | 'resolver'> & Partial<Pick<Deps, 'writes'>>): Promise<void> {
  const { out } = deps;
  const outcomes: Outcome[] = new Array(rows.length);
  const printer = orderedPrinter(rows.length, (i) => {
    const o = outcomes[i]!;
    if (o.ok) {
      out.item(o.line);
      for (const w of o.warnings) out.item(`warning: ${w}`, true);
    } else if (rows.length > 1) {
      // A lone failure is printed once, by cli.ts, from the error thrown.
      const d = describeError(o.err);
      out.item(`error: "${rows[i]!.habit.name}": ${d.message}`, true);
      if (d.hint) out.item(`  hint: ${d.hint}`, true);
    }
  });
  await mapPool(rows, WRITE_CONCURRENCY, async (row, i) => {
    outcomes[i] = await write(row, date, journal, deps).catch((err: unknown): Outcome => ({ ok: false, err }));
    printer.done(i);
  });
  const failures = outcomes.flatMap((o) => (o.ok ? [] : [o.err]));
  if (failures.length === 0) return;
  if (rows.length === 1) throw failures[0];
  throw new PartialFailure(failures[0], failures.length, rows.length);
}

/** One write: the mark of `log done|skip|fail`, or the value of `log add` in the unit the journal showed. */
async function write(row: Row<Write>, date: string, journal: JournalEntry[], deps: Pick<Deps, 'api' | 'resolver'> & Partial<Pick<Deps, 'writes' | 'today' | 'now' | 'scope' | 'paths'>>): Promise<Outcome> {
  const { choice, habit } = row;
  const name = `"${habit.name}"`;
  if (choice.kind === 'value') {
    const wire = row.entry.progress?.unit;
    const symbol = wire ? canonicalUnit(wire) : undefined;
    const sent = await sendValue({ habit, amount: choice.value, ...(symbol ? { unit: { symbol, typed: wire! } } : {}), date, strict: false }, deps);
    afterLogWrite(deps, date, habit, { add: choice.value, unit: sent.symbol });
    return { ok: true, line: sent.line, warnings: sent.warnings };
  }
  const verb = MARKS[choice.kind];
  const sent = await sendMark(verb, habit, date, { strict: false, journal: async () => journal }, deps);
  if (!sent.already) afterLogWrite(deps, date, habit, verb.name);
  return { ok: true, line: sent.already ? verb.already(name, date, habit) : verb.done(name, date, undefined, undefined, habit), warnings: sent.warnings };
}
