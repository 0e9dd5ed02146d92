// `habit add` and `habit edit -i` on a real terminal (tmux), built CLI against a local service in
// this process: the prompts and summary on screen, what gets stored, and Ctrl-C. Needs `npm run build`.
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { Area, Habit } from '../../src/api/types.js';
import { addHabit, call, cliEnv, useService, type ServiceFixture } from '../helpers/service.js';
import { tempHome } from '../helpers/cli.js';
import { answerPrompt as answer, useCliSessions } from '../helpers/tmux.js';
import { withTools } from '../helpers/tools.js';

const { start } = useCliSessions();


const writesSince = (fx: ServiceFixture, n: number) => fx.svc.requests.slice(n).filter((r) => r.method === 'POST' || r.method === 'PUT');

withTools('tmux').describe('habit add on a terminal', () => {
  // Its own service: the time-of-day prompt below is that of an account where no habit has a time
  // of day yet, whatever other tests add. The spawned CLI reads the real clock; so does it.
  const fx = useService({ start: 'real' });
  let health: Area;
  beforeAll(async () => {
    health = await call<Area>(fx.svc, 'POST', '/areas', { name: 'Health' });
  });

  it('walks through the prompts, shows a summary and creates weekdays + goal + reminder', async () => {
    const before = fx.svc.requests.length;
    const s = start(fx, ['habit', 'add']);
    await answer(s, 'Name', '=Walk', 'Enter');
    await answer(s, 'Type', 'Enter');
    await answer(s, 'Description (optional)', '=Around the park', 'Enter');
    await answer(s, 'How often?', 'Down', 'Enter');
    const weekdays = await answer(s, 'Which weekdays?', 'Down', 'Space', 'Down', 'Down', 'Space', 'Enter');
    expect(weekdays).toMatch(/◉ Monday\n\s*◉ Tuesday/); // Monday to Friday ticked to begin with
    await answer(s, 'Track a goal', 'y', 'Enter');
    await answer(s, 'Goal value', '=30', 'Enter');
    const unit = await answer(s, 'Unit', 'Enter');
    expect(unit).toContain('❯ min (minutes)');
    await answer(s, 'Per', 'Enter');
    await answer(s, 'Unit name shown in the app', 'Enter');
    await answer(s, 'Reminders: none', 'Down', 'Enter');
    await answer(s, 'Remind at (HH:MM, 24-hour)', '=25:00', 'Enter');
    await s.waitFor('hour 25 is out of range (0-23)'); // validated at the prompt
    s.send('BSpace', 'BSpace', 'BSpace', 'BSpace', 'BSpace');
    await s.typeAndWait('07:30', /^\? Remind at \(HH:MM, 24-hour\) 07:30$/m);
    s.send('Enter');
    await answer(s, 'On which days?', 'Space', 'Down', 'Space', 'Enter');
    await answer(s, 'Show it as an alarm?', 'y', 'Enter');
    await answer(s, 'Show a live activity', 'Enter');
    await answer(s, 'Reminders: 07:30 on Mon, Tue (alarm)', 'Enter');
    await answer(s, 'Habit stacks: none', 'Enter');
    await answer(s, 'Does the habit end?', 'Enter');
    await answer(s, 'Areas', 'Space', 'Enter');
    // All three periods of the day are offered, though no habit uses one yet.
    const periods = await s.waitFor(/◯ Morning\n\s*◯ Afternoon\n\s*◯ Evening\n/);
    expect(periods).toContain('? Time of day (tick none for any time)');
    await answer(s, 'Time of day', 'Down', 'Space', 'Enter');
    await answer(s, 'Start date', 'Enter');
    await answer(s, 'Icon', 'Enter');
    await answer(s, 'Colour', 'Enter');
    const confirm = await s.waitFor('? What next?');
    expect(confirm).toContain('❯ Create this habit');
    expect(confirm).toContain('Change a field…');
    expect(confirm).not.toContain('Created habit'); // the summary comes before anything is sent
    expect(confirm).toContain('  Schedule     Mon, Wed, Fri');
    expect(confirm).toContain('  Goal         30 min daily');
    expect(confirm).toContain('  Reminders    07:30 on Mon, Tue (alarm)');
    expect(confirm).toContain('  Areas        Health');
    expect(writesSince(fx, before)).toEqual([]); // nothing is sent before the confirmation
    s.send('Enter');
    expect(await s.exitCode()).toBe(0);
    expect(s.screen()).toMatch(/Created habit "Walk" \(id:-[\w-]+\)/);

    const posts = writesSince(fx, before);
    expect(posts).toHaveLength(1);
    const id = /Created habit "Walk" \(id:(-[\w-]+)\)/.exec(s.screen())![1]!;
    expect(await call<Habit>(fx.svc, 'GET', `/habits/${id}`)).toMatchObject({
      name: 'Walk', type: 'good', description: 'Around the park',
      occurrence: { type: 'weekDays', days: [1, 3, 5] },
      goal: { value: 30, unit: 'min', periodicity: 'daily' },
      areas: [expect.objectContaining({ id: health.id })],
      timeOfDays: [expect.objectContaining({ id: 'afternoon', name: 'Afternoon' })],
      reminders: {
        timeTriggers: [{ time: { hour: 7, minute: 30 }, occurrenceFilter: { weekDays: [2, 3] }, showAsAlarm: true, showLiveActivity: false }],
        habitStacks: [],
      },
      endCondition: null,
    });
  });

  it('Ctrl-C at a prompt exits 130 with one line and creates nothing', async () => {
    const before = fx.svc.requests.length;
    const s = start(fx, ['habit', 'add']);
    await answer(s, 'Name', '=Half-typed');
    await s.waitFor('Half-typed');
    s.send('C-c');
    expect(await s.exitCode()).toBe(130);
    const screen = s.screen();
    expect(screen).toContain('error: cancelled');
    expect(screen).not.toMatch(/at .*\.js:\d+/); // no stack trace
    const lines = screen.split('\n').filter((l) => l.trim() && !l.startsWith('?') && !l.includes('Half-typed'));
    expect(lines).toEqual(['error: cancelled', expect.stringMatching(/^__HABITS_EXIT__130$/)]);
    expect(writesSince(fx, before)).toEqual([]);
  });
});

