// `habits undo [--yes] [--clear-day] [--dry-run]`: reverts the last mark or value this machine
// wrote, and nothing else, after saying what it will do: a log by deleting it by its id (`log rm`),
// a value the server gave no id for by logging its opposite, a write still waiting in the outbox by
// dropping it. A mark the server cannot delete alone (production gives no log id) goes only with its
// day's undo, which may clear the day's values too: the values this machine logged there are then
// written back, and values it did not log (another device's) are named and never cleared without
// the user's word. It reads the record of writes, so it knows only what this machine sent; a second
// undo reverts the write before.
import type { Command } from 'commander';
import { ApiError } from '../api/errors.js';
import type { Api } from '../api/routes.js';
import type { LogValueBody } from '../api/types.js';
import { describeError } from '../describe-error.js';
import { checkedWrite, FailureError, UsageError } from '../errors.js';
import { formatAmount, formatNumber, shellWord } from '../output/format.js';
import { formatTimestamp } from '../output/time.js';
import { convertUnit, displayUnit } from '../model/units.js';
import { escapeControls } from '../model/text.js';
import type { HabitFacts } from '../model/habit-facts.js';
import { dateOf, describeQueued, difference, readDay, signed, type LiveLog } from '../record/index.js';
import type { Named } from '../resolve/index.js';
import { examples, type App } from './shared/app.js';
import { confirmDestructive, requireConfirmable } from './shared/confirm.js';
import type { Deps } from './shared/deps.js';
import { followWrite } from './shared/status.js';

/** Registers the options and action of `undo`. */
export function register(cmd: Command, app: App): void {
  cmd
    .option('-y, --yes', 'revert without asking (needed when not on a terminal)')
    .option('--clear-day', 'revert a mark even when its day holds values this machine did not log, which the undo may clear')
    .option('--dry-run', 'say what it would revert, and how, and send nothing (reads still run); needs no --yes')
    .addHelpText('after', examples([
      ['habits undo', 'shows what it will revert, and asks'],
      ['habits undo --yes', 'in scripts'],
      ['habits undo --dry-run', 'what it would revert; nothing is sent'],
    ]) + `\n\nIt reverts the last write alone. A mark or a value is reverted by deleting its log (habits log
rm); the values logged on a mark's day stay. A value on a server that gives no log id, or cannot
delete one, is reverted by logging its opposite (-3 for 3). A mark on such a server (production)
can only go with its day's undo, which may clear the day's values too: the day is read before and
after, and the values this machine logged there are written back, once. When the day holds values
this machine did not log (from another device), nothing can write them back: it names them and
asks, and with --yes it refuses unless --clear-day is given. A write still waiting in the outbox
is dropped from it, unsent.`)
    .action((opts: { yes?: boolean; clearDay?: boolean; dryRun?: boolean }, command: Command) =>
      app.run(command, (ctx) => run({ yes: !!opts.yes, clearDay: !!opts.clearDay, dryRun: !!opts.dryRun }, ctx)));
}

export interface UndoOptions {
  yes: boolean;
  /** A mark's day may be cleared of values this machine did not log. */
  clearDay: boolean;
  /** Say what would be reverted, send nothing. */
  dryRun: boolean;
}

type UndoDeps = Pick<Deps, 'out' | 'api' | 'resolver' | 'prompter' | 'writes' | 'settings'> & Partial<Pick<Deps, 'today' | 'now' | 'scope' | 'paths'>>;

/** Why a mark goes with its day: production answers no log id. */
const NO_LOG_ID = 'this server gives no log id to delete the mark alone';

const WORDS: Record<LiveLog['type'], string> = { value: 'value', completed: 'completed mark', failed: 'failed mark', skipped: 'skipped mark' };

/** The write to revert, and how it reads. */
interface Target {
  last: LiveLog;
  /** Every live log, oldest first (the day's values are among them). */
  live: LiveLog[];
  habit: Named;
  /** `"Water"`, quoted and escaped. */
  name: string;
  /** `the completed mark on "Water" for 2026-11-22, written 2026-11-22 12:00`. */
  what: string;
}

/** What `--dry-run` prints as JSON (and habits mcp's undo_last answers without confirm). */
interface Preview {
  /** `revert the completed mark on "Water" …`. */
  action: string;
  /** How, in a sentence or two: what goes, what stays, what may be lost. */
  consequence: string;
  revert: { type: LiveLog['type'] | 'queued'; habit: { id: string; name: string }; date?: string; writtenAt: string; value?: number; unitSymbol?: string; logId?: string } | null;
  /** The values that would be written back if the day's undo clears them. */
  writeBack: { value: number; unitSymbol: string }[];
  /** What the day holds that this machine did not log, in the goal's unit (between two bounds); null when nothing is seen. */
  notLogged: { atLeast: number; atMost: number; unit: string | null } | null;
}

