// The log writes that `log done|fail|skip|add` and `check` share: one mark or one value for one
// habit and date, checked as the log verbs check it (log-rules.ts), with the same routes, the
// same meaning of a 409 (already marked: success) and the same confirmations.
import { ApiError } from '../../api/errors.js';
import type { Api, RouteKey } from '../../api/routes.js';
import type { GoalUnit, JournalEntry, LogValueBody, MessageResult } from '../../api/types.js';
import { checkedWrite, UsageError, WriteError } from '../../errors.js';
import { canonicalUnit } from '../../model/grammar.js';
import { beyondPeriod } from '../../model/goal.js';
import type { HabitFacts } from '../../model/habit-facts.js';
import { converts, displayUnit, goalUnitName, isCount, unitList, unitsThatCount } from '../../model/units.js';
import { escapeControls } from '../../model/text.js';
import { formatAmount, formatNamedGoal, formatNumber, shellWord } from '../../output/format.js';
import type { Named } from '../../resolve/index.js';
import type { Deps } from './deps.js';
import { applyLogRules } from './log-rules.js';
import { difference, queueFailed, readDay, type SetIntent } from '../../record/index.js';
import { unreachable } from '../../resolve/index.js';

/** Requests in flight at once: fast, and far below the service's 500 a minute. */
export const WRITE_CONCURRENCY = 4;

/** What a mark sends and how its confirmation reads. */
export interface MarkWrite {
  name: 'done' | 'fail' | 'skip' | 'undo';
  route: Extract<RouteKey, `POST /habits/${string}/logs/${string}`>;
  /**
   * A mark (done, fail, skip) is checked before it is sent: not after today, not before the
   * habit's start, and a warning (an error with --strict) when it would not count. Undo is not:
   * it must be able to clear any day.
   */
  checked: boolean;
  /**
   * The confirmation for one habit, from what the server answered (and, for undo, the day read
   * back). `habit` says how its marks read: a bad habit's completed day is `avoided` (`within
   * limit` with a limit), as the journal words it.
   */
  done(name: string, date: string, result?: MessageResult, left?: DayLeft, habit?: MarkedHabit): string;
  /**
   * The confirmation when the server answers 409 (the day already carries this mark), which a
   * re-run from cron must treat as success; undefined when a 409 is a failure.
   */
  already?(name: string, date: string, habit?: MarkedHabit): string;
}

/** What the wording of a mark depends on: the habit's facts (its type, whether it has a goal). */
export type MarkedHabit = Pick<Named, 'facts'>;

/** How a completed day of `habit` reads, as the journal reads it (output/journal.ts statusLabel). */
export function completedWord(habit?: MarkedHabit): string {
  if (habit?.facts?.type !== 'bad') return 'completed';
  return habit.facts.goal ? 'within limit' : 'avoided';
}

/** The three marks: their routes and wording, as `log done|fail|skip` and `check` print them. */
export const MARKS = {
  done: {
    name: 'done',
    route: 'POST /habits/{habitId}/logs/complete',
    checked: true,
    done: (name, date, _result, _left, habit) => `Marked ${name} ${completedWord(habit)} for ${date}`,
    already: (name, date, habit) => `${name} was already ${completedWord(habit)} for ${date}`,
  },
  fail: {
    name: 'fail',
    route: 'POST /habits/{habitId}/logs/failed',
    checked: true,
    done: (name, date) => `Marked ${name} failed for ${date}`,
    already: (name, date) => `${name} was already failed for ${date}`,
  },
  skip: {
    name: 'skip',
    route: 'POST /habits/{habitId}/logs/skipped',
    checked: true,
    done: (name, date) => `Marked ${name} skipped for ${date}`,
    already: (name, date) => `${name} was already skipped for ${date}`,
  },
} as const satisfies Record<'done' | 'fail' | 'skip', MarkWrite>;

/** A mark that was sent (or was already there). */
export interface MarkSent {
  already?: boolean;
  result?: MessageResult;
  /** Why the mark may not count (archived habit, a day not due); for undo, what the day still shows. */
  warnings: string[];
  /** Undo on a server that did not say what it removed: the day read back; null when that failed. */
  left?: DayLeft | null;
}

/** What a day shows after an undo, read back: its total (in the goal's unit) and status. */
export interface DayLeft {
  total: number;
  unit: string | null;
  status: string | undefined;
}

