// `habits doctor [--offline] [--fix]`: checks the installation and the settings one by one, each
// on its own (a broken config file does not hide a bad time zone), and says how to fix each
// problem. --fix repairs what is safe to repair (the config file's and directory's modes).
import type { Command } from 'commander';
import { countOf } from '../api/answers.js';
import { ApiError } from '../api/errors.js';
import { proxyFor, proxySettings, redactProxy } from '../api/proxy.js';
import { parseBaseUrl } from '../api/url.js';
import { holdsKey, type ConfigDocument } from '../config/file.js';
import { findSettings, scopeOf } from '../config/load.js';
import { DEFAULT_PROFILE } from '../config/profiles.js';
import { configModes, exposureParts, octal, type ConfigModes } from '../config/trust.js';
import { maskKey, take, type Setting, type Settled, type SettledSettings, type SettingFlags } from '../config/settings.js';
import { formatTimestamp } from '../output/time.js';
import { reminderJobId, reminderStatus, type ReminderStatus } from '../remind/status.js';
import type { GlobalFlags } from '../world.js';
import { describeError } from '../describe-error.js';
import { FailureError } from '../errors.js';
import { inspectLocalStore } from '../local.js';
import { Outbox, outboxFiles, recordFiles, WriteRecord } from '../record/index.js';
import { escapeControls } from '../model/text.js';
import { examples, type App } from './shared/app.js';
import type { Deps } from './shared/deps.js';

/** One check's outcome, as `--json` prints it. */
export interface Check {
  check: string;
  status: 'ok' | 'warn' | 'fail';
  detail: string;
  fix?: string;
}

export interface DoctorOptions {
  offline: boolean;
  fix: boolean;
  /** The global flags that take part in the settings (--base-url, --local, --timeout). */
  flags: SettingFlags;
  /** --profile NAME: the named account whose settings are checked (HABITS_PROFILE otherwise). */
  profile?: string;
}

/** The oldest Node the CLI runs on (package.json engines). */
export const MIN_NODE = '20.18.1';

export function register(cmd: Command, app: App): void {
  cmd
    .option('--offline', 'make no request: do not check the key or the server')
    .option('--fix', "repair what is safe to repair (the config file's and directory's modes) and say what changed")
    .addHelpText('after', examples([
      ['habits doctor'],
      ['habits doctor --offline', 'no network'],
      ['habits doctor --fix'],
      ['habits doctor --json'],
    ]) + '\n\nExit 1 when a check fails (✗); warnings (!) exit 0.')
    .action((opts: { offline?: boolean; fix?: boolean }, command: Command) => {
      const globals = command.optsWithGlobals<GlobalFlags>();
      const options: DoctorOptions = {
        offline: !!opts.offline,
        fix: !!opts.fix,
        flags: { baseUrl: globals.baseUrl, timeout: globals.timeout, local: globals.local },
        ...(globals.profile !== undefined ? { profile: globals.profile } : {}),
      };
      // Doctor looks; it sends nothing, not even what waits in the outbox.
      return app.run(command, (ctx) => run(options, ctx), { outboxFirst: false });
    });
}

