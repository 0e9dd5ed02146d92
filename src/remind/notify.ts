// Delivering a reminder: a desktop notification through the platform's own tool (notify-send,
// osascript, PowerShell), a command of the user's (`exec:CMD`, no shell), or one line on stdout.
// No library: node-notifier 10 calls the same tools (notify-send on Linux) and would add 6 packages,
// 5.7 MB unpacked (vendored notifier binaries) and ~27 ms of require() to every run, against
// ~2 ms to spawn notify-send. node:child_process loads only to deliver.
import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { formatMs } from '../api/network.js';
import { UsageError } from '../errors.js';
import type { Env } from '../io.js';
import type { CheckIn } from './schedule.js';

/** One reminder to deliver: what `--json` prints, and what `exec:` gets on stdin. */
export interface Reminder {
  habit: { id: string; name: string };
  date: string;
  /** When it was due (ISO), and as the user's clock reads it. */
  time: string;
  clock: string;
  kind: 'time' | 'stack';
  alarm: boolean;
  /**
   * A bad habit's reminder is a check-in: `limit`, log what was had (`command` is `habits log add
   * … <amount>`); `clean`, say whether it slipped (`habits log fail …`). Null: "done?".
   */
  checkIn: CheckIn | null;
  /** The command that answers it: marks it done, or for a check-in logs an amount or the slip. */
  command: string;
  /** Fired from the cached habits: whether it is done could not be checked. */
  offline: boolean;
  /** A stack's condition. */
  stack?: { habit: { id: string; name: string }; type: string; delaySecs: number };
}

/** How reminders are delivered: `--notify`. */
export type Notify = { kind: 'auto' | 'desktop' | 'stdout' } | { kind: 'exec'; argv: string[] };

/** Reads `--notify auto|desktop|stdout|exec:CMD`. */
export function parseNotify(raw: string): Notify {
  if (raw === 'auto' || raw === 'desktop' || raw === 'stdout') return { kind: raw };
  if (raw.startsWith('exec:')) {
    const argv = splitWords(raw.slice(5));
    if (argv.length === 0) throw new UsageError('--notify exec: needs a command, e.g. --notify "exec:/usr/local/bin/ntfy-reminder --topic me"');
    return { kind: 'exec', argv };
  }
  throw new UsageError(`--notify: "${raw}" is not one of auto, desktop, stdout, exec:CMD`);
}

/**
 * Words of a command as a shell would split it, without a shell: spaces separate, single and double
 * quotes group, a backslash escapes the next character. Nothing expands ($, *, ~ stay as written).
 */
export function splitWords(text: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  let quote: '"' | "'" | undefined;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) {
      if (ch === quote) quote = undefined;
      else if (ch === '\\' && quote === '"' && i + 1 < text.length) word = (word ?? '') + text[++i];
      else word = (word ?? '') + ch;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      word ??= '';
    } else if (ch === '\\' && i + 1 < text.length) {
      word = (word ?? '') + text[++i];
    } else if (/\s/.test(ch)) {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else word = (word ?? '') + ch;
  }
  if (quote) throw new UsageError(`--notify exec: the quote ${quote} is never closed`);
  if (word !== undefined) words.push(word);
  return words;
}

/** The program `name` found on `PATH`, or undefined. */
export function onPath(name: string, env: Env, platform = process.platform): string | undefined {
  const exts = platform === 'win32' ? (env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';') : [''];
  for (const dir of (env.PATH ?? '').split(platform === 'win32' ? ';' : delimiter)) {
    if (!dir) continue;
    for (const ext of exts) {
      const file = join(dir, name + ext);
      try {
        accessSync(file, constants.X_OK);
        return file;
      } catch {
        // Not here.
      }
    }
  }
  return undefined;
}

/**
 * The environment a desktop notification needs on Linux, which cron leaves out: the session bus
 * (`/run/user/UID/bus`) and the display. Undefined when no session bus can be found.
 */
export function desktopEnv(env: Env, uid = process.getuid?.() ?? -1): Record<string, string> | undefined {
  const found: Record<string, string> = {};
  if (!env.DBUS_SESSION_BUS_ADDRESS) {
    const bus = `/run/user/${uid}/bus`;
    if (uid < 0 || !existsSync(bus)) return undefined;
    found.DBUS_SESSION_BUS_ADDRESS = `unix:path=${bus}`;
  }
  if (!env.DISPLAY && !env.WAYLAND_DISPLAY && existsSync('/tmp/.X11-unix/X0')) found.DISPLAY = ':0';
  return found;
}

