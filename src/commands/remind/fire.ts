// `habits remind [run] [--grace 30m] [--notify auto|desktop|stdout|exec:CMD]`: one run of the reminders,
// for a scheduler to start every few minutes. Fires each reminder whose time fell since the last
// run (within the grace window) of the habits due today and still open, each once: the state file
// and its lock (remind/state.ts) make a second run, or two at once, fire nothing more.
import type { Command } from 'commander';
import { setTimeout as sleep } from 'node:timers/promises';
import { FailureError, UsageError } from '../../errors.js';
import { parseTimeout } from '../../config/settings.js';
import { parseDuration } from '../../model/habit-fields.js';
import {
  childEnv, clockIn, DELIVERY_TIMEOUT_MS, desktopNotifier, parseNotify, reminderEnv, reminderFile, reminderLine, ReminderState, runDates, runTool,
  type JudgedSlot, type Notify, type Reminder, type Undelivered,
} from '../../remind/index.js';
import { examples, type App } from '../shared/app.js';
import type { Deps } from '../shared/deps.js';
import { judgeDay, learn, newlyMet } from './plan.js';

/** What one run was asked. */
export interface FireOptions {
  graceMs: number;
  notify: Notify;
}

/** How long a run waits for another that holds the lock. */
export const LOCK_WAIT_MS = 10_000;

