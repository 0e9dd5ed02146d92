// `habits import --from loop|harsh FILE`: another tracker's history, through the API (local or
// cloud). A dry run by default: what would be created, per habit (schedule, goal, logs), and what
// cannot be brought over and why. `--yes` writes, one request at a time, paced within the API's 500
// requests a minute, with a progress bar on a terminal (stderr). docs/import-formats.md.
//
// Importing again creates nothing twice: each habit it creates carries a marker line at the end of
// its description, `[being imported from Loop Habit Tracker]` until its last day is written, then
// `[imported from Loop Habit Tracker]`. A habit of the same name with the finished marker is left
// alone; with the unfinished one (an import cut short) it gets only the days it lacks, judged day by
// day (daysHeld); without a marker it is the user's own, and the import leaves it alone and says so.
// What the service would refuse (a name with a control character, a day after today) is left out
// of the plan and listed, so the dry run names it and `--yes` goes past it (refusals).
import type { Api } from '../../api/routes.js';
import type { DailyProgress, Habit, Statistics } from '../../api/types.js';
import { listAll } from '../../api/paging.js';
import { ApiError } from '../../api/errors.js';
import { FailureError, UsageError } from '../../errors.js';
import { controlProblem, escapeControls } from '../../model/text.js';
import { displayUnit } from '../../model/units.js';
import { parseHarsh } from '../../model/foreign/harsh.js';
import { parseLoop } from '../../model/foreign/loop.js';
import { ForeignFormatError, SOURCE_NAMES, type ForeignDay, type ForeignHabit, type ForeignPlan, type ForeignSource, type Unmapped } from '../../model/foreign/plan.js';
import { plural, statsRanges } from '../shared/export-data.js';
import type { Deps } from '../shared/deps.js';
import { readHarsh, readLoop } from './read.js';

export const FOREIGN_SOURCES: readonly ForeignSource[] = ['loop', 'harsh'];

/** The API's limit: 500 requests a minute. A bulk import sends one each 120 ms at the most. */
export const REQUEST_SPACING_MS = 60_000 / 500;

export interface ForeignOptions {
  from: ForeignSource;
  file: string;
  /** Write; without it, a dry run. */
  yes: boolean;
}

/** `--from` checked: loop or harsh. */
export function parseSource(raw: string): ForeignSource {
  const v = raw.trim().toLowerCase();
  if (v === 'loop' || v === 'harsh') return v;
  throw new UsageError(`--from: "${raw}" is not a tracker habits imports from`, 'use --from loop (Loop Habit Tracker\'s CSV export) or --from harsh (its habits and log files)');
}

/** The marker line at the end of an imported habit's description. */
export function marker(source: ForeignSource, done: boolean): string {
  return `[${done ? 'imported' : 'being imported'} from ${SOURCE_NAMES[source]}]`;
}

function describe(habit: ForeignHabit, source: ForeignSource, done: boolean): string {
  return [habit.description, marker(source, done)].filter(Boolean).join('\n\n');
}

type Action = 'create' | 'resume' | 'imported' | 'taken';

interface Step {
  habit: ForeignHabit;
  action: Action;
  /** The habit of that name the server holds (resume, imported, taken). */
  existing?: Habit;
}

/** Reads and plans; a file that is not what the format says is one line, exit 2. */
async function planOf(options: ForeignOptions, today: string): Promise<ForeignPlan> {
  const tracker = SOURCE_NAMES[options.from];
  try {
    if (options.from === 'loop') return parseLoop(await readLoop(options.file), today);
    const { habits, log, files } = await readHarsh(options.file);
    return parseHarsh(habits, log, today, files);
  } catch (err) {
    if (err instanceof ForeignFormatError) throw new UsageError(`${options.file} is not a ${tracker} ${options.from === 'loop' ? 'export' : 'folder'}: ${escapeControls(err.message)}`, options.from === 'loop' ? 'import reads the CSV export of Loop (Settings, Export as CSV): its zip, its folder or its Habits.csv' : 'import reads harsh\'s folder (~/.config/harsh) or its habits file, with log beside it');
    throw err;
  }
}

/**
 * The plan without what the service would refuse, each item listed in `unmapped`: a habit whose
 * name holds a control character (the service refuses the name), its description when that holds
 * one other than a line break or tab (the habit comes without it), and the days after `today` (no
 * log is taken for a day that has not come). Before this, `--yes` stopped at such a habit, and
 * every re-run stopped there again.
 */