/** A way to show a desktop notification here, or why there is none. */
export type Desktop = { argv: (r: Reminder) => string[]; env: Record<string, string> } | { none: string };

/** The platform's desktop notifier: notify-send (Linux, BSD), osascript (macOS), PowerShell (Windows). */
export function desktopNotifier(env: Env, platform = process.platform): Desktop {
  const title = (r: Reminder): string => `${r.alarm ? '⏰ ' : ''}${r.habit.name}`;
  const body = (r: Reminder): string =>
    (r.checkIn ? `Check-in: ${CHECK_IN_ASKS[r.checkIn]} ` : '') +
    (r.kind === 'stack' && r.stack ? `after ${r.stack.habit.name} (${r.stack.type}): habits reminder, ${r.clock}` : `habits reminder, ${r.clock}`);
  if (platform === 'darwin') {
    const osascript = onPath('osascript', env, platform);
    if (!osascript) return { none: 'osascript is not on PATH' };
    // Text goes in as arguments, never into the script: a name cannot break out of a string.
    const script = 'on run argv\ndisplay notification (item 2 of argv) with title (item 1 of argv) sound name (item 3 of argv)\nend run';
    return { argv: (r) => [osascript, '-e', script, title(r), body(r), r.alarm ? 'Sosumi' : 'default'], env: {} };
  }
  if (platform === 'win32') {
    const ps = onPath('powershell', env, platform) ?? onPath('pwsh', env, platform);
    if (!ps) return { none: 'PowerShell is not on PATH' };
    // Text goes in through the environment (HABITS_REMINDER_TITLE/BODY), escaped for XML in the script.
    const script = [
      '$e=[Security.SecurityElement];$t=$e::Escape($env:HABITS_REMINDER_TITLE);$b=$e::Escape($env:HABITS_REMINDER_BODY)',
      '$s=if($env:HABITS_REMINDER_ALARM -eq "1"){" scenario=""alarm"""}else{""}',
      '[Windows.UI.Notifications.ToastNotificationManager,Windows.UI.Notifications,ContentType=WindowsRuntime]|Out-Null',
      '[Windows.Data.Xml.Dom.XmlDocument,Windows.Data.Xml.Dom,ContentType=WindowsRuntime]|Out-Null',
      '$x=New-Object Windows.Data.Xml.Dom.XmlDocument',
      '$x.LoadXml("<toast$s><visual><binding template=""ToastGeneric""><text>$t</text><text>$b</text></binding></visual></toast>")',
      '[Windows.UI.Notifications.ToastNotificationManager]::CreateToastNotifier("habits").Show([Windows.UI.Notifications.ToastNotification]::new($x))',
    ].join(';');
    return { argv: () => [ps, '-NoProfile', '-NonInteractive', '-Command', script], env: {} };
  }
  const notifySend = onPath('notify-send', env, platform);
  if (!notifySend) return { none: 'notify-send is not on PATH' };
  const session = desktopEnv(env);
  if (!session) return { none: 'no desktop session bus (DBUS_SESSION_BUS_ADDRESS, /run/user/UID/bus)' };
  return {
    argv: (r) => [notifySend, '--app-name=habits', `--urgency=${r.alarm ? 'critical' : 'normal'}`, title(r), body(r)],
    env: session,
  };
}

/** What a check-in asks, before its command. */
const CHECK_IN_ASKS: Record<CheckIn, string> = { limit: 'had any?', clean: 'slipped?' };

/**
 * `07:30 Reminder: Stretch; done? habits log done id:-Nq3x`, the stdout form of a reminder, one
 * line; a bad habit's: `21:00 Check-in: Snacks; had any? habits log add id:-Nq3x <amount>`.
 */
export function reminderLine(r: Reminder): string {
  const after = r.kind === 'stack' && r.stack ? ` (after ${r.stack.habit.name} ${r.stack.type})` : '';
  const head = `${r.clock} ${r.alarm ? 'ALARM ' : ''}${r.checkIn ? 'Check-in' : 'Reminder'}: ${r.habit.name}${after}${r.offline ? ' (not checked: server out of reach)' : ''}`;
  return `${head}; ${r.checkIn ? CHECK_IN_ASKS[r.checkIn] : 'done?'} ${r.command}`;
}