withTools('tmux').describe('habit edit -i on a terminal', () => {
  const fx = useService({ start: 'real' });
  let health: Area;
  beforeAll(async () => {
    health = await call<Area>(fx.svc, 'POST', '/areas', { name: 'Health' });
  });

  it('shows the current values pre-filled; keeping them sends nothing', async () => {
    await addHabit(fx.svc, {
      name: 'Jog', description: 'Riverside', occurrence: { type: 'weekDays', days: [2, 4] },
      goal: { value: 5, unit: 'kM', periodicity: 'weekly' }, areaIds: [health.id], customUnitName: 'rounds', timeOfDayIds: ['evening'],
      reminders: { timeTriggers: [{ time: { hour: 6, minute: 45 }, showAsAlarm: true }] },
      endCondition: { type: 'streak', streakLength: 8 },
    });
    const before = fx.svc.requests.length;
    const s = start(fx, ['habit', 'edit', 'Jog', '-i']);
    expect(await answer(s, 'Name', 'Enter')).toContain('? Name (Jog)');
    expect(await answer(s, 'Description (optional; backspace clears)', 'Enter')).toContain('(Riverside)');
    expect(await answer(s, 'How often?', 'Enter')).toContain('❯ On certain weekdays');
    const days = await answer(s, 'Which weekdays?', 'Enter');
    expect(days).toMatch(/◯ Monday\n\s*◉ Tuesday\n\s*◯ Wednesday\n\s*◉ Thursday/);
    expect(await answer(s, 'Track a goal', 'Enter')).toContain('(Y/n)');
    expect(await answer(s, 'Goal value', 'Enter')).toContain('(5)');
    expect(await answer(s, 'Unit', 'Enter')).toContain('❯ km (kilometres)');
    expect(await answer(s, 'Per', 'Enter')).toContain('❯ weekly');
    expect(await answer(s, 'Unit name shown in the app', 'Enter')).toContain('(rounds)');
    expect(await answer(s, 'Reminders: 06:45 every day (alarm)', 'Enter')).toContain('Remove 06:45 every day (alarm)');
    await answer(s, 'Habit stacks: none', 'Enter');
    expect(await answer(s, 'Does the habit end?', 'Enter')).toContain('❯ After a streak of successful periods');
    expect(await answer(s, 'Streak length', 'Enter')).toContain('(8)');
    expect(await answer(s, 'Areas', 'Enter')).toContain('◉ Health');
    expect(await answer(s, 'Time of day', 'Enter')).toContain('◉ Evening');
    expect(await answer(s, 'Start date', 'Enter')).toContain('(2026-11-01)');
    await answer(s, 'Icon', 'Enter');
    expect(await answer(s, 'Colour (#RRGGBB)', 'Enter')).toContain('(#7B61FF)');
    expect(await answer(s, 'What next?', 'Enter')).toContain('Changes: none');
    expect(await s.exitCode()).toBe(0);
    expect(s.screen()).toContain('No changes: "Jog" already has these values; nothing was sent');
    expect(writesSince(fx, before)).toEqual([]);
  });

  it('a typed name replaces the default, backspace clears a description; the PUT carries just those', async () => {
    const nap = await addHabit(fx.svc, { name: 'Nap', description: 'After lunch', timeOfDayIds: ['afternoon'] });
    const before = fx.svc.requests.length;
    const s = start(fx, ['habit', 'edit', 'Nap', '-i']);
    await answer(s, 'Name', '=Power nap', 'Enter');
    await answer(s, 'Description (optional; backspace clears)', 'BSpace', 'Enter');
    await answer(s, 'How often?', 'Enter');
    await answer(s, 'Track a goal', 'Enter');
    await answer(s, 'Reminders: none', 'Enter');
    await answer(s, 'Habit stacks: none', 'Enter');
    await answer(s, 'Does the habit end?', 'Enter');
    await answer(s, 'Areas', 'Enter');
    await answer(s, 'Time of day', 'Enter');
    await answer(s, 'Start date', 'Enter');
    await answer(s, 'Icon', 'Enter');
    await answer(s, 'Colour (#RRGGBB)', 'Enter');
    const confirm = await s.waitFor('? What next?');
    expect(confirm).toContain('❯ Save these changes');
    expect(confirm).toContain('Changes: name, description');
    expect(confirm).toContain('Power nap');
    s.send('Enter');
    expect(await s.exitCode()).toBe(0);
    expect(s.screen()).toContain(`Updated habit "Power nap": name, description (id:${nap.id})`);
    expect(writesSince(fx, before).map((r) => r.body)).toEqual([{ name: 'Power nap', description: null }]);
  });
});

