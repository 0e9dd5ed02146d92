// `habits remind` against the real local service over loopback, the clock in the test's hand (the
// service's and the CLI's move together): what fires, what stays quiet, what goes stale, stacks,
// the state file, an unreachable server, and the ways of delivery.
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { addHabit, mark, useService } from '../helpers/service.js';
import { onPath } from '../helpers/tools.js';

const fx = useService({ per: 'test', start: '2026-11-22T07:00:00.000Z' });

/** Runs the CLI at `iso` (both clocks set there). */
async function at(iso: string, args: string[], env: Record<string, string> = {}) {
  fx.clock.set(iso);
  return fx.cli(args, { now: fx.clock.now, env });
}

const stdoutRun = (iso: string, extra: string[] = []) => at(iso, ['remind', '--notify', 'stdout', ...extra]);
const dataDir = () => join(fx.home.env.XDG_DATA_HOME, 'habits');
const stateFile = () => join(dataDir(), readdirSync(dataDir()).find((f) => /^reminders-[0-9a-f]{20}\.jsonl$/.test(f))!);

/** A TCP front for the service on a port of its own; close() makes the service unreachable there. */
async function front(target: string): Promise<{ url: string; close(): Promise<void> }> {
  const t = new URL(target);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((c) => {
    const up = net.connect(Number(t.port), t.hostname);
    for (const s of [c, up]) {
      sockets.add(s);
      s.on('error', () => {});
    }
    c.pipe(up).pipe(c);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}${t.pathname}`,
    close: () => new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    }),
  };
}

/** A script in the temp home; returns its path. */
function script(name: string, text: string): string {
  const dir = join(fx.home.home, 'bin');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, name);
  writeFileSync(file, `#!/bin/sh\n${text}`);
  chmodSync(file, 0o755);
  return file;
}

describe('habits remind: what fires', () => {
  it('fires a due reminder once: at 07:31 one line, at 07:33 nothing; a second reminder after the habit is done stays quiet', async () => {
    const h = await addHabit(fx.svc, { name: 'Stretch', reminders: { timeTriggers: [{ time: { hour: 7, minute: 30 } }, { time: { hour: 8, minute: 0 } }] } });
    const first = await stdoutRun('2026-11-22T07:31:00Z');
    expect(first).toMatchObject({ code: 0, stderr: '' });
    expect(first.stdout).toBe(`07:30 Reminder: Stretch; done? habits log done id:${h.id}\n`);
    const again = await stdoutRun('2026-11-22T07:33:00Z');
    expect(again).toMatchObject({ code: 0, stdout: '', stderr: '' });
    await at('2026-11-22T07:40:00Z', ['log', 'done', 'Stretch']);
    const after = await stdoutRun('2026-11-22T08:01:00Z');
    expect(after).toMatchObject({ code: 0, stdout: '' });
    const ls = await at('2026-11-22T08:02:00Z', ['remind', 'ls']);
    expect(ls.stdout).toBe('07:30\tStretch\ttime\tfired\n08:00\tStretch\ttime\tquiet (completed)\n');
    expect((readFileSync(stateFile()).toString().match(/"op":"fired"/g) ?? []).length).toBe(1);
    expect(existsSync(`${stateFile()}.lock`)).toBe(false);
    expect((await import('node:fs')).statSync(stateFile()).mode & 0o777).toBe(0o600);
  });

  it('a habit not due today (its schedule) has no reminders; a due one does', async () => {
    // 2026-11-22 is a Sunday (occurrence days: 0 = Sunday).
    await addHabit(fx.svc, { name: 'Gym', occurrence: { type: 'weekDays', days: [1, 3, 5] }, reminders: { timeTriggers: [{ time: { hour: 7, minute: 30 } }] } });
    await addHabit(fx.svc, { name: 'Rest', occurrence: { type: 'weekDays', days: [0] }, reminders: { timeTriggers: [{ time: { hour: 7, minute: 30 } }] } });
    const r = await stdoutRun('2026-11-22T07:31:00Z');
    expect(r.stdout).toMatch(/^07:30 Reminder: Rest;/);
    expect(r.stdout).not.toContain('Gym');
    const monday = await stdoutRun('2026-11-23T07:31:00Z');
    expect(monday.stdout.split('\n').filter(Boolean).map((l) => l.split(';')[0])).toEqual(['07:30 Reminder: Gym']);
  });

  it('each weekday filter (1 = Sunday … 7 = Saturday) fires on its own day only', async () => {
    for (let d = 1; d <= 7; d++) {
      await addHabit(fx.svc, { name: `Day${d}`, reminders: { timeTriggers: [{ time: { hour: 7, minute: 30 }, occurrenceFilter: { weekDays: [d] } }] } });
    }
    // 2026-11-22 is a Sunday: day 1. Each day of the following week fires its own filter only.
    for (let i = 0; i < 7; i++) {
      const day = `2026-11-${String(22 + i).padStart(2, '0')}`;
      const r = await stdoutRun(`${day}T07:31:00Z`);
      expect(r.stdout.split('\n').filter(Boolean).map((l) => l.split(':')[1]!.trim()), day).toEqual([`30 Reminder`]);
      expect(r.stdout, day).toContain(`Reminder: Day${i + 1};`);
    }
  });

  it('completed, skipped and failed stay quiet; a bad habit within its limit is open (a check-in)', async () => {
    const names = ['Done', 'Skipped', 'Failed', 'Open'];
    const ids: string[] = [];
    for (const name of names) ids.push((await addHabit(fx.svc, { name, reminders: { timeTriggers: [{ time: { hour: 7, minute: 30 } }] } })).id);
    await addHabit(fx.svc, { name: 'Smoke', type: 'bad', goal: { value: 3, unit: 'rep', periodicity: 'daily' }, reminders: { timeTriggers: [{ time: { hour: 7, minute: 30 } }] } });
    await mark(fx.svc, ids[0]!, 'complete', '2026-11-22');
    await mark(fx.svc, ids[1]!, 'skipped', '2026-11-22');
    await mark(fx.svc, ids[2]!, 'failed', '2026-11-22');
    const r = await at('2026-11-22T07:31:00Z', ['remind', '--notify', 'stdout', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).map((x: { habit: { name: string } }) => x.habit.name)).toEqual(['Open', 'Smoke']);
    const ls = await at('2026-11-22T07:32:00Z', ['remind', 'ls', '--json']);
    const states = Object.fromEntries(JSON.parse(ls.stdout).map((x: { habit: { name: string }; state: string; why: string | null }) => [x.habit.name, `${x.state} ${x.why ?? ''}`.trim()]));
    expect(states).toEqual({ Done: 'quiet completed', Skipped: 'quiet skipped', Failed: 'quiet failed', Open: 'fired', Smoke: 'fired' });
  });

  it("a bad habit's reminder is a check-in: it fires while the day is within its limit, and is quiet once over it", async () => {
    const snacks = await addHabit(fx.svc, { name: 'Snacks', type: 'bad', goal: { value: 3, unit: 'rep', periodicity: 'daily' }, customUnitName: 'snacks', reminders: { timeTriggers: [{ time: { hour: 12, minute: 0 } }, { time: { hour: 21, minute: 0 } }] } });
    const smoke = await addHabit(fx.svc, { name: 'Smoke', type: 'bad', reminders: { timeTriggers: [{ time: { hour: 12, minute: 0 } }, { time: { hour: 21, minute: 0 } }] } });
    await at('2026-11-22T09:00:00Z', ['log', 'add', 'Snacks', '2']);
    const noon = await stdoutRun('2026-11-22T12:01:00Z');
    expect(noon).toMatchObject({ code: 0, stderr: '' });
    expect(noon.stdout).toBe(
      `12:00 Check-in: Snacks; had any? habits log add id:${snacks.id} <amount>\n` +
      `12:00 Check-in: Smoke; slipped? habits log fail id:${smoke.id}\n`,
    );
    const json = await at('2026-11-22T12:02:00Z', ['remind', 'ls', '--json']);
    expect(JSON.parse(json.stdout).map((x: { habit: { name: string }; clock: string; checkIn: string | null; state: string }) => `${x.clock} ${x.habit.name} ${x.checkIn} ${x.state}`)).toEqual([
      '12:00 Snacks limit fired', '12:00 Smoke clean fired', '21:00 Snacks limit pending', '21:00 Smoke clean pending',
    ]);
    // Over the limit (and a slip without one): the day is lost, the evening check-in stays quiet.
    await at('2026-11-22T15:00:00Z', ['log', 'add', 'Snacks', '2']);
    await at('2026-11-22T15:00:00Z', ['log', 'fail', 'Smoke']);
    expect(await stdoutRun('2026-11-22T21:01:00Z')).toMatchObject({ code: 0, stdout: '' });
    const ls = await at('2026-11-22T21:02:00Z', ['remind', 'ls']);
    expect(ls.stdout).toBe(
      '12:00\tSnacks\ttime (check-in)\tfired\n12:00\tSmoke\ttime (check-in)\tfired\n' +
      '21:00\tSnacks\ttime (check-in)\tquiet (over its limit)\n21:00\tSmoke\ttime (check-in)\tquiet (failed)\n',
    );
  });

  it('a reminder older than the grace window is stale, never fired late; --grace widens it', async () => {
    await addHabit(fx.svc, { name: 'Read', reminders: { timeTriggers: [{ time: { hour: 7, minute: 0 } }] } });
    const late = await stdoutRun('2026-11-22T07:45:00Z');
    expect(late.stdout).toBe('');
    const ls = await at('2026-11-22T07:46:00Z', ['remind', 'ls']);
    expect(ls.stdout).toBe('07:00\tRead\ttime\tstale\n');
    // A fresh day, first run 50 minutes late, grace 1h: fired.
    const wide = await stdoutRun('2026-11-23T07:50:00Z', ['--grace', '1h']);
    expect(wide.stdout).toMatch(/^07:00 Reminder: Read;/);
  });

  it('bad flags: one line, exit 2, before any request', async () => {
    for (const [args, line] of [
      [['remind', '--grace', 'soon'], 'error: --grace: "soon" is not a duration (use e.g. 30s, 10m, 1h30m)\n'],
      [['remind', '--notify', 'pager'], 'error: --notify: "pager" is not one of auto, desktop, stdout, exec:CMD\n'],
      [['remind', '--notify', 'exec:'], 'error: --notify exec: needs a command, e.g. --notify "exec:/usr/local/bin/ntfy-reminder --topic me"\n'],
      [['remind', 'install', '--every', '90s'], 'error: --every: "90s" is not a whole number of minutes from 1m to 60m\n'],
      [['remind', 'install', '--cron', '--systemd'], 'error: --cron and --systemd name two schedulers: choose one\n'],
    ] as const) {
      const r = await at('2026-11-22T07:31:00Z', [...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.split('\n')[0] + '\n', args.join(' ')).toBe(line);
      expect(r.requests).toEqual([]);
    }
  });
});

describe('habits remind: stacks', () => {
  it('a stack on completed fires its delay after the condition was done (the record of writes), once', async () => {
    const stretch = await addHabit(fx.svc, { name: 'Stretch' });
    await addHabit(fx.svc, { name: 'Walk', reminders: { habitStacks: [{ conditionHabitId: stretch.id, type: 'completed', timerType: 'after', timerDelaySecs: 600 }] } });
    expect((await stdoutRun('2026-11-22T07:30:00Z')).stdout).toBe('');
    expect((await at('2026-11-22T07:31:00Z', ['remind', 'ls'])).stdout).toBe('--:--\tWalk\tstack: after Stretch completed\tpending (waits for Stretch completed)\n');
    await at('2026-11-22T07:40:00Z', ['log', 'done', 'Stretch']);
    // Learnt at 07:45; due 07:50, ten minutes after the mark was written.
    expect((await stdoutRun('2026-11-22T07:45:00Z')).stdout).toBe('');
    expect((await at('2026-11-22T07:46:00Z', ['remind', 'ls'])).stdout).toBe('07:50\tWalk\tstack: after Stretch completed\tpending\n');
    expect((await stdoutRun('2026-11-22T07:51:00Z')).stdout).toMatch(/^07:50 Reminder: Walk \(after Stretch completed\); done\? habits log done id:/);
    expect((await stdoutRun('2026-11-22T07:56:00Z')).stdout).toBe('');
  });

  it('a condition marked elsewhere counts from when a run first sees it; skipped and failed stacks need their own status', async () => {
    const a = await addHabit(fx.svc, { name: 'A' });
    await addHabit(fx.svc, { name: 'OnSkip', reminders: { habitStacks: [{ conditionHabitId: a.id, type: 'skipped', timerType: 'immediately' }] } });
    await addHabit(fx.svc, { name: 'OnFail', reminders: { habitStacks: [{ conditionHabitId: a.id, type: 'failed', timerType: 'after', timerDelaySecs: 300 }] } });
    await mark(fx.svc, a.id, 'failed', '2026-11-22');
    expect((await stdoutRun('2026-11-22T09:00:00Z')).stdout).toBe('');
    const r = await stdoutRun('2026-11-22T09:05:00Z');
    expect(r.stdout.split('\n').filter(Boolean).map((l) => l.split(';')[0])).toEqual(['09:05 Reminder: OnFail (after A failed)']);
  });

  it("a stack on a reminder fires with the condition's reminder (immediately) or after its delay, not when that reminder stayed quiet", async () => {
    const tea = await addHabit(fx.svc, { name: 'Tea', reminders: { timeTriggers: [{ time: { hour: 7, minute: 30 }, showAsAlarm: true }] } });
    await addHabit(fx.svc, { name: 'Vitamins', reminders: { habitStacks: [{ conditionHabitId: tea.id, type: 'reminder', timerType: 'immediately' }] } });
    await addHabit(fx.svc, { name: 'Water', reminders: { habitStacks: [{ conditionHabitId: tea.id, type: 'reminder', timerType: 'after', timerDelaySecs: 900 }] } });
    const r = await at('2026-11-22T07:31:00Z', ['remind', '--notify', 'stdout', '--json']);
    const fired = JSON.parse(r.stdout) as { habit: { name: string }; kind: string; alarm: boolean; time: string }[];
    expect(fired.map((f) => [f.habit.name, f.kind, f.alarm, f.time])).toEqual([
      ['Tea', 'time', true, '2026-11-22T07:30:00.000Z'],
      ['Vitamins', 'stack', false, '2026-11-22T07:30:00.000Z'],
    ]);
    expect((await stdoutRun('2026-11-22T07:46:00Z')).stdout).toMatch(/^07:45 Reminder: Water \(after Tea reminder\);/);
    // Next day Tea is done before its reminder: the stacks stay quiet too.
    fx.clock.set('2026-11-23T07:10:00Z');
    await mark(fx.svc, tea.id, 'complete', '2026-11-23');
    expect((await stdoutRun('2026-11-23T07:31:00Z')).stdout).toBe('');
    const ls = await at('2026-11-23T07:50:00Z', ['remind', 'ls']);
    expect(ls.stdout).toBe("07:30\tTea\ttime\tquiet (completed)\n07:30\tVitamins\tstack: after Tea reminder\tquiet (Tea's reminder did not fire)\n07:45\tWater\tstack: after Tea reminder\tquiet (Tea's reminder did not fire)\n");
  });
});

describe('habits remind: state, crash, server out of reach', () => {
  it('a torn last line of the state file (a crash mid-write) is skipped: nothing fires twice, and the next line is whole', async () => {
    await addHabit(fx.svc, { name: 'Stretch', reminders: { timeTriggers: [{ time: { hour: 7, minute: 30 } }] } });
    expect((await stdoutRun('2026-11-22T07:31:00Z')).stdout).not.toBe('');
    appendFileSync(stateFile(), '{"op":"fired","key":"2026-11-22|x');
    expect(await stdoutRun('2026-11-22T07:32:00Z')).toMatchObject({ code: 0, stdout: '', stderr: '' });
    const lines = readFileSync(stateFile(), 'utf8').trimEnd().split('\n');
    expect(lines.at(-2)).toContain('(torn: cut short by a crash)');
    expect(JSON.parse(lines.at(-1)!)).toEqual({ op: 'run', at: '2026-11-22T07:32:00.000Z' });
  });

  it('damaged or foreign lines of the state file are skipped, never trusted, and counted by doctor', async () => {
    const h = await addHabit(fx.svc, { name: 'Stretch', reminders: { timeTriggers: [{ time: { hour: 7, minute: 30 } }, { time: { hour: 8, minute: 0 } }] } });
    expect((await stdoutRun('2026-11-22T07:31:00Z')).stdout).toMatch(/^07:30 Reminder: Stretch;/);
    appendFileSync(stateFile(), [
      // A "fired" line of the 08:00 reminder without its time, habit and way: trusted, it would keep 08:00 quiet.
      JSON.stringify({ op: 'fired', key: `2026-11-22|${h.id}|t08:00`, at: '2026-11-22T07:40:00.000Z' }),
      '[1,2]', '"fired"', '42', '{"op":"fired","key":', JSON.stringify({ op: 'run', at: '2026-11-22T07:45:00.000Z', offline: 'yes' }),
      JSON.stringify({ op: 'met', date: 'today', habitId: h.id, status: 'completed', at: '2026-11-22T07:45:00.000Z' }),
      JSON.stringify({ op: 'snooze', key: `2026-11-22|${h.id}|t08:00`, at: '2026-11-22T07:45:00.000Z' }),
    ].join('\n') + '\n');
    expect((await at('2026-11-22T07:50:00Z', ['remind', 'ls'])).stdout).toBe('07:30\tStretch\ttime\tfired\n08:00\tStretch\ttime\tpending\n');
    const r = await stdoutRun('2026-11-22T08:01:00Z');
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout).toMatch(/^08:00 Reminder: Stretch;/);
    const doctor = await at('2026-11-22T08:02:00Z', ['doctor', '--offline', '--json'], { HABITS_TIMEZONE: 'UTC' });
    const reminders = (JSON.parse(doctor.stdout) as { check: string }[]).find((c) => c.check === 'reminders');
    expect(reminders).toEqual({
      check: 'reminders', status: 'warn',
      detail: `not installed; last ran 2026-11-22 08:01; last fired Stretch at 2026-11-22 08:01 (\`habits remind install\` runs them every 5 min); 8 damaged lines skipped in ${stateFile()}`,
      fix: 'nothing is read from them, the other lines still count; remove them from the file to silence this',
    });
  });

  it('the server out of reach: fires from the cached habits and says so on stderr; never silently', async () => {
    await addHabit(fx.svc, { name: 'Stretch', reminders: { timeTriggers: [{ time: { hour: 7, minute: 30 } }] } });
    const f = await front(fx.svc.url);
    const via = { HABITS_BASE_URL: f.url };
    await at('2026-11-22T07:00:00Z', ['habit', 'ls'], via); // the cache learns the habits and their reminders
    await f.close();
    const r = await at('2026-11-22T07:31:00Z', ['remind', '--notify', 'stdout', '--json'], via);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^warning: the server is out of reach \(.*connection refused.*\): reminders fire from the cached habits, without checking which are done\n$/);
    const fired = JSON.parse(r.stdout);
    expect(fired).toHaveLength(1);
    expect(fired[0]).toMatchObject({ habit: { name: 'Stretch' }, offline: true });
    const ls = readFileSync(stateFile(), 'utf8');
    expect(ls).toContain('"offline":true');
  });

  it('the server out of reach and nothing cached: exit 1 with the reason, nothing fired', async () => {
    const f = await front(fx.svc.url);
    await f.close();
    const r = await at('2026-11-22T07:31:00Z', ['remind', '--notify', 'stdout'], { HABITS_BASE_URL: f.url });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^warning: the server is out of reach .*\nerror: no cached habits to remind of: the server has never been reached from here\n$/);
    expect(r.stdout).toBe('');
  });
});