export function refusals(plan: ForeignPlan, today: string): ForeignPlan {
  const unmapped = [...plan.unmapped];
  const habits: ForeignHabit[] = [];
  for (const habit of plan.habits) {
    const badName = controlProblem(habit.name, 'its name');
    if (badName) {
      unmapped.push({ habit: habit.name, what: 'the whole habit', why: `${badName}: habits refuses such a name (rename it in ${SOURCE_NAMES[plan.source]} to import it)` });
      continue;
    }
    let kept = habit;
    const badText = habit.description ? controlProblem(habit.description, 'it', true) : undefined;
    if (badText) {
      kept = { ...kept, description: '' };
      unmapped.push({ habit: habit.name, what: 'its description', why: `${badText}: the habit is imported without it` });
    }
    const later = habit.days.filter((d) => d.date > today);
    if (later.length) {
      kept = { ...kept, days: habit.days.filter((d) => d.date <= today) };
      const span = later.length === 1 ? later[0]!.date : `${later[0]!.date} to ${later[later.length - 1]!.date}`;
      unmapped.push({ habit: habit.name, what: `${later.length} ${later.length === 1 ? 'day' : 'days'} after today (${span})`, why: `no log is taken for a day that has not come (today is ${today})` });
    }
    habits.push(kept);
  }
  return { ...plan, habits, unmapped };
}

/** What each habit of the plan becomes, against the habits the server already holds. */
function stepsOf(plan: ForeignPlan, held: readonly Habit[]): { steps: Step[]; unmapped: Unmapped[] } {
  const byName = new Map<string, Habit>();
  for (const h of held) if (!byName.has(h.name.trim().toLowerCase())) byName.set(h.name.trim().toLowerCase(), h);
  const seen = new Set<string>();
  const unmapped = [...plan.unmapped];
  const steps: Step[] = [];
  for (const habit of plan.habits) {
    const key = habit.name.trim().toLowerCase();
    if (seen.has(key)) {
      unmapped.push({ habit: habit.name, what: 'a second habit of this name', why: 'names must tell habits apart: only the first is imported' });
      continue;
    }
    seen.add(key);
    const existing = byName.get(key);
    const description = existing?.description ?? '';
    const action: Action = !existing ? 'create' : description.endsWith(marker(plan.source, true)) ? 'imported' : description.endsWith(marker(plan.source, false)) ? 'resume' : 'taken';
    if (action === 'taken') unmapped.push({ habit: habit.name, what: 'the whole habit', why: `a habit of yours is already called "${existing!.name}" (id:${existing!.id}), not from an import: it is left alone` });
    steps.push({ habit, action, ...(existing ? { existing } : {}) });
  }
  return { steps, unmapped };
}

/** Requests a habit's import sends at most: create (or a resume's statistics), one per day, archive, the finished marker. */
const requestsOf = (s: Step): number => {
  if (s.action !== 'create' && s.action !== 'resume') return 0;
  const archive = s.habit.archived && (s.action === 'create' || !s.existing?.isArchived) ? 1 : 0;
  return 2 + s.habit.days.length + archive;
};

function counts(habit: ForeignHabit): Record<'completed' | 'skipped' | 'failed' | 'values', number> {
  const c = { completed: 0, skipped: 0, failed: 0, values: 0 };
  for (const d of habit.days) if ('mark' in d) c[d.mark]++;
  else c.values++;
  return c;
}

function scheduleText(h: ForeignHabit): string {
  const o = h.occurrence;
  const when = o.type === 'daily' ? 'every day' : o.type === 'intervalDays' ? `every ${o.interval} days` : o.type;
  const goal = h.goal ? `, goal ${h.goal.value} ${displayUnit(h.goal.unit, h.customUnitName)} ${h.goal.periodicity}` : '';
  return `${when}${goal}${h.type === 'bad' ? ' (a limit)' : ''}${h.endDate ? `, ends ${h.endDate}` : ''}${h.archived ? ', archived' : ''}`;
}

function logsText(h: ForeignHabit): string {
  const c = counts(h);
  const parts = [c.completed && `${c.completed} done`, c.values && `${plural(c.values, 'value')}`, c.skipped && `${c.skipped} skipped`, c.failed && `${c.failed} failed`].filter(Boolean);
  return parts.length ? parts.join(', ') : 'no logs';
}

