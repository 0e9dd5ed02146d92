// The interactive walks of `habit add` and `habit edit`, driven by a scripted prompter against the
// real local service: what is asked, what is pre-filled, what is stored, and cancelling.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Area, Habit } from '../../src/api/types.js';
import { CancelledError } from '../../src/errors.js';
import { stripAnsi } from '../../src/output/plain.js';
import { scriptedPrompter } from '../helpers/cli.js';
import { addHabit, addPopulatedHabit, call, useService } from '../helpers/service.js';

const fx = useService();
let meditate: Habit;
let health: Area;
let work: Area;

beforeAll(async () => {
  // A habit with periods, so the time-of-day prompt can offer them by name.
  meditate = await addHabit(fx.svc, { name: 'Meditate', timeOfDayIds: ['morning', 'evening'] });
  health = await call<Area>(fx.svc, 'POST', '/areas', { name: 'Health' });
  work = await call<Area>(fx.svc, 'POST', '/areas', { name: 'Work' });
});

/** Runs the CLI on a pretend terminal with scripted answers; `choices` holds each checkbox's choice names. */
async function cli(args: string[], answers: unknown[]) {
  const prompter = scriptedPrompter(answers);
  const choices: Record<string, string[]> = {};
  const checkbox = prompter.checkbox;
  prompter.checkbox = (o) => {
    choices[o.message] = o.choices.map((c) => c.name);
    return checkbox(o);
  };
  const result = await fx.cli(args, { prompter, tty: { stdin: true, stderr: true } });
  return { ...result, prompter, choices, left: answers };
}

const writes = <T extends { method: string }>(requests: T[]): T[] => requests.filter((r) => r.method === 'POST' || r.method === 'PUT');
const ADD = { kind: 'add' };
const DONE = undefined; // the default of the list prompts: done

/** Answers for a full add walk; `next` answers the review menu (send, change, cancel) and what follows. */
function addWalk(...next: unknown[]): unknown[] {
  return [
    'Walk', 'good', 'Around the block',
    'weekDays', [1, 3, 5],
    true, 30, 'min', 'daily', '',
    ADD, '07:30', [1, 2], true, false, DONE,
    ADD, meditate.id, 'completed', 'after', '10m', DONE,
    'streak', 21,
    [health.id],
    ['morning'],
    undefined, '🚶', '#2ecc71',
    ...(next.length ? next : ['send']),
  ];
}