export async function run(opts: DoctorOptions, deps: Pick<Deps, 'clientFor' | 'env' | 'now' | 'out' | 'paths'>): Promise<void> {
  const checks: Check[] = [nodeCheck(process.versions.node)];
  const modes = configModes(deps.paths, opts.fix);
  // The settings of the profile in use, as every other command would use them: read once, each
  // on its own, every error kept for the check it belongs to.
  const { file, inUse, settings } = findSettings(opts.flags, opts.profile, deps.env, deps.paths.configFile);
  const { check: config, exposed } = configCheck(deps.paths, modes, file);
  const profile = 'setting' in inUse ? inUse.setting.profile : undefined;
  if ('error' in inUse) {
    if (config.status !== 'fail') Object.assign(config, failed('config', inUse.error));
  } else if (profile && profile.value !== DEFAULT_PROFILE && config.status === 'ok') config.detail += `; profile ${profile.value} (from ${profile.origin})`;
  checks.push(config);
  checks.push(timeZoneCheck(settings.timezone, deps.env));
  const proxy = proxyCheck(deps.env);
  checks.push(proxy);

  // The base URL and the key, checked together by one request unless --offline.
  let base: Check;
  let key: Check;
  let local = false;
  let baseUrl: string | undefined;
  // A key or base URL from a file that others could change is never used: no request carries
  // them, not even after --fix ended it in this run (what they wrote may still be in it).
  const distrusted = exposed === 'still' ? ': not used, other users can change the config file (see config)' : undefined;
  const untilNow = exposed === 'still' ? 'other users can change the config file' : 'other users could change the config file until now';
  let fromExposedFile = false;
  try {
    const [url, localMode] = [take(settings.baseUrl), take(settings.local)];
    local = localMode.value;
    baseUrl = url.value;
    base = local ? ok('base-url', `local: the embedded service (${deps.paths.dbFile})`) : baseUrlCheck(baseUrl);
    if (exposed && (local ? localMode.source : url.source) === 'config') {
      fromExposedFile = true;
      if (distrusted) base = { check: 'base-url', status: 'fail', detail: `${local ? 'local' : baseUrl} from the config file${distrusted}` };
    }
  } catch (err) {
    base = failed('base-url', err);
  }
  let apiKey: string | undefined;
  const named = profile && profile.value !== DEFAULT_PROFILE ? profile.value : undefined;
  const inNamedProfile = named ? ` for profile ${named}` : '';
  try {
    const set = take(settings.apiKey);
    apiKey = set?.value;
    key = local
      ? ok('key', 'not needed in local mode')
      : set
        ? ok('key', `${maskKey(set.value)} from ${set.source === 'env' ? 'the environment (HABITS_API_KEY)' : `the config file ${deps.paths.configFile}${set.origin.startsWith('profiles.') ? ` (${set.origin})` : ''}`}`)
        : { check: 'key', status: 'fail', detail: `no API key is configured${inNamedProfile}`, fix: `run \`habits auth login${named ? ` --profile ${named}` : ''}\` (or set HABITS_API_KEY), or use --local for the offline store` };
    if (exposed && !local && set?.source === 'config') {
      fromExposedFile = true;
      if (distrusted) key = { check: 'key', status: 'fail', detail: `${key.detail}${distrusted}` };
    }
  } catch (err) {
    key = failed('key', err);
  }
  if (!local && base.status !== 'fail' && proxy.status !== 'fail' && baseUrl !== undefined) {
    if (fromExposedFile) {
      base.detail += ` (not contacted: ${untilNow})`;
      if (apiKey) key.detail += ` (not checked: ${untilNow})`;
    } else if (opts.offline) {
      base.detail += ' (not contacted: --offline)';
      if (apiKey) key.detail += ' (not checked: --offline)';
    } else if (!apiKey) {
      base.detail += ' (not contacted: no key to ask with)';
    } else {
      [base, key] = await liveCheck(base, key, baseUrl, apiKey, deps);
    }
  }
  const scope = scopeOf({ local, baseUrl: baseUrl ?? '', apiKey }, deps.paths);
  checks.push(
    base, key, await storeCheck(deps.paths.dbFile, local), outboxCheck(deps.paths.dataDir, deps.now), recordCheck(deps.paths.dataDir),
    remindersCheck(reminderStatus(deps.paths, scope, deps.env, reminderJobId(local, profile?.value ?? DEFAULT_PROFILE)), settings.timezone, deps.now),
  );

  await deps.out.result(checks, () => render(checks, deps.out));
  const failures = checks.filter((c) => c.status === 'fail').length;
  if (failures > 0) throw new FailureError(`${failures} of ${checks.length} checks failed`, 'doctor');
}

const ok = (check: string, detail: string): Check => ({ check, status: 'ok', detail });

/** A check that failed with `err`: its one line and hint. */
function failed(check: string, err: unknown): Check {
  const r = describeError(err);
  return { check, status: 'fail', detail: r.message, ...(r.hint ? { fix: r.hint } : {}) };
}

function render(checks: Check[], out: Deps['out']): string {
  const glyph = { ok: out.c.green('✓'), warn: out.c.yellow('!'), fail: out.c.red('✗') };
  const width = Math.max(...checks.map((c) => c.check.length));
  return checks
    .flatMap((c) => [`${glyph[c.status]} ${c.check.padEnd(width)}  ${escapeControls(c.detail)}`, ...(c.fix ? [`  ${' '.repeat(width + 2)}${escapeControls(c.fix)}`] : [])])
    .join('\n');
}

