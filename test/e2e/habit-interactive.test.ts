// `habit add` and `habit edit -i` on a real terminal (tmux), built CLI against a local service in
// this process: the prompts and summary on screen, what gets stored, and Ctrl-C; a name in use
// caught at its prompt, Esc going back one question, and the menu at the end, at widths 50 and
// 120. Needs `npm run build`.
import { beforeAll, expect, it } from 'vitest';
import type { Area, Habit } from '../../src/api/types.js';
import { addHabit, call, useService, type ServiceFixture } from '../helpers/service.js';
import { answerPrompt as answer, useCliSessions, type TmuxSession } from '../helpers/tmux.js';
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
    const confirm = await s.waitFor(/^\? What next\?\n❯ Create this habit\n {2}Change a field…\n {2}Cancel$/m);
    expect(confirm).not.toContain('Created habit'); // the summary comes before anything is sent
    expect(confirm).toContain('  Schedule     Mon, Wed, Fri');
    expect(confirm).toContain('  Goal         30 min daily');
    expect(confirm).toContain('  Reminders    07:30 on Mon, Tue (alarm)');
    expect(confirm).toContain('  Areas        Health');
    expect(writesSince(fx, before)).toEqual([]); // nothing is sent before the menu's choice
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
    const lines = screen.split('\n').filter((l) => l.trim() && !l.startsWith('?') && !l.includes('Half-typed') && !l.startsWith('Esc goes back'));
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
    const confirm = await s.waitFor(/^\? What next\?\n❯ Save these changes\n/m);
    expect(confirm).toContain('Changes: name, description');
    expect(confirm).toContain('Power nap');
    s.send('Enter');
    expect(await s.exitCode()).toBe(0);
    expect(s.screen()).toContain(`Updated habit "Power nap": name, description (id:${nap.id})`);
    expect(writesSince(fx, before).map((r) => r.body)).toEqual([{ name: 'Power nap', description: null }]);
  });
});

/**
 * `text` as a narrow terminal may show it: wrapped anywhere by the terminal, or at a space by the
 * prompt (which then drops the space).
 */
