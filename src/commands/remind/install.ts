// `habits remind install [--cron | --systemd | --launchd] [--every 5m] [--print]`: has a scheduler
// run `habits remind` every few minutes for this profile (or local mode): a crontab block between
// marker comments, a systemd user service and timer, or a launchd agent. --print shows it, writes nothing.
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { parseDuration } from '../../model/habit-fields.js';
import { applyEntry, cronBlock, parseNotify, refuseControl, refuseControls, type Scheduler } from '../../remind/index.js';
import { examples, type App } from '../shared/app.js';
import type { Deps } from '../shared/deps.js';
import { parseGrace } from './fire.js';
import { entryOf, jobFor, schedulerOf } from './job.js';

export interface InstallOptions {
  scheduler: Scheduler;
  everyMinutes: number;
  print: boolean;
  /** Flags the job passes to `habits remind` (--notify, --grace). */
  extra: string[];
}

interface Flags {
  cron?: boolean;
  systemd?: boolean;
  launchd?: boolean;
  every?: string;
  print?: boolean;
  notify?: string;
  grace?: string;
}

/** Registers `remind install`. */
export function register(parent: Command, app: App): void {
  parent
    .command('install')
    .description('run habits remind every few minutes: a crontab line, a systemd timer or a launchd agent')
    .option('--cron', 'a block of lines in your crontab (other lines untouched)')
    .option('--systemd', 'a systemd user service and timer (Persistent=true)')
    .option('--launchd', 'a launchd agent (macOS)')
    .option('--every <duration>', 'how often, in whole minutes from 1m to 60m (default 5m)')
    .option('--notify <how>', 'passed to habits remind: auto, desktop, stdout, exec:CMD')
    .option('--grace <duration>', 'passed to habits remind (default 30m)')
    .option('--print', 'show what would be written; write nothing')
    .addHelpText('after', `
Without --cron, --systemd or --launchd: launchd on macOS, systemd where it runs your session, else
cron. The job carries PATH, TZ, the profile (HABITS_PROFILE) or local mode (HABITS_LOCAL=1) and
the data directories of this shell; never the API key, which it reads from the config file.
A value with a control character (a line break would add a line of its own) is refused, exit 2.
${examples([
  ['habits remind install --cron --print', 'the crontab lines'],
  ['habits remind install --systemd --every 10m'],
  ['habits --local remind install --launchd'],
  ['habits remind uninstall', 'remove exactly what install wrote'],
])}`)
    .action((opts: Flags, command: Command) => app.run(command, (ctx) => run(parse(opts, ctx.env), ctx)));
}

/** `5m` -> 5: whole minutes, 1 to 60. */
function minutes(raw: string | undefined): number {
  if (raw === undefined) return 5;
  let secs: number;
  try {
    secs = parseDuration(raw);
  } catch (err) {
    throw new UsageError(`--every: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (secs % 60 !== 0 || secs < 60 || secs > 3600) throw new UsageError(`--every: "${raw}" is not a whole number of minutes from 1m to 60m`);
  return secs / 60;
}

/** Checks the flags before anything is written. */
export function parse(opts: Flags, env: Deps['env']): InstallOptions {
  const everyMinutes = minutes(opts.every);
  const extra: string[] = [];
  if (opts.notify !== undefined) {
    refuseControl(opts.notify, '--notify');
    parseNotify(opts.notify);
    extra.push('--notify', opts.notify);
  }
  if (opts.grace !== undefined) {
    refuseControl(opts.grace, '--grace');
    parseGrace(opts.grace);
    extra.push('--grace', opts.grace);
  } else if (everyMinutes >= 30) {
    // A reminder must not go stale between two runs.
    extra.push('--grace', `${everyMinutes + 10}m`);
  }
  return { scheduler: schedulerOf(opts, env), everyMinutes, print: !!opts.print, extra };
}

/** Writes (or with --print shows) the scheduler's entry. */
export async function run(options: InstallOptions, deps: Pick<Deps, 'out' | 'env' | 'paths' | 'isLocal' | 'profile' | 'settings'>): Promise<void> {
  const { out } = deps;
  const job = jobFor(deps, options.everyMinutes, options.extra);
  // Before anything is shown or written: a line break in any value would inject a line of its own.
  refuseControls(job, ['the path of node (process.execPath)', 'the path of the habits script']);
  const entry = entryOf(options.scheduler, job, deps);
  const shown = options.scheduler === 'cron' ? [{ path: 'crontab', text: cronBlock(job) }] : entry.files;
  if (!deps.isLocal && deps.settings.apiKey?.source === 'env') {
    out.warn('warning: the API key comes from HABITS_API_KEY, which the job will not have: `habits auth login` saves it where the job reads it');
  }
  if (options.print) {
    return out.result({ scheduler: options.scheduler, written: false, files: shown }, () => shown.map((f) => `# ${f.path}\n${f.text}`).join('\n'));
  }
  const done = applyEntry(entry, job, deps.env);
  await out.result({ scheduler: options.scheduler, written: true, files: shown }, () => '');
  for (const line of done) out.info(line);
}