/** The Node version against MIN_NODE. */
export function nodeCheck(version: string): Check {
  const parts = (v: string): number[] => v.split('.').map((p) => Number.parseInt(p, 10) || 0);
  const [have, need] = [parts(version), parts(MIN_NODE)];
  let cmp = 0;
  for (let i = 0; i < 3 && cmp === 0; i++) cmp = (have[i] ?? 0) - (need[i] ?? 0);
  // Node 20 still runs everything, but is past its end of life, and has no node:sqlite.
  const old = have[0] === 20 ? '; 20 is past its end of life: 22 or 24 are supported, and have SQLite built in' : '';
  return cmp >= 0
    ? ok('node', `Node ${version} (needs ${MIN_NODE} or later${old})`)
    : { check: 'node', status: 'fail', detail: `Node ${version} is too old: habits needs ${MIN_NODE} or later`, fix: 'install a current Node LTS (https://nodejs.org)' };
}

/** Whether other users could change the config file: still, or until --fix ended it; undefined: never. */
type Exposed = 'still' | 'fixed' | undefined;

/**
 * The config file: whether other users can change it and its modes (config/trust.ts, which
 * repairs them with --fix), then whether it parses.
 */
function configCheck(paths: Deps['paths'], m: ConfigModes, read: Settled<ConfigDocument>): { check: Check; exposed: Exposed } {
  const file = paths.configFile;
  if (!m.exists) {
    if (m.link !== undefined) {
      return { check: { check: 'config', status: 'warn', detail: `${file} is a symbolic link to ${m.link}, which does not exist: settings come from the environment and defaults`, fix: `create ${m.link}, or remove the link` }, exposed: undefined };
    }
    return { check: ok('config', `no config file yet (${file}): settings come from the environment and defaults`), exposed: undefined };
  }
  const { loose, fixed, before, after } = m;
  const done = fixed.length ? ` (fixed: ${fixed.join(', ')})` : '';
  const exposed: Exposed = after ? 'still' : before ? 'fixed' : undefined;
  // A file that others can change is reported as such, whether it parses or not.
  if ('error' in read && !after) {
    const check = failed('config', read.error);
    if (loose.length) check.detail += `; ${loose.join('; ')}`;
    if (fixed.length) check.detail += done;
    return { check, exposed };
  }
  if (after) {
    const { reason, fix: how } = exposureParts(after, file);
    return { check: { check: 'config', status: 'fail', detail: `${file} can be changed by other users (${reason}): its key and base URL are not used${done}`, fix: how }, exposed };
  }
  if (before) {
    return {
      check: {
        check: 'config', status: 'warn',
        detail: `${file}: other users could change it until now${done}`,
        fix: 'check what it holds (`habits config list`) before the next command uses it: its base-url receives your key',
      },
      exposed,
    };
  }
  const where = m.shared !== undefined && m.dirMode !== undefined && (m.dirMode & 0o077) !== 0 ? ` (the directory, ${octal(m.dirMode)}, is left as it is: ${m.shared})` : '';
  if (loose.length === 0) {
    return { check: ok('config', `${file}, ${m.now.file === undefined ? '?' : octal(m.now.file)} in a ${m.now.dir === undefined ? '?' : octal(m.now.dir)} directory${where}${done}`), exposed };
  }
  const exposedKey = 'setting' in read && holdsKey(read.setting) && (m.now.file ?? 0) & 0o077 ? ': other users can read your API key' : '';
  const fixes = m.link !== undefined && (m.fileMode ?? 0) & 0o077
    ? `habits leaves a link's target alone: chmod 600 ${m.link} if it is yours`
    : `run \`habits doctor --fix\` (or chmod 600 ${file}; chmod 700 ${paths.configDir})`;
  return {
    check: { check: 'config', status: exposedKey ? 'fail' : 'warn', detail: `${file}: ${loose.join('; ')}${exposedKey}${done}`, fix: fixes },
    exposed,
  };
}

function timeZoneCheck(settled: SettledSettings['timezone'], env: Deps['env']): Check {
  if ('error' in settled) return failed('timezone', settled.error);
  const zone = settled.setting;
  const from = zone.source === 'system' ? 'the system' : zone.source === 'config' ? 'the config file' : zone.origin;
  const tz = env.TZ?.trim();
  if (zone.source === 'system' && tz) {
    return {
      check: 'timezone',
      status: 'warn',
      detail: `TZ="${tz}" is not a known time zone; using the system's, ${zone.value || 'UTC'}`,
      fix: 'set TZ (or HABITS_TIMEZONE, or `habits config set timezone`) to an IANA name such as Europe/Paris',
    };
  }
  return ok('timezone', `${zone.value} (from ${from})`);
}