/**
 * After an undo whose answer did not say how many logs it removed (production's does not), the day
 * read back (one request), and the warning when something is left: one server was seen answering
 * 200 and leaving measured values in place. `left` is null when the day could not be read.
 */
export async function readBack(api: Api, habit: Named, date: string, today?: string): Promise<{ left: DayLeft | null; warning?: string }> {
  const unit = habit.facts?.goal?.unit ?? null;
  let shown;
  try {
    shown = await readDay(api, habit.id, date, unit, unit);
  } catch {
    return { left: null, warning: `the server did not say what its undo removed, and ${date} could not be read back: \`habits journal --date ${date}\` shows what is left` };
  }
  const left: DayLeft = { total: shown.total, unit, status: shown.status };
  const name = `"${escapeControls(habit.name)}"`;
  if (left.total !== 0) {
    const amount = formatAmount(left.total, unit, habit.facts?.customUnitName);
    return { left, warning: `${name} still shows ${amount} for ${date}: this server's undo leaves values; \`habits log set ${shellWord(habit.name)} 0${date === today ? '' : ` --date ${date}`}\` clears them` };
  }
  if (left.status === 'completed' || left.status === 'failed' || left.status === 'skipped') {
    return { left, warning: `${name} still shows ${left.status} for ${date}: this server's undo left the mark` };
  }
  return { left };
}

/**
 * Sends the mark `verb` of `habit` for `date`: checked first when the verb is, a 409 read as
 * "already" when the verb says so. `journal` gives the day's journal, read only when a bad habit
 * is marked done (see overLimit). Throws a UsageError for a refusal, a WriteError for a failure.
 */
export async function sendMark(
  verb: MarkWrite,
  habit: Named,
  date: string,
  opts: { strict: boolean; journal: () => Promise<JournalEntry[]>; today?: string },
  deps: Pick<Deps, 'api' | 'resolver'> & Partial<Pick<Deps, 'writes'>>,
): Promise<MarkSent> {
  let warnings: string[] = [];
  try {
    // Inside the try: a server out of reach while checking leaves the mark in the outbox too.
    if (verb.checked) {
      const checked = await applyLogRules(habit, date, opts.strict, deps);
      warnings = checked.warnings;
      if (verb.name === 'done' && checked.facts.type === 'bad' && checked.facts.goal) await overLimit(habit, date, await opts.journal());
    }
    const api = await deps.api();
    const result = await api.request(verb.route, { params: { habitId: habit.id }, body: { targetDate: date } });
    if (verb.name === 'undo' && typeof result?.removed !== 'number') {
      const back = await readBack(api, habit, date, opts.today);
      return { result, warnings: back.warning ? [...warnings, back.warning] : warnings, left: back.left };
    }
    return { result, warnings };
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    if (verb.already && isConflict(err)) return { already: true, warnings };
    // A mark that could not reach the server waits in the outbox (not undo: it is never queued).
    const queued = verb.checked ? queueFailed(deps.writes?.(), err, { route: verb.route, params: { habitId: habit.id }, body: { targetDate: date }, habit: { id: habit.id, name: habit.name } }) : undefined;
    if (queued) throw queued;
    // A mark whose outcome is unknown: the journal of the day shows whether it was recorded.
    throw new WriteError(err, `habits journal --date ${date}`);
  }
}

/**
 * A bad habit over its limit stays failed whatever is marked: a completed mark would report
 * success and change nothing the journal shows, so it is refused.
 */
async function overLimit(habit: Named, date: string, journal: JournalEntry[]): Promise<void> {
  const p = journal.find((e) => e?.id === habit.id)?.progress;
  if (!p || typeof p.current !== 'number' || typeof p.target !== 'number' || p.current <= p.target) return;
  const unit = typeof p.unit === 'string' ? ` ${displayUnit(p.unit, habit.facts?.customUnitName)}` : '';
  throw new UsageError(
    `"${escapeControls(habit.name)}" is over its limit for ${date} (${formatNumber(p.current)}/${formatNumber(p.target)}${unit}): a completed mark would not change that`,
    `if those logs are wrong, clear the day with habits log undo ${shellWord(habit.name)} --date ${date}; otherwise the day stays failed`,
  );
}

