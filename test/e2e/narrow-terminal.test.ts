// A terminal 50 columns wide (issue 22): `habit ls` drops columns, as the journal does, so no row
// wraps; at 120 every column is there.
import { expect, it } from 'vitest';
import { addHabit, cliEnv, useService } from '../helpers/service.js';
import { startTmux, type TmuxSession } from '../helpers/tmux.js';
import { tempHome } from '../helpers/cli.js';
import { withTools } from '../helpers/tools.js';

const fx = useService({ start: 'real', per: 'test' });

withTools('tmux').describe('habit ls on a narrow terminal', () => {
  it.each([[50, ['NAME', 'TYPE', 'GOAL', 'ID']], [120, ['NAME', 'TYPE', 'SCHEDULE', 'GOAL', 'AREAS', 'ID']]] as const)('at %i columns: one line per habit, the columns that fit', async (cols, head) => {
    await addHabit(fx.svc, { name: 'Drink water every morning before coffee', goal: { periodicity: 'daily', value: 8, unit: 'cup' }, occurrence: { type: 'weekDays', days: [1, 2, 3, 4, 5] } });
    await addHabit(fx.svc, { name: 'Read', goal: { periodicity: 'daily', value: 20, unit: 'min' } });
    await addHabit(fx.svc, { name: 'Smoking', type: 'bad' });
    const home = tempHome();
    let s: TmuxSession | undefined;
    try {
      s = startTmux(['habit', 'ls'], cliEnv(fx.svc, home.env), { cols, rows: 20 });
      expect(await s.exitCode()).toBe(0);
      const lines = s.screen().split('\n').filter((l) => l && !l.startsWith('__HABITS_EXIT__'));
      expect(lines[0]!.split(/\s{2,}/)).toEqual([...head]);
      // A header and three rows: nothing wrapped onto a line of its own.
      expect(lines).toHaveLength(4);
      expect(lines.map((l) => l.split(/\s{2,}/)[0])).toEqual(['NAME', expect.stringMatching(/^Drink water/), 'Read', 'Smoking']);
      for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(cols);
    } finally {
      s?.kill();
      home.cleanup();
    }
  });
});