/** Reverts the last write, after confirming. */
export async function run(options: UndoOptions, deps: UndoDeps): Promise<void> {
  const { record, outbox } = deps.writes();
  const live = record.liveLogs();
  const last = live[live.length - 1];
  const queued = outbox.exists() ? outbox.pending().filter((w) => !w.held) : [];
  const lastQueued = queued[queued.length - 1];
  if (lastQueued && (!last || lastQueued.at >= last.write.at)) {
    const what = describeQueued(lastQueued);
    const action = `drop [${lastQueued.n}] ${what} from the outbox`;
    const date = dateOf(lastQueued.body);
    if (options.dryRun) {
      const revert = { type: 'queued' as const, habit: lastQueued.habit, writtenAt: lastQueued.at, ...(date ? { date } : {}) };
      return preview(deps, { action, consequence: 'It was never sent.', revert, writeBack: [], notLogged: null });
    }
    await confirmDestructive(deps, options.yes, action, 'It was never sent.');
    outbox.note('drop', lastQueued.id, { why: 'undone' });
    outbox.tidy();
    deps.out.info(`Reverted: dropped [${lastQueued.n}] ${what} from the outbox, unsent`);
    return;
  }
  if (!last) {
    // An answer to an action, not an empty listing: said in a pipe too.
    await deps.out.result({ ok: true, reverted: null }, () => '');
    return deps.out.item('Nothing to undo: this machine has written no mark or value that is still there.');
  }
  const cached = (await deps.resolver.nameCache()).get('habits', Number.POSITIVE_INFINITY)?.items ?? [];
  const known = cached.find((h) => h.id === last.habitId);
  const habit: Named = { id: last.habitId, name: known?.name ?? last.habitId, ...(known?.facts ? { facts: known.facts } : {}) };
  const name = `"${escapeControls(habit.name)}"`;
  const body = last.write.body as { value?: unknown; unitSymbol?: unknown };
  const amount = last.type === 'value' && typeof body.value === 'number' ? ` of ${formatAmount(body.value, body.unitSymbol)}` : '';
  // When it was written, in the user's zone as every time a person reads (--json keeps ISO).
  const what = `the ${WORDS[last.type]}${amount} on ${name} for ${last.date}, written ${formatTimestamp(last.write.at, deps.settings.timezone.value)}`;
  // Refused before any request without a way to confirm, saying what it would have reverted.
  if (!options.dryRun) requireConfirmable(deps, options.yes, `revert ${what}`);
  const api = await deps.api();
  const target: Target = { last, live, habit, name, what };
  if (last.type === 'value') await revertValue(target, api, options, deps);
  else if (last.logId) await deleteMark(target, last.logId, api, options, deps);
  else await revertDay(target, api, options, deps);
  if (options.dryRun) return;
  // The status line follows: a value taken back is its opposite added; what a mark's day reads
  // without it, the file cannot tell (a goal may complete it anyway): the line is marked stale.
  const reverted = last.type === 'value' && typeof body.value === 'number' && typeof body.unitSymbol === 'string';
  followWrite(deps, last.date, last.habitId, reverted ? { add: -(body.value as number), unit: body.unitSymbol as string } : 'unknown');
}

/** A value: deleted by its log id, else (no id, or a server that cannot delete one) by its opposite. */
async function revertValue(t: Target, api: Api, options: UndoOptions, deps: UndoDeps): Promise<void> {
  const { last, what } = t;
  const body = last.write.body as { value?: unknown; unitSymbol?: unknown };
  const value = typeof body.value === 'number' ? body.value : undefined;
  if (last.logId) {
    const consequence = `This deletes log ${last.logId} (habits log rm).`;
    if (options.dryRun) return preview(deps, previewOf(t, consequence));
    await confirmDestructive(deps, options.yes, `revert ${what}`, consequence);
    try {
      const result = await api.request('DELETE /habits/{habitId}/logs/{logId}', { params: { habitId: last.habitId, logId: last.logId } });
      await deps.out.result({ ...result, reverted: 'log', logId: last.logId }, () => '');
      deps.out.info(`Reverted ${what}: deleted log ${last.logId}`);
      return;
    } catch (err) {
      // A server that cannot delete a log by id: the opposite value takes it back.
      if (!cannotDelete(err) || value === undefined) throw err;
      return revertByOpposite(deps, api, last, value, body.unitSymbol, what, `this server cannot delete log ${last.logId} (${describeError(err).message})`);
    }
  }
  if (value === undefined) {
    throw new FailureError(`the server did not answer a log id for ${what}, so it cannot be deleted alone`, 'failure', `\`habits log undo id:${last.habitId} --date ${last.date}\` clears that day`);
  }
  const consequence = `The server gave no log id to delete it by: this logs ${signed(-value)} on ${last.date} instead.`;
  if (options.dryRun) return preview(deps, previewOf(t, consequence));
  await confirmDestructive(deps, options.yes, `revert ${what}`, consequence);
  return revertByOpposite(deps, api, last, value, body.unitSymbol, what, 'the server gave no log id to delete it by');
}