function proxyCheck(env: Deps['env']): Check {
  const named = (names: string[]): string | undefined => names.find((n) => env[n]?.trim());
  const httpsName = named(['https_proxy', 'HTTPS_PROXY']);
  const httpName = named(['http_proxy', 'HTTP_PROXY']);
  let settings: ReturnType<typeof proxySettings>;
  try {
    settings = proxySettings(env);
  } catch (err) {
    return failed('proxy', err);
  }
  if (!settings.httpsProxy && !settings.httpProxy) return ok('proxy', 'none set (HTTPS_PROXY, HTTP_PROXY)');
  const parts = [
    ...(settings.httpsProxy ? [`${httpsName} ${redactProxy(settings.httpsProxy)}`] : []),
    ...(settings.httpProxy ? [`${httpName} ${redactProxy(settings.httpProxy)}`] : []),
    ...(settings.noProxy ? [`NO_PROXY ${settings.noProxy}`] : []),
  ];
  return ok('proxy', `${parts.join(', ')}; loopback addresses never go through it`);
}

function baseUrlCheck(raw: string): Check {
  const base = parseBaseUrl(raw);
  if (base.protocol === 'http:' && !base.loopback) {
    return {
      check: 'base-url',
      status: 'fail',
      detail: `${raw} is plain http to another machine: the key is not sent there without --allow-insecure`,
      fix: 'use an https:// base URL (`habits config set base-url https://…`)',
    };
  }
  return ok('base-url', raw);
}

/** One authenticated request: whether the server answers, and whether it takes the key. */
async function liveCheck(base: Check, key: Check, baseUrl: string, apiKey: string, deps: Pick<Deps, 'clientFor' | 'env'>): Promise<[Check, Check]> {
  const proxy = (() => {
    try {
      const via = proxyFor(parseBaseUrl(baseUrl), proxySettings(deps.env));
      return via ? ` through ${redactProxy(via)}` : '';
    } catch {
      return '';
    }
  })();
  try {
    const api = await deps.clientFor({ baseUrl, apiKey });
    await api.request('GET /habits', { query: { limit: 1 }, signal: AbortSignal.timeout(15_000) });
    return [{ ...base, detail: `${base.detail} (reachable${proxy})` }, { ...key, detail: `${key.detail}: accepted by the server` }];
  } catch (err) {
    if (err instanceof ApiError && err.kind === 'http') {
      const answered: Check = { ...base, detail: `${base.detail} (reachable${proxy}: HTTP ${err.status})` };
      if (err.status === 401 || err.status === 403) {
        return [answered, { check: 'key', status: 'fail', detail: `${key.detail}: refused by the server (HTTP ${err.status})`, fix: 'copy a current key from Settings > API, then `habits auth login`' }];
      }
      return [{ ...answered, status: 'warn', fix: 'the server answered with an error: try again later' }, { ...key, status: 'warn', detail: `${key.detail} (not checked: the server answered HTTP ${err.status})` }];
    }
    const r = describeError(err);
    return [
      { check: 'base-url', status: 'fail', detail: `${baseUrl}${proxy}: ${r.message}`, fix: r.hint ?? 'check the URL, the network and the proxy settings' },
      { ...key, status: 'warn', detail: `${key.detail} (not checked: the server could not be reached)` },
    ];
  }
}

/** The SQLite driver and the local store, read without creating or changing anything. */
async function storeCheck(file: string, local: boolean): Promise<Check> {
  try {
    const { driver, store: found } = await inspectLocalStore(file);
    if (!found) return ok('local-store', `${driver}; no local store yet (the first --local command creates ${file})`);
    const upgrade = found.schema < found.current ? `; upgraded to ${found.current} on its next use` : '';
    return ok('local-store', `${file} opens with ${driver} (schema ${found.schema}${upgrade})`);
  } catch (err) {
    const check = failed('local-store', err);
    // Without an SQLite driver only local mode is lost; the remote client works.
    if (describeError(err).code === 'local_unavailable' && !local) check.status = 'warn';
    return check;
  }
}

/** The writes waiting in the outboxes of this machine (one per account). */
/** A scheduler that has not run `habits remind` for this long is not running it. */
const REMINDERS_SILENT_MS = 24 * 3600_000;