describe('habit add, interactive', () => {
  it('walks through every field, shows a summary, asks, then creates the habit', async () => {
    const r = await cli(['habit', 'add', '-i', '--json'], addWalk());
    expect(r.code).toBe(0);
    expect(r.left).toEqual([]);
    expect(r.prompter.asked).toEqual([
      'Name', 'Type', 'Description (optional)', 'How often?', 'Which weekdays? (space to tick, enter to confirm)',
      'Track a goal (an amount per day, week, month or year)?', 'Goal value', 'Unit', 'Per', 'Unit name shown in the app, e.g. glasses (optional)',
      'Reminders: none', 'Remind at (HH:MM, 24-hour)', 'On which days? (tick none for every day)', 'Show it as an alarm?', 'Show a live activity (iOS)?',
      'Reminders: 07:30 on Mon, Tue (alarm)',
      'Habit stacks: none', 'Start after which habit?', 'When that habit is', 'Start this habit', 'Delay (e.g. 30s, 10m, 1h30m)',
      'Habit stacks: after "Meditate" is completed, +10 min',
      'Does the habit end?', 'Streak length (successful periods in a row)',
      'Areas (tick none for no area)', 'Time of day (tick none for any time)',
      'Start date (YYYY-MM-DD, today, yesterday, tomorrow, -N (N days ago) or a weekday (mon, monday))', 'Icon, an emoji or icon name (optional)', 'Colour (#RRGGBB; empty for the default)',
      'What next?',
    ]);
    const summary = stripAnsi(r.stderr);
    expect(summary).toContain('\n🚶 Walk\n  Type         good (a habit to build)\n');
    expect(summary).toContain('  Schedule     Mon, Wed, Fri\n');
    expect(summary).toContain('  Stacks       after "Meditate" is completed, +10 min\n');
    expect(summary).toContain('  Ends         ends after 21 successful days in a row\n');
    const printed = JSON.parse(r.stdout) as Habit;
    expect(await call<Habit>(fx.svc, 'GET', `/habits/${printed.id}`)).toMatchObject({
      name: 'Walk', type: 'good', description: 'Around the block', icon: '🚶', colorHex: '#2ECC71', startDate: '2026-11-22',
      occurrence: { type: 'weekDays', days: [1, 3, 5] },
      goal: { value: 30, unit: 'min', periodicity: 'daily' },
      areas: [expect.objectContaining({ id: health.id })],
      timeOfDays: [expect.objectContaining({ id: 'morning' })],
      reminders: {
        timeTriggers: [{ time: { hour: 7, minute: 30 }, occurrenceFilter: { weekDays: [2, 3] }, showAsAlarm: true, showLiveActivity: false }],
        habitStacks: [{ conditionHabitId: meditate.id, type: 'completed', timerType: 'after', timerDelaySecs: 600 }],
      },
      endCondition: { type: 'streak', streakLength: 21 },
    });
  });

  it('the text prompts refuse control characters; the description allows line breaks and tabs', async () => {
    const prompter = scriptedPrompter(addWalk());
    const verdicts: Record<string, (true | string | undefined)[]> = {};
    const input = prompter.input;
    prompter.input = (o) => {
      verdicts[o.message] = ['a\u001b[2Jb', 'a\n\tb'].map((v) => o.validate?.(v));
      return input(o);
    };
    const r = await fx.cli(['habit', 'add', '-i', '--allow-duplicate'], { prompter, tty: { stdin: true, stderr: true } });
    expect(r.code).toBe(0);
    expect(verdicts).toMatchObject({
      Name: ['the name contains an escape character (\\x1b); it must be one line of printable text', 'the name contains a line break (\\n); it must be one line of printable text'],
      'Description (optional)': ['the description contains an escape character (\\x1b); line breaks and tabs are its only control characters', true],
      'Unit name shown in the app, e.g. glasses (optional)': ['the unit name contains an escape character (\\x1b); it must be one line of printable text', 'the unit name contains a line break (\\n); it must be one line of printable text'],
      'Icon, an emoji or icon name (optional)': ['the icon contains an escape character (\\x1b); it must be one line of printable text', 'the icon contains a line break (\\n); it must be one line of printable text'],
    });
  });

  it('starts on its own on a terminal when the name is left out; time-of-day choices are the three periods of the day', async () => {
    // The first test created a "Walk" already: a second needs --allow-duplicate (see below).
    const r = await cli(['habit', 'add', '--allow-duplicate'], addWalk());
    expect(r.code).toBe(0);
    expect(r.prompter.asked[0]).toBe('Name');
    const tod = r.prompter.prompts.find((p) => p.message.startsWith('Time of day'))!;
    expect(tod.default).toEqual([]);
    // Afternoon too, though no habit uses it yet; in the order of the day.
    expect(r.choices[tod.message]).toEqual(['Morning', 'Afternoon', 'Evening', 'another id (type it)…']);
  });

  it('flags given with -i pre-fill the prompts', async () => {
    const r = await cli(['habit', 'add', 'Swim', '-i', '--days', 'mon,wed', '--goal', '20 min weekly', '--end', 'total:500', '--area', 'Work', '--color', 'abc'], [
      undefined, undefined, undefined, undefined, undefined, // name, type, description, how often, weekdays
      undefined, undefined, undefined, undefined, undefined, // goal?, value, unit, per, unit name
      DONE, DONE, undefined, undefined, undefined, undefined, undefined, undefined, undefined, 'cancel',
    ]);
    const defaults = Object.fromEntries(r.prompter.prompts.map((p) => [p.message, p.default]));
    expect(defaults).toMatchObject({
      Name: 'Swim', Type: 'good', 'How often?': 'weekDays', 'Which weekdays? (space to tick, enter to confirm)': [1, 3],
      'Track a goal (an amount per day, week, month or year)?': true, 'Goal value': 20, Unit: 'min', Per: 'weekly',
      'Does the habit end?': 'totalLogValue', 'Total to reach': 500, 'Colour (#RRGGBB; empty for the default)': '#AABBCC',
      'Start date (YYYY-MM-DD, today, yesterday, tomorrow, -N (N days ago) or a weekday (mon, monday))': '2026-11-22',
    });
    expect(defaults['Areas (tick none for no area)']).toEqual([work.id]);
    expect(r.code).toBe(130);
    expect(r.stderr.trimEnd().split('\n').at(-1)).toBe('error: cancelled: no habit was created');
    expect(writes(r.requests)).toEqual([]);
  });

  it('a name an active habit already has is said at the Name question, which asks again: no answer is lost (issue 22)', async () => {
    const answers = addWalk();
    answers.splice(1, 0, 'Walk again');
    const r = await cli(['habit', 'add', '-i', '--json'], answers);
    expect(r.code, r.stderr).toBe(0);
    expect(r.prompter.asked.slice(0, 3)).toEqual(['Name', 'Name', 'Type']);
    expect(r.stderr).toMatch(/^An active habit is already called "Walk" \(id:.+\): choose another name, or run habit add with --allow-duplicate\.\n/);
    expect((JSON.parse(r.stdout) as Habit).name).toBe('Walk again');
    expect(writes(r.requests)).toHaveLength(1);
  });

  it('answering cancel at the menu creates nothing and exits 130', async () => {
    const r = await cli(['habit', 'add', '-i', '--allow-duplicate'], addWalk('cancel'));
    expect(r.code).toBe(130);
    expect(r.stderr).toContain('error: cancelled: no habit was created\n');
    expect(writes(r.requests)).toEqual([]);
  });

  it('a change at the menu asks that field alone again, shows the review again, and sends the change (issue 22)', async () => {
    const r = await cli(['habit', 'add', '-i', '--allow-duplicate', '--json'], addWalk('change', 'Description', 'Twice around the block', 'change', 'Colour', '#123456', 'send'));
    expect(r.code, r.stderr).toBe(0);
    expect(r.left).toEqual([]);
    expect(r.prompter.asked.slice(-7)).toEqual(['What next?', 'Which field?', 'Description (optional; backspace clears)', 'What next?', 'Which field?', 'Colour (#RRGGBB; empty for the default)', 'What next?']);
    // The summary is shown again after each change.
    expect(r.stderr.match(/Twice around the block/g)).toHaveLength(2);
    const sent = writes(r.requests).map((q) => q.body as Record<string, unknown>);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ name: 'Walk', description: 'Twice around the block', colorHex: '#123456', goal: { value: 30, unit: 'min', periodicity: 'daily' } });
  });

  it('Ctrl-C at a prompt exits 130 with one line and creates nothing', async () => {
    const r = await cli(['habit', 'add', '-i'], ['Jog', 'good', new CancelledError()]);
    expect(r.code).toBe(130);
    expect(r.stderr).toBe('error: cancelled\n');
    expect(r.stdout).toBe('');
    expect(writes(r.requests)).toEqual([]);
  });
});