/** A mark with a log id: that log alone is deleted, the day's values stay. */
async function deleteMark(t: Target, logId: string, api: Api, options: UndoOptions, deps: UndoDeps): Promise<void> {
  const consequence = `This deletes its log ${logId} alone (habits log rm): the values of that day stay.`;
  if (options.dryRun) return preview(deps, previewOf(t, consequence));
  await confirmDestructive(deps, options.yes, `revert ${t.what}`, consequence);
  let result;
  try {
    result = await api.request('DELETE /habits/{habitId}/logs/{logId}', { params: { habitId: t.last.habitId, logId } });
  } catch (err) {
    // A server that cannot delete a log by id: only the day's undo takes the mark back.
    if (!cannotDelete(err)) throw err;
    return revertDay(t, api, options, deps, `this server cannot delete log ${logId} (${describeError(err).message})`);
  }
  await deps.out.result({ ...result, reverted: 'log', logId }, () => '');
  deps.out.info(`Reverted ${t.what}: deleted its log ${logId}; the values of that day stay`);
}

/** A value this machine logged on the mark's day, as sent. */
interface OwnValue {
  log: LiveLog;
  value: number;
  unitSymbol: string;
}

/**
 * A mark the server cannot delete alone: the day's undo, then the values this machine logged that
 * day written back as far as the undo took them (read back, so never twice). The day is read first:
 * what it holds beyond this machine's values and the mark's own amount is another device's, which
 * nothing can write back, so it is named, asked about, and refused with --yes unless --clear-day.
 * `fallback` says why the log could not be deleted by its id, when that was tried first (the user
 * has then agreed to a revert that keeps the values: asked again only if some may be lost).
 */
