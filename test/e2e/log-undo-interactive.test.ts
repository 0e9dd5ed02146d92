// `habits log undo` on a real terminal (tmux), on a day with values (issue 22): it lists them and
// asks, default no; "n" changes nothing (exit 130), "y" clears the day. A day of marks only is
// cleared without a question.
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { LogEntry } from '../../src/api/types.js';
import { tempHome } from '../helpers/cli.js';
import { startLocalService, type LocalService } from '../helpers/local-service.js';
import { startTmux, type TmuxSession } from '../helpers/tmux.js';
import { withTools } from '../helpers/tools.js';
import { addHabit, call, cliEnv } from '../helpers/service.js';

let svc: LocalService;
let home: ReturnType<typeof tempHome>;
let session: TmuxSession | undefined;

beforeAll(async () => {
  svc = await startLocalService();
  home = tempHome();
});
afterEach(() => {
  session?.kill();
  session = undefined;
});
afterAll(async () => {
  await svc.close();
  home.cleanup();
});

const logs = (id: string) => call<LogEntry[]>(svc, 'GET', `/habits/${id}/logs`);

withTools('tmux').describe('log undo on a terminal', () => {
  it('lists the values it would clear and asks; "n" keeps them (exit 130), "y" clears the day', async () => {
    const water = await addHabit(svc, { name: 'Drink water', startDate: '2020-01-01', goal: { periodicity: 'daily', value: 8, unit: 'cup' } });
    for (const argv of [['log', 'add', 'Drink water', '3'], ['log', 'add', 'Drink water', '2']]) {
      const s = startTmux(argv, cliEnv(svc, home.env), { cols: 50, rows: 20 });
      expect(await s.exitCode()).toBe(0);
      s.kill();
    }
    session = startTmux(['log', 'undo', 'Drink water'], cliEnv(svc, home.env), { cols: 50, rows: 20 });
    const screen = await session.waitFor('(y/N)');
    expect(screen.replace(/\n/g, ' ')).toMatch(/Clear the values logged on \S+ \("Drink water" 3 cup, 2 cup\)\?\s+Marks can be made again; values cannot\./);
    session.send('n', 'Enter');
    expect(await session.exitCode()).toBe(130);
    expect(session.screen()).toContain('cancelled; nothing was changed');
    expect((await logs(water.id)).map((l) => l.value)).toEqual([3, 2]);
    session.kill();

    session = startTmux(['log', 'undo', 'Drink water'], cliEnv(svc, home.env), { cols: 120, rows: 20 });
    await session.waitFor('(y/N)');
    session.send('y', 'Enter');
    expect(await session.exitCode()).toBe(0);
    expect(session.screen()).toMatch(/Cleared 2 logs of "Drink water" for \S+/);
    expect(await logs(water.id)).toEqual([]);
  });

  it('a day of marks only is cleared without a question', async () => {
    await addHabit(svc, { name: 'Stretch', startDate: '2020-01-01' });
    const done = startTmux(['log', 'done', 'Stretch'], cliEnv(svc, home.env));
    expect(await done.exitCode()).toBe(0);
    done.kill();
    session = startTmux(['log', 'undo', 'Stretch'], cliEnv(svc, home.env));
    expect(await session.exitCode()).toBe(0);
    expect(session.screen()).toMatch(/^Cleared 1 log of "Stretch" for \S+$/m);
  });
});