withTools('tmux').describe('habit add -i as a new user tries it (issue 22)', () => {
  const fx = useService({ start: 'real' });
  for (const cols of [50, 120]) {
    it(`at ${cols} columns: a taken name is said at once and asked again; a change at the menu re-asks one field`, async () => {
      await addHabit(fx.svc, { name: `Read ${cols}` });
      const before = fx.svc.requests.length;
      const home = tempHome();
      const { startTmux } = await import('../helpers/tmux.js');
      const s = startTmux(['habit', 'add'], cliEnv(fx.svc, home.env), { cols, rows: 50 });
      try {
        await answer(s, 'Name', `=read ${cols}`, 'Enter');
        // Said before the next question, which is the Name again: nothing answered yet is lost.
        const again = await s.waitFor(new RegExp(`An active habit is already called "Read ${cols}"[\\s\\S]*\\? Name`));
        expect(again).not.toContain('? Type');
        s.send('C-u');
        await answer(s, 'Name', `=Read more ${cols}`, 'Enter');
        await answer(s, 'Type', 'Enter');
        await answer(s, 'Description (optional)', '=Novels', 'Enter');
        await answer(s, 'How often?', 'Enter');
        await answer(s, 'Track a goal', 'n', 'Enter');
        await answer(s, 'Reminders: none', 'Enter');
        await answer(s, 'Habit stacks: none', 'Enter');
        await answer(s, 'Does the habit end?', 'Enter');
        await answer(s, 'Time of day', 'Enter');
        await answer(s, 'Start date', 'Enter');
        await answer(s, 'Icon', 'Enter');
        await answer(s, 'Colour', 'Enter');
        // The menu: change a field, the description; then create.
        await answer(s, 'What next?', 'Down', 'Enter');
        await answer(s, 'Which field?', 'Down', 'Down', 'Enter');
        await answer(s, 'Description (optional; backspace clears)', 'C-u', '=Poems', 'Enter');
        const review = await s.waitFor(/Poems[\s\S]*\? What next\?/);
        expect(review).toContain('Poems');
        expect(writesSince(fx, before)).toEqual([]);
        s.send('Enter');
        expect(await s.exitCode()).toBe(0);
        const posts = writesSince(fx, before);
        expect(posts.map((r) => r.body)).toEqual([expect.objectContaining({ name: `Read more ${cols}`, description: 'Poems' })]);
      } finally {
        s.kill();
        home.cleanup();
      }
    });
  }
});
