// The interactive walks of `habit add` and `habit edit`, driven by a scripted prompter against the
// real local service: what is asked, what is pre-filled, what is stored, and cancelling; a name in
// use caught at its prompt, Esc (a BackError answer) going back one question, and the menu at the
// end (create, change a field, cancel).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Area, Habit } from '../../src/api/types.js';
import { CancelledError } from '../../src/errors.js';
import { BackError } from '../../src/prompts/prompter.js';
import { stripAnsi } from '../../src/output/plain.js';
import { scriptedPrompter } from '../helpers/cli.js';
import { addHabit, addPopulatedHabit, call, mark, useService } from '../helpers/service.js';

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
  const select = prompter.select;
  prompter.select = (o) => {
    choices[o.message] = o.choices.map((c) => c.name);
    return select(o);
  };
  const result = await fx.cli(args, { prompter, tty: { stdin: true, stderr: true } });
  return { ...result, prompter, choices, left: answers };
}

const writes = <T extends { method: string }>(requests: T[]): T[] => requests.filter((r) => r.method === 'POST' || r.method === 'PUT');
const ADD = { kind: 'add' };
const DONE = undefined; // the default of the list prompts: done
const BACK = () => new BackError(); // Esc
/** The questions of the menu that ends a walk. */
const MENU = 'What next?';
const WHICH = 'Which field?';
const KEYS_LINE = 'Esc goes back one question; Ctrl-C cancels. Nothing is sent before the menu at the end.';

/** Answers for a full add walk; `menu` answers the menu at the end (`send`, `change`, `cancel`). */
function addWalk(menu: unknown = 'send'): unknown[] {
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
    menu,
  ];
}