describe('habits remind: delivery', () => {
  it('exec:CMD runs the command once per reminder, without a shell: HABITS_REMINDER_* and JSON on stdin, never the API key', async () => {
    const h = await addHabit(fx.svc, { name: 'Stretch; rm -rf $HOME', reminders: { timeTriggers: [{ time: { hour: 7, minute: 30 }, showAsAlarm: true }] } });
    const out = join(fx.home.home, 'got');
    const cmd = script('record', `n=$(ls "$1" | wc -l); env > "$1/env.$n"; cat > "$1/stdin.$n"; printf '%s\\n' "$@" > "$1/argv.$n"\n`);
    mkdirSync(out);
    const r = await at('2026-11-22T07:31:00Z', ['remind', '--notify', `exec:${cmd} ${out} '$HOME' "a b" ;`], { PATH: process.env.PATH ?? '' });
    expect(r).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(readdirSync(out).sort()).toEqual(['argv.0', 'env.0', 'stdin.0']);
    expect(readFileSync(join(out, 'argv.0'), 'utf8')).toBe(`${out}\n$HOME\na b\n;\n`);
    const env = Object.fromEntries(readFileSync(join(out, 'env.0'), 'utf8').trimEnd().split('\n').map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]));
    expect(env).toMatchObject({
      HABITS_REMINDER_HABIT: 'Stretch; rm -rf $HOME', HABITS_REMINDER_HABIT_ID: h.id, HABITS_REMINDER_DATE: '2026-11-22',
      HABITS_REMINDER_TIME: '2026-11-22T07:30:00.000Z', HABITS_REMINDER_CLOCK: '07:30', HABITS_REMINDER_KIND: 'time',
      HABITS_REMINDER_ALARM: '1', HABITS_REMINDER_CHECK_IN: '', HABITS_REMINDER_COMMAND: `habits log done id:${h.id}`, HABITS_REMINDER_OFFLINE: '0',
    });
    expect(env.HABITS_API_KEY).toBeUndefined();
    expect(readFileSync(join(out, 'env.0'), 'utf8')).not.toContain(fx.svc.apiKey);
    expect(JSON.parse(readFileSync(join(out, 'stdin.0'), 'utf8'))).toEqual({
      habit: { id: h.id, name: 'Stretch; rm -rf $HOME' }, date: '2026-11-22', time: '2026-11-22T07:30:00.000Z', clock: '07:30',
      kind: 'time', alarm: true, checkIn: null, command: `habits log done id:${h.id}`, offline: false,
    });
    expect(readFileSync(stateFile(), 'utf8')).not.toContain(fx.svc.apiKey);
  });

  it('a command that fails: exit 1 naming it, the reminder is not marked fired, and the next run tries again', async () => {
    await addHabit(fx.svc, { name: 'Stretch', reminders: { timeTriggers: [{ time: { hour: 7, minute: 30 } }] } });
    const flag = join(fx.home.home, 'ok');
    const cmd = script('flaky', `[ -e ${flag} ] && exit 0; echo "no network" >&2; exit 3\n`);
    const r = await at('2026-11-22T07:31:00Z', ['remind', '--notify', `exec:${cmd}`], { PATH: process.env.PATH ?? '' });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`error: 1 reminder could not be delivered: Stretch (07:30): ${cmd} exited 3: no network\nhint: the next run tries again while they are within the grace window\n`);
    writeFileSync(flag, '');
    const again = await at('2026-11-22T07:36:00Z', ['remind', '--notify', `exec:${cmd}`, '--json'], { PATH: process.env.PATH ?? '' });
    expect(again.code).toBe(0);
    expect(JSON.parse(again.stdout)).toHaveLength(1);
  });

  /** Whether process `pid` still runs (a zombie, dead but not yet reaped, does not). */
  const alive = (pid: number): boolean => {
    try {
      process.kill(pid, 0);
    } catch {
      return false;
    }
    try {
      return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
    } catch {
      return true;
    }
  };

  it('a notifier that traps SIGTERM and sleeps is killed with what it started at HABITS_REMIND_TIMEOUT; the next reminder still goes out, the lock is let go, and the next run works', async () => {
    await addHabit(fx.svc, { name: 'Hang', reminders: { timeTriggers: [{ time: { hour: 7, minute: 30 } }] } });
    await addHabit(fx.svc, { name: 'Read', reminders: { timeTriggers: [{ time: { hour: 7, minute: 30 } }] } });
    const log = join(fx.home.home, 'notifier.log');
    const pids = join(fx.home.home, 'pids');
    // Hang: SIGTERM ignored (and so by its sleep too), a child in the background; only SIGKILL to the group ends them.
    const cmd = script('stubborn', `echo "start $HABITS_REMINDER_HABIT" >> ${log}
` +
      `if [ "$HABITS_REMINDER_HABIT" = Hang ]; then trap '' TERM; sleep 60 & echo $! >> ${pids}; echo $$ >> ${pids}; sleep 60; echo "woke" >> ${log}; fi
`);
    const env = { PATH: process.env.PATH ?? '', HABITS_REMIND_TIMEOUT: '1s' };
    // The notifier sleeps 60 s, past this test's 20 s: a run that waited for it fails the test.
    const r = await at('2026-11-22T07:31:00Z', ['remind', '--notify', `exec:${cmd}`], env);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`error: 1 reminder could not be delivered: Hang (07:30): ${cmd} timed out after 1 s and was killed\nhint: a notifier killed at the time limit is not run again for that reminder\n`);
    expect(readFileSync(log, 'utf8')).toBe('start Hang\nstart Read\n');
    const started2 = readFileSync(pids, 'utf8').trim().split('\n').map(Number);
    expect(started2).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(started2.filter(alive)).toEqual([]);
    expect(existsSync(`${stateFile()}.lock`)).toBe(false);
    // Recorded: the timed-out one is not run again (it may have shown), the window moved on.
    const state = readFileSync(stateFile(), 'utf8');
    expect(state).toContain(`"habit":"Hang"`);
    expect(state).toContain(`"failed":"${cmd} timed out after 1 s and was killed"`);
    const next = await at('2026-11-22T07:33:00Z', ['remind', '--notify', `exec:${cmd}`], env);
    expect(next).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(readFileSync(log, 'utf8')).toBe('start Hang\nstart Read\n');
    expect((await at('2026-11-22T07:34:00Z', ['remind', 'ls'])).stdout).toBe('07:30\tHang\ttime\tfired\n07:30\tRead\ttime\tfired\n');
  }, 20_000);

  it('a notifier that exits but leaves a child holding its stderr: the run ends with the notifier, the reminder is recorded and not fired again', async () => {
    await addHabit(fx.svc, { name: 'Read', reminders: { timeTriggers: [{ time: { hour: 7, minute: 30 } }] } });
    const log = join(fx.home.home, 'notifier.log');
    const pidFile = join(fx.home.home, 'child.pid');
    const cmd = script('forker', `echo "$HABITS_REMINDER_HABIT" >> ${log}\nsleep 60 &\necho $! > ${pidFile}\nexit 0\n`);
    const env = { PATH: process.env.PATH ?? '' };
    try {
      // The child sleeps 60 s, past this test's time limit: a run that waited for it fails the test.
      const r = await at('2026-11-22T07:31:00Z', ['remind', '--notify', `exec:${cmd}`], env);
      expect(r).toMatchObject({ code: 0, stdout: '', stderr: '' });
      expect(readFileSync(stateFile(), 'utf8')).toMatch(/"op":"fired".*"habit":"Read"/);
      expect(await at('2026-11-22T07:33:00Z', ['remind', '--notify', `exec:${cmd}`], env)).toMatchObject({ code: 0, stderr: '' });
      expect(readFileSync(log, 'utf8')).toBe('Read\n');
    } finally {
      if (existsSync(pidFile)) try { process.kill(Number(readFileSync(pidFile, 'utf8')), 'SIGKILL'); } catch { /* gone */ }
    }
  }, 20_000);

  it('HABITS_REMIND_TIMEOUT that is not a duration: exit 2, one line, nothing run', async () => {
    await addHabit(fx.svc, { name: 'Read', reminders: { timeTriggers: [{ time: { hour: 7, minute: 30 } }] } });
    const r = await at('2026-11-22T07:31:00Z', ['remind', '--notify', 'stdout'], { HABITS_REMIND_TIMEOUT: 'soon' });
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toBe('error: HABITS_REMIND_TIMEOUT: "soon" is not a duration');
    expect(r.stdout).toBe('');
  });

  it('auto: notify-send with the session bus found for a cron job, urgency critical for an alarm', async () => {
    await addHabit(fx.svc, { name: 'Tea', reminders: { timeTriggers: [{ time: { hour: 7, minute: 30 }, showAsAlarm: true }] } });
    await addHabit(fx.svc, { name: 'Read', reminders: { timeTriggers: [{ time: { hour: 7, minute: 30 } }] } });
    const log = join(fx.home.home, 'notify-send.log');
    script('notify-send', `printf '%s|' "$@" >> ${log}; echo "bus=$DBUS_SESSION_BUS_ADDRESS" >> ${log}\n`);
    const PATH = `${join(fx.home.home, 'bin')}:${process.env.PATH}`;
    const r = await at('2026-11-22T07:31:00Z', ['remind'], { PATH, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/tmp/test-bus' });
    expect(r).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(readFileSync(log, 'utf8')).toBe(
      '--app-name=habits|--urgency=critical|⏰ Tea|habits reminder, 07:30|bus=unix:path=/tmp/test-bus\n' +
      '--app-name=habits|--urgency=normal|Read|habits reminder, 07:30|bus=unix:path=/tmp/test-bus\n',
    );
  });

  it('auto without a desktop (no notify-send, no session bus): one line on stdout; desktop says why it cannot', async () => {
    await addHabit(fx.svc, { name: 'Read', reminders: { timeTriggers: [{ time: { hour: 7, minute: 30 } }] } });
    const desk = await at('2026-11-22T07:31:00Z', ['remind', '--notify', 'desktop'], { PATH: '/nonexistent' });
    expect(desk.code).toBe(1);
    expect(desk.stderr).toMatch(/^error: 1 reminder could not be delivered: Read \(07:30\): no desktop notification here: notify-send is not on PATH\n/);
    const auto = await at('2026-11-22T07:32:00Z', ['remind'], { PATH: '/nonexistent' });
    expect(auto.stdout).toMatch(/^07:30 Reminder: Read; done\? habits log done id:\S+\n$/);
  });
});