describe('habit edit, interactive', () => {
  const populated = (name: string): Promise<Habit> => addPopulatedHabit(fx.svc, name, { areaId: health.id, stackOn: meditate.id });

  it('pre-fills every prompt with the current values; keeping them all sends nothing', async () => {
    const h = await populated('Evening jog');
    const r = await cli(['habit', 'edit', 'Evening jog', '-i'], new Array(19).fill(undefined));
    expect(r.code).toBe(0);
    expect(r.left).toEqual([]);
    expect(r.prompter.prompts.map((p) => [p.message, p.default])).toEqual([
      ['Name', 'Evening jog'],
      ['Description (optional; backspace clears)', 'Outside'],
      ['How often?', 'weekDays'],
      ['Which weekdays? (space to tick, enter to confirm)', [1, 3, 5]],
      ['Track a goal (an amount per day, week, month or year)?', true],
      ['Goal value', 30],
      ['Unit', 'min'],
      ['Per', 'daily'],
      ['Unit name shown in the app, e.g. glasses (optional; backspace clears)', 'laps'],
      ['Reminders: 07:30 on Mon, Tue (alarm)', { kind: 'done' }],
      ['Habit stacks: after "Meditate" is completed, +10 min', { kind: 'done' }],
      ['Does the habit end?', 'streak'],
      ['Streak length (successful periods in a row)', 5],
      ['Areas (tick none for no area)', [health.id]],
      ['Time of day (tick none for any time)', ['morning']],
      ['Start date (YYYY-MM-DD, today, yesterday, tomorrow, -N (N days ago) or a weekday (mon, monday))', '2026-11-01'],
      ['Icon, an emoji or icon name (optional; backspace clears)', '🚶'],
      ['Colour (#RRGGBB)', '#7B61FF'],
      ['What next?', 'send'],
    ]);
    expect(r.requests.map((q) => q.method)).not.toContain('PUT');
    expect(r.stderr).toContain('\nChanges: none\n');
    expect(r.stderr.trimEnd().split('\n').at(-1)).toBe('No changes: "Evening jog" already has these values; nothing was sent');
    expect((await call<Habit>(fx.svc, 'GET', `/habits/${h.id}`)).reminders?.habitStacks?.[0]?.id).toBe(h.reminders?.habitStacks?.[0]?.id);
  });

  it('sends only what the answers change, after a summary and a confirmation', async () => {
    const h = await populated('Morning jog');
    const answers: unknown[] = new Array(18).fill(undefined);
    answers[0] = 'Dawn jog';
    answers[9] = { kind: 'remove', index: 0 }; // the reminders list: remove the one reminder…
    answers.splice(10, 0, DONE); // …then done
    answers.push('send'); // the menu: Save these changes
    const r = await cli(['habit', 'edit', 'Morning jog', '-i'], answers);
    expect(r.code).toBe(0);
    expect(r.left).toEqual([]);
    expect(r.stderr).toContain('Changes: name, reminders\n');
    expect(writes(r.requests).map((q) => q.body)).toEqual([{
      name: 'Dawn jog',
      reminders: { timeTriggers: [], habitStacks: [{ id: h.reminders!.habitStacks![0]!.id, conditionHabitId: meditate.id, type: 'completed', timerType: 'after', timerDelaySecs: 600 }] },
    }]);
  });

  it('edit with no flags on a terminal walks through the prompts', async () => {
    await populated('Cycle');
    const r = await cli(['habit', 'edit', 'Cycle'], [new CancelledError()]);
    expect(r.prompter.asked).toEqual(['Name']);
    expect(r.code).toBe(130);
    expect(r.stderr).toBe('error: cancelled\n');
  });
});

describe('a bad habit is asked for a limit, as the journal shows it (issue 22)', () => {
  it('asks "Set a limit" and "Limit value"; a good habit keeps goal', async () => {
    const { promptGoal } = await import('../../src/prompts/goal.js');
    const bad = scriptedPrompter([true, 5, 'rep', 'daily', '']);
    expect(await promptGoal(bad, null, null, 'bad')).toEqual({ goal: { value: 5, unit: 'rep', periodicity: 'daily' }, customUnitName: null });
    expect(bad.asked.slice(0, 2)).toEqual(['Set a limit (an amount per day, week, month or year not to go over)?', 'Limit value']);
    const good = scriptedPrompter([false]);
    await promptGoal(good, null, null);
    expect(good.asked).toEqual(['Track a goal (an amount per day, week, month or year)?']);
  });
});