describe('habit add, interactive', () => {
  it('walks through every field, shows a summary, ends on a menu, then creates the habit', async () => {
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
      MENU,
    ]);
    const summary = stripAnsi(r.stderr);
    expect(summary.split('\n')[0]).toBe(KEYS_LINE);
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
    expect(r.stderr.trimEnd().split('\n').at(-1)).toBe('Cancelled; nothing was created');
    expect(writes(r.requests)).toEqual([]);
  });

  it('a name an active habit already has is caught at its prompt: another name is asked for, before any other question', async () => {
    const answers = addWalk();
    answers.splice(1, 0, 'other', 'Stroll');
    const r = await cli(['habit', 'add', '-i', '--json'], answers);
    expect(r.code).toBe(0);
    expect(r.prompter.asked.slice(0, 4)).toEqual(['Name', '"Walk" is taken', 'Name', 'Type']);
    const taken = r.prompter.prompts[1]!;
    expect(taken.default).toBe('other');
    expect(r.prompter.prompts[2]!.default).toBeUndefined(); // the name in use is not offered again
    expect(stripAnsi(r.stderr)).toMatch(/^An active habit is already called "Walk" \(id:.+\): a second one would make "Walk" ambiguous everywhere\.$/m);
    expect(writes(r.requests).map((q) => (q.body as { name: string }).name)).toEqual(['Stroll']);
  });

  it('a name in use can be kept at its prompt, as --allow-duplicate does', async () => {
    const answers = addWalk();
    answers.splice(1, 0, 'keep');
    const r = await cli(['habit', 'add', '-i', '--json'], answers);
    expect(r.code).toBe(0);
    expect(r.prompter.asked.slice(0, 3)).toEqual(['Name', '"Walk" is taken', 'Type']);
    expect(writes(r.requests).map((q) => (q.body as { name: string }).name)).toEqual(['Walk']);
    // With the flag, nothing is asked.
    const flag = await cli(['habit', 'add', '-i', '--allow-duplicate'], addWalk());
    expect(flag.code).toBe(0);
    expect(flag.prompter.asked.slice(0, 2)).toEqual(['Name', 'Type']);
  });

  it('Cancel at the menu asks nothing more, creates nothing and exits 130', async () => {
    const r = await cli(['habit', 'add', '-i', '--allow-duplicate'], addWalk('cancel'));
    expect(r.code).toBe(130);
    expect(r.left).toEqual([]);
    expect(r.prompter.asked.at(-1)).toBe(MENU);
    // A choice, not an error: no `error:` prefix, exit 130 all the same.
    expect(r.stderr.trimEnd().split('\n').at(-1)).toBe('Cancelled; nothing was created');
    expect(r.stderr).not.toContain('error:');
    expect(writes(r.requests)).toEqual([]);
  });

  it('a field changed at the menu is asked again alone, the summary shown again; the habit is created with the change', async () => {
    const answers = addWalk('change');
    answers.push('description', 'Twice round the block', 'send');
    const r = await cli(['habit', 'add', '-i', '--allow-duplicate', '--json'], answers);
    expect(r.code).toBe(0);
    expect(r.left).toEqual([]);
    expect(r.prompter.asked.slice(-4)).toEqual([MENU, WHICH, 'Description (optional; backspace clears)', MENU]);
    expect(r.prompter.prompts.at(-2)!.default).toBe('Around the block'); // pre-filled with the answer given
    // The summary is shown twice: after the walk, and after the change.
    expect(stripAnsi(r.stderr).match(/^ {2}Description +.+$/gm)).toEqual(['  Description  Around the block', '  Description  Twice round the block']);
    expect(writes(r.requests).map((q) => (q.body as { description: string }).description)).toEqual(['Twice round the block']);
  });

  it('the menu and its list of fields; Esc at the list returns to the menu', async () => {
    const answers = addWalk('change');
    answers.push(BACK(), 'cancel');
    const prompter = scriptedPrompter(answers);
    const menus: Record<string, string[]> = {};
    const select = prompter.select;
    prompter.select = (o) => {
      menus[o.message] = o.choices.map((c) => c.name);
      return select(o);
    };
    const r = await fx.cli(['habit', 'add', '-i', '--allow-duplicate'], { prompter, tty: { stdin: true, stderr: true } });
    expect(r.code).toBe(130);
    expect(menus[MENU]).toEqual(['Create this habit', 'Change a field…', 'Cancel']);
    expect(menus[WHICH]).toEqual(['Name', 'Type', 'Description', 'Schedule', 'Goal', 'Reminders', 'Stacks', 'End', 'Areas', 'Time of day', 'Start date', 'Icon', 'Colour']);
    expect(prompter.asked.slice(-3)).toEqual([MENU, WHICH, MENU]);
    expect(stripAnsi(r.stderr).match(/^ {2}Type +/gm)).toHaveLength(1); // the summary is not repeated
    expect(writes(r.requests)).toEqual([]);
  });

  it('Ctrl-C at a prompt exits 130 with one line and creates nothing', async () => {
    const r = await cli(['habit', 'add', '-i'], ['Saunter', 'good', new CancelledError()]);
    expect(r.code).toBe(130);
    expect(stripAnsi(r.stderr)).toBe(`${KEYS_LINE}\nerror: cancelled\n`);
    expect(r.stdout).toBe('');
    expect(writes(r.requests)).toEqual([]);
  });
});

/** The questions of a short add walk (no goal, no reminders, no stacks, no end). */
const SHORT = [
  'Name', 'Type', 'Description (optional)', 'How often?', 'Track a goal (an amount per day, week, month or year)?',
  'Reminders: none', 'Habit stacks: none', 'Does the habit end?', 'Areas (tick none for no area)', 'Time of day (tick none for any time)',
  'Start date (YYYY-MM-DD, today, yesterday, tomorrow, -N (N days ago) or a weekday (mon, monday))', 'Icon, an emoji or icon name (optional)', 'Colour (#RRGGBB; empty for the default)',
];

/** Answers to SHORT after the name: defaults everywhere. */
const shortAfterName = (): unknown[] => ['good', '', 'daily', false, DONE, DONE, 'none', [], [], undefined, '', ''];