describe('habits remind install and uninstall', () => {
  /** A fake `crontab` keeping the table in a file: -l prints it (or "no crontab"), - replaces it. */
  function fakeCrontab(): { PATH: string; table: string } {
    const table = join(fx.home.home, 'crontab.txt');
    script('crontab', `if [ "$1" = "-l" ]; then [ -e ${table} ] && exec cat ${table}; echo "no crontab for tester" >&2; exit 1; fi\n[ "$1" = "-" ] && exec cat > ${table}\nexit 2\n`);
    return { PATH: `${join(fx.home.home, 'bin')}:/usr/bin:/bin`, table };
  }

  it('--cron --print shows the block and writes nothing; it carries PATH, TZ and local mode or the profile, never the key', async () => {
    const local = await at('2026-11-22T07:31:00Z', ['--local', 'remind', 'install', '--cron', '--print', '--every', '10m'], { PATH: '/opt/bin:/usr/bin', HABITS_TIMEZONE: 'Europe/Paris' });
    expect(local.code).toBe(0);
    const lines = local.stdout.split('\n');
    expect(lines[0]).toBe('# crontab');
    expect(lines[1]).toBe('# >>> habits remind [local]: Written by `habits remind install`; `habits remind uninstall` removes it.');
    expect(lines[2]).toMatch(/^\*\/10 \* \* \* \* PATH=\/opt\/bin:\/usr\/bin TZ=Europe\/Paris XDG_CONFIG_HOME=\S+ XDG_DATA_HOME=\S+ XDG_CACHE_HOME=\S+ HABITS_LOCAL=1 \S*node\S* \S+ remind$/);
    expect(lines[3]).toBe('# <<< habits remind [local]');
    mkdirSync(join(fx.home.env.XDG_CONFIG_HOME, 'habits'), { recursive: true });
    writeFileSync(join(fx.home.env.XDG_CONFIG_HOME, 'habits', 'config.json'), JSON.stringify({ profiles: { work: { 'base-url': fx.svc.url } } }));
    const profile = await at('2026-11-22T07:31:00Z', ['--profile', 'work', 'remind', 'install', '--cron', '--print', '--json'], { PATH: '/usr/bin' });
    const doc = JSON.parse(profile.stdout);
    expect(doc).toMatchObject({ scheduler: 'cron', written: false });
    expect(doc.files[0].text).toContain(' HABITS_PROFILE=work ');
    expect(doc.files[0].text).toContain('# >>> habits remind [work]');
    expect(profile.stderr).toContain('warning: the API key comes from HABITS_API_KEY');
    expect(profile.stdout + local.stdout).not.toContain(fx.svc.apiKey);
  });

  it('merges into the crontab through `crontab`, keeping the other lines; install again replaces; uninstall removes exactly its block', async () => {
    const { PATH, table } = fakeCrontab();
    const theirs = 'MAILTO=me@example.com\n# my backups\n0 3 * * * /usr/local/bin/backup --all\n';
    writeFileSync(table, theirs);
    const first = await at('2026-11-22T07:31:00Z', ['remind', 'install', '--cron'], { PATH });
    expect(first).toMatchObject({ code: 0, stdout: '' });
    expect(first.stderr).toContain('Added the habits remind lines of the crontab (every 5 min)');
    const installed = readFileSync(table, 'utf8');
    expect(installed.startsWith(theirs)).toBe(true);
    expect(installed.slice(theirs.length)).toMatch(/^# >>> habits remind \[default\]: .*\n\*\/5 \* \* \* \* PATH=.* remind\n# <<< habits remind \[default\]\n$/);
    const second = await at('2026-11-22T07:32:00Z', ['remind', 'install', '--cron', '--every', '15m', '--notify', 'exec:/usr/bin/ntfy pub me'], { PATH });
    expect(second.stderr).toContain('Replaced the habits remind lines of the crontab (every 15 min)');
    const replaced = readFileSync(table, 'utf8');
    expect(replaced.match(/>>> habits remind/g)).toHaveLength(1);
    expect(replaced).toMatch(/\n\*\/15 \* \* \* \* .* remind --notify 'exec:\/usr\/bin\/ntfy pub me'\n/);
    const removed = await at('2026-11-22T07:33:00Z', ['remind', 'uninstall', '--cron'], { PATH });
    expect(removed.code).toBe(0);
    expect(readFileSync(table, 'utf8')).toBe(theirs);
    const none = await at('2026-11-22T07:34:00Z', ['remind', 'uninstall', '--cron'], { PATH });
    expect(none.stderr).toBe('Nothing to remove: habits remind install wrote nothing here for this profile\n');
    expect(readFileSync(table, 'utf8')).toBe(theirs);
  });

  it('a control character in any value an entry carries (environment, --notify, --grace): exit 2, one line naming it, nothing written, for each scheduler', async () => {
    const { PATH, table } = fakeCrontab();
    const calls = join(fx.home.home, 'tools.log');
    script('systemctl', `echo "systemctl $*" >> ${calls}\n`);
    script('launchctl', `echo "launchctl $*" >> ${calls}\n`);
    const unitDir = join(fx.home.env.XDG_CONFIG_HOME, 'systemd', 'user');
    const agents = join(fx.home.home, 'Library', 'LaunchAgents');
    const evil = '\n* * * * * touch /tmp/pwned';
    const cases: [string, Record<string, string>, string[], string][] = [
      ['XDG_DATA_HOME', { XDG_DATA_HOME: `${fx.home.env.XDG_DATA_HOME}${evil}` }, [], 'XDG_DATA_HOME contains a line break (\\n)'],
      ['HABITS_DATA_DIR', { HABITS_DATA_DIR: `/tmp/d\rExecStartPre=/bin/touch /tmp/pwned` }, [], 'HABITS_DATA_DIR contains a line break (\\r)'],
      ['PATH', { PATH: `${PATH}${evil}` }, [], 'PATH contains a line break (\\n)'],
      ['HABITS_BASE_URL', { HABITS_BASE_URL: `${fx.svc.url}\nExecStartPre=/bin/touch /tmp/pwned` }, [], 'HABITS_BASE_URL contains a line break (\\n)'],
      ['LANG', { LANG: 'C.UTF-8\u2028x' }, [], 'LANG contains a line break (\\u2028)'],
      ['XDG_CACHE_HOME', { XDG_CACHE_HOME: '/tmp/c\u001b[2J' }, [], 'XDG_CACHE_HOME contains an escape character (\\x1b)'],
      ['--notify', {}, ['--notify', `exec:/bin/true${evil}`], '--notify contains a line break (\\n)'],
      ['--grace', {}, ['--grace', '30m\n'], '--grace contains a line break (\\n)'],
    ];
    for (const scheduler of ['--cron', '--systemd', '--launchd']) {
      for (const print of [[], ['--print']]) {
        for (const [what, env, flags, said] of cases) {
          const label = `${scheduler} ${print.join('')} ${what}`;
          const r = await at('2026-11-22T07:31:00Z', ['remind', 'install', scheduler, ...print, ...flags], { PATH, ...env });
          expect(r.code, label).toBe(2);
          expect(r.stderr, label).toBe(`error: ${said}, which the scheduler entry would carry: refused, nothing written\n`);
          expect(r.stdout, label).toBe('');
        }
      }
    }
    expect(existsSync(table)).toBe(false);
    expect(existsSync(unitDir)).toBe(false);
    expect(existsSync(agents)).toBe(false);
    expect(existsSync(calls)).toBe(false);
  });

  it('a crontab line run as cron runs it (an unescaped % ends the command, \\% is a %), then by a real sh, gives back every value exactly: %, \\%, quotes, $, spaces', async () => {
    /** What cron (vixie, cronie) does with a command: `\%` -> `%`, the first other `%` ends it, the rest is stdin. */
    const asCron = (cmd: string): { command: string; stdin: string } => {
      let out = '';
      let escaped = false;
      for (let i = 0; i < cmd.length; i++) {
        const ch = cmd[i]!;
        if (escaped) {
          out = ch === '%' ? out.slice(0, -1) + '%' : out + ch;
          escaped = false;
          continue;
        }
        if (ch === '%') return { command: out, stdin: cmd.slice(i + 1).replace(/%/g, '\n') };
        out += ch;
        escaped = ch === '\\';
      }
      return { command: out, stdin: '' };
    };
    const weird = `${fx.home.home}/da ta 50% \\%x \\\\%y 'q' "d" $HOME \`id\` end\\`;
    const notify = `exec:/bin/rec 'a\\%b' 100% "c\\\\%d"`;
    const r = await at('2026-11-22T07:31:00Z', ['--local', 'remind', 'install', '--cron', '--print', '--json', '--notify', notify, '--grace', '45m'], { XDG_DATA_HOME: weird, PATH: '/usr/bin:/bin' });
    expect(r.code).toBe(0);
    const line = (JSON.parse(r.stdout) as { files: { text: string }[] }).files[0]!.text.split('\n')[1]!;
    const command = line.replace(/^(\S+ ){5}/, '');
    const cron = asCron(command);
    expect(cron.stdin).toBe('');
    // The words sh makes of the line, printed instead of run: printf before them turns `A=b` into a word.
    const sh = spawnSync('/bin/sh', ['-c', `printf '%s\\000' ${cron.command}`], { input: cron.stdin, encoding: 'utf8' });
    expect(sh.status).toBe(0);
    const words = sh.stdout.split('\0').slice(0, -1);
    expect(words).toContain(`XDG_DATA_HOME=${weird}`);
    expect(words.slice(-5)).toEqual(['remind', '--notify', notify, '--grace', '45m']);
    expect(words.filter((w) => w.includes('%'))).toEqual([`XDG_DATA_HOME=${weird}`, notify]);
  });

  it('--systemd: % in a value is %% (a specifier otherwise), \\ " $ escaped; systemd-analyze finds nothing to resolve or complain of', async () => {
    const weird = `${fx.home.home}/da ta 50%x \\%y "q" $HOME`;
    const notify = `exec:/bin/rec 100%x 'a\\%b'`;
    const r = await at('2026-11-22T07:31:00Z', ['--local', 'remind', 'install', '--systemd', '--print', '--json', '--notify', notify], { XDG_DATA_HOME: weird, PATH: '/usr/bin:/bin' });
    expect(r.code).toBe(0);
    const files = (JSON.parse(r.stdout) as { files: { path: string; text: string }[] }).files;
    const service = files[0]!.text;
    expect(service).toContain(`\nEnvironment="XDG_DATA_HOME=${fx.home.home}/da ta 50%%x \\\\%%y \\"q\\" $$HOME"\n`);
    expect(service).toMatch(/\nExecStart="\S+" "\S+" "remind" "--notify" "exec:\/bin\/rec 100%%x 'a\\\\%%b'"\n/);
    if (onPath('systemd-analyze')) {
      const dir = join(fx.home.home, 'units');
      mkdirSync(dir);
      for (const f of files) writeFileSync(join(dir, f.path.split('/').at(-1)!), f.text);
      const v = spawnSync('systemd-analyze', ['verify', ...files.map((f) => join(dir, f.path.split('/').at(-1)!))], { encoding: 'utf8', env: { ...process.env, XDG_RUNTIME_DIR: fx.home.home } });
      expect(v.stderr).toBe('');
      expect(v.status).toBe(0);
    }
  });

  it('doctor says whether reminders are installed, when they last ran and fired, and warns when the scheduler fell silent', async () => {
    const { PATH } = fakeCrontab();
    const reminders = async (iso: string) => {
      const r = await at(iso, ['doctor', '--offline', '--json'], { PATH, HABITS_TIMEZONE: 'UTC' });
      return (JSON.parse(r.stdout) as { check: string }[]).find((c) => c.check === 'reminders');
    };
    expect(await reminders('2026-11-22T07:00:00Z')).toEqual({ check: 'reminders', status: 'ok', detail: 'not installed (`habits remind install` runs them every 5 min)' });
    await addHabit(fx.svc, { name: 'Read', reminders: { timeTriggers: [{ time: { hour: 7, minute: 30 } }] } });
    expect((await at('2026-11-22T07:01:00Z', ['remind', 'install', '--cron'], { PATH })).code).toBe(0);
    expect(await reminders('2026-11-22T07:02:00Z')).toEqual({ check: 'reminders', status: 'ok', detail: 'installed (crontab); has not run yet' });
    expect((await stdoutRun('2026-11-22T07:31:00Z')).stdout).toMatch(/^07:30 Reminder: Read;/);
    expect(await reminders('2026-11-22T09:00:00Z')).toEqual({ check: 'reminders', status: 'ok', detail: 'installed (crontab); last ran 2026-11-22 07:31; last fired Read at 2026-11-22 07:31' });
    const silent = await reminders('2026-11-24T09:00:00Z');
    expect(silent).toMatchObject({ check: 'reminders', status: 'warn', detail: 'installed (crontab), but last ran 2026-11-22 07:31; last fired Read at 2026-11-22 07:31' });
  });

  it('--systemd writes a service and a Persistent timer, tells systemctl; uninstall removes only files of its own', async () => {
    const calls = join(fx.home.home, 'systemctl.log');
    script('systemctl', `echo "$*" >> ${calls}\n`);
    const PATH = `${join(fx.home.home, 'bin')}:/usr/bin:/bin`;
    const printed = await at('2026-11-22T07:31:00Z', ['remind', 'install', '--systemd', '--print'], { PATH });
    const unitDir = join(fx.home.env.XDG_CONFIG_HOME, 'systemd', 'user');
    expect(printed.stdout).toContain(`# ${unitDir}/habits-remind.timer\n`);
    expect(printed.stdout).toContain('[Timer]\nOnCalendar=*:0/5\nPersistent=true\n');
    expect(printed.stdout).toMatch(/\[Service\]\nType=oneshot\nEnvironment="PATH=\/\S+"\nEnvironment="TZ=UTC"\n(Environment=.*\n)*ExecStart="\S*node\S*" "\S+" "remind"\n/);
    expect(existsSync(unitDir)).toBe(false);
    const r = await at('2026-11-22T07:31:00Z', ['remind', 'install', '--systemd'], { PATH });
    expect(r.code).toBe(0);
    expect(readdirSync(unitDir).sort()).toEqual(['habits-remind.service', 'habits-remind.timer']);
    expect(readFileSync(calls, 'utf8')).toBe('--user daemon-reload\n--user enable --now habits-remind.timer\n');
    if (onPath('systemd-analyze')) {
      // systemd's own check of the units (the ExecStart program must exist, the timer must name its service).
      const v = spawnSync('systemd-analyze', ['verify', join(unitDir, 'habits-remind.service'), join(unitDir, 'habits-remind.timer')], { encoding: 'utf8', env: { ...process.env, XDG_RUNTIME_DIR: fx.home.home } });
      expect(v.stderr).toBe('');
      expect(v.status).toBe(0);
    }
    writeFileSync(join(unitDir, 'mine.service'), '[Service]\nExecStart=/bin/true\n');
    const u = await at('2026-11-22T07:32:00Z', ['remind', 'uninstall', '--systemd'], { PATH });
    expect(u.code).toBe(0);
    expect(readdirSync(unitDir)).toEqual(['mine.service']);
    expect(readFileSync(calls, 'utf8').split('\n').slice(2)).toEqual(['--user disable --now habits-remind.timer', '--user daemon-reload', '']);
  });
});
