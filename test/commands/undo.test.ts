// `habits undo` against the real local service: it reverts the last mark or value this machine
// wrote (from the record of writes), and nothing else, after saying what it will do.
import { describe, expect, it } from 'vitest';
import type { JournalEntry, LogEntry } from '../../src/api/types.js';
import { scriptedPrompter } from '../helpers/cli.js';
import { addHabit, call, useService, writes } from '../helpers/service.js';

const fx = useService({ per: 'test' });
const logsOf = (id: string) => call<LogEntry[]>(fx.svc, 'GET', `/habits/${id}/logs`);
/** The day's progress of `name` as `habits journal --json` shows it: `5/8`. */
const progress = async (name: string): Promise<string> => {
  const r = await fx.cli(['journal', '--json']);
  const p = (JSON.parse(r.stdout) as JournalEntry[]).find((e) => e.name === name)?.progress;
  return `${p?.current}/${p?.target}`;
};

describe('undo', () => {
  it('reverts a value by deleting its log, then the mark before it by deleting its log alone', async () => {
    const run = await addHabit(fx.svc, { name: 'Run', goal: { periodicity: 'daily', value: 5, unit: 'kM' } });
    const walk = await addHabit(fx.svc, { name: 'Walk' });
    expect((await fx.cli(['log', 'done', 'Walk', '--date', 'yesterday'])).code).toBe(0);
    const markId = (await logsOf(walk.id))[0]!.id;
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
    expect(second.stderr).toBe(`Reverted the completed mark on "Walk" for 2026-11-21, written 2026-11-22 12:00: deleted its log ${markId}; the values of that day stay\n`);
    expect(writes(fx.svc)).toEqual([{ method: 'DELETE', path: `/habits/${walk.id}/logs/${markId}`, body: undefined, status: 200 }]);
    expect(await logsOf(walk.id)).toEqual([]);

    fx.reset();
    expect(await fx.cli(['undo', '--yes'])).toMatchObject({ code: 0, stderr: 'Nothing to undo: this machine has written no mark or value that is still there.\n' });
    expect(fx.svc.requests).toEqual([]);
  });

  it('--json says what was reverted whichever way: a value deleted by its log id, a mark deleted by its log id', async () => {
    await addHabit(fx.svc, { name: 'Run', goal: { periodicity: 'daily', value: 5, unit: 'kM' } });
    await addHabit(fx.svc, { name: 'Walk' });
    await fx.cli(['log', 'done', 'Walk']);
    const logId = (JSON.parse((await fx.cli(['log', 'add', 'Run', '2', '--json'])).stdout) as { logId: string }).logId;
    const value = await fx.cli(['undo', '--yes', '--json']);
    expect(value.code, value.stderr).toBe(0);
    expect(JSON.parse(value.stdout)).toMatchObject({ reverted: 'log', logId });
    const mark = await fx.cli(['undo', '--yes', '--json']);
    expect(JSON.parse(mark.stdout)).toMatchObject({ reverted: 'log', logId: expect.any(String) });
  });

  it('needs --yes without a terminal, and asks on one: declining changes nothing (exit 130)', async () => {
    const walk = await addHabit(fx.svc, { name: 'Walk' });
    await fx.cli(['log', 'done', 'Walk']);
    const markId = (await logsOf(walk.id))[0]!.id;
    fx.reset();
    // Refused without a terminal, saying what it would have reverted.
    expect(await fx.cli(['undo'])).toMatchObject({ code: 2, stderr: 'error: refusing to revert the completed mark on "Walk" for 2026-11-22, written 2026-11-22 12:00 without confirmation\nhint: pass --yes to confirm when not on a terminal\n' });
    const no = scriptedPrompter([false]);
    const r = await fx.cli(['undo'], { prompter: no, tty: { stdin: true, stderr: true } });
    expect(r.code).toBe(130);
    expect(no.asked).toEqual([`Revert the completed mark on "Walk" for 2026-11-22, written 2026-11-22 12:00? This deletes its log ${markId} alone (habits log rm): the values of that day stay.`]);
    expect(writes(fx.svc)).toEqual([]);
    expect((await logsOf(walk.id)).map((l) => l.kind)).toEqual(['completed']);
  });

  it('3 + 2 cups, log done, undo --yes: the mark alone is reverted, the day reads 5/8 (issue 31)', async () => {
    const water = await addHabit(fx.svc, { name: 'Water', goal: { periodicity: 'daily', value: 8, unit: 'cup' } });
    for (const argv of [['log', 'add', 'Water', '3'], ['log', 'add', 'Water', '2'], ['log', 'done', 'Water']]) expect((await fx.cli(argv)).code).toBe(0);
    expect(await progress('Water')).toBe('8/8');
    const markId = (await logsOf(water.id)).find((l) => l.kind === 'completed')!.id;
    fx.reset();

    const r = await fx.cli(['undo', '--yes']);
    expect(r).toMatchObject({ code: 0, stdout: '' });
    expect(r.stderr).toBe(`Reverted the completed mark on "Water" for 2026-11-22, written 2026-11-22 12:00: deleted its log ${markId}; the values of that day stay\n`);
    expect(writes(fx.svc)).toEqual([{ method: 'DELETE', path: `/habits/${water.id}/logs/${markId}`, body: undefined, status: 200 }]);
    expect(await progress('Water')).toBe('5/8');
    expect((await logsOf(water.id)).map((l) => [l.kind, l.value])).toEqual([['value', 3], ['value', 2]]);

    // The next undo reverts the write before: the 2 cups, and only them.
    const again = await fx.cli(['undo', '--yes']);
    expect(again.stderr).toMatch(/^Reverted the value of 2 cup on "Water" for 2026-11-22, written .*: deleted log \S+\n$/);
    expect(await progress('Water')).toBe('3/8');
  });

  it('the question for a mark says the values of its day stay (issue 31; issue 22 named those it cleared)', async () => {
    const run = await addHabit(fx.svc, { name: 'Run', goal: { periodicity: 'daily', value: 5, unit: 'kM' } });
    await fx.cli(['log', 'add', 'Run', '2']);
    await fx.cli(['log', 'add', 'Run', '1.5']);
    await fx.cli(['log', 'done', 'Run']);
    const markId = (await logsOf(run.id)).find((l) => l.kind === 'completed')!.id;
    const no = scriptedPrompter([false]);
    expect((await fx.cli(['undo'], { prompter: no, tty: { stdin: true, stderr: true } })).code).toBe(130);
    expect(no.asked).toEqual([`Revert the completed mark on "Run" for 2026-11-22, written 2026-11-22 12:00? This deletes its log ${markId} alone (habits log rm): the values of that day stay.`]);
    const yes = scriptedPrompter([true]);
    expect((await fx.cli(['undo'], { prompter: yes, tty: { stdin: true, stderr: true } })).code).toBe(0);
    expect((await logsOf(run.id)).map((l) => l.value)).toEqual([2, 1.5]);
  });

  it('--dry-run says what it would revert and how, sends nothing, and needs no --yes', async () => {
    const water = await addHabit(fx.svc, { name: 'Water', goal: { periodicity: 'daily', value: 8, unit: 'cup' } });
    await fx.cli(['log', 'add', 'Water', '3']);
    await fx.cli(['log', 'done', 'Water']);
    const markId = (await logsOf(water.id)).find((l) => l.kind === 'completed')!.id;
    fx.reset();
    const r = await fx.cli(['undo', '--dry-run']);
    expect(r).toMatchObject({
      code: 0, stdout: '',
      stderr: `Would revert the completed mark on "Water" for 2026-11-22, written 2026-11-22 12:00. This deletes its log ${markId} alone (habits log rm): the values of that day stay.\nDry run: nothing sent\n`,
    });
    const json = await fx.cli(['undo', '--dry-run', '--json']);
    expect(JSON.parse(json.stdout)).toEqual({
      dryRun: true,
      action: 'revert the completed mark on "Water" for 2026-11-22, written 2026-11-22 12:00',
      consequence: `This deletes its log ${markId} alone (habits log rm): the values of that day stay.`,
      revert: { type: 'completed', habit: { id: water.id, name: 'Water' }, date: '2026-11-22', writtenAt: '2026-11-22T12:00:00.000Z', logId: markId },
      writeBack: [],
      notLogged: null,
    });
    expect(writes(fx.svc)).toEqual([]);
    expect(await progress('Water')).toBe('8/8');
  });

  it('a log removed since (log rm, log undo) is not reverted again', async () => {
    await addHabit(fx.svc, { name: 'Walk' });
    await fx.cli(['log', 'done', 'Walk']);
    await fx.cli(['log', 'undo', 'Walk']);
    fx.reset();
    expect((await fx.cli(['undo', '--yes'])).stderr).toMatch(/^Nothing to undo/);
    expect(fx.svc.requests).toEqual([]);
  });

  it('a habit deleted since (habit rm) takes its writes with it: undo reverts the write before, never stuck on a 404', async () => {
    const walk = await addHabit(fx.svc, { name: 'Walk' });
    await addHabit(fx.svc, { name: 'Temp', goal: { periodicity: 'daily', value: 8, unit: 'cup' } });
    await fx.cli(['log', 'done', 'Walk']);
    const markId = (await logsOf(walk.id))[0]!.id;
    await fx.cli(['log', 'add', 'Temp', '3']);
    expect((await fx.cli(['habit', 'rm', 'Temp', '--yes'])).code).toBe(0);
    fx.reset();
    const r = await fx.cli(['undo', '--yes']);
    // (Named by its id here: habit rm dropped the cached names, and undo asks nothing for them.)
    expect(r).toMatchObject({ code: 0, stderr: `Reverted the completed mark on "${walk.id}" for 2026-11-22, written 2026-11-22 12:00: deleted its log ${markId}; the values of that day stay\n` });
    expect(writes(fx.svc)).toEqual([{ method: 'DELETE', path: `/habits/${walk.id}/logs/${markId}`, body: undefined, status: 200 }]);
  });

  it('a log deleted elsewhere: the undo says so once (exit 3), and the next undo goes on to the write before', async () => {
    const walk = await addHabit(fx.svc, { name: 'Walk' });
    const run = await addHabit(fx.svc, { name: 'Run', goal: { periodicity: 'daily', value: 5, unit: 'kM' } });
    await fx.cli(['log', 'done', 'Walk']);
    const logId = (JSON.parse((await fx.cli(['log', 'add', 'Run', '2', '--json'])).stdout) as { logId: string }).logId;
    await call(fx.svc, 'DELETE', `/habits/${run.id}/logs/${logId}`);
    expect((await fx.cli(['undo', '--yes'])).code).toBe(3);
    fx.reset();
    expect((await fx.cli(['undo', '--yes'])).stderr).toMatch(/^Reverted the completed mark on "Walk"/);
    expect(await logsOf(walk.id)).toEqual([]);
  });
});