async function revertDay(t: Target, api: Api, options: UndoOptions, deps: UndoDeps, fallback?: string): Promise<void> {
  const { last, habit, name, what } = t;
  const facts = await factsFor(habit, deps);
  const goal = facts.goal ?? null;
  const unit = goal?.unit ?? null;
  const shown = (n: number) => formatAmount(n, unit, facts.customUnitName);
  const ours = ownValues(t);
  const ourTotal = sumIn(ours, unit);
  const before = await readDay(api, habit.id, last.date, unit, unit);
  // More than this machine's values and its mark explain was logged elsewhere: at least the excess,
  // at most all the day holds beyond this machine's values (the mark's own amount is not known).
  const excess = difference(before.total, explained(ourTotal, last.type, facts));
  const notLogged = excess > 0 ? { atLeast: excess, atMost: difference(before.total, ourTotal) } : undefined;
  const others = notLogged ? (notLogged.atLeast === notLogged.atMost ? shown(notLogged.atLeast) : `${formatNumber(notLogged.atLeast)} to ${shown(notLogged.atMost)}`) : '';
  const list = ours.map((o) => formatAmount(o.value, o.unitSymbol)).join(', ');
  const why = fallback ?? NO_LOG_ID;
  const writeBack = ours.length ? `, then writes back the value${ours.length === 1 ? '' : 's'} this machine logged there (${list}) as far as the undo took ${ours.length === 1 ? 'it' : 'them'}` : '';
  const lost = notLogged ? ` The day also holds ${others} this machine did not log (another device's?): the undo may clear it, and nothing can write it back.` : '';
  const consequence = `${why.charAt(0).toUpperCase()}${why.slice(1)}: this clears every log of ${name} on ${last.date} (habits log undo)${writeBack}.${lost}`;
  if (options.dryRun) {
    return preview(deps, { ...previewOf(t, consequence), writeBack: ours.map((o) => ({ value: o.value, unitSymbol: o.unitSymbol })), notLogged: notLogged ? { ...notLogged, unit } : null });
  }
  if (notLogged && options.yes && !options.clearDay) {
    // One line: what would be lost, and the way out. Nothing was sent.
    throw new UsageError(`refusing to revert ${what}: the day also holds ${others} this machine did not log, which the server's undo may clear and nothing can write back`, '--clear-day reverts it anyway');
  }
  if (!fallback || notLogged) await confirmDestructive(deps, options.yes, `revert ${what}`, consequence);
  const result = await api.request('POST /habits/{habitId}/logs/undo', { params: { habitId: habit.id }, body: { targetDate: last.date }, note: { reverts: last.write.at } });
  let after;
  try {
    after = await readDay(api, habit.id, last.date, unit, unit);
  } catch (err) {
    const total = Math.min(ourTotal, before.total);
    throw new FailureError(
      `the server accepted the undo of ${what}, but ${last.date} could not be read back (${describeError(err).message})${ours.length ? `, so the values this machine logged there (${list}) were not written back` : ''}`,
      'failure',
      ours.length && unit ? `\`habits journal --date ${last.date}\` shows what is left; \`habits log set ${shellWord(habit.name)} ${formatNumber(total)} --date ${last.date}\` sets the day back` : `\`habits journal --date ${last.date}\` shows what is left`,
    );
  }
  const written = await writeBackValues(t, api, ours, ourTotal, before.total, after.total, unit, shown);
  const parts: string[] = [];
  if (written.length) {
    const values = `the value${ours.length === 1 ? '' : 's'} this machine logged there`;
    const back = written.length === ours.length ? `${values} ${written.length === 1 ? 'was' : 'were'} written back (${list})` : `${shown(written[0]!.value)} was written back for ${values} (${list})`;
    parts.push(`${why}, so its undo cleared the day, and ${back}`);
  } else if (after.total !== 0) {
    parts.push(`the server's undo left the values in place: the day shows ${shown(after.total)}`);
  } else {
    parts.push('the day shows nothing now');
  }
  if (notLogged && after.total === 0) parts.push(`the ${others} this machine did not log was cleared with it`);
  await deps.out.result({
    ...result,
    reverted: 'day',
    restored: written,
    notLogged: notLogged ? { ...notLogged, unit, cleared: after.total === 0 } : null,
    left: { total: after.total, unit, status: after.status },
  }, () => '');
  deps.out.info(`Reverted ${what}: ${parts.join('; ')}`);
  // The undo answered 200 and left the mark (the day still reads as marked, with nothing in it).
  if (after.total === 0 && after.status === last.type && !written.length) deps.out.warn(`warning: ${name} still shows ${after.status} for ${last.date}: this server's undo left the mark`);
}

/**
 * Writes back what the undo took of this machine's values: nothing when the day still shows them
 * (a server whose undo leaves values), each value as it was sent when the day shows nothing, else
 * the difference as one value. Each goes through the record as restoring the values it stands for.
 */
async function writeBackValues(
  t: Target, api: Api, ours: OwnValue[], ourTotal: number, before: number, after: number, unit: string | null, shown: (n: number) => string,
): Promise<{ value: number; unitSymbol: string }[]> {
  // Never more than the day held of them before (a value removed elsewhere stays removed).
  const want = Math.min(ourTotal, before);
  const missing = difference(want, after);
  if (!ours.length || missing <= 0) return [];
  const writes: { value: number; unitSymbol: string; restores: string[] }[] = after === 0 && difference(want, ourTotal) === 0
    ? ours.map((o) => ({ value: o.value, unitSymbol: o.unitSymbol, restores: [o.log.write.at] }))
    : [{ value: missing, unitSymbol: unit ?? ours[0]!.unitSymbol, restores: ours.map((o) => o.log.write.at) }];
  const done: { value: number; unitSymbol: string }[] = [];
  for (const w of writes) {
    try {
      await api.request('POST /habits/{habitId}/logs', {
        params: { habitId: t.habit.id },
        body: { value: w.value, unitSymbol: w.unitSymbol as LogValueBody['unitSymbol'], targetDate: t.last.date },
        note: { restores: w.restores },
      });
    } catch (err) {
      const left = writes.slice(done.length).map((x) => formatAmount(x.value, x.unitSymbol)).join(', ');
      throw new FailureError(
        `reverted ${t.what}, but the server's undo cleared the day, and ${left} could not be written back (${describeError(err).message})`,
        'failure',
        unit ? `\`habits log set ${shellWord(t.habit.name)} ${formatNumber(want)} --date ${t.last.date}\` sets the day back to ${shown(want)}` : `\`habits journal --date ${t.last.date}\` shows what is left`,
      );
    }
    done.push({ value: w.value, unitSymbol: w.unitSymbol });
  }
  return done;
}