/**
 * Whether a scheduler runs `habits remind` for this account, and when it last ran and fired
 * (remind/status.ts). Not installed is fine (reminders are optional); installed and silent for a
 * day is a warning.
 */
function remindersCheck(status: ReminderStatus, zone: Settled<Setting<string>>, now: () => Date): Check {
  const check = remindersRun(status, zone, now);
  if (!status.damaged) return check;
  // Said here, once, and not by every `habits remind`: the run reads the other lines as before.
  const skipped = `${countOf(status.damaged, 'damaged line')} skipped in ${status.file ?? 'the state file'}`;
  return { ...check, status: check.status === 'ok' ? 'warn' : check.status, detail: `${check.detail}; ${skipped}`, fix: check.fix ?? DAMAGED_FIX };
}


/** What to do about damaged lines: nothing is needed (none is read); removing them silences the check. */
const DAMAGED_FIX = 'nothing is read from them, the other lines still count; remove them from the file to silence this';

function remindersRun(status: ReminderStatus, zone: Settled<Setting<string>>, now: () => Date): Check {
  const tz = 'setting' in zone ? zone.setting.value : 'UTC';
  const at = (iso: string) => formatTimestamp(iso, tz);
  const fired = status.lastFired ? `; last fired ${escapeControls(status.lastFired.habit)} at ${at(status.lastFired.at)}` : '';
  const ran = status.lastRun ? `last ran ${at(status.lastRun)}${status.lastRunOffline ? ' (from the cached habits: the server was out of reach)' : ''}${fired}` : 'has not run yet';
  if (status.installed.length === 0) {
    return ok('reminders', `not installed${status.lastRun ? `; ${ran}` : ''} (\`habits remind install\` runs them every 5 min)`);
  }
  const where = status.installed.map((i) => (i.scheduler === 'cron' ? 'crontab' : `${i.scheduler}: ${i.where}`)).join(', ');
  const silent = status.lastRun !== undefined && now().getTime() - new Date(status.lastRun).getTime() > REMINDERS_SILENT_MS;
  if (silent) {
    return { check: 'reminders', status: 'warn', detail: `installed (${where}), but ${ran}`, fix: 'check that the scheduler runs: `habits remind install --print` shows the entry, `habits remind` runs it by hand' };
  }
  return ok('reminders', `installed (${where}); ${ran}`);
}

/**
 * The records of writes of this machine (one per account): how many writes, and the lines skipped
 * as not a write (damaged, or another program's), which `log ls`, `undo` and time off never read.
 * Said here, once, and not by every command that reads the record.
 */
function recordCheck(dataDir: string): Check {
  try {
    const counts = recordFiles(dataDir).map((file) => ({ file, ...new WriteRecord(file).count() }));
    const writes = counts.reduce((n, c) => n + c.writes, 0);
    const held = `${countOf(writes, 'write')} recorded`;
    if (counts.length === 0) return ok('record', 'no writes recorded yet');
    const damaged = counts.filter((c) => c.damaged > 0);
    if (damaged.length === 0) return ok('record', held);
    return { check: 'record', status: 'warn', detail: `${held}; ${damaged.map((c) => `${countOf(c.damaged, 'damaged line')} skipped in ${c.file}`).join('; ')}`, fix: DAMAGED_FIX };
  } catch (err) {
    return failed('record', err);
  }
}

function outboxCheck(dataDir: string, now: () => Date): Check {
  try {
    const all = outboxFiles(dataDir).flatMap((file) => new Outbox(file, now).pending());
    // Time off planned ahead waits for its day, as it should.
    const waiting = all.filter((w) => !w.plannedOff);
    const planned = all.length - waiting.length;
    if (waiting.length === 0) return ok('outbox', planned ? `nothing waiting to be sent; ${planned} planned day${planned === 1 ? '' : 's'} off wait for their day` : 'empty');
    const held = waiting.filter((w) => w.held).length;
    const count = `${waiting.length} write${waiting.length === 1 ? '' : 's'}`;
    return {
      check: 'outbox',
      status: 'warn',
      detail: `${count} waiting to be sent${held ? `, ${held} of them held (the server may have ${held === 1 ? 'it' : 'them'})` : ''}`,
      fix: held ? '`habits sync --list`; then `habits sync --confirm N` sends a held write, `habits sync --drop N` forgets it' : 'run `habits sync` to send them',
    };
  } catch (err) {
    return failed('outbox', err);
  }
}