describe('habit add, interactive: Esc goes back one question', () => {
  it('back to the question before, pre-filled with its answer; the walk goes on from there', async () => {
    const r = await cli(['habit', 'add', '-i', '--json'], [
      BACK(), // at Name: nothing before it, Name again
      'Hike', 'good', 'Up the hill', BACK(), // at How often?: the description again
      'Up and down', 'daily', false, DONE, DONE, 'none', [], [], undefined, '', '', 'send',
    ]);
    expect(r.code).toBe(0);
    expect(r.left).toEqual([]);
    expect(r.prompter.asked).toEqual([
      'Name', 'Name', 'Type', 'Description (optional)', 'How often?', 'Description (optional)', ...SHORT.slice(3), MENU,
    ]);
    expect(r.prompter.prompts[5]!.default).toBe('Up the hill');
    expect(writes(r.requests).map((q) => (q.body as { description: string }).description)).toEqual(['Up and down']);
  });

  it('from the question after a field of several questions, back to that field\'s last one', async () => {
    const r = await cli(['habit', 'add', '-i', '--json'], [
      'Swim', 'good', '', 'daily', true, 5, 'kM', 'weekly', 'lengths',
      BACK(), // at Reminders: the unit name, the goal's last question
      undefined, DONE, DONE, 'none', [], [], undefined, '', '', 'send',
    ]);
    expect(r.code).toBe(0);
    expect(r.prompter.asked.slice(4, 12)).toEqual([
      'Track a goal (an amount per day, week, month or year)?', 'Goal value', 'Unit', 'Per', 'Unit name shown in the app, e.g. glasses (optional)',
      'Reminders: none', 'Unit name shown in the app, e.g. glasses (optional)', 'Reminders: none',
    ]);
    expect(r.prompter.prompts[10]!.default).toBe('lengths');
    expect(writes(r.requests).map((q) => q.body)).toEqual([expect.objectContaining({ goal: { value: 5, unit: 'kM', periodicity: 'weekly' }, customUnitName: 'lengths' })]);
  });

  it('back twice, then forward: each question again pre-filled with the answer it had', async () => {
    const r = await cli(['habit', 'add', '-i', '--json'], [
      'Row', 'good', '', 'daily', true, 12, 'kM',
      BACK(), // at Per: the unit again
      BACK(), // at Unit: the goal value again
      undefined, undefined, 'monthly', '', DONE, DONE, 'none', [], [], undefined, '', '', 'send',
    ]);
    expect(r.code).toBe(0);
    const asked = r.prompter.prompts.slice(5, 10).map((q) => [q.message, q.default]);
    expect(asked).toEqual([['Goal value', undefined], ['Unit', 'min'], ['Per', 'daily'], ['Unit', 'kM'], ['Goal value', 12]]);
    expect(r.prompter.prompts.slice(10, 12).map((q) => [q.message, q.default])).toEqual([['Unit', 'kM'], ['Per', 'daily']]);
    expect(writes(r.requests).map((q) => (q.body as { goal: unknown }).goal)).toEqual([{ value: 12, unit: 'kM', periodicity: 'monthly' }]);
  });

  it('Esc at the menu asks the last question again, then shows the menu again', async () => {
    const r = await cli(['habit', 'add', '-i', '--json'], ['Paint', ...shortAfterName(), BACK(), '#123456', 'send']);
    expect(r.code).toBe(0);
    expect(r.prompter.asked.slice(-3)).toEqual([MENU, 'Colour (#RRGGBB; empty for the default)', MENU]);
    expect(writes(r.requests).map((q) => (q.body as { colorHex: string }).colorHex)).toEqual(['#123456']);
  });
});

