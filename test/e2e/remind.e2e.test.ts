// `habits remind` as a scheduler runs it: the built binary in processes of its own, their clock set
// by libfaketime, against the local service over loopback. Two runs started at once fire a reminder
// once: the second waits for the first's lock, then finds it fired.
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { faketimeCli, type CliResult } from '../helpers/cli.js';
import { addHabit, useService } from '../helpers/service.js';
import { withTools } from '../helpers/tools.js';

const fx = useService({ per: 'test', start: '2026-11-22T07:00:00.000Z' });

/** The built CLI under faketime at `time` (UTC), with the service's environment. */
function at(time: string, argv: string[], env: Record<string, string> = {}): Promise<CliResult> {
  return faketimeCli(time, argv, { ...fx.env, TZ: 'UTC', ...env });
}

withTools('faketime').describe('habits remind in processes of its own (libfaketime)', () => {
  it('two runs at once fire a reminder once; a later run fires nothing', async () => {
    await addHabit(fx.svc, { name: 'Stretch', reminders: { timeTriggers: [{ time: { hour: 7, minute: 30 } }] } });
    const dir = join(fx.home.home, 'bin');
    mkdirSync(dir, { recursive: true });
    const log = join(fx.home.home, 'fired.log');
    const notifier = join(dir, 'slow-notifier');
    // Slow enough that both runs overlap: the second must wait for the lock.
    writeFileSync(notifier, `#!/bin/sh\nsleep 0.5\necho "$HABITS_REMINDER_HABIT $HABITS_REMINDER_CLOCK $$" >> ${log}\n`);
    chmodSync(notifier, 0o755);
    const both = await Promise.all([0, 1].map(() => at('2026-11-22 07:31:00', ['remind', '--notify', `exec:${notifier}`])));
    expect(both.map((r) => [r.code, r.stdout, r.stderr])).toEqual([[0, '', ''], [0, '', '']]);
    expect(readFileSync(log, 'utf8').split('\n').filter(Boolean).map((l) => l.split(' ').slice(0, 2).join(' '))).toEqual(['Stretch 07:30']);
    const later = await at('2026-11-22 07:33:00', ['remind', '--notify', 'stdout']);
    expect(later).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('the acceptance path in local mode: a habit with --remind, a run at 07:31, 07:33, done, a stack 10 minutes after', async () => {
    const env = { HABITS_LOCAL: '1', HABITS_TIMEZONE: 'UTC' };
    expect((await at('2026-11-22 07:00:00', ['habit', 'add', 'Stretch', '--daily', '--remind', '07:30', '--remind', '08:00'], env)).code).toBe(0);
    expect((await at('2026-11-22 07:00:00', ['habit', 'add', 'Walk', '--daily', '--stack', 'Stretch:completed:after=10m'], env)).code).toBe(0);
    const printed = await at('2026-11-22 07:00:00', ['remind', 'install', '--cron', '--print'], env);
    expect(printed.stdout).toMatch(/HABITS_LOCAL=1 \S+ \S+bin\/habits\.js remind\n/);
    expect((await at('2026-11-22 07:31:00', ['remind', '--notify', 'stdout'], env)).stdout).toMatch(/^07:30 Reminder: Stretch; done\? habits log done id:\S+ --local\n$/);
    expect((await at('2026-11-22 07:33:00', ['remind', '--notify', 'stdout'], env)).stdout).toBe('');
    expect((await at('2026-11-22 07:40:00', ['log', 'done', 'Stretch'], env)).code).toBe(0);
    expect((await at('2026-11-22 07:45:00', ['remind', '--notify', 'stdout'], env)).stdout).toBe('');
    expect((await at('2026-11-22 07:51:00', ['remind', '--notify', 'stdout'], env)).stdout).toMatch(/^07:50 Reminder: Walk \(after Stretch completed\); done\? habits log done id:\S+ --local\n$/);
    expect((await at('2026-11-22 08:01:00', ['remind', '--notify', 'stdout'], env)).stdout).toBe('');
  });

  it('the acceptance line: an exec: notifier that traps SIGTERM and sleeps; the run ends within the time limit plus a few seconds, and the next run works', async () => {
    await addHabit(fx.svc, { name: 'Stretch', reminders: { timeTriggers: [{ time: { hour: 7, minute: 30 } }] } });
    await addHabit(fx.svc, { name: 'Read', reminders: { timeTriggers: [{ time: { hour: 8, minute: 0 } }] } });
    const dir = join(fx.home.home, 'bin');
    mkdirSync(dir, { recursive: true });
    const log = join(fx.home.home, 'fired.log');
    const notifier = join(dir, 'stubborn');
    writeFileSync(notifier, `#!/bin/sh\necho "start $HABITS_REMINDER_HABIT" >> ${log}\n[ "$HABITS_REMINDER_HABIT" = Stretch ] || exit 0\ntrap '' TERM\nsleep 120\necho woke >> ${log}\n`);
    chmodSync(notifier, 0o755);
    const env = { HABITS_REMIND_TIMEOUT: '2s' };
    // The notifier sleeps 120 s, past this test's 30 s: a run that waited for it fails the test.
    const hung = await at('2026-11-22 07:31:00', ['remind', '--notify', `exec:${notifier}`], env);
    expect(hung).toEqual({
      code: 1, stdout: '',
      stderr: `error: 1 reminder could not be delivered: Stretch (07:30): ${notifier} timed out after 2 s and was killed\nhint: a notifier killed at the time limit is not run again for that reminder\n`,
    });
    // The lock is let go: the next run works, at once, and fires the next reminder (and not Stretch again).
    const next = await at('2026-11-22 08:01:00', ['remind', '--notify', `exec:${notifier}`], env);
    expect(next).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(readFileSync(log, 'utf8')).toBe('start Stretch\nstart Read\n');
  }, 30_000);
});