function isConflict(err: unknown): boolean {
  return err instanceof ApiError && err.kind === 'http' && err.status === 409;
}

/** A unit as `log add --unit` takes it: a symbol (`kM` for km), or a word that may be the habit's own unit name. */
export interface TypedUnit {
  symbol?: GoalUnit;
  typed: string;
}

/** A value that was logged. */
export interface ValueSent {
  /** What the server answered. */
  result: MessageResult;
  /** The unit it was sent in. */
  symbol: GoalUnit;
  /** The confirmation: `Logged 5 km to "Run" for 2026-11-22 (log id:…)`. */
  line: string;
  warnings: string[];
}

/** An amount for a habit and day: what `log add` adds and `log set` sets the day's total to. */
export interface AmountWrite {
  habit: Named;
  amount: number;
  /** --unit; the goal's unit when undefined. */
  unit?: TypedUnit;
  date: string;
  /** A write that would not count is an error, not a warning. */
  strict: boolean;
  /** The user's date: a hint names `--date` only for another day. */
  today?: string;
}

/**
 * Adds `amount` (in `unit`, else the goal's unit) to the total of `habit` for `date`, checked as
 * `log add` checks it. Throws a UsageError for a refusal, a WriteError for a failure, a
 * QueuedError when it waits in the outbox.
 */
export async function sendValue(write: AmountWrite, deps: Pick<Deps, 'api' | 'resolver'> & Partial<Pick<Deps, 'writes'>>): Promise<ValueSent> {
  const { habit, amount: value, unit, date, strict } = write;
  const checked = await applyLogRules(habit, date, strict, deps);
  const { facts, symbol } = await unitToSend(habit, unit, checked, deps);
  // More time than a day holds is a typo (2000 for 20): said, and sent as asked.
  const tooLong = beyondPeriod(value, symbol, 'daily', 'a value of');
  if (tooLong) checked.warnings.push(tooLong);
  if (value < 0) await notBelowZero(write, facts, symbol, deps);
  const result = await postValue(habit, { value, unitSymbol: symbol, targetDate: date }, deps);
  const id = result.logId ? ` (log id:${result.logId})` : '';
  return { result, symbol, line: `Logged ${String(value)} ${shownUnit(symbol, facts, unit)} to "${habit.name}" for ${date}${id}`, warnings: checked.warnings };
}

/**
 * The unit a value of `habit` is sent in, and the facts it was chosen from. Like a mark, a value
 * trusts the facts the name cache holds (the goal's unit among them), so a warm write costs one
 * request and can wait in the outbox when the server is out of reach. The server is asked only
 * when the cache does not know the goal, or refuses the unit (the habit may accept it since).
 */
async function unitToSend(
  habit: Named,
  unit: TypedUnit | undefined,
  checked: { facts: HabitFacts; fresh: boolean },
  deps: Pick<Deps, 'resolver'>,
): Promise<{ facts: HabitFacts; symbol: GoalUnit }> {
  let { facts, fresh } = checked;
  // Asks the server; false when it is out of reach and the cache must do.
  const refresh = async (): Promise<boolean> => {
    if (fresh) return false;
    try {
      [facts, fresh] = [await deps.resolver.freshFacts(habit.id), true];
      return true;
    } catch (err) {
      if (unreachable(err)) return false;
      throw err;
    }
  };
  if (facts.goal === undefined && !(await refresh())) {
    // Nothing known of the goal and no server to ask: its unit cannot be guessed.
    if (!unit) throw new UsageError(`the goal of "${escapeControls(habit.name)}" is not known here and the server cannot be reached, so the unit of the value is unknown`, 'give the unit with --unit, and the value waits in the outbox');
  }
  let symbol = unitFor(habit, facts, unit);
  // A unit the cached facts refuse may be one the habit accepts since: ask before refusing.
  if (symbol instanceof Error && (await refresh())) symbol = unitFor(habit, facts, unit);
  if (symbol instanceof Error) throw symbol;
  return { facts, symbol };
}

/**
 * A value that takes some back is refused when it would take the day's total below 0: no day
 * holds less than nothing, and `log set <habit> 0` is what clears one. Only then is the day read
 * (one request more: a positive value still costs one). A server out of reach for the read keeps
 * the value in the outbox as asked, unchecked, as it would the value itself.
 */