/** The values this machine logged (and still has) on the mark's habit and day, oldest first. */
function ownValues(t: Target): OwnValue[] {
  return t.live.flatMap((l) => {
    if (l.habitId !== t.last.habitId || l.date !== t.last.date || l.type !== 'value') return [];
    const b = l.write.body as { value?: unknown; unitSymbol?: unknown };
    return typeof b.value === 'number' ? [{ log: l, value: b.value, unitSymbol: typeof b.unitSymbol === 'string' ? b.unitSymbol : '' }] : [];
  });
}

/** The sum of `values` in `unit` (a value in a unit that does not convert never counted: 0). */
function sumIn(values: OwnValue[], unit: string | null): number {
  return difference(values.reduce((sum, o) => sum + (unit && o.unitSymbol ? convertUnit(o.value, o.unitSymbol, unit) ?? 0 : o.value), 0), 0);
}

/**
 * The most the day can show from this machine's values and the mark itself: a completed mark fills
 * in what the goal's period still lacked (at most the goal; on a daily goal, up to the goal), a
 * completed mark without a goal counts 1, other marks nothing. More than that was logged elsewhere.
 * Less cannot be told apart: values from elsewhere that the mark's amount topped up are not seen.
 */
function explained(ours: number, type: LiveLog['type'], facts: HabitFacts): number {
  if (type !== 'completed') return ours;
  const goal = facts.goal;
  if (!goal) return ours + 1;
  return goal.periodicity === 'daily' ? Math.max(ours, goal.value) : ours + goal.value;
}

/** The habit's facts (its goal's unit reads the day): the cached ones, else the server's. */
async function factsFor(habit: Named, deps: UndoDeps): Promise<HabitFacts> {
  if (habit.facts && habit.facts.goal !== undefined) return habit.facts;
  return deps.resolver.freshFacts(habit.id);
}

/** A DELETE of a log that this server does not offer (405, 501): not a log that is gone (404). */
function cannotDelete(err: unknown): boolean {
  return err instanceof ApiError && err.kind === 'http' && (err.status === 405 || err.status === 501);
}

/** Reverts a value by logging its opposite on the same day, recorded as reverting it. */
async function revertByOpposite(
  deps: Pick<Deps, 'out'>,
  api: Api,
  last: LiveLog,
  value: number,
  unitSymbol: unknown,
  what: string,
  why: string,
): Promise<void> {
  const unit = typeof unitSymbol === 'string' ? unitSymbol : '';
  const body = { value: -value, unitSymbol: unit as LogValueBody['unitSymbol'], targetDate: last.date };
  const result = await checkedWrite(
    api.request('POST /habits/{habitId}/logs', { params: { habitId: last.habitId }, body, note: { reverts: last.write.at } }),
    `habits journal --date ${last.date}`,
  );
  await deps.out.result({ ...result, reverted: 'opposite', value: -value }, () => '');
  deps.out.info(`Reverted ${what}: logged ${signed(-value)}${unit ? ` ${displayUnit(unit)}` : ''} for ${last.date}, as ${why}`);
}

/** The preview of reverting the target, before the day is read. */
function previewOf(t: Target, consequence: string): Preview {
  const body = t.last.write.body as { value?: unknown; unitSymbol?: unknown };
  return {
    action: `revert ${t.what}`,
    consequence,
    revert: {
      type: t.last.type, habit: { id: t.habit.id, name: t.habit.name }, date: t.last.date, writtenAt: t.last.write.at,
      ...(t.last.type === 'value' && typeof body.value === 'number' ? { value: body.value } : {}),
      ...(t.last.type === 'value' && typeof body.unitSymbol === 'string' ? { unitSymbol: body.unitSymbol } : {}),
      ...(t.last.logId ? { logId: t.last.logId } : {}),
    },
    writeBack: [],
    notLogged: null,
  };
}

/** `--dry-run`: says what it would do (the JSON with --json), sends nothing. */
async function preview(deps: Pick<Deps, 'out'>, p: Preview): Promise<void> {
  await deps.out.result({ dryRun: true, ...p }, () => '');
  deps.out.info(`Would ${p.action}. ${p.consequence}`);
  deps.out.info('Dry run: nothing sent');
}