describe('habit add, interactive: the menu at the end', () => {
  it('changing the goal asks again for the total to reach, which is counted in its unit; Esc goes back from one to the other', async () => {
    const r = await cli(['habit', 'add', 'Spin', '-i', '--goal', '20 min weekly', '--end', 'total:500', '--json'], [
      ...new Array(18).fill(undefined), 'change', 'goal', true, 40, 'kM', 'weekly', 'laps',
      BACK(), // at the end: Esc goes back into the goal, to its unit name
      '', 'totalLogValue', 800, 'send',
    ]);
    expect(r.code).toBe(0);
    expect(r.left).toEqual([]);
    const unitName = 'Unit name shown in the app, e.g. glasses (optional)';
    expect(r.prompter.asked.slice(18)).toEqual([
      MENU, WHICH, 'Track a goal (an amount per day, week, month or year)?', 'Goal value', 'Unit', 'Per', unitName,
      'Does the habit end?', unitName, 'Does the habit end?', 'Total to reach', MENU,
    ]);
    expect(r.prompter.prompts[26]!.default).toBe('laps');
    expect(writes(r.requests).map((q) => q.body)).toEqual([expect.objectContaining({
      goal: { value: 40, unit: 'kM', periodicity: 'weekly' }, endCondition: { type: 'totalLogValue', totalLogValue: 800 },
    })]);
  });

  it('an end date before the start is named at the menu, which comes back; nothing is sent', async () => {
    const r = await cli(['habit', 'add', 'Fast', '-i'], [
      'Fast', 'good', '', 'daily', false, DONE, DONE, 'date', '2026-11-01', [], [], undefined, '', '', 'send', 'cancel',
    ]);
    expect(r.code).toBe(130);
    expect(r.prompter.asked.slice(-2)).toEqual([MENU, MENU]);
    expect(stripAnsi(r.stderr)).toContain('The end date 2026-11-01 is before the start date 2026-11-22: change End or Start date first.\n');
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
      [MENU, 'send'],
    ]);
    expect(r.requests.map((q) => q.method)).not.toContain('PUT');
    expect(stripAnsi(r.stderr)).toContain('\nChanges: none\n');
    expect(stripAnsi(r.stderr).split('\n')[0]).toBe(KEYS_LINE);
    expect(r.stderr.trimEnd().split('\n').at(-1)).toBe('No changes: "Evening jog" already has these values; nothing was sent');
    expect((await call<Habit>(fx.svc, 'GET', `/habits/${h.id}`)).reminders?.habitStacks?.[0]?.id).toBe(h.reminders?.habitStacks?.[0]?.id);
  });

  it('sends only what the answers change, after a summary and the menu', async () => {
    const h = await populated('Morning jog');
    const answers: unknown[] = new Array(18).fill(undefined);
    answers[0] = 'Dawn jog';
    answers[9] = { kind: 'remove', index: 0 }; // the reminders list: remove the one reminder…
    answers.splice(10, 0, DONE); // …then done
    answers.push('send'); // What next? Save these changes
    const r = await cli(['habit', 'edit', 'Morning jog', '-i'], answers);
    expect(r.code).toBe(0);
    expect(r.left).toEqual([]);
    expect(r.prompter.asked.at(-1)).toBe(MENU);
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
    expect(stripAnsi(r.stderr)).toBe(`${KEYS_LINE}\nerror: cancelled\n`);
  });

  it('a new name another habit has is caught at its prompt; kept, the rename is sent', async () => {
    const h = await populated('Night jog');
    const answers: unknown[] = ['Meditate', 'keep', ...new Array(17).fill(undefined), 'send'];
    const r = await cli(['habit', 'edit', 'Night jog', '-i'], answers);
    expect(r.code).toBe(0);
    expect(r.prompter.asked.slice(0, 3)).toEqual(['Name', '"Meditate" is taken', 'Description (optional; backspace clears)']);
    expect(r.prompter.prompts[1]!.default).toBe('other');
    expect(writes(r.requests)).toEqual([expect.objectContaining({ method: 'PUT', path: `/habits/${h.id}`, body: { name: 'Meditate' } })]);
  });

  it('a later start over logs asks at the menu; declining returns to the menu, and nothing is sent', async () => {
    const h = await populated('Dusk jog');
    await mark(fx.svc, h.id, 'complete', '2026-11-20');
    const answers: unknown[] = new Array(18).fill(undefined);
    answers[15] = '2026-11-21'; // the start date
    answers.push('send', false, 'cancel');
    const r = await cli(['habit', 'edit', 'Dusk jog', '-i'], answers);
    expect(r.code).toBe(130);
    expect(r.left).toEqual([]);
    expect(r.prompter.asked.slice(-4)).toEqual(['Colour (#RRGGBB)', MENU, 'Move the start to 2026-11-21?', MENU]);
    expect(r.stderr).toContain('moving the start of "Dusk jog" from 2026-11-01 to 2026-11-21 leaves the logs before 2026-11-21 out of every count');
    expect(r.stderr.trimEnd().split('\n').at(-1)).toBe('Cancelled; nothing was changed');
    expect(writes(r.requests).filter((q) => q.method === 'PUT')).toEqual([]);
  });
});