async function notBelowZero(write: AmountWrite, facts: HabitFacts, symbol: GoalUnit, deps: Pick<Deps, 'api'> & Partial<Pick<Deps, 'writes'>>): Promise<void> {
  const { habit, amount, date } = write;
  const api = await deps.api();
  let was: number;
  try {
    was = (await readDay(api, habit.id, date, facts.goal?.unit ?? null, symbol)).total;
  } catch (err) {
    const body = { value: amount, unitSymbol: symbol, targetDate: date };
    throw (err instanceof ApiError ? queueFailed(deps.writes?.(), err, { route: 'POST /habits/{habitId}/logs', params: { habitId: habit.id }, body, habit: { id: habit.id, name: habit.name } }) : undefined) ?? err;
  }
  if (difference(was + amount, 0) >= 0) return;
  const unit = shownUnit(symbol, facts, write.unit);
  const on = date === write.today ? '' : ` --date ${date}`;
  throw new UsageError(
    `${formatNumber(amount)} ${unit} would take "${escapeControls(habit.name)}" below 0 for ${date} (it shows ${formatNumber(was)}): to clear the day's values, habits log set ${shellWord(habit.name)} 0${on}`,
  );
}

async function postValue(habit: Named, body: LogValueBody, deps: Pick<Deps, 'api'> & Partial<Pick<Deps, 'writes'>>, set?: SetIntent): Promise<MessageResult> {
  const api = await deps.api();
  // A value adds to the day's total: after an unknown outcome, the journal shows whether it did.
  return checkedWrite(api.request('POST /habits/{habitId}/logs', { params: { habitId: habit.id }, body }), `habits journal --date ${body.targetDate}`).catch((err: unknown) => {
    // A value that could not reach the server waits in the outbox; one that may have is held there.
    throw queueFailed(deps.writes?.(), (err as WriteError).error, { route: 'POST /habits/{habitId}/logs', params: { habitId: habit.id }, body, habit: { id: habit.id, name: habit.name }, ...(set ? { set } : {}) }) ?? err;
  });
}

/** What `log set` did. */
export interface SetSent {
  /** The day's total before, in the unit of the set; undefined when it could not be read (queued). */
  was: number;
  /** The difference sent (0: nothing was sent). */
  value: number;
  symbol: GoalUnit;
  /** What the server answered; undefined when nothing was sent. */
  result?: MessageResult;
  /** `Set "Water" to 5 cup for 2026-11-22 (was 6)`. */
  line: string;
  warnings: string[];
}

/**
 * Sets the total of `habit` for `date` to `amount` (in `unit`, else the goal's unit): reads the
 * day's total and sends the difference, up or down; nothing when there is none. A server out of
 * reach, before or after the read, leaves the set in the outbox, which sends the difference from
 * the day's total when it is delivered. Throws as sendValue does.
 */
export async function sendSet(write: AmountWrite, deps: Pick<Deps, 'api' | 'resolver'> & Partial<Pick<Deps, 'writes'>>): Promise<SetSent> {
  const { habit, amount: total, unit, date, strict } = write;
  const checked = await applyLogRules(habit, date, strict, deps);
  const noGoal = () => new UsageError(
    `"${escapeControls(habit.name)}" has no goal, so it has no day's total to set`,
    `habits log add ${shellWord(habit.name)} <value> --unit <unit> adds a value`,
  );
  // No goal in the cache: the server may know one since (asked once; out of reach, the cache says).
  if (checked.facts.goal === null && !checked.fresh) {
    try {
      [checked.facts, checked.fresh] = [await deps.resolver.freshFacts(habit.id), true];
    } catch (err) {
      if (!unreachable(err)) throw err;
    }
  }
  if (checked.facts.goal === null) throw noGoal();
  const { facts, symbol } = await unitToSend(habit, unit, checked, deps);
  const goal = facts.goal;
  if (!goal) throw noGoal();
  const shown = shownUnit(symbol, facts, unit);
  const intent: SetIntent = { total, unit: symbol, goalUnit: goal.unit };
  const api = await deps.api();
  let was: number;
  try {
    was = (await readDay(api, habit.id, date, goal.unit, symbol)).total;
  } catch (err) {
    // Not read: queued as it was asked, the difference computed when it is sent.
    const body = { unitSymbol: symbol, targetDate: date };
    throw (err instanceof ApiError ? queueFailed(deps.writes?.(), err, { route: 'POST /habits/{habitId}/logs', params: { habitId: habit.id }, body, habit: { id: habit.id, name: habit.name }, set: intent }) : undefined) ?? err;
  }
  const value = difference(total, was);
  const to = `${String(total)} ${shown}`;
  if (value === 0) {
    return { was, value, symbol, line: `"${habit.name}" is already at ${to} for ${date}: nothing sent`, warnings: checked.warnings };
  }
  const result = await postValue(habit, { value, unitSymbol: symbol, targetDate: date }, deps, { ...intent, was });
  const id = result.logId ? ` (log id:${result.logId})` : '';
  return { was, value, symbol, result, line: `Set "${habit.name}" to ${to} for ${date} (was ${formatNumber(was)})${id}`, warnings: checked.warnings };
}

