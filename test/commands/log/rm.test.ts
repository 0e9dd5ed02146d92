// `habits log rm` against the real local service.
import { describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../../src/api/types.js';
import { scriptedPrompter } from '../../helpers/cli.js';
import { addHabit, call, useService, writes } from '../../helpers/service.js';

const fx = useService({ per: 'test' });

const runGoal = { goal: { periodicity: 'daily', value: 5, unit: 'kM' } } as const;

describe('log rm', () => {
  async function logged(): Promise<{ habitId: string; logId: string }> {
    const run = await addHabit(fx.svc, { name: 'Run', ...runGoal });
    const r = await fx.cli(['log', 'add', 'Run', '2', '--json']);
    return { habitId: run.id, logId: (JSON.parse(r.stdout) as { logId: string }).logId };
  }

  it('refuses without --yes when not on a terminal: exit 2, nothing deleted', async () => {
    const { logId } = await logged();
    fx.reset();
    const r = await fx.cli(['log', 'rm', 'Run', `id:${logId}`]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`error: refusing to delete log ${logId} without confirmation\nhint: pass --yes to confirm when not on a terminal\n`);
    expect(fx.svc.requests).toEqual([]);
  });

  it('deletes with --yes, and the total drops', async () => {
    const { habitId, logId } = await logged();
    fx.reset();
    const r = await fx.cli(['log', 'rm', 'Run', '--yes', '--', logId]);
    expect(r).toMatchObject({ code: 0, stderr: `Deleted log ${logId} of "Run"\n` });
    expect(writes(fx.svc)).toEqual([{ method: 'DELETE', path: `/habits/${habitId}/logs/${logId}`, body: undefined, status: 200 }]);
    const journal = await call<JournalEntry[]>(fx.svc, 'GET', '/habits/journal?date=2026-11-22');
    expect(journal.find((e) => e.id === habitId)?.progress?.current).toBe(0);
  });

  it('asks on a terminal; declining changes nothing (exit 130)', async () => {
    const { logId } = await logged();
    fx.reset();
    const no = scriptedPrompter([false]);
    const r = await fx.cli(['log', 'rm', 'Run', `id:${logId}`], { prompter: no });
    expect(r.code).toBe(130);
    expect(no.asked).toEqual([`Delete log ${logId} of "Run"? This cannot be undone.`]);
    expect(writes(fx.svc)).toEqual([]);
    const yes = scriptedPrompter([true]);
    expect((await fx.cli(['log', 'rm', 'Run', `id:${logId}`], { prompter: yes })).code).toBe(0);
    expect(writes(fx.svc)).toHaveLength(1);
  });

  it('an unknown log id exits 3', async () => {
    await logged();
    const r = await fx.cli(['log', 'rm', 'Run', 'nope', '--yes']);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/^error: not found: /);
  });
});
