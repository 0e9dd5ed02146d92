// `habits check` on a real terminal (tmux), the built CLI against a local service in this process:
// one key per habit, the pre-filled value, the review, the writes and their lines; Ctrl-C, with the
// screen saying nothing was sent (also at widths 50 and 120); and the refusal off a terminal.
// Needs `npm run build`.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Habit, JournalEntry } from '../../src/api/types.js';
import { spawnCli } from '../helpers/cli.js';
import { addHabit, call, logValue, useService, writes } from '../helpers/service.js';
import { answerPrompt as press, useCliSessions } from '../helpers/tmux.js';
import { withTools } from '../helpers/tools.js';

// The service's clock says 2026-11-22; the date is given, so the CLI's own clock does not matter.
const DATE = '2026-11-22';
const { start } = useCliSessions();

withTools('tmux').describe('habits check on a terminal', () => {
  const fx = useService({ per: 'test' });
  let walk: Habit, stretch: Habit, read: Habit, floss: Habit;
  beforeEach(async () => {
    walk = await addHabit(fx.svc, { name: 'Walk', timeOfDayIds: ['morning'] });
    stretch = await addHabit(fx.svc, { name: 'Stretch', timeOfDayIds: ['afternoon'] });
    read = await addHabit(fx.svc, { name: 'Read', goal: { value: 30, unit: 'min', periodicity: 'daily' }, timeOfDayIds: ['evening'] });
    floss = await addHabit(fx.svc, { name: 'Floss' });
    await logValue(fx.svc, read.id, 12, 'min', DATE);
    fx.reset();
  });

  it('done, skip and a pre-filled value by one key each; a review; then the writes, one line per habit', async () => {
    const s = start(fx, ['check', '--date', DATE]);
    const first = await press(s, 'Walk (pending)', 'd');
    expect(first).toContain('Check-in for Sunday 22 Nov 2026: 4 open\nNothing is sent until the review.');
    expect(first).toMatch(/^Morning\n\? Walk \(pending\)\nd done · s skip · f fail · l leave \(⏎\)$/m);
    await press(s, 'Stretch (pending)', 's');
    const read12 = await press(s, 'Read (partial, 12/30 min)', 'v');
    expect(read12).toContain('d done · s skip · f fail · v value · l leave (⏎)');
    // What remains to the goal is offered: Enter takes it.
    const value = await press(s, 'How much for Read (min)? (18)', 'Enter');
    // Noted (→), not done (✔): nothing is sent before the review.
    expect(value).toMatch(/^→ Read \(partial, 12\/30 min\) value$/m);
    expect(value).toMatch(/^→ Walk \(pending\) done$/m);
    expect(value).not.toContain('✔');
    await press(s, 'Floss (pending)', 'Enter');
    const review = await s.waitFor('? Send these 3? (Y/n)');
    // The amount is noted too: → before it, no ✔ anywhere before the review is confirmed.
    expect(review).toMatch(/^→ How much for Read \(min\)\? 18$/m);
    expect(review).not.toContain('✔');
    expect(review).toContain([
      `To send for ${DATE}:`,
      '  Walk      done',
      '  Stretch   skip',
      '  Read      +18 min',
      'Left open: Floss',
    ].join('\n'));
    expect(writes(fx.svc)).toEqual([]); // nothing is sent before the review is confirmed
    s.send('Enter');
    expect(await s.exitCode()).toBe(0);
    const screen = s.screen();
    expect(screen).toContain([
      `Marked "Walk" completed for ${DATE}`,
      `Marked "Stretch" skipped for ${DATE}`,
    ].join('\n'));
    expect(screen).toMatch(new RegExp(`^Logged 18 min to "Read" for ${DATE} \\(log id:-[\\w-]+\\)$`, 'm'));

    expect(writes(fx.svc).map((w) => `${w.path} ${JSON.stringify(w.body)} ${w.status}`).sort()).toEqual([
      `/habits/${read.id}/logs {"value":18,"unitSymbol":"min","targetDate":"${DATE}"} 201`,
      `/habits/${stretch.id}/logs/skipped {"targetDate":"${DATE}"} 201`,
      `/habits/${walk.id}/logs/complete {"targetDate":"${DATE}"} 201`,
    ].sort());
    const journal = await call<JournalEntry[]>(fx.svc, 'GET', `/habits/journal?date=${DATE}`);
    expect(Object.fromEntries(journal.map((e) => [e.id, e.status]))).toEqual({
      [walk.id]: 'completed', [stretch.id]: 'skipped', [read.id]: 'completed', [floss.id]: 'inprogress',
    });
  });

  it('Ctrl-C at the review exits 130 with one line and sends nothing', async () => {
    const s = start(fx, ['check', '--date', DATE]);
    await press(s, 'Walk (pending)', 'd');
    await press(s, 'Stretch (pending)', 'f');
    await press(s, 'Read (partial, 12/30 min)', 'd');
    await press(s, 'Floss (pending)', 'd');
    await press(s, 'Send these 4?', 'C-c');
    expect(await s.exitCode()).toBe(130);
    const after = s.screen().split('\n').slice(s.screen().split('\n').findIndex((l) => l.includes('Send these 4?')) + 1);
    expect(after).toEqual(['error: cancelled; nothing was sent', '__HABITS_EXIT__130']);
    expect(s.screen()).not.toMatch(/at .*\.js:\d+/); // no stack trace
    expect(writes(fx.svc)).toEqual([]);
  });

  it('Ctrl-C at the third habit: the two answered were never sent, and the line says so (issue 22)', async () => {
    const s = start(fx, ['check', '--date', DATE]);
    await press(s, 'Walk (pending)', 'd');
    await press(s, 'Stretch (pending)', 's');
    await press(s, 'Read (partial, 12/30 min)', 'C-c');
    expect(await s.exitCode()).toBe(130);
    expect(s.screen()).toMatch(/^error: cancelled; nothing was sent \(2 answers dropped\)$/m);
    // Ctrl-C is not taken for a wrong key.
    expect(s.screen()).not.toContain('press d, s');
    expect(writes(fx.svc)).toEqual([]);
    const journal = await call<JournalEntry[]>(fx.svc, 'GET', `/habits/journal?date=${DATE}`);
    expect(journal.find((e) => e.id === walk.id)?.status).toBe('inprogress');
  });
});