const ACTION_WORDS: Record<Action, string> = { create: 'new', resume: 'finish (an earlier import was cut short)', imported: 'already imported: left alone', taken: 'name taken: left alone' };

/** The dry run, and the plan a write follows. */
function report(options: ForeignOptions, steps: Step[], unmapped: Unmapped[], wrote: boolean) {
  const requests = steps.reduce((n, s) => n + requestsOf(s), 0);
  const json = {
    dryRun: !wrote, from: options.from, file: options.file,
    habits: steps.map((s) => ({
      name: s.habit.name, action: s.action, ...(s.existing ? { id: s.existing.id } : {}),
      occurrence: s.habit.occurrence, goal: s.habit.goal ?? null, customUnitName: s.habit.customUnitName ?? null, type: s.habit.type,
      startDate: s.habit.startDate, archived: s.habit.archived, frequency: s.habit.frequency, logs: counts(s.habit),
    })),
    unmapped, requests,
  };
  const width = Math.min(30, Math.max(4, ...steps.map((s) => s.habit.name.length)));
  const lines = [
    `${wrote ? 'Imported' : 'Would import'} from ${SOURCE_NAMES[options.from]} (${options.file})${wrote ? '' : ': a dry run, nothing was written; --yes writes'}`,
    ...steps.map((s) => `  ${escapeControls(s.habit.name).padEnd(width)}  ${scheduleText(s.habit)}; ${logsText(s.habit)}; ${ACTION_WORDS[s.action]}`),
  ];
  if (unmapped.length) {
    lines.push('Not imported:');
    for (const u of unmapped) lines.push(`  ${u.habit ? `${escapeControls(u.habit)}: ` : ''}${u.what}: ${u.why}`);
  }
  if (!wrote) lines.push(`${plural(requests, 'request')}${requests > 500 ? `, about ${Math.ceil(requests / 500)} minutes at the API's 500 a minute` : ''}`);
  return { json, text: lines.join('\n') + '\n' };
}

/** A line redrawn on a terminal's stderr: `importing [#####     ] 120/800`. */
function progressBar(deps: Pick<Deps, 'io' | 'out'>, total: number): { tick(): void; done(): void } {
  const on = deps.io.stderrIsTTY && !deps.out.json && !deps.out.quiet && total > 0;
  let n = 0;
  const draw = () => {
    const filled = Math.round((n / total) * 30);
    deps.io.stderr.write(`\rimporting [${'#'.repeat(filled)}${' '.repeat(30 - filled)}] ${n}/${total}`);
  };
  if (on) draw();
  return {
    tick: () => {
      n++;
      if (on) draw();
    },
    done: () => {
      if (on) deps.io.stderr.write('\r\x1b[K');
    },
  };
}

/** One request each REQUEST_SPACING_MS at the most, counted from the last one's start (none locally: no limit there). */
function pacer(deps: Pick<Deps, 'now' | 'sleep' | 'isLocal'>): () => Promise<void> {
  let last: number | undefined;
  return async () => {
    if (deps.isLocal) return;
    const now = deps.now().getTime();
    const wait = last === undefined ? 0 : last + REQUEST_SPACING_MS - now;
    if (wait > 0) await deps.sleep(wait);
    last = deps.now().getTime();
  };
}

/** Each day of a habit's statistics between `from` and `to` (production has no log listing). */
async function daysHeld(api: Api, habit: Habit, from: string, to: string): Promise<Map<string, DailyProgress>> {
  const held = new Map<string, DailyProgress>();
  for (const query of statsRanges(from, to)) {
    const stats: Statistics = await api.request('GET /habits/{habitId}/statistics', { params: { habitId: habit.id }, query });
    for (const d of stats.dailyProgress ?? []) held.set(d.date, d);
  }
  return held;
}

/**
 * Whether an earlier run wrote `day`, judged by that day alone. A value is there when the day's
 * own total is not 0 (one request writes it whole). A mark is there when the day shows it and the
 * day is its own period: in a weekly or monthly goal a day shows its period's status, `completed`
 * from the day the goal was met, so a day not yet written looks done (judging so lost 6 of 10,800
 * values over 3 kills). Such a mark is sent again: the service answers 409 when the day already
 * carries it, and a complete mark adds only what the period lacks, so nothing is doubled.
 */
export function written(day: ForeignDay, held: ReadonlyMap<string, DailyProgress>, periodicity: string): boolean {
  const progress = held.get(day.date);
  if (!progress) return false;
  if (!('mark' in day)) return progress.totalLog !== 0;
  if (progress.status !== day.mark) return false;
  // A skipped day shows its own mark unless its period is completed or failed (then it shows that).
  return day.mark === 'skipped' || periodicity === 'daily';
}

const conflict = (err: unknown): boolean => err instanceof ApiError && err.status === 409;

/** Writes one habit's step; `paced` goes before each request. */
async function write(api: Api, step: Step, source: ForeignSource, paced: () => Promise<void>, tick: () => void): Promise<void> {
  const h = step.habit;
  let habit = step.existing;
  let held = new Map<string, DailyProgress>();
  if (step.action === 'create') {
    await paced();
    const created = await api.request('POST /habits', {
      body: {
        name: h.name, type: h.type, description: describe(h, source, false), occurrence: h.occurrence, startDate: h.startDate,
        ...(h.colorHex ? { colorHex: h.colorHex } : {}), ...(h.customUnitName ? { customUnitName: h.customUnitName } : {}),
        ...(h.goal ? { goal: h.goal } : {}), ...(h.endDate ? { endCondition: { type: 'date' as const, date: h.endDate } } : {}),
      },
    });
    if (!created || typeof created !== 'object' || !('id' in created)) throw new FailureError(`the server created "${h.name}" without saying its id: run the same import again to finish it`);
    habit = created as Habit;
    tick();
  } else if (h.days.length) {
    await paced();
    held = await daysHeld(api, habit!, h.days[0]!.date, h.days[h.days.length - 1]!.date);
  }
  const id = habit!.id;
  for (const day of h.days) {
    if (!written(day, held, h.goal?.periodicity ?? 'daily')) {
      await paced();
      try {
        if ('mark' in day) {
          const route = day.mark === 'completed' ? 'POST /habits/{habitId}/logs/complete' : day.mark === 'skipped' ? 'POST /habits/{habitId}/logs/skipped' : 'POST /habits/{habitId}/logs/failed';
          await api.request(route, { params: { habitId: id }, body: { targetDate: day.date } });
        } else {
          await api.request('POST /habits/{habitId}/logs', { params: { habitId: id }, body: { value: day.value, unitSymbol: h.goal!.unit, targetDate: day.date } });
        }
      } catch (err) {
        // Already marked so: what the import meant is there.
        if (!conflict(err)) throw err;
      }
    }
    tick();
  }
  // A run cut short before the archive archives on the next one.
  if (h.archived && (step.action === 'create' || !habit!.isArchived)) {
    await paced();
    await api.request('POST /habits/{habitId}/archive', { params: { habitId: id } });
    tick();
  }
  await paced();
  await api.request('PUT /habits/{habitId}', { params: { habitId: id }, body: { description: describe(h, source, true) } });
  tick();
}

/** The dry run, or with --yes the import. */
export async function runForeign(options: ForeignOptions, deps: Pick<Deps, 'api' | 'out' | 'io' | 'today' | 'now' | 'sleep' | 'isLocal' | 'resolver'>): Promise<void> {
  const plan = refusals(await planOf(options, deps.today()), deps.today());
  const api = await deps.api();
  const held = [...(await listAll(api, 'GET /habits', { query: { archived: false } })), ...(await listAll(api, 'GET /habits', { query: { archived: true } }))];
  const { steps, unmapped } = stepsOf(plan, held);
  if (!options.yes) {
    const { json, text } = report(options, steps, unmapped, false);
    await deps.out.render({ json, plain: () => text, tty: () => text });
    return;
  }
  const todo = steps.filter((s) => s.action === 'create' || s.action === 'resume');
  const bar = progressBar(deps, todo.reduce((n, s) => n + requestsOf(s) - (s.action === 'resume' ? 1 : 0), 0));
  const paced = pacer(deps);
  let finished = 0;
  try {
    for (const step of todo) {
      try {
        await write(api, step, plan.source, paced, bar.tick);
      } catch (err) {
        bar.done();
        deps.out.warn(`"${escapeControls(step.habit.name)}" was cut short; ${plural(finished, 'habit')} of ${todo.length} done: run the same import again to finish (it skips what is there)`);
        throw err;
      }
      finished++;
    }
  } finally {
    bar.done();
    await deps.resolver.forgetNames('habits');
  }
  const { json, text } = report(options, steps, unmapped, true);
  await deps.out.result(json, () => '');
  for (const line of text.trimEnd().split('\n')) deps.out.info(line);
}
