// `habits log undo` on a real terminal (tmux), on a day with values (issue 22): it lists them and
// asks, default no; "n" changes nothing (exit 130), "y" clears the day. A day of marks only is
// cleared without a question. The commands share one home: the values are in its record of writes.
import { expect, it } from 'vitest';
import type { LogEntry } from '../../src/api/types.js';
import { useOneMachine } from '../helpers/tmux.js';
import { withTools } from '../helpers/tools.js';
import { addHabit, call } from '../helpers/service.js';

const machine = useOneMachine();
const logs = (id: string) => call<LogEntry[]>(machine.svc, 'GET', `/habits/${id}/logs`);

withTools('tmux').describe('log undo on a terminal', () => {
  it('lists the values it would clear and asks; "n" keeps them (exit 130), "y" clears the day', async () => {
    const water = await addHabit(machine.svc, { name: 'Drink water', startDate: '2020-01-01', goal: { periodicity: 'daily', value: 8, unit: 'cup' } });
    for (const argv of [['log', 'add', 'Drink water', '3'], ['log', 'add', 'Drink water', '2']]) {
      expect(await machine.start(argv, { cols: 50, rows: 20 }).exitCode()).toBe(0);
    }
    let session = machine.start(['log', 'undo', 'Drink water'], { cols: 50, rows: 20 });
    const screen = await session.waitFor('(y/N)');
    expect(screen.replace(/\n/g, ' ')).toMatch(/Clear the values logged on \S+ \("Drink water" 3 cup, 2 cup\)\?\s+Marks can be made again; values cannot\./);
    session.send('n', 'Enter');
    expect(await session.exitCode()).toBe(130);
    expect(session.screen()).toContain('cancelled; nothing was changed');
    expect((await logs(water.id)).map((l) => l.value)).toEqual([3, 2]);

    session = machine.start(['log', 'undo', 'Drink water'], { cols: 120, rows: 20 });
    await session.waitFor('(y/N)');
    session.send('y', 'Enter');
    expect(await session.exitCode()).toBe(0);
    expect(session.screen()).toMatch(/Cleared 2 logs of "Drink water" for \S+/);
    expect(await logs(water.id)).toEqual([]);
  });

  it('a day of marks only is cleared without a question', async () => {
    await addHabit(machine.svc, { name: 'Stretch', startDate: '2020-01-01' });
    expect(await machine.start(['log', 'done', 'Stretch']).exitCode()).toBe(0);
    const session = machine.start(['log', 'undo', 'Stretch']);
    expect(await session.exitCode()).toBe(0);
    expect(session.screen()).toMatch(/^Cleared 1 log of "Stretch" for \S+$/m);
  });
});