function wrapped(text: string): RegExp {
  const chars = [...text].map((c) => (c === ' ' ? '[ \\n]' : c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(chars.join('\\n?'));
}

/** The questions of a short walk after the description, on an account with no areas. */
const REST = ['How often?', 'Track a goal', 'Reminders: none', 'Habit stacks: none', 'Does the habit end?', 'Time of day', 'Start date', 'Icon', 'Colour'];

/** Takes every default from `first` (one of REST) to the last question. */
async function defaultsFrom(s: TmuxSession, first: string): Promise<void> {
  for (const q of REST.slice(REST.indexOf(first))) await answer(s, q, 'Enter');
}

for (const cols of [50, 120]) {
  withTools('tmux').describe(`habit add on a terminal ${cols} columns wide: a name in use, the menu, Esc`, () => {
    // Its own service, with no areas (no Areas question) and one habit, "Walk".
    const fx = useService({ start: 'real' });
    const size = { cols, rows: 40 };
    beforeAll(async () => {
      await addHabit(fx.svc, { name: 'Walk' });
    });

    it('a name in use is caught at the Name prompt, before any other question; another name is typed', async () => {
      const before = fx.svc.requests.length;
      const s = start(fx, ['habit', 'add'], size);
      await answer(s, 'Name', '=walk', 'Enter');
      const taken = await s.waitFor(/^\? "walk" is taken\n❯ Type another name\n {2}Keep "walk": create a second habit of that name$/m);
      expect(taken).toMatch(wrapped('An active habit is already called "Walk" (id:'));
      expect(taken).toMatch(wrapped('a second one would make "walk" ambiguous everywhere.'));
      expect(taken).not.toMatch(/[?✔] Type/); // no other question yet
      s.send('Enter'); // Type another name
      await answer(s, 'Name', '=Stroll', 'Enter');
      await answer(s, 'Type', 'Enter');
      await answer(s, 'Description', 'Enter');
      await defaultsFrom(s, 'How often?');
      await answer(s, 'What next?', 'Enter');
      expect(await s.exitCode()).toBe(0);
      expect(writesSince(fx, before).map((r) => (r.body as { name: string }).name)).toEqual(['Stroll']);
    });

    it('a field changed at the menu: asked alone, the summary shown again, then created with the change', async () => {
      const before = fx.svc.requests.length;
      const s = start(fx, ['habit', 'add'], size);
      await answer(s, 'Name', '=Nap', 'Enter');
      await answer(s, 'Type', 'Enter');
      await answer(s, 'Description', '=After lunch', 'Enter');
      await defaultsFrom(s, 'How often?');
      const menu = await answer(s, 'What next?', 'Down', 'Enter'); // Change a field…
      expect(menu).toContain('  Description  After lunch');
      const fields = await answer(s, 'Which field?', 'Down', 'Down', 'Enter'); // Description
      expect(fields).toMatch(/❯ Name\n {2}Type\n {2}Description\n {2}Schedule\n/);
      const again = await answer(s, 'Description (optional; backspace clears)', '=Supper', 'Enter');
      expect(again).toMatch(wrapped('? Description (optional; backspace clears) (After lunch)')); // pre-filled
      const summary = await s.waitFor(/ {2}Description {2}Supper\n[^]*^\? What next\?\n❯ Create this habit/m);
      // Nothing but the description was asked again.
      expect(summary.slice(summary.indexOf('✔ Which field? Description')).match(/^[?✔] .*$/gm)).toEqual([
        '✔ Which field? Description', '✔ Description (optional; backspace clears) Supper', '? What next?',
      ]);
      expect(writesSince(fx, before)).toEqual([]);
      s.send('Enter');
      expect(await s.exitCode()).toBe(0);
      expect(s.screen()).toMatch(/Created habit "Nap" \(id:-[\w-]+\)/);
      expect(writesSince(fx, before).map((r) => r.body)).toEqual([expect.objectContaining({ name: 'Nap', description: 'Supper' })]);
    });

    it('Esc goes back one question, pre-filled with its answer; the question left and the answer taken back are erased', async () => {
      const before = fx.svc.requests.length;
      const s = start(fx, ['habit', 'add'], size);
      expect(await s.waitFor('? Name')).toMatch(wrapped('Esc goes back one question; Ctrl-C cancels.'));
      await answer(s, 'Name', '=Run', 'Enter');
      await answer(s, 'Type', 'Enter');
      await answer(s, 'Description', '=Along the river', 'Enter');
      await answer(s, 'How often?', 'Escape'); // a list: back to the text before it
      const back = await s.waitFor(/^\? Description \(optional\) \(Along the river\)$/m);
      expect(back).not.toContain('On certain weekdays'); // the list left is gone
      // The answer asked again is no longer on screen: it shows once, as the question.
      expect(back).not.toMatch(/^✔ Description/m);
      expect(back.split('\n').filter((l) => l.trim()).slice(-2)).toEqual(['✔ Type good: a habit to build', '? Description (optional) (Along the river)']);
      await s.typeAndWait('By the sea', /^\? Description \(optional\) By the sea$/m);
      s.send('Enter');
      const next = await answer(s, 'How often?', 'Enter');
      expect(next.match(/^✔ Description.*$/gm)).toEqual(['✔ Description (optional) By the sea']);
      await answer(s, 'Track a goal', 'y', 'Enter');
      await answer(s, 'Goal value', 'Escape'); // a number: back to the yes/no before it, pre-filled yes
      const yesNo = await s.waitFor(/^\? Track a goal[^?]*\? \(Y\/n\)$/m);
      expect(yesNo).not.toMatch(/^✔ Track a goal/m);
      // Twice in a row: back past the schedule too, each answer erased as it is asked again.
      s.send('Escape');
      const twice = await s.waitFor(/^\? How often\?$/m);
      expect(twice).not.toMatch(/^✔ How often/m);
      expect(twice.split('\n').filter((l) => l.startsWith('✔ ')).map((l) => l.split(' ')[1])).toEqual(['Name', 'Type', 'Description']);
      s.send('Enter');
      await answer(s, 'Track a goal', 'n', 'Enter');
      await defaultsFrom(s, 'Reminders: none');
      await answer(s, 'What next?', 'Enter');
      expect(await s.exitCode()).toBe(0);
      const posts = writesSince(fx, before);
      expect(posts.map((r) => r.body)).toEqual([expect.objectContaining({ name: 'Run', description: 'By the sea' })]);
      expect(posts[0]!.body).not.toHaveProperty('goal');
    });

    it('Esc at the review: the menu goes back to the last question (the summary erased); at the list of fields, to the menu; at a field, to the menu', async () => {
      const before = fx.svc.requests.length;
      const s = start(fx, ['habit', 'add'], size);
      await answer(s, 'Name', '=Dive', 'Enter');
      await answer(s, 'Type', 'Enter');
      await answer(s, 'Description', '=Deep', 'Enter');
      await defaultsFrom(s, 'How often?');
      await answer(s, 'What next?', 'Escape');
      const colour = await s.waitFor(/^\? Colour/m);
      expect(colour).not.toMatch(/^ {2}Description {2}Deep$/m); // the summary is gone with the answer
      expect(colour).not.toMatch(/^✔ Colour/m);
      s.send('Enter');
      const menu = await s.waitFor(/^\? What next\?\n❯ Create this habit/m);
      expect(menu.match(/^ {2}Description {2}Deep$/gm)).toHaveLength(1);
      s.send('Down', 'Enter'); // Change a field…
      await answer(s, 'Which field?', 'Escape');
      const again = await s.waitFor(/^\? What next\?\n❯ Create this habit/m);
      expect(again).not.toMatch(/^✔ What next/m);
      expect(again.match(/^ {2}Description {2}Deep$/gm)).toHaveLength(1);
      s.send('Down', 'Enter');
      await answer(s, 'Which field?', 'Down', 'Down', 'Enter'); // Description
      await answer(s, 'Description (optional; backspace clears)', 'Escape');
      const unchanged = await s.waitFor(/^\? What next\?\n❯ Create this habit/m);
      expect(unchanged).not.toMatch(/^✔ (What next|Which field)/m);
      expect(unchanged.match(/^ {2}Description {2}Deep$/gm)).toHaveLength(1);
      s.send('Enter');
      expect(await s.exitCode()).toBe(0);
      expect(writesSince(fx, before).map((r) => r.body)).toEqual([expect.objectContaining({ name: 'Dive', description: 'Deep' })]);
    });

    it('Esc at "is taken" goes back to the name: the note and the name answered are erased', async () => {
      const s = start(fx, ['habit', 'add'], size);
      await answer(s, 'Name', '=walk', 'Enter');
      await answer(s, '"walk" is taken', 'Escape');
      const name = await s.waitFor(/^\? Name \(walk\)$/m);
      expect(name).not.toContain('ambiguous');
      expect(name).not.toMatch(/^✔ Name/m);
      s.send('C-c');
      expect(await s.exitCode()).toBe(130);
    });

    it('Cancel at the menu asks nothing more and sends nothing (exit 130)', async () => {
      const before = fx.svc.requests.length;
      const s = start(fx, ['habit', 'add'], size);
      await answer(s, 'Name', '=Swim', 'Enter');
      await answer(s, 'Type', 'Enter');
      await answer(s, 'Description', 'Enter');
      await defaultsFrom(s, 'How often?');
      await answer(s, 'What next?', 'Down', 'Down', 'Enter');
      expect(await s.exitCode()).toBe(130);
      expect(s.screen()).toMatch(/^✔ What next\? Cancel\nCancelled; nothing was created\n__HABITS_EXIT__130$/m);
      expect(writesSince(fx, before)).toEqual([]);
    });
  });
}

