// The scheduler entries that run `habits remind` every few minutes: a crontab block between marker
// comments (merged into the user's crontab, their other lines untouched), a systemd user service and
// timer (Persistent=true), or a launchd agent. Each carries the environment the job needs: PATH,
// the time zone, the profile or local mode, the data directories. Never the API key: the job reads
// it from the config file as any command does.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { FailureError, UsageError } from '../errors.js';
import type { Env } from '../io.js';
import { describeControl, firstControl } from '../model/text.js';

export const SCHEDULERS = ['cron', 'systemd', 'launchd'] as const;
export type Scheduler = (typeof SCHEDULERS)[number];

/** The job: what it runs, with what environment, how often; `id` tells one profile's job from another's. */
export interface Job {
  id: string;
  argv: string[];
  env: Record<string, string>;
  everyMinutes: number;
}

/** What one scheduler's entry is: files (path and text), or a crontab block. */
export interface Entry {
  scheduler: Scheduler;
  files: { path: string; text: string }[];
  /** cron: the block merged into the crontab. */
  block?: string;
}

/** Written at the top of every file install writes: uninstall removes only files that carry it. */
export const WRITTEN_BY = 'Written by `habits remind install`; `habits remind uninstall` removes it.';

/** The scheduler used when none is named: launchd on macOS, systemd where it runs the user's session, else cron. */
export function defaultScheduler(env: Env, platform = process.platform): Scheduler {
  if (platform === 'darwin') return 'launchd';
  if (platform === 'linux' && existsSync('/run/systemd/system') && env.XDG_RUNTIME_DIR) return 'systemd';
  return 'cron';
}

/** `habits-remind`, `habits-remind-work`, `habits-remind-local`: the name of a job's units. */
export function unitName(id: string): string {
  return id === 'default' ? 'habits-remind' : `habits-remind-${id.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

function beginMarker(id: string): string {
  return `# >>> habits remind [${id}]: ${WRITTEN_BY}`;
}
function endMarker(id: string): string {
  return `# <<< habits remind [${id}]`;
}

/**
 * Refuses (exit 2, before anything is written or shown) a value that would go into a scheduler
 * entry holding a control character: `what` names where it comes from, e.g. `XDG_DATA_HOME`, `--notify`.
 */
export function refuseControl(value: string, what: string): void {
  // A line break in a crontab line, a unit file or its ExecStart starts a line of its own there
  // (another job, `ExecStartPre=`), whatever the quoting; no other control character belongs either.
  const ch = firstControl(value);
  if (ch === undefined) return;
  throw new UsageError(`${what} contains ${describeControl(ch)}, which the scheduler entry would carry: refused, nothing written`);
}

/** Refuses a job whose environment or command holds a control character (refuseControl); `argvNames` names argv's words. */
export function refuseControls(job: Job, argvNames: readonly string[]): void {
  for (const [name, value] of Object.entries(job.env)) refuseControl(value, name);
  job.argv.forEach((word, i) => refuseControl(word, argvNames[i] ?? `the job's argument ${i + 1}`));
}

/**
 * A word for /bin/sh as cron runs it: quoted unless plain. cron reads an unescaped `%` as a line
 * break (what follows goes to stdin) and `\%` as `%`; but in `\\%` the first backslash takes the
 * second, and the `%` still breaks the line:
 * a `%` is written `'\%'`, outside the quotes, so that the character before its backslash is
 * always the closing quote, never a backslash of the value.
 */