describe('the review names a goal as the habit does (issue 31)', () => {
  it("a bad habit's review says Limit, in the field list too; its edit's changes say limit", async () => {
    const r = await cli(['habit', 'add', 'Late snack', '-i', '--type', 'bad', '--goal', '3 rep daily', '--unit-name', 'snacks'], [
      ...new Array(17).fill(undefined), 'change', BACK(), 'cancel',
    ]);
    expect(r.code).toBe(130);
    expect(r.left).toEqual([]);
    const summary = stripAnsi(r.stderr);
    expect(summary).toContain('\n  Limit        3 snacks daily\n');
    expect(summary).not.toMatch(/^ {2}Goal /m);
    expect(r.choices[WHICH]).toContain('Limit');
    expect(r.choices[WHICH]).not.toContain('Goal');

    await addHabit(fx.svc, { name: 'Chips', type: 'bad', goal: { value: 3, unit: 'rep', periodicity: 'daily' }, customUnitName: 'bags' });
    const answers: unknown[] = new Array(16).fill(undefined);
    answers[4] = 2; // Limit value
    answers.push('send');
    const edit = await cli(['habit', 'edit', 'Chips', '-i'], answers);
    expect(edit.code, edit.stderr).toBe(0);
    expect(edit.prompter.asked[4]).toBe('Limit value');
    expect(stripAnsi(edit.stderr)).toContain('  Limit        2 bags daily\n');
    expect(stripAnsi(edit.stderr)).toContain('\nChanges: limit\n');
    expect(edit.stderr).toMatch(/Updated habit "Chips": limit \(id:/);
  });

  it('the goal line and a total to reach use the unit name, for a count and for a measure (whose symbol follows)', async () => {
    const review = async (goal: string) => {
      const r = await cli(['habit', 'add', `Water ${goal}`, '-i', '--goal', goal, '--unit-name', 'glasses', '--end', 'total:100'], [...new Array(18).fill(undefined), 'cancel']);
      expect(r.left).toEqual([]);
      return stripAnsi(r.stderr);
    };
    const count = await review('8 rep daily');
    expect(count).toContain('\n  Goal         8 glasses daily\n');
    expect(count).toContain('\n  Ends         ends when the total logged reaches 100 glasses\n');
    expect(count).toContain('\n  Unit name    glasses\n');
    const measure = await review('8 cup daily');
    expect(measure).toContain('\n  Goal         8 glasses (cup) daily\n');
    expect(measure).toContain('\n  Ends         ends when the total logged reaches 100 glasses (cup)\n');
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

  it('a type changed at the menu asks the goal again, now as a limit', async () => {
    const r = await cli(['habit', 'add', 'Snack', '-i', '--goal', '3 rep daily', '--json'], [
      ...new Array(17).fill(undefined), 'change', 'type', 'bad', true, 2, undefined, undefined, '', 'send',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.left).toEqual([]);
    expect(r.prompter.asked.slice(17)).toEqual([
      MENU, WHICH, 'Type', 'Set a limit (an amount per day, week, month or year not to go over)?', 'Limit value', 'Unit', 'Per',
      'Unit name shown in the app, e.g. glasses (optional)', MENU,
    ]);
    expect(writes(r.requests).map((q) => q.body)).toEqual([expect.objectContaining({ type: 'bad', goal: { value: 2, unit: 'rep', periodicity: 'daily' } })]);
  });
});