for (const cols of [50, 120]) {
  withTools('tmux').describe(`habits check on a terminal ${cols} columns wide: Ctrl-C`, () => {
    const fx = useService({ per: 'test' });
    let walk: Habit, stretch: Habit, read: Habit;
    beforeEach(async () => {
      walk = await addHabit(fx.svc, { name: 'Walk', timeOfDayIds: ['morning'] });
      stretch = await addHabit(fx.svc, { name: 'Stretch', timeOfDayIds: ['afternoon'] });
      read = await addHabit(fx.svc, { name: 'Read', goal: { value: 30, unit: 'min', periodicity: 'daily' }, timeOfDayIds: ['evening'] });
      await addHabit(fx.svc, { name: 'Floss' });
      fx.reset();
    });

    it('the screen says nothing is sent before the review; Ctrl-C at the third habit says nothing was sent, and nothing was', async () => {
      const s = start(fx, ['check', '--date', DATE], { cols, rows: 40 });
      const first = await press(s, 'Walk (pending)', 'd');
      // Before the first question, in so many words, on a line of its own.
      expect(first).toMatch(/^Check-in for Sunday 22 Nov 2026: 4 open\nNothing is sent until the review\.$/m);
      await press(s, 'Stretch (pending)', 's');
      const third = await press(s, 'Read (pending, 0/30 min)', 'C-c');
      // The two answers are marked as noted, not with ✔ (which reads as done, or sent).
      expect(third).toMatch(/^→ Walk \(pending\) done$/m);
      expect(third).toMatch(/^→ Stretch \(pending\) skip$/m);
      expect(third).not.toContain('✔');
      expect(await s.exitCode()).toBe(130);
      const lines = s.screen().split('\n');
      // After the question: the one line (wrapped at 50 columns), then the exit.
      const after = lines.slice(lines.findIndex((l) => l.startsWith('? Read')) + 1).filter((l) => !l.startsWith('d done'));
      expect([after.slice(0, -1).join(''), after.at(-1)]).toEqual(['error: cancelled; nothing was sent (2 answers dropped)', '__HABITS_EXIT__130']);
      expect(writes(fx.svc)).toEqual([]);
      const journal = await call<JournalEntry[]>(fx.svc, 'GET', `/habits/journal?date=${DATE}`);
      expect(Object.fromEntries(journal.map((e) => [e.id, e.status]))).toMatchObject({
        [walk.id]: 'inprogress', [stretch.id]: 'inprogress', [read.id]: 'inprogress',
      });
    });
  });
}

describe('habits check off a terminal', () => {
  const fx = useService();

  it('exits 2 with one line pointing to the log verbs, and asks nothing', async () => {
    await addHabit(fx.svc, { name: 'Walk' });
    fx.reset();
    const r = await spawnCli(['check', '--date', DATE], { env: fx.env });
    expect(r).toEqual({ code: 2, stdout: '', stderr: 'error: habits check is interactive and needs a terminal; without one, use habits log done|skip|fail|add\n' });
    expect(fx.svc.requests).toEqual([]);
  });
});
