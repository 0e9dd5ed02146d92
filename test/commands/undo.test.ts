// `habits undo` against the real local service: it reverts the last mark or value this machine
// wrote (from the record of writes), after saying what it will do.
import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../../src/api/types.js';
import { scriptedPrompter } from '../helpers/cli.js';
import { addHabit, call, useService, writes } from '../helpers/service.js';

const fx = useService({ per: 'test' });
const logsOf = (id: string) => call<LogEntry[]>(fx.svc, 'GET', `/habits/${id}/logs`);

describe('undo', () => {
  it('reverts a value by deleting its log, then the mark before it by clearing its day', async () => {
    const run = await addHabit(fx.svc, { name: 'Run', goal: { periodicity: 'daily', value: 5, unit: 'kM' } });
    const walk = await addHabit(fx.svc, { name: 'Walk' });
    expect((await fx.cli(['log', 'done', 'Walk', '--date', 'yesterday'])).code).toBe(0);
    const added = await fx.cli(['log', 'add', 'Run', '2', '--json']);
    const logId = (JSON.parse(added.stdout) as { logId: string }).logId;
    fx.reset();

    const first = await fx.cli(['undo', '--yes']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toBe(`Reverted the value of 2 km on "Run" for 2026-11-22, written 2026-11-22 12:00: deleted log ${logId}\n`);
    expect(writes(fx.svc)).toEqual([{ method: 'DELETE', path: `/habits/${run.id}/logs/${logId}`, body: undefined, status: 200 }]);
    expect(await logsOf(run.id)).toEqual([]);

    fx.reset();
    const second = await fx.cli(['undo', '--yes']);
    expect(second.stderr).toBe(`Reverted the completed mark on "Walk" for 2026-11-21, written 2026-11-22 12:00: cleared 1 log of "Walk" for 2026-11-21\n`);
    expect(writes(fx.svc)).toEqual([{ method: 'POST', path: `/habits/${walk.id}/logs/undo`, body: { targetDate: '2026-11-21' }, status: 200 }]);

    fx.reset();
    expect(await fx.cli(['undo', '--yes'])).toMatchObject({ code: 0, stderr: 'Nothing to undo: this machine has written no mark or value that is still there.\n' });
    expect(fx.svc.requests).toEqual([]);
  });

  it('needs --yes without a terminal, and asks on one: declining changes nothing (exit 130)', async () => {
    const walk = await addHabit(fx.svc, { name: 'Walk' });
    await fx.cli(['log', 'done', 'Walk']);
    fx.reset();
    // Refused without a terminal, saying what it would have reverted (an assistant reads it: habits mcp's undo_last).
    expect(await fx.cli(['undo'])).toMatchObject({ code: 2, stderr: 'error: refusing to revert the completed mark on "Walk" for 2026-11-22, written 2026-11-22 12:00 without confirmation\nhint: pass --yes to confirm when not on a terminal\n' });
    const no = scriptedPrompter([false]);
    const r = await fx.cli(['undo'], { prompter: no, tty: { stdin: true, stderr: true } });
    expect(r.code).toBe(130);
    expect(no.asked).toEqual([`Revert the completed mark on "Walk" for 2026-11-22, written 2026-11-22 12:00? This clears every log of "Walk" on 2026-11-22 (habits log undo).`]);
    expect(writes(fx.svc)).toEqual([]);
    expect((await logsOf(walk.id)).map((l) => l.kind)).toEqual(['completed']);
  });

  it('the question for a mark names the values of that day it clears too (issue 22)', async () => {
    await addHabit(fx.svc, { name: 'Run', goal: { periodicity: 'daily', value: 5, unit: 'kM' } });
    await fx.cli(['log', 'add', 'Run', '2']);
    await fx.cli(['log', 'add', 'Run', '1.5']);
    await fx.cli(['log', 'done', 'Run']);
    const no = scriptedPrompter([false]);
    expect((await fx.cli(['undo'], { prompter: no, tty: { stdin: true, stderr: true } })).code).toBe(130);
    expect(no.asked).toEqual([`Revert the completed mark on "Run" for 2026-11-22, written 2026-11-22 12:00? This clears every log of "Run" on 2026-11-22, the values 2 km, 1.5 km among them (habits log undo).`]);
  });

  it('a log removed since (log rm, log undo) is not reverted again', async () => {
    await addHabit(fx.svc, { name: 'Walk' });
    await fx.cli(['log', 'done', 'Walk']);
    await fx.cli(['log', 'undo', 'Walk']);
    fx.reset();
    expect((await fx.cli(['undo', '--yes'])).stderr).toMatch(/^Nothing to undo/);
    expect(fx.svc.requests).toEqual([]);
  });
});
