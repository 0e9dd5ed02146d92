// A terminal 50 columns wide (issue 22): `habit ls` drops columns, as the journal does, so no row
// wraps; at 120 every column is there. `check`'s review cuts long and CJK names by the columns
// they take, so its lines fit too.
import { expect, it } from 'vitest';
import { displayWidth, loadDisplayWidth } from '../../src/output/plain.js';
import { addHabit, useService } from '../helpers/service.js';
import { useCliSessions } from '../helpers/tmux.js';
import { withTools } from '../helpers/tools.js';

const fx = useService({ start: 'real', per: 'test' });
const { start } = useCliSessions();

withTools('tmux').describe('habit ls on a narrow terminal', () => {
  it.each([[50, ['NAME', 'TYPE', 'GOAL', 'ID']], [120, ['NAME', 'TYPE', 'SCHEDULE', 'GOAL', 'AREAS', 'ID']]] as const)('at %i columns: one line per habit, the columns that fit', async (cols, head) => {
    await addHabit(fx.svc, { name: 'Drink water every morning before coffee', goal: { periodicity: 'daily', value: 8, unit: 'cup' }, occurrence: { type: 'weekDays', days: [1, 2, 3, 4, 5] } });
    await addHabit(fx.svc, { name: 'Read', goal: { periodicity: 'daily', value: 20, unit: 'min' } });
    await addHabit(fx.svc, { name: 'Smoking', type: 'bad' });
    const s = start(fx, ['habit', 'ls'], { cols, rows: 20 });
    expect(await s.exitCode()).toBe(0);
    const lines = s.screen().split('\n').filter((l) => l && !l.startsWith('__HABITS_EXIT__'));
    expect(lines[0]!.split(/\s{2,}/)).toEqual([...head]);
    // A header and three rows: nothing wrapped onto a line of its own.
    expect(lines).toHaveLength(4);
    expect(lines.map((l) => l.split(/\s{2,}/)[0])).toEqual(['NAME', expect.stringMatching(/^Drink water/), 'Read', 'Smoking']);
    for (const l of lines) expect(l.length, l).toBeLessThanOrEqual(cols);
  });
});

withTools('tmux').describe("check's review on a narrow terminal", () => {
  it('at 50 columns: long and CJK names are cut by the columns they take, the answers stay whole', async () => {
    const long = 'Practise the piano before breakfast, every single day of the week';
    const cjk = '毎日日本語の勉強をする時間を作ってから寝ること'; // 23 characters, 46 columns
    for (const name of [long, cjk, 'Walk']) await addHabit(fx.svc, { name });
    const s = start(fx, ['check', '--date', '2026-11-22'], { cols: 50, rows: 40 });
    // Three questions, whatever their order: each answered `d` once its keys show (an answer
    // then shows → noted; ✔ as check once drew it).
    for (let answered = 0; answered < 3; answered++) {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const screen = s.screen();
        const noted = screen.split('\n').filter((l) => /^[→✔] /.test(l)).length;
        if (noted === answered && /d done · s skip · f fail · l leave/.test(screen.split('\n').at(-1) ?? '')) break;
        if (Date.now() > deadline) throw new Error(`question ${answered + 1} did not show:\n${screen}`);
        await new Promise((r) => setTimeout(r, 50));
      }
      s.send('d');
    }
    const screen = await s.waitFor('Send these 3?');
    await loadDisplayWidth();
    const review = screen.slice(screen.indexOf('To send for 2026-11-22:')).split('\n').slice(1, 4);
    expect(review.map((l) => l.trim().split(/\s{3,}/)[0])).toEqual(expect.arrayContaining(['Walk', expect.stringMatching(/^Practise the piano.*…$/), expect.stringMatching(/^毎日日本語.*…$/)]));
    for (const line of review) {
      expect(displayWidth(line), line).toBeLessThanOrEqual(50);
      expect(line).toMatch(/ {3}done$/);
    }
    s.send('C-c');
    expect(await s.exitCode()).toBe(130);
  });
});
