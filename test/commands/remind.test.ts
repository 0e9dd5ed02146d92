// `habits remind` against the real local service over loopback, the clock in the test's hand (the
// service's and the CLI's move together): what fires, what stays quiet, what goes stale, stacks,
// the state file, an unreachable server, and the ways of delivery.
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { addHabit, mark, useService } from '../helpers/service.js';

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

  it('completed, skipped and failed stay quiet; a bad habit under its limit stays quiet', async () => {
    const names = ['Done', 'Skipped', 'Failed', 'Open'];
    const ids: string[] = [];
    for (const name of names) ids.push((await addHabit(fx.svc, { name, reminders: { timeTriggers: [{ time: { hour: 7, minute: 30 } }] } })).id);
    await addHabit(fx.svc, { name: 'Smoke', type: 'bad', goal: { value: 3, unit: 'rep', periodicity: 'daily' }, reminders: { timeTriggers: [{ time: { hour: 7, minute: 30 } }] } });
    await mark(fx.svc, ids[0]!, 'complete', '2026-11-22');
    await mark(fx.svc, ids[1]!, 'skipped', '2026-11-22');
    await mark(fx.svc, ids[2]!, 'failed', '2026-11-22');
    const r = await at('2026-11-22T07:31:00Z', ['remind', '--notify', 'stdout', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).map((x: { habit: { name: string } }) => x.habit.name)).toEqual(['Open']);
    const ls = await at('2026-11-22T07:32:00Z', ['remind', 'ls', '--json']);
    const states = Object.fromEntries(JSON.parse(ls.stdout).map((x: { habit: { name: string }; state: string; why: string | null }) => [x.habit.name, `${x.state} ${x.why ?? ''}`.trim()]));
    expect(states).toEqual({ Done: 'quiet completed', Skipped: 'quiet skipped', Failed: 'quiet failed', Open: 'fired', Smoke: 'quiet under its limit' });
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
