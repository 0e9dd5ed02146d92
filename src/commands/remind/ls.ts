// `habits remind ls [--date D]`: the day's reminders: time, habit, source (time or stack) and what
// became of each (fired, pending, quiet because done, stale). Reads; fires and writes nothing.
import type { Command } from 'commander';
import { DATE_FORMS, parseDateArg } from '../../model/dates.js';
import { clockIn, reminderFile, ReminderState, type JudgedSlot } from '../../remind/index.js';
import { examples, type App } from '../shared/app.js';
import type { Deps } from '../shared/deps.js';
import { parseGrace } from './fire.js';
import { judgeDay, learn } from './plan.js';

export interface LsOptions {
  date: string;
  graceMs: number;
}

/** Registers `remind ls`. */
export function register(parent: Command, app: App): void {
  parent
    .command('ls')
    .description("the day's reminders: time, habit, source, and fired, pending, quiet or stale")
    .option('--date <date>', `the day: ${DATE_FORMS} (default today)`)
    .option('--grace <duration>', 'as for habits remind: a reminder older than this and never fired is stale (default 30m)')
    .addHelpText('after', examples([
      ['habits remind ls'],
      ['habits remind ls --date tomorrow'],
      ["habits remind ls --json | jq '.[] | select(.state == \"pending\")'"],
    ]))
    .action((opts: { date?: string; grace?: string }, command: Command) => app.run(command, (ctx) => run(parse(opts, ctx.today()), ctx)));
}

/** Checks the flags against `today` before anything is read. */
export function parse(opts: { date?: string; grace?: string }, today: string): LsOptions {
  return { date: opts.date === undefined ? today : parseDateArg(opts.date, today, '--date'), graceMs: parseGrace(opts.grace) };
}

/** One row: what --json prints. */
function rowOf(s: JudgedSlot, zone: string): Record<string, unknown> {
  return {
    date: s.date,
    time: s.at?.toISOString() ?? null,
    clock: s.at ? clockIn(s.at, zone) : null,
    habit: { id: s.habitId, name: s.habit },
    source: s.source,
    state: s.state,
    why: s.why ?? null,
    alarm: s.alarm,
    checkIn: s.checkIn ?? null,
    after: s.stack ? { habit: { id: s.stack.conditionHabitId, name: s.stack.condition }, type: s.stack.type, delaySecs: s.stack.delaySecs } : null,
  };
}

/** The state as a word: `quiet (completed)`, `pending (waits for Walk completed)`. */
function stateWord(s: JudgedSlot): string {
  return s.why ? `${s.state} (${s.why})` : s.state;
}

/** `time`, `stack: after Walk completed`; a bad habit's, `… (check-in)`. */
function sourceWord(s: JudgedSlot): string {
  const source = s.source === 'stack' ? `stack: after ${s.stack!.condition} ${s.stack!.type}` : 'time';
  return s.checkIn ? `${source} (check-in)` : source;
}

/** Lists the reminders of the date. */
export async function run(options: LsOptions, deps: Pick<Deps, 'out' | 'api' | 'resolver' | 'today' | 'now' | 'settings' | 'paths' | 'scope' | 'writes'>): Promise<void> {
  const { out } = deps;
  const zone = deps.settings.timezone.value;
  const scope = deps.scope();
  if (!scope) deps.writes(); // throws the "no API key" error
  const memory = new ReminderState(reminderFile(deps.paths.dataDir, scope!)).read();
  const known = await learn([options.date], deps);
  if (known.offline) out.warn(`warning: the server is out of reach (${known.offline}): the cached habits, without knowing which are done`);
  const slots = await judgeDay(known, options.date, zone, memory, deps.now(), options.graceMs, deps);
  const rows = slots.map((s) => rowOf(s, zone));
  if (slots.length === 0) return out.empty(rows, `No reminders on ${options.date}.`);
  const cells = slots.map((s) => [s.at ? clockIn(s.at, zone) : '--:--', s.habit, sourceWord(s), stateWord(s)]);
  await out.render({
    json: rows,
    plain: async () => out.table({ head: ['time', 'habit', 'source', 'state'], rows: cells }),
    tty: async () => out.table({ head: ['Time', 'Habit', 'Source', 'State'], rows: cells, flex: 1 }),
  });
}