/**
 * The habit's own unit name, when it has one and a goal whose unit it names: `glasses` for a goal
 * in rep, or in cup (what `habit add -i` asks as "the unit name shown in the app").
 */
function ownName(facts: HabitFacts): string | undefined {
  return facts.goal ? facts.customUnitName?.trim() || undefined : undefined;
}

/** Whether `--unit` was the habit's own unit name (any case). */
function typedOwnName(facts: HabitFacts, typed: TypedUnit | undefined): boolean {
  const own = ownName(facts);
  return !!own && !!typed && typed.typed.toLowerCase() === own.toLowerCase();
}

/**
 * A unit as a confirmation says it: as typed when that was the habit's own name (`glasses`, and
 * the symbol after it for a measure: `glasses (cup)`), else as displayUnit says it.
 */
function shownUnit(symbol: GoalUnit, facts: HabitFacts, typed: TypedUnit | undefined): string {
  if (typedOwnName(facts, typed)) return goalUnitName(symbol, ownName(facts));
  return displayUnit(symbol, symbol === facts.goal?.unit ? facts.customUnitName : undefined);
}

/** The symbol to send for `typed` (the goal's when undefined), or the UsageError saying why none fits. */
function unitFor(habit: Named, facts: HabitFacts, typed: TypedUnit | undefined): GoalUnit | UsageError {
  const goal = facts.goal;
  const custom = ownName(facts);
  if (!typed) {
    if (!goal) return new UsageError(`--unit is required: "${escapeControls(habit.name)}" has no goal to take the unit from`, `units: ${unitList()}`);
    return canonicalUnit(goal.unit) ?? (goal.unit as GoalUnit);
  }
  // The habit's own unit name (`glasses`, on a goal in rep or in cup) stands for the goal's unit;
  // it is matched first, so a name that is also a unit's (`cup`) means the goal's unit.
  if (goal && typedOwnName(facts, typed)) return canonicalUnit(goal.unit) ?? (goal.unit as GoalUnit);
  if (!typed.symbol) {
    const own = custom ? `, or "${escapeControls(custom)}", the unit name of "${escapeControls(habit.name)}"` : '';
    // A count (rep, step, floor) may be given a name of its own, which --unit then takes.
    const count = !goal || isCount(goal.unit);
    const hint = count && !custom ? `to count in ${typed.typed}, name the unit: habits habit edit ${shellWord(habit.name)} --unit-name ${shellWord(typed.typed)}` : undefined;
    return new UsageError(`--unit: unknown unit "${typed.typed}" (use one of ${unitList()}${own})`, hint);
  }
  if (goal && !converts(typed.symbol, goal.unit)) {
    const own = custom ? ` (or ${custom})` : '';
    return new UsageError(
      `--unit: ${displayUnit(typed.symbol)} does not convert to the goal of "${escapeControls(habit.name)}" (${formatNamedGoal(goal, custom)}), so the log would never count`,
      `units that count: ${unitList(unitsThatCount(goal.unit) ?? [])}${own}`,
    );
  }
  return typed.symbol;
}

/** Calls `emit(i)` for each index in order, as soon as it and all before it are done. */
export function orderedPrinter(count: number, emit: (i: number) => void): { done(i: number): void } {
  const finished = new Array<boolean>(count).fill(false);
  let next = 0;
  return {
    done(i) {
      finished[i] = true;
      while (next < count && finished[next]) emit(next++);
    },
  };
}
