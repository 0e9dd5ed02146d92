// `habits journal`: the day's habits as a table on a terminal, tab-separated lines in a pipe, the
// server's entries with --json; one request with the date always explicit.
import { beforeAll, describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../src/api/types.js';
import { addDays } from '../../src/model/dates.js';
import { displayWidth } from '../../src/output/plain.js';
import { runCli, type RunOptions } from '../helpers/cli.js';
import { run } from '../../src/commands/journal.js';
import { verbDeps } from '../helpers/verb.js';
import { addHabit, call, logValue, mark, useService } from '../helpers/service.js';

const fx = useService();
const TODAY = '2026-11-22';

beforeAll(async () => {
  const { svc } = fx;
  const walk = await addHabit(svc, { name: 'Walk', timeOfDayIds: ['morning'], goal: { periodicity: 'daily', value: 30, unit: 'min' } });
  await logValue(svc, walk.id, 12, 'min', TODAY);
  await call(svc, 'POST', `/habits/${walk.id}/notes`, { content: 'felt great', moodLevel: 'high' });
  await call(svc, 'POST', `/habits/${walk.id}/notes`, { content: 'rained', createdAt: '2026-11-10T08:00:00Z' });
  const read = await addHabit(svc, { name: 'Read', timeOfDayIds: ['evening'] });
  for (let i = 0; i <= 4; i++) await mark(svc, read.id, 'complete', addDays(TODAY, -i));
  const journal = await addHabit(svc, { name: 'Journal', icon: '📓' });
  await mark(svc, journal.id, 'skipped', TODAY);
  await call(svc, 'POST', `/habits/${read.id}/notes`, { content: 'a long chapter\nand a short one', createdAt: '2026-11-21T20:00:00Z' });
  const run = await addHabit(svc, { name: 'Run', timeOfDayIds: ['afternoon'] });
  await mark(svc, run.id, 'failed', TODAY);
  await call(svc, 'POST', `/habits/${run.id}/notes`, { moodLevel: 'veryLow', photos: ['https://e.x/1.jpg', 'https://e.x/2.jpg'] });
  await addHabit(svc, { name: 'Smoking', type: 'bad' });
  const coffee = await addHabit(svc, { name: 'Coffee', type: 'bad', timeOfDayIds: ['morning'], goal: { periodicity: 'daily', value: 2, unit: 'cup' } });
  await logValue(svc, coffee.id, 1, 'cup', TODAY);
  await addHabit(svc, { name: 'Stretch', timeOfDayIds: ['evening'] });
  // Due on Mondays only: absent from Sunday's journal.
  await addHabit(svc, { name: 'Floss', occurrence: { type: 'weekDays', days: [1] } });
  await addHabit(svc, { name: 'Piano practice for the spring recital, scales and arpeggios first', timeOfDayIds: ['afternoon'] });
});

const journal = (args: string[], opts: RunOptions = {}) => fx.cli(['journal', ...args], opts);

describe('habits journal', () => {
  it('prints a header and a table on a terminal, from the journal with the explicit date', async () => {
    const r = await journal([], { tty: { stdout: true }, columns: 100, env: { NO_COLOR: '1' } });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    // With no name cache yet, a terminal also lists the habits once, for their own unit names.
    // Then each habit listed is asked for its notes of the day, one request each.
    expect(r.requests.map((q) => q.path).slice(0, 2)).toEqual(['/habits/journal', '/habits']);
    const notes = r.requests.slice(2);
    expect(notes).toHaveLength(8);
    for (const q of notes) expect(q).toMatchObject({ method: 'GET', path: expect.stringMatching(/^\/habits\/-[\w-]+\/notes$/), query: { from: TODAY, to: TODAY } });
    expect(r.requests[0]).toMatchObject({ method: 'GET', path: '/habits/journal', query: { date: TODAY }, status: 200 });
    expect(r.stdout).toMatchInlineSnapshot(`
      "Sunday 22 Nov 2026 (today) · 1/8 done · 1 partial · 2 pending · 1 under limit · 1 clean so far

      HABIT                                       STATUS          PROGRESS            STREAK   TIME
      Coffee                                      ○ under limit   ████░░░░ 1/2 cup    21 days  Morning
      Walk                                        ◐ partial       ███░░░░░ 12/30 min  0 days   Morning
      Piano practice for the spring recital, sc…  ○ pending       –                   0 days   Afternoon
      Stretch                                     ○ pending       –                   0 days   Evening
      Smoking                                     ○ clean so far  –                   21 days  –
      Read                                        ✓ done          –                   5 days   Evening
      📓 Journal                                  » skipped       –                   0 days   –
      Run                                         ✗ failed        –                   0 days   Afternoon

      Notes
      Walk · 🙂 high · "felt great"
      Run · 😫 veryLow · 2 photos
      "
    `);
  });

  it('uses colour on a terminal, never colour alone', async () => {
    const r = await journal([], { tty: { stdout: true }, columns: 100 });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('\u001b[');
    expect(r.stdout).toContain('✓ done');
    expect(r.stdout).toContain('✗ failed');
    expect(r.stdout).toContain('» skipped');
  });

  it('truncates long names to the terminal width', async () => {
    const r = await journal([], { tty: { stdout: true }, columns: 60, env: { NO_COLOR: '1' } });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Piano practi…');
    expect(r.stdout).not.toContain('arpeggios');
    for (const line of r.stdout.trimEnd().split('\n')) expect(displayWidth(line)).toBeLessThanOrEqual(60);
  });

  it('prints tab-separated rows without escape codes when piped, even with FORCE_COLOR', async () => {
    const r = await journal([], { env: { FORCE_COLOR: '1' } });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('\u001b');
    const rows = r.stdout.trimEnd().split('\n').map((l) => l.split('\t'));
    expect(rows.every((row) => row.length === 8)).toBe(true);
    expect(rows.map((row) => [row[1], row[2]])).toEqual([
      ['Coffee', 'inprogress'],
      ['Walk', 'inprogress'],
      ['Piano practice for the spring recital, scales and arpeggios first', 'inprogress'],
      ['Stretch', 'inprogress'],
      ['Smoking', 'inprogress'],
      ['Read', 'completed'],
      ['Journal', 'skipped'],
      ['Run', 'failed'],
    ]);
    const walk = rows.find((row) => row[1] === 'Walk')!;
    expect(walk.slice(2)).toEqual(['inprogress', '12', '30', 'min', '0', 'morning']);
    const read = rows.find((row) => row[1] === 'Read')!;
    expect(read[0]).toMatch(/^-/);
    expect(read.slice(2)).toEqual(['completed', '', '', '', '5', 'evening']);
    // Piped output stays the journal alone: no notes, and no request for them.
    expect(r.requests.map((q) => q.path)).toEqual(['/habits/journal']);
    expect(r.stdout).not.toContain('felt great');
  });

  it('--json is the server entries alone, without notes or requests for them', async () => {
    const r = await journal(['--json'], { tty: { stdout: true } });
    expect(r.requests.map((q) => q.path)).toEqual(['/habits/journal']);
    expect(r.stdout).not.toContain('felt great');
  });

  it("on a terminal, another day shows that day's notes only: --date -1", async () => {
    const r = await journal(['--date', '-1'], { tty: { stdout: true }, columns: 100, env: { NO_COLOR: '1' } });
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toMatch(/^Saturday 21 Nov 2026 · /);
    expect(r.stdout.trimEnd().split('\n').slice(-2)).toEqual(['Notes', 'Read · "a long chapter\\nand a short one"']);
  });

  it('a server that ignores from/to: the notes are left out with a line saying why, not shown for some habits', async () => {
    const verb = verbDeps(fx.svc, { tty: true, today: TODAY });
    try {
      const real = await verb.deps.api();
      const ignoring: typeof real = Object.assign(Object.create(real) as typeof real, {
        request: ((route: string, opts: { query?: Record<string, unknown> }) => {
          const { from: _f, to: _t, ...query } = opts.query ?? {};
          return real.request(route as 'GET /habits/journal', { ...opts, query } as never);
        }) as typeof real.request,
      });
      await run({ date: TODAY }, { ...verb.deps, api: async () => ignoring }, (d) => d.toISOString().slice(0, 10));
      expect(verb.stdout()).not.toContain('felt great');
      expect(verb.stdout().trimEnd().split('\n').at(-1)).toBe('Notes not shown: the server does not filter notes by date; habits note ls <habit> lists them.');
    } finally {
      await verb.close();
    }
  });

  it('prints the entries as the server returned them with --json', async () => {
    const r = await journal(['--json']);
    expect(r.code).toBe(0);
    const entries = JSON.parse(r.stdout) as JournalEntry[];
    expect(entries.map((e) => e.name).sort()).toEqual(['Coffee', 'Journal', 'Piano practice for the spring recital, scales and arpeggios first', 'Read', 'Run', 'Smoking', 'Stretch', 'Walk']);
    expect(entries.find((e) => e.name === 'Walk')).toMatchObject({ status: 'inprogress', progress: { current: 12, target: 30, unit: 'min' } });
    expect(r.requests).toHaveLength(1);
  });

  it('asks for yesterday with --date yesterday', async () => {
    const r = await journal(['--date', 'yesterday', '--json']);
    expect(r.code).toBe(0);
    expect(r.requests.map((q) => q.query)).toEqual([{ date: '2026-11-21' }]);
    const entries = JSON.parse(r.stdout) as JournalEntry[];
    expect(entries.find((e) => e.name === 'Read')?.status).toBe('completed');
    expect(entries.find((e) => e.name === 'Walk')?.status).toBe('inprogress');
  });

  it('names the day in the header for another date', async () => {
    const r = await journal(['--date', '2026-11-20'], { tty: { stdout: true }, env: { NO_COLOR: '1' } });
    expect(r.code).toBe(0);
    // Read was completed; bad habits whose day has ended without a slip count as done.
    // The day is over: what was left open on it was missed, not pending (issue 22).
    expect(r.stdout.split('\n')[0]).toBe('Friday 20 Nov 2026 · 3/8 done · 5 missed');
    expect(r.stdout).toMatch(/○ missed/);
    expect(r.stdout).not.toMatch(/○ pending/);
    expect(r.requests.map((q) => q.query)).toEqual([{ date: '2026-11-20' }, ...Array.from({ length: 8 }, () => ({ from: '2026-11-20', to: '2026-11-20' }))]);
    expect(r.stdout).not.toContain('Notes');
  });

  it('reads tomorrow with --date tomorrow (a read may look ahead)', async () => {
    const r = await journal(['--date', 'tomorrow', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.requests.filter((q) => q.path === '/habits/journal').map((q) => q.query)).toEqual([{ date: '2026-11-23' }]);
  });

  it('rejects a bad --date with exit 2 before any request', async () => {
    for (const bad of ['tomorrowish', '2026-02-30', '22/11/2026']) {
      const r = await journal(['--date', bad]);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^error: --date: /);
      expect(r.requests).toHaveLength(0);
    }
  });

  it('says so on a day without habits and exits 0', async () => {
    // Before every habit's start date.
    const tty = await journal(['--date', '2026-10-01'], { tty: { stdout: true } });
    expect(tty).toMatchObject({ code: 0, stdout: 'No habits due on 2026-10-01.\n', stderr: '' });
    const piped = await journal(['--date', '2026-10-01']);
    expect(piped).toMatchObject({ code: 0, stdout: '', stderr: '' });
    const json = await journal(['--date', '2026-10-01', '--json']);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual([]);
  });

  it('fails with exit 4 and no request when no key is configured, offering login and --local', async () => {
    const before = fx.svc.requests.length;
    const r = await runCli(['journal'], { env: { ...fx.home.env, HABITS_BASE_URL: fx.svc.url } });
    expect(r).toEqual({
      code: 4,
      stdout: '',
      stderr: 'error: no API key is configured\n' +
        'hint: run `habits auth login` (or set HABITS_API_KEY) to use your account, or add --local (or set HABITS_LOCAL=1) to use the offline store on this machine\n',
    });
    expect(fx.svc.requests.length).toBe(before);
    const json = await runCli(['journal', '--json'], { env: { ...fx.home.env, HABITS_BASE_URL: fx.svc.url } });
    expect(JSON.parse(json.stderr)).toEqual({ error: {
      code: 'auth', message: 'no API key is configured', status: null,
      hint: 'run `habits auth login` (or set HABITS_API_KEY) to use your account, or add --local (or set HABITS_LOCAL=1) to use the offline store on this machine',
    } });
  });
});

describe('habits journal against the shapes other servers answer (MockAgent)', () => {
  it('reads streaks in any unit or none, entries without progress, a bare array or {data}', async () => {
    const entries = [
      { id: 'a', name: 'Run', status: 'completed', colorHex: '#111111', icon: null, timeOfDayIds: [], type: 'good',
        currentStreak: { length: 3, unit: 'week' }, progress: { current: 12, target: 10, unit: 'kM', periodicity: 'weekly' }, logInfo: { type: 'manual' } },
      { id: 'b', name: 'Read', status: 'inprogress', colorHex: '#222222', icon: 'book', timeOfDayIds: ['tod_1'], type: 'good', currentStreak: { length: 12, unit: 'day' } },
      { id: 'c', name: 'Floss', status: 'skipped', colorHex: '#333333', icon: null, timeOfDayIds: [], type: 'good' },
    ];
    for (const body of [{ data: entries }, entries]) {
      const { MockAgent } = await import('undici');
      const agent = new MockAgent();
      agent.disableNetConnect();
      agent.get('https://api.test').intercept({ path: (p) => p.startsWith('/v2/habits/journal?'), method: 'GET' }).reply(200, body).times(2);
      try {
        const r = await runCli(['journal', '--date', TODAY], {
          env: { ...fx.home.env, HABITS_BASE_URL: 'https://api.test/v2', HABITS_API_KEY: 'hb_test' }, dispatcher: agent,
        });
        expect(r.stderr).toBe('');
        expect(r.stdout).toBe('b\tRead\tinprogress\t\t\t\t12\ttod_1\na\tRun\tcompleted\t12\t10\tkM\t3\t\nc\tFloss\tskipped\t\t\t\t\t\n');
        const tty = await runCli(['journal', '--date', TODAY], {
          env: { ...fx.home.env, HABITS_BASE_URL: 'https://api.test/v2', HABITS_API_KEY: 'hb_test', NO_COLOR: '1' }, dispatcher: agent, tty: { stdout: true }, columns: 100,
        });
        expect(tty.stdout).toMatch(/Run +✓ done +█+ 12\/10 km +3 weeks/);
        expect(tty.stdout).toMatch(/Floss +» skipped +– +– /);
      } finally {
        await agent.close();
      }
    }
  });
});