/** The HABITS_REMINDER_* variables of a reminder, for exec: and the Windows toast. */
export function reminderEnv(r: Reminder): Record<string, string> {
  return {
    HABITS_REMINDER_HABIT: r.habit.name,
    HABITS_REMINDER_HABIT_ID: r.habit.id,
    HABITS_REMINDER_DATE: r.date,
    HABITS_REMINDER_TIME: r.time,
    HABITS_REMINDER_CLOCK: r.clock,
    HABITS_REMINDER_KIND: r.kind,
    HABITS_REMINDER_ALARM: r.alarm ? '1' : '0',
    HABITS_REMINDER_CHECK_IN: r.checkIn ?? '',
    HABITS_REMINDER_COMMAND: r.command,
    HABITS_REMINDER_OFFLINE: r.offline ? '1' : '0',
    HABITS_REMINDER_TITLE: r.habit.name,
    HABITS_REMINDER_BODY: reminderLine(r),
    ...(r.stack ? { HABITS_REMINDER_AFTER: r.stack.habit.name, HABITS_REMINDER_AFTER_ID: r.stack.habit.id, HABITS_REMINDER_AFTER_TYPE: r.stack.type } : {}),
  };
}

/** How long a notifier or an exec: command may take before it counts as failed (HABITS_REMIND_TIMEOUT). */
export const DELIVERY_TIMEOUT_MS = 30_000;

/** How long, once a tool has exited, its last words on stderr are waited for. */
const STDERR_DRAIN_MS = 200;

/** Why a delivery failed; `timedOut` when the tool was killed at the time limit (it may have shown it). */
export interface Undelivered {
  why: string;
  timedOut: boolean;
}

/**
 * Runs `argv` (no shell) with `env`, `stdin` on its standard input, and waits for it: undefined on
 * success, else why it failed (it could not start, its exit status, its first line on stderr, the
 * time limit). The tool's own exit ends the wait: a background child of it that keeps stderr open
 * does not. At `timeoutMs` its whole process group is killed (SIGKILL: a tool that traps SIGTERM
 * would hang the run, and hold its lock, for ever), and its pipes are let go.
 */
export async function runTool(argv: readonly string[], env: Record<string, string>, stdin: string, timeoutMs = DELIVERY_TIMEOUT_MS): Promise<Undelivered | undefined> {
  const { spawn } = await import('node:child_process');
  // A group of its own, so that the kill reaches what it started too (not on Windows: no groups).
  const group = process.platform !== 'win32';
  return new Promise((resolve) => {
    let err = '';
    let settled = false;
    let drained: NodeJS.Timeout | undefined;
    const child = spawn(argv[0]!, argv.slice(1), { env, stdio: ['pipe', 'ignore', 'pipe'], detached: group, windowsHide: true });
    const letGo = (): void => {
      child.stdin.destroy();
      child.stderr.destroy();
    };
    const settle = (outcome: Undelivered | undefined): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(drained);
      letGo();
      resolve(outcome);
    };
    const timer = setTimeout(() => {
      try {
        if (group && child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
        else child.kill('SIGKILL');
      } catch {
        // Gone already.
      }
      settle({ why: `${argv[0]} timed out after ${formatMs(timeoutMs)} and was killed`, timedOut: true });
    }, timeoutMs);
    child.stdin.on('error', () => {}); // a command that does not read its input
    child.stderr.on('data', (c: Buffer) => void (err.length < 2000 && (err += c.toString())));
    child.once('error', (e: NodeJS.ErrnoException) => settle({ why: e.code === 'ENOENT' ? `${argv[0]} was not found` : e.message, timedOut: false }));
    const outcome = (code: number | null, signal: NodeJS.Signals | null): Undelivered | undefined => {
      if (code === 0) return undefined;
      const said = err.trim().split('\n')[0];
      return { why: `${argv[0]} ${signal ? `was stopped by ${signal}` : `exited ${code}`}${said ? `: ${said}` : ''}`, timedOut: false };
    };
    // 'close' comes once it has exited and its stderr is closed; a child of its own that still holds
    // stderr would keep that from coming: its exit, and a moment for its last words, end the wait.
    child.once('close', (code, signal) => settle(outcome(code, signal)));
    child.once('exit', (code, signal) => {
      if (!settled) drained = setTimeout(() => settle(outcome(code, signal)), STDERR_DRAIN_MS);
    });
    child.stdin.end(stdin);
  });
}

/** `30s`, `1.5s`, `500ms`: a time limit as a message says it. */

/**
 * The environment handed to the tools: this process's, without the API key (HABITS_API_KEY, or
 * any variable holding the key's value).
 */
export function childEnv(env: Env, apiKey: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || name === 'HABITS_API_KEY' || (apiKey && value.includes(apiKey))) continue;
    out[name] = value;
  }
  return out;
}
