// What `doctor` reports of reminders: whether a scheduler runs `habits remind` for this account, and
// when it last ran and fired. One call, no request: reminderStatus(ctx.paths, ctx.scope(), ctx.env,
// reminderJobId(ctx.isLocal, ctx.profile.value)).
import type { Paths } from '../config/paths.js';
import type { Env } from '../io.js';
import { installedEntries, type Scheduler } from './install.js';
import { reminderFile, ReminderState } from './state.js';

export interface ReminderStatus {
  /** The schedulers that run it (crontab, a systemd timer, a launchd agent); [] when none. */
  installed: { scheduler: Scheduler; where: string }[];
  /** The last run that delivered all it fired (ISO), and whether it ran from the cached habits. */
  lastRun?: string;
  lastRunOffline?: boolean;
  /** The last reminder fired: its habit and when (ISO). */
  lastFired?: { habit: string; at: string };
  /** The state file (absent until the first run). */
  file?: string;
  /** Lines of the state file skipped as not ours (damaged, or another program's). */
  damaged?: number;
}

/** The id of the job that runs reminders for a profile, or for local mode (`local`). */
export function reminderJobId(isLocal: boolean, profile: string): string {
  return isLocal ? 'local' : profile;
}

/** Whether reminders are installed and when they last ran; never throws. */
export function reminderStatus(paths: Pick<Paths, 'dataDir'>, scope: string | undefined, env: Env, jobId: string): ReminderStatus {
  const status: ReminderStatus = { installed: [] };
  try {
    status.installed = installedEntries(jobId, env);
  } catch {
    // Unreadable: reported as not installed.
  }
  if (!scope) return status;
  const file = reminderFile(paths.dataDir, scope);
  status.file = file;
  try {
    const state = new ReminderState(file).read();
    if (state.lastRun) [status.lastRun, status.lastRunOffline] = [state.lastRun.toISOString(), state.lastOffline];
    const last = [...state.fired.values()].sort((a, b) => a.at.localeCompare(b.at)).at(-1);
    if (last) status.lastFired = { habit: last.habit, at: last.at };
    if (state.damaged > 0) status.damaged = state.damaged;
  } catch {
    // An unreadable state file: no last run to report.
  }
  return status;
}