function shWord(word: string): string {
  if (/^[\w@+=:,./-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`).replace(/%/g, `'\\%'`)}'`;
}

/** The crontab block of `job`: the markers around one line that sets the environment and runs it. */
export function cronBlock(job: Job): string {
  const when = job.everyMinutes >= 60 ? '0 * * * *' : job.everyMinutes === 1 ? '* * * * *' : `*/${job.everyMinutes} * * * *`;
  const env = Object.entries(job.env).map(([k, v]) => `${k}=${shWord(v)}`);
  return `${beginMarker(job.id)}\n${when} ${[...env, ...job.argv.map(shWord)].join(' ')}\n${endMarker(job.id)}\n`;
}

/** `crontab` with the block of job `id` taken out; `removed` says whether there was one. */
export function withoutBlock(crontab: string, id: string): { text: string; removed: boolean } {
  const lines = crontab.split('\n');
  const begin = lines.indexOf(beginMarker(id));
  if (begin === -1) return { text: crontab, removed: false };
  const end = lines.indexOf(endMarker(id), begin);
  if (end === -1) return { text: crontab, removed: false };
  lines.splice(begin, end - begin + 1);
  return { text: lines.join('\n'), removed: true };
}

/** `crontab` with the block of `job` in place of its old one, or added at the end. */
export function mergeCrontab(crontab: string, job: Job): string {
  const rest = withoutBlock(crontab, job.id).text;
  const sep = rest === '' || rest.endsWith('\n') ? '' : '\n';
  return rest + sep + cronBlock(job);
}

/** A value in a systemd unit: quoted, with `%` (specifiers) and `$` (variables) escaped. */
function unitWord(word: string): string {
  return `"${word.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/%/g, '%%').replace(/\$/g, '$$$$')}"`;
}

/** The directory of systemd user units (XDG_CONFIG_HOME/systemd/user). */
export function systemdDir(env: Env): string {
  return join(env.XDG_CONFIG_HOME || join(env.HOME || homedir(), '.config'), 'systemd', 'user');
}

/** The systemd user service and timer of `job`. */
export function systemdEntry(job: Job, env: Env): Entry {
  const name = unitName(job.id);
  const dir = systemdDir(env);
  const service = [
    `# ${WRITTEN_BY}`,
    '[Unit]',
    'Description=habits remind: reminders of the habits still open',
    '',
    '[Service]',
    'Type=oneshot',
    ...Object.entries(job.env).map(([k, v]) => `Environment=${unitWord(`${k}=${v}`)}`),
    `ExecStart=${job.argv.map(unitWord).join(' ')}`,
    '',
  ].join('\n');
  const timer = [
    `# ${WRITTEN_BY}`,
    '[Unit]',
    `Description=Run habits remind every ${job.everyMinutes} min`,
    '',
    '[Timer]',
    `OnCalendar=${job.everyMinutes >= 60 ? 'hourly' : `*:0/${job.everyMinutes}`}`,
    'Persistent=true',
    'AccuracySec=10s',
    '',
    '[Install]',
    'WantedBy=timers.target',
    '',
  ].join('\n');
  return { scheduler: 'systemd', files: [{ path: join(dir, `${name}.service`), text: service }, { path: join(dir, `${name}.timer`), text: timer }] };
}

function xml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The launchd label of a job: `habits.remind`, `habits.remind.work`. */
export function launchdLabel(id: string): string {
  return unitName(id).replace(/-/g, '.');
}

/** The launchd agent of `job` (~/Library/LaunchAgents). */
export function launchdEntry(job: Job, env: Env, logDir: string): Entry {
  const label = launchdLabel(job.id);
  const strings = (items: string[]) => items.map((s) => `    <string>${xml(s)}</string>`).join('\n');
  const text = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<!-- ${xml(WRITTEN_BY)} -->
<plist version="1.0">
<dict>
  <key>Label</key>
  <string>${xml(label)}</string>
  <key>ProgramArguments</key>
  <array>
${strings(job.argv)}
  </array>
  <key>EnvironmentVariables</key>
  <dict>
${Object.entries(job.env).map(([k, v]) => `    <key>${xml(k)}</key>\n    <string>${xml(v)}</string>`).join('\n')}
  </dict>
  <key>StartInterval</key>
  <integer>${job.everyMinutes * 60}</integer>
  <key>RunAtLoad</key>
  <true/>
  <key>StandardOutPath</key>
  <string>${xml(join(logDir, `${label}.log`))}</string>
  <key>StandardErrorPath</key>
  <string>${xml(join(logDir, `${label}.log`))}</string>
</dict>
</plist>
`;
  return { scheduler: 'launchd', files: [{ path: join(env.HOME || homedir(), 'Library', 'LaunchAgents', `${label}.plist`), text }] };
}

/** Runs a scheduler's tool; its failure is one line (exit 1) naming it. */
function tool(argv: string[], env: Env, input?: string): { status: number; stdout: string; stderr: string } {
  const r = spawnSync(argv[0]!, argv.slice(1), { env: env as NodeJS.ProcessEnv, input, encoding: 'utf8', timeout: 30_000 });
  if (r.error) {
    const code = (r.error as NodeJS.ErrnoException).code;
    throw new FailureError(`${argv[0]} could not be run: ${code === 'ENOENT' ? 'it is not on PATH' : r.error.message}`);
  }
  return { status: r.status ?? 1, stdout: r.stdout, stderr: r.stderr };
}

/** The user's crontab ('' when they have none). */
export function readCrontab(env: Env): string {
  const r = tool(['crontab', '-l'], env);
  if (r.status === 0) return r.stdout;
  if (/no crontab/i.test(r.stderr)) return '';
  throw new FailureError(`crontab -l failed: ${r.stderr.trim() || `exit ${r.status}`}`);
}

function writeCrontab(text: string, env: Env): void {
  const r = tool(['crontab', '-'], env, text);
  if (r.status !== 0) throw new FailureError(`crontab - failed: ${r.stderr.trim() || `exit ${r.status}`}`);
}

/** What install or uninstall did, line by line. */
export type Done = string[];

/** Writes `entry` and tells its scheduler; returns what it did. */
export function applyEntry(entry: Entry, job: Job, env: Env): Done {
  if (entry.scheduler === 'cron') {
    const before = readCrontab(env);
    writeCrontab(mergeCrontab(before, job), env);
    return [`${withoutBlock(before, job.id).removed ? 'Replaced' : 'Added'} the habits remind lines of the crontab (every ${job.everyMinutes} min)`];
  }
  const done: Done = [];
  for (const f of entry.files) {
    mkdirSync(join(f.path, '..'), { recursive: true });
    writeFileSync(f.path, f.text, { mode: 0o644 });
    done.push(`Wrote ${f.path}`);
  }
  if (entry.scheduler === 'systemd') {
    const timer = `${unitName(job.id)}.timer`;
    for (const argv of [['systemctl', '--user', 'daemon-reload'], ['systemctl', '--user', 'enable', '--now', timer]]) {
      const r = tool(argv, env);
      if (r.status !== 0) throw new FailureError(`${argv.join(' ')} failed: ${r.stderr.trim() || `exit ${r.status}`}`, 'failure', 'the unit files are written; start the timer by hand once the user session runs');
    }
    done.push(`Enabled and started ${timer}`);
  } else {
    const plist = entry.files[0]!.path;
    tool(['launchctl', 'unload', plist], env);
    const r = tool(['launchctl', 'load', '-w', plist], env);
    if (r.status !== 0) throw new FailureError(`launchctl load ${plist} failed: ${r.stderr.trim() || `exit ${r.status}`}`);
    done.push(`Loaded ${launchdLabel(job.id)}`);
  }
  return done;
}

/** Whether `path` is a file install wrote (it carries WRITTEN_BY). */
function ours(path: string): boolean {
  try {
    return readFileSync(path, 'utf8').includes(WRITTEN_BY);
  } catch {
    return false;
  }
}

/** Removes what install wrote for job `id` with `scheduler`, and nothing else; returns what it did. */
export function removeEntry(entry: Entry, id: string, env: Env): Done {
  const done: Done = [];
  if (entry.scheduler === 'cron') {
    const before = readCrontab(env);
    const after = withoutBlock(before, id);
    if (after.removed) {
      writeCrontab(after.text, env);
      done.push('Removed the habits remind lines of the crontab');
    }
    return done;
  }
  const present = entry.files.filter((f) => ours(f.path));
  if (present.length === 0) return done;
  if (entry.scheduler === 'systemd') tool(['systemctl', '--user', 'disable', '--now', `${unitName(id)}.timer`], env);
  else tool(['launchctl', 'unload', '-w', present[0]!.path], env);
  for (const f of present) {
    unlinkSync(f.path);
    done.push(`Removed ${f.path}`);
  }
  if (entry.scheduler === 'systemd') tool(['systemctl', '--user', 'daemon-reload'], env);
  return done;
}

/** Which schedulers run job `id` here: files of ours present, or the crontab's block. */
export function installedEntries(id: string, env: Env, platform = process.platform): { scheduler: Scheduler; where: string }[] {
  const found: { scheduler: Scheduler; where: string }[] = [];
  const service = join(systemdDir(env), `${unitName(id)}.timer`);
  if (ours(service)) found.push({ scheduler: 'systemd', where: service });
  const plist = join(env.HOME || homedir(), 'Library', 'LaunchAgents', `${launchdLabel(id)}.plist`);
  if (platform === 'darwin' && ours(plist)) found.push({ scheduler: 'launchd', where: plist });
  try {
    if (withoutBlock(readCrontab(env), id).removed) found.push({ scheduler: 'cron', where: 'crontab' });
  } catch {
    // No crontab program: no cron job.
  }
  return found;
}
