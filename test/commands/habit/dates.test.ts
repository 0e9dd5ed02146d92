// A habit's start and end dates (issue 10): an end before the start is refused by the CLI and the
// local service; moving the start later over logged days warns, and on a terminal asks first.
import { describe, expect, it } from 'vitest';
import type { Invalid } from '../../server/fixtures.js';
import { scriptedPrompter } from '../../helpers/cli.js';
import { addHabit, mark, useService, writes } from '../../helpers/service.js';

const fx = useService({ per: 'test' });

describe('an end date before the start', () => {
  it('habit add and habit edit refuse it before any write', async () => {
    await addHabit(fx.svc, { name: 'Run', startDate: '2026-11-01', endCondition: { type: 'date', date: '2026-11-30' } });
    fx.reset();
    const add = await fx.cli(['habit', 'add', 'Walk', '--start', '2026-11-20', '--end', 'date:2026-11-10']);
    expect(add.code).toBe(2);
    expect(add.stderr).toBe('error: --end: the end date 2026-11-10 is before the start date 2026-11-20\nhint: give an end date on or after the start (--start)\n');
    const edit = await fx.cli(['habit', 'edit', 'Run', '--start', '2026-12-01']);
    expect(edit.code).toBe(2);
    expect(edit.stderr).toMatch(/^error: --end: the end date 2026-11-30 is before the start date 2026-12-01\n/);
    expect(writes(fx.svc)).toEqual([]);
  });

  it('the local service answers 400 on endCondition.date, on create and on update', async () => {
    const created = await fx.call<Invalid>('POST', '/habits', { name: 'Walk', type: 'good', startDate: '2026-11-20', endCondition: { type: 'date', date: '2026-11-19' } });
    expect(created.status).toBe(400);
    expect(created.body.details).toEqual([{ field: 'endCondition.date', message: 'is before the start date 2026-11-20' }]);
    const run = await addHabit(fx.svc, { name: 'Run', startDate: '2026-11-01', endCondition: { type: 'date', date: '2026-11-30' } });
    const moved = await fx.call<Invalid>('PUT', `/habits/${run.id}`, { startDate: '2026-12-05' });
    expect(moved.status).toBe(400);
    expect(moved.body.details).toEqual([{ field: 'endCondition.date', message: 'is before the start date 2026-12-05' }]);
    expect((await fx.call('PUT', `/habits/${run.id}`, { startDate: '2026-12-05', endCondition: null })).status).toBe(200);
  });
});

describe('moving the start later', () => {
  it('over logged days: a warning in a script, a question on a terminal (no changes nothing)', async () => {
    const walk = await addHabit(fx.svc, { name: 'Walk', startDate: '2026-11-01' });
    await mark(fx.svc, walk.id, 'complete', '2026-11-05');
    fx.reset();
    const no = scriptedPrompter([false]);
    const asked = await fx.cli(['habit', 'edit', 'Walk', '--start', '2026-11-10'], { prompter: no });
    expect(asked.code).toBe(130);
    expect(asked.stderr).toContain('moving the start of "Walk" from 2026-11-01 to 2026-11-10 leaves the logs before 2026-11-10 out of every count (streaks, totals, statistics, export)\n');
    expect(no.asked).toEqual(['Move the start to 2026-11-10?']);
    expect(writes(fx.svc)).toEqual([]);
    const piped = await fx.cli(['habit', 'edit', 'Walk', '--start', '2026-11-10']);
    expect(piped.code).toBe(0);
    expect(piped.stderr).toMatch(/^warning: moving the start of "Walk" from 2026-11-01 to 2026-11-10 leaves the logs before 2026-11-10 out of every count/);
    expect(writes(fx.svc).map((w) => w.body)).toEqual([{ startDate: '2026-11-10' }]);
  });

  it('over days with no logs, or earlier: nothing to say', async () => {
    await addHabit(fx.svc, { name: 'Walk', startDate: '2026-11-01' });
    const later = await fx.cli(['habit', 'edit', 'Walk', '--start', '2026-11-10']);
    expect(later.stderr).toMatch(/^Updated habit "Walk": start date/);
    const earlier = await fx.cli(['habit', 'edit', 'Walk', '--start', '2026-10-01']);
    expect(earlier.stderr).toMatch(/^Updated habit "Walk": start date/);
  });
});
