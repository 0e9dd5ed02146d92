// What `remind install` and `remind uninstall` share: the job that runs `habits remind` for this
// profile (or local mode), and the scheduler the flags name.
import { realpathSync } from 'node:fs';
import { UsageError } from '../../errors.js';
import { defaultScheduler, launchdEntry, reminderJobId, systemdEntry, type Entry, type Job, type Scheduler } from '../../remind/index.js';
import type { Deps } from '../shared/deps.js';

/** The scheduler of `--cron`, `--systemd`, `--launchd` (one at most), else the platform's. */
export function schedulerOf(opts: { cron?: boolean; systemd?: boolean; launchd?: boolean }, env: Deps['env']): Scheduler {
  const named = (['cron', 'systemd', 'launchd'] as const).filter((s) => opts[s]);
  if (named.length > 1) throw new UsageError(`--${named.join(' and --')} name two schedulers: choose one`);
  return named[0] ?? defaultScheduler(env);
}

/** Variables the job keeps from this environment when set: where the files are, and the server. */
const CARRIED = ['HABITS_CONFIG_DIR', 'HABITS_DATA_DIR', 'XDG_CONFIG_HOME', 'XDG_DATA_HOME', 'XDG_CACHE_HOME', 'HABITS_BASE_URL', 'LANG'];

/** The program that runs this one: node and the script (bin/habits.js), as absolute paths. */
function self(): string[] {
  const script = process.argv[1];
  let path = script ?? 'habits';
  try {
    if (script) path = realpathSync(script);
  } catch {
    // As given.
  }
  return [process.execPath, path];
}

/** The job for this profile or local mode: `habits remind` with `extra` flags, every `everyMinutes`. */
export function jobFor(deps: Pick<Deps, 'env' | 'isLocal' | 'profile' | 'settings'>, everyMinutes: number, extra: string[]): Job {
  const env: Record<string, string> = { PATH: deps.env.PATH ?? '/usr/local/bin:/usr/bin:/bin', TZ: deps.settings.timezone.value };
  for (const name of CARRIED) if (deps.env[name] && !(deps.isLocal && name === 'HABITS_BASE_URL')) env[name] = deps.env[name]!;
  if (deps.isLocal) env.HABITS_LOCAL = '1';
  else if (deps.profile.value !== 'default') env.HABITS_PROFILE = deps.profile.value;
  return { id: reminderJobId(deps.isLocal, deps.profile.value), argv: [...self(), 'remind', ...extra], env, everyMinutes };
}

/** What install writes for `scheduler` (cron: the block; the others: their files). */
export function entryOf(scheduler: Scheduler, job: Job, deps: Pick<Deps, 'env' | 'paths'>): Entry {
  if (scheduler === 'systemd') return systemdEntry(job, deps.env);
  if (scheduler === 'launchd') return launchdEntry(job, deps.env, deps.paths.dataDir);
  return { scheduler: 'cron', files: [] };
}
