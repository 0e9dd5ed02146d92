// `habits remind uninstall [--cron | --systemd | --launchd]`: removes what `remind install` wrote for
// this profile (or local mode), and nothing else: the crontab block between its markers, and only
// unit or agent files that carry install's mark. Without a scheduler named, every one of them.
import type { Command } from 'commander';
import { onPath, removeEntry, SCHEDULERS, type Scheduler } from '../../remind/index.js';
import { examples, type App } from '../shared/app.js';
import type { Deps } from '../shared/deps.js';
import { entryOf, jobFor, schedulerOf } from './job.js';

export interface UninstallOptions {
  schedulers: Scheduler[];
}

/** Registers `remind uninstall`. */
export function register(parent: Command, app: App): void {
  parent
    .command('uninstall')
    .description('remove what habits remind install wrote, and nothing else')
    .option('--cron', 'only the crontab block')
    .option('--systemd', 'only the systemd units')
    .option('--launchd', 'only the launchd agent')
    .addHelpText('after', examples([['habits remind uninstall'], ['habits --local remind uninstall --cron']]))
    .action((opts: { cron?: boolean; systemd?: boolean; launchd?: boolean }, command: Command) => app.run(command, (ctx) => run(parse(opts, ctx.env), ctx)));
}

/** The schedulers named, or all of them (the platform's launchd only on macOS). */
export function parse(opts: { cron?: boolean; systemd?: boolean; launchd?: boolean }, env: Deps['env']): UninstallOptions {
  if (opts.cron || opts.systemd || opts.launchd) return { schedulers: [schedulerOf(opts, env)] };
  return { schedulers: SCHEDULERS.filter((s) => s !== 'launchd' || process.platform === 'darwin') };
}

/** Removes the entries; says what it removed, or that there was nothing. */
export async function run(options: UninstallOptions, deps: Pick<Deps, 'out' | 'env' | 'paths' | 'isLocal' | 'profile' | 'settings'>): Promise<void> {
  const { out } = deps;
  const job = jobFor(deps, 5, []);
  const removed: string[] = [];
  for (const scheduler of options.schedulers) {
    // cron without a crontab program has nothing to remove, unless cron was asked for by name.
    if (scheduler === 'cron' && options.schedulers.length > 1 && !onPath('crontab', deps.env)) continue;
    removed.push(...removeEntry(entryOf(scheduler, job, deps), job.id, deps.env));
  }
  await out.result({ removed }, () => '');
  if (removed.length === 0) out.info('Nothing to remove: habits remind install wrote nothing here for this profile');
  for (const line of removed) out.info(line);
}