/** `--grace 30m`, `--grace 90s`: a duration of 1 s to 24 h. */
export function parseGrace(raw: string | undefined): number {
  if (raw === undefined) return 30 * 60_000;
  try {
    return parseDuration(raw) * 1000;
  } catch (err) {
    throw new UsageError(`--grace: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** Registers the one-shot run: `remind run`, which `remind` alone runs too. */
export function register(parent: Command, app: App): void {
  parent
    .command('run', { isDefault: true })
    .description('fire the reminders due now (the default: habits remind alone runs this)')
    .option('--grace <duration>', 'fire a reminder at most this late, else drop it as stale (default 30m)')
    .option('--notify <how>', 'auto (a desktop notification, else a line on stdout), desktop, stdout, or exec:CMD (default auto)')
    .addHelpText('after', `
Run every few minutes by cron, a systemd timer or launchd (\`habits remind install\`). Each run
fires the reminders whose time fell since the last run, for the habits due today and still open:
a habit completed, skipped or failed stays quiet. A bad habit's reminder is a check-in ("had any?
habits log add …"): it fires while the day is within its limit, quiet once over it. A stacked habit
is reminded once its condition habit reaches the stack's status (or its own reminder fires), at
once or after the stack's delay. Each reminder fires once; two runs at once never fire it twice.
When the server is out of reach, reminders fire from the cached habits, with a line on stderr.

exec:CMD runs CMD once per reminder, without a shell: the reminder is in HABITS_REMINDER_HABIT,
_HABIT_ID, _DATE, _TIME, _CLOCK, _KIND (time|stack), _ALARM (1|0), _CHECK_IN (limit|clean, a bad
habit's; else empty), _COMMAND, _OFFLINE (1|0), and
as JSON on standard input. A notifier still running after 30 s (HABITS_REMIND_TIMEOUT) is killed,
with all it started; that reminder counts as fired (it may have shown), and the run goes on.
${examples([
  ['habits remind', 'fire what is due now'],
  ['habits remind --notify stdout', 'one line per reminder (cron mails it)'],
  ['habits remind --notify "exec:ntfy publish me"', 'hand each reminder to a command'],
  ['habits remind ls', "today's reminders and what became of them"],
  ['habits remind install --cron --print', 'show the crontab lines, write nothing'],
])}`)
    .action((opts: { grace?: string; notify?: string }, command: Command) => {
      const options = parse(opts);
      return app.run(command, (ctx) => run(options, ctx));
    });
}

/** Checks the flags before anything is read. */
export function parse(opts: { grace?: string; notify?: string }): FireOptions {
  return { graceMs: parseGrace(opts.grace), notify: parseNotify(opts.notify ?? 'auto') };
}

/** The command that answers a slot: `log done`; a check-in's, `log add … <amount>` or `log fail`. */
function commandOf(s: JudgedSlot, flags: string): string {
  const id = `id:${s.habitId}`;
  if (s.checkIn === 'limit') return `habits log add ${id} <amount>${flags}`;
  if (s.checkIn === 'clean') return `habits log fail ${id}${flags}`;
  return `habits log done ${id}${flags}`;
}

/** The reminder a slot fires. */
function reminderOf(s: JudgedSlot, zone: string, offline: boolean, how: { local: boolean; profile: string; today: string }): Reminder {
  const flags = [how.local ? ' --local' : '', !how.local && how.profile !== 'default' ? ` --profile ${how.profile}` : '', s.date !== how.today ? ` --date ${s.date}` : ''].join('');
  return {
    habit: { id: s.habitId, name: s.habit },
    date: s.date,
    time: s.at!.toISOString(),
    clock: clockIn(s.at!, zone),
    kind: s.source,
    alarm: s.alarm,
    checkIn: s.checkIn ?? null,
    command: commandOf(s, flags),
    offline,
    ...(s.stack ? { stack: { habit: { id: s.stack.conditionHabitId, name: s.stack.condition }, type: s.stack.type, delaySecs: s.stack.delaySecs } } : {}),
  };
}

type RunDeps = Pick<Deps, 'out' | 'api' | 'resolver' | 'now' | 'today' | 'dayOf' | 'settings' | 'paths' | 'env' | 'isLocal' | 'profile' | 'scope' | 'writes'>;

/** One run: learn, judge, deliver, remember. */
export async function run(options: FireOptions, deps: RunDeps): Promise<void> {
  const timeoutMs = deliveryTimeout(deps.env);
  const scope = deps.scope();
  if (!scope) deps.writes(); // throws the "no API key" error
  const state = new ReminderState(reminderFile(deps.paths.dataDir, scope!));
  const busy = await state.acquire(LOCK_WAIT_MS, (ms) => sleep(ms));
  if (busy) {
    throw new FailureError(
      `another habits remind (pid ${busy.holder.pid}) is still running: ${busy.file} is its lock`,
      'failure',
      'if no habits command runs, remove that file',
    );
  }
  try {
    await fire(options, deps, state, timeoutMs);
  } finally {
    state.lock.release();
  }
}

/** HABITS_REMIND_TIMEOUT (`30s`, `500ms`): how long one delivery may take; 30 s when unset. */
function deliveryTimeout(env: Deps['env']): number {
  const raw = env.HABITS_REMIND_TIMEOUT;
  return raw === undefined || raw.trim() === '' ? DELIVERY_TIMEOUT_MS : parseTimeout(raw, 'HABITS_REMIND_TIMEOUT');
}

async function fire(options: FireOptions, deps: RunDeps, state: ReminderState, timeoutMs: number): Promise<void> {
  const { out } = deps;
  const now = deps.now();
  const zone = deps.settings.timezone.value;
  let memory = state.read();
  const dates = runDates(now, options.graceMs, deps.dayOf);
  const known = await learn(dates, deps);
  if (known.offline) {
    out.warn(`warning: the server is out of reach (${known.offline}): reminders fire from the cached habits, without checking which are done`);
    if (known.habits.length === 0) throw new FailureError('no cached habits to remind of: the server has never been reached from here', 'failure');
  }
  const met = dates.flatMap((date) => newlyMet(known, date, memory, now, deps));
  if (met.length) {
    state.append(met.map((m) => ({ op: 'met', ...m })));
    memory = state.read();
  }
  const due: JudgedSlot[] = [];
  for (const date of dates) due.push(...(await judgeDay(known, date, zone, memory, now, options.graceMs, deps)).filter((s) => s.state === 'due'));

  const how = { local: deps.isLocal, profile: deps.profile.value, today: deps.today() };
  const deliver = deliverer(options.notify, deps, timeoutMs);
  const fired: Reminder[] = [];
  const failed: string[] = [];
  let retried = 0;
  for (const slot of due) {
    const reminder = reminderOf(slot, zone, !!known.offline, how);
    const error = await deliver.send(reminder);
    if (error) failed.push(`${slot.habit} (${reminder.clock}): ${error.why}`);
    if (error && !error.timedOut) {
      retried++;
      continue;
    }
    // Written before the next is delivered: a run killed now has fired this one, and knows it. A
    // notifier killed at the time limit may have shown it: it is not tried again (it could hang
    // every run of the grace window, and show it each time); the line says how it ended.
    state.append([{
      op: 'fired', key: slot.key, date: slot.date, habitId: slot.habitId, habit: slot.habit, time: reminder.time, at: deps.now().toISOString(), via: deliver.via,
      ...(error ? { failed: error.why } : {}),
    }]);
    if (!error) fired.push(reminder);
  }
  // A run whose deliveries all ended moves the window on; a failed one is tried again next run.
  if (retried === 0) state.append([{ op: 'run', at: now.toISOString(), ...(known.offline ? { offline: true } : {}) }]);
  state.compact(dates[0]!);
  await out.render({
    json: fired,
    plain: () => '',
    tty: () => (deliver.via === 'stdout' ? '' : fired.length ? `Fired ${fired.length} reminder${fired.length === 1 ? '' : 's'} (${deliver.via}): ${fired.map((r) => r.habit.name).join(', ')}` : 'No reminders due.'),
  });
  if (failed.length) {
    throw new FailureError(
      `${failed.length} reminder${failed.length === 1 ? '' : 's'} could not be delivered: ${failed.join('; ')}`,
      'failure',
      retried ? 'the next run tries again while they are within the grace window' : 'a notifier killed at the time limit is not run again for that reminder',
    );
  }
}

/** Delivers one reminder the way --notify says; undefined on success, else why not. */
function deliverer(notify: Notify, deps: Pick<Deps, 'out' | 'env' | 'settings'>, timeoutMs: number): { via: string; send(r: Reminder): Promise<Undelivered | undefined> } {
  const env = childEnv(deps.env, deps.settings.apiKey?.value);
  const line = { via: 'stdout', send: async (r: Reminder) => (deps.out.json ? undefined : (deps.out.print(reminderLine(r)), undefined)) };
  if (notify.kind === 'stdout') return line;
  if (notify.kind === 'exec') {
    const argv = notify.argv;
    return { via: 'exec', send: (r) => runTool(argv, { ...env, ...reminderEnv(r) }, JSON.stringify(r) + '\n', timeoutMs) };
  }
  const desktop = desktopNotifier(deps.env);
  if ('none' in desktop) {
    if (notify.kind === 'auto') return line;
    return { via: 'desktop', send: async () => ({ why: `no desktop notification here: ${desktop.none}`, timedOut: false }) };
  }
  return { via: 'desktop', send: (r) => runTool(desktop.argv(r), { ...env, ...desktop.env, ...reminderEnv(r) }, '', timeoutMs) };
}
