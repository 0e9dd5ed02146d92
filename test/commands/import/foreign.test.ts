// `habits import --from loop|harsh`: the hand-written fixtures (test/fixtures/loop, loop.zip,
// harsh), written as the cited sources write them (docs/import-formats.md), against the real local
// service: the dry run, the writes, importing again, pacing, and bad input. Then a year of a Loop
// export in local mode, read back day by day and shown by `habits week`.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addDays } from '../../../src/model/dates.js';
import { ROOT, runCli, useHome } from '../../helpers/cli.js';
import { addHabit, useService, writes } from '../../helpers/service.js';

const LOOP = join(ROOT, 'test/fixtures/loop');
const HARSH = join(ROOT, 'test/fixtures/harsh');

describe('import --from loop and harsh against the service', () => {
  const fx = useService({ per: 'test' });

  it('a dry run by default: each habit with its schedule, goal and logs, and what is left out and why; nothing written', async () => {
    const r = await fx.cli(['import', '--from', 'loop', LOOP]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe([
      `Would import from Loop Habit Tracker (${LOOP}): a dry run, nothing was written; --yes writes`,
      '  Meditate  every day; 2 done, 1 skipped, 1 failed; new',
      '  Gym       every day, goal 3 rep weekly; 3 values; new',
      '  Run       every day, goal 10 km weekly; 2 values; new',
      'Not imported:',
      '  Meditate: 1 day note: a note of habits has no day of its own, only its creation time',
      '  Gym: 2 YES_AUTO days: Loop fills them in from the frequency; habits works out which days are due itself',
      '15 requests',
      '',
    ].join('\n'));
    expect(writes(fx.svc)).toEqual([]);
    const json = JSON.parse((await fx.cli(['import', '--from', 'loop', join(ROOT, 'test/fixtures/loop.zip'), '--json'])).stdout) as { dryRun: boolean; habits: { name: string; goal: unknown; logs: unknown }[] };
    expect(json.dryRun).toBe(true);
    expect(json.habits.map((h) => [h.name, h.goal, h.logs])).toEqual([
      ['Meditate', null, { completed: 2, skipped: 1, failed: 1, values: 0 }],
      ['Gym', { periodicity: 'weekly', value: 3, unit: 'rep' }, { completed: 0, skipped: 0, failed: 0, values: 3 }],
      ['Run', { periodicity: 'weekly', value: 10, unit: 'kM' }, { completed: 0, skipped: 0, failed: 0, values: 2 }],
    ]);
  });

  it('--yes writes each mark and value on its day, paced within 500 a minute; importing the zip again creates nothing', async () => {
    const slept: number[] = [];
    const sleep = async (ms: number) => void slept.push(ms);
    const r = await fx.cli(['import', '--from', 'loop', join(ROOT, 'test/fixtures/loop.zip'), '--yes'], { sleep });
    expect(r.code).toBe(0);
    expect(r.stderr.split('\n')[0]).toBe(`Imported from Loop Habit Tracker (${join(ROOT, 'test/fixtures/loop.zip')})`);
    const sent = writes(fx.svc).map((w) => `${w.method} ${w.path.replace(/\/habits\/[^/]+/, '/habits/ID')} ${JSON.stringify(w.body)}`);
    expect(sent.filter((w) => w.includes('/logs'))).toEqual([
      'POST /habits/ID/logs/complete {"targetDate":"2026-11-18"}',
      'POST /habits/ID/logs/failed {"targetDate":"2026-11-19"}',
      'POST /habits/ID/logs/skipped {"targetDate":"2026-11-20"}',
      'POST /habits/ID/logs/complete {"targetDate":"2026-11-21"}',
      'POST /habits/ID/logs {"value":1,"unitSymbol":"rep","targetDate":"2026-11-16"}',
      'POST /habits/ID/logs {"value":1,"unitSymbol":"rep","targetDate":"2026-11-18"}',
      'POST /habits/ID/logs {"value":1,"unitSymbol":"rep","targetDate":"2026-11-20"}',
      'POST /habits/ID/logs {"value":4.25,"unitSymbol":"kM","targetDate":"2026-11-18"}',
      'POST /habits/ID/logs {"value":5.5,"unitSymbol":"kM","targetDate":"2026-11-21"}',
    ]);
    // 15 requests after the listing: each at least 120 ms after the one before (the clock stands still here).
    expect(slept).toEqual(Array(14).fill(120));
    const week = await fx.cli(['week', '--date', '2026-11-18']);
    expect(week.stdout).toMatch(/\tMeditate\tnot-due\tnot-due\tdone\tfailed\tskipped\tdone\t/);
    fx.reset();
    const again = await fx.cli(['import', '--from', 'loop', LOOP, '--yes']);
    expect(again.code).toBe(0);
    expect(writes(fx.svc)).toEqual([]);
    expect(again.stderr).toContain('  Meditate  every day; 2 done, 1 skipped, 1 failed; already imported: left alone\n');
  });

  it('an import cut short is finished by the next one, without doubling a value; a habit of yours of the same name is left alone', async () => {
    await addHabit(fx.svc, { name: 'Meditate', description: 'mine' });
    // As a run cut short after Gym's first value leaves it.
    const gym = await addHabit(fx.svc, { name: 'Gym', description: 'Did you go to the gym?\n\nLift, then stretch\n\n[being imported from Loop Habit Tracker]', startDate: '2026-11-16', goal: { periodicity: 'weekly', value: 3, unit: 'rep' } });
    await fx.call('POST', `/habits/${gym.id}/logs`, { value: 1, unitSymbol: 'rep', targetDate: '2026-11-16' });
    fx.reset();
    const r = await fx.cli(['import', '--from', 'loop', LOOP, '--yes']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('  Meditate  every day; 2 done, 1 skipped, 1 failed; name taken: left alone\n');
    expect(r.stderr).toContain('  Meditate: the whole habit: a habit of yours is already called "Meditate"');
    const gymWrites = writes(fx.svc).filter((w) => w.path.startsWith(`/habits/${gym.id}`)).map((w) => [w.path.slice(gym.id.length + 8), w.body]);
    expect(gymWrites).toEqual([
      ['/logs', { value: 1, unitSymbol: 'rep', targetDate: '2026-11-18' }],
      ['/logs', { value: 1, unitSymbol: 'rep', targetDate: '2026-11-20' }],
      ['', { description: 'Did you go to the gym?\n\nLift, then stretch\n\n[imported from Loop Habit Tracker]' }],
    ]);
  });

  it('what --yes would refuse is named by the dry run, then skipped and listed: a name with a control character, a description with one, days after today', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'habits-loop-'));
    try {
      writeFileSync(join(dir, 'Habits.csv'), [
        'Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?',
        '001,Walk,YES_NO,"Did you\x07 walk?",,1,1,,,,,false',
        '002,Clear\x1b[2Jscreen,YES_NO,,,1,1,,,,,false',
        '003,Read,YES_NO,,,1,1,,,,,false',
        '',
      ].join('\n'));
      // Today is 2026-11-22: Walk's 23rd and 24th have not come.
      const marks = ['Date,Value,Notes', '2026-11-24,YES_MANUAL,', '2026-11-23,NO,', '2026-11-22,YES_MANUAL,', '2026-11-21,SKIP,', ''].join('\n');
      for (const folder of ['001 Walk', '002 Clear', '003 Read']) {
        mkdirSync(join(dir, folder));
        writeFileSync(join(dir, folder, 'Checkmarks.csv'), marks);
      }
      const refused = [
        'Not imported:',
        '  Walk: its description: it contains a control character (\\x07); line breaks and tabs are its only control characters: the habit is imported without it',
        '  Walk: 2 days after today (2026-11-23 to 2026-11-24): no log is taken for a day that has not come (today is 2026-11-22)',
        '  Clear\\x1b[2Jscreen: the whole habit: its name contains an escape character (\\x1b); it must be one line of printable text: habits refuses such a name (rename it in Loop Habit Tracker to import it)',
        '  Read: 2 days after today (2026-11-23 to 2026-11-24): no log is taken for a day that has not come (today is 2026-11-22)',
      ];
      const dry = await fx.cli(['import', '--from', 'loop', dir]);
      expect(dry.code).toBe(0);
      expect(dry.stdout).toBe([
        `Would import from Loop Habit Tracker (${dir}): a dry run, nothing was written; --yes writes`,
        '  Walk  every day; 1 done, 1 skipped; new',
        '  Read  every day; 1 done, 1 skipped; new',
        ...refused,
        '8 requests',
        '',
      ].join('\n'));
      fx.reset();
      const r = await fx.cli(['import', '--from', 'loop', dir, '--yes']);
      expect([r.code, r.stdout]).toEqual([0, '']);
      expect(r.stderr).toBe([`Imported from Loop Habit Tracker (${dir})`, '  Walk  every day; 1 done, 1 skipped; new', '  Read  every day; 1 done, 1 skipped; new', ...refused, ''].join('\n'));
      expect(writes(fx.svc).map((w) => [w.method, w.path.replace(/\/habits\/[^/]+/, '/habits/ID'), w.status])).toEqual([
        ['POST', '/habits', 201], ['POST', '/habits/ID/logs/skipped', 201], ['POST', '/habits/ID/logs/complete', 201], ['PUT', '/habits/ID', 200],
        ['POST', '/habits', 201], ['POST', '/habits/ID/logs/skipped', 201], ['POST', '/habits/ID/logs/complete', 201], ['PUT', '/habits/ID', 200],
      ]);
      const names = JSON.parse((await fx.cli(['habit', 'ls', '--json'])).stdout) as { name: string; description: string }[];
      expect(names.map((h) => [h.name, h.description])).toEqual([['Walk', '[imported from Loop Habit Tracker]'], ['Read', '[imported from Loop Habit Tracker]']]);
      // Run again, it does not stop there either: nothing left to write, the same list.
      fx.reset();
      const again = await fx.cli(['import', '--from', 'loop', dir, '--yes']);
      expect(again.code).toBe(0);
      expect(writes(fx.svc)).toEqual([]);
      expect(again.stderr).toContain(refused.join('\n'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('harsh: its frequencies, y/n/s marks and end date; what has no equivalent is listed', async () => {
    const r = await fx.cli(['import', '--from', 'harsh', HARSH, '--yes']);
    expect(r.code).toBe(0);
    const habits = JSON.parse((await fx.cli(['habit', 'ls', '--json'])).stdout) as { name: string; occurrence: unknown; endCondition: { date?: string } | null }[];
    expect(habits.map((h) => [h.name, h.occurrence, h.endCondition?.date ?? null])).toEqual([
      ['Gymmed', { type: 'daily' }, null],
      ['Bed by midnight', { type: 'daily' }, null],
      ['Called Mom', { type: 'daily' }, null],
      ['New Skill', { type: 'intervalDays', interval: 90 }, null],
      ['Used harsh', { type: 'daily' }, null],
      ['Old habit', { type: 'daily' }, '2026-11-19'],
    ]);
    const bed = (await fx.cli(['week', '--date', '2026-11-18'])).stdout.split('\n').find((l) => l.includes('\tBed by midnight\t'));
    expect(bed).toMatch(/\tBed by midnight\tdone\tfailed\tskipped\t/);
    expect(r.stderr).toContain('  Someone else: 1 log line: the habits file has no such habit\n');
    expect(r.stderr).toContain('  1 log line: not "YYYY-MM-DD : habit : y|n|s": harsh skips them too\n');
  });

  it('bad input: one line, exit 2, nothing written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'habits-loop-'));
    try {
      writeFileSync(join(dir, 'Habits.csv'), 'Position,Name,Type\n001,Walk,YES_NO\n');
      const cases: [string[], string][] = [
        [['import', '--from', 'habitica', LOOP], 'error: --from: "habitica" is not a tracker habits imports from'],
        [['import', '--from', 'loop', dir], `error: ${dir} is not a Loop Habit Tracker export: Habits.csv:1: no "FrequencyNumerator" column (the header is: Position,Name,Type)`],
        [['import', '--from', 'loop', join(dir, 'missing.zip')], `error: cannot read ${join(dir, 'missing.zip')}: no such file`],
        [['import', '--from', 'loop', join(HARSH, 'log')], `error: ${join(HARSH, 'log')} is not a Loop Habit Tracker export: ${join(HARSH, 'log')}: not a zip archive Loop wrote: no end of central directory`],
        [['import', '--from', 'harsh', LOOP], `error: cannot read ${join(LOOP, 'habits')}: no such file`],
      ];
      for (const [argv, line] of cases) {
        const r = await fx.cli(argv);
        expect([r.code, r.stderr.split('\n')[0]], argv.join(' ')).toEqual([2, line]);
      }
      writeFileSync(join(dir, 'Habits.csv'), 'Position,Name,Type,FrequencyNumerator,FrequencyDenominator\n001,"Walk,YES_NO,1,1\n');
      expect((await fx.cli(['import', '--from', 'loop', join(dir, 'Habits.csv')])).stderr.split('\n')[0]).toBe(`error: ${join(dir, 'Habits.csv')} is not a Loop Habit Tracker export: Habits.csv:2: a quoted field is never closed`);
      mkdirSync(join(dir, 'h'));
      writeFileSync(join(dir, 'h', 'habits'), 'Walk: 3/x\n');
      writeFileSync(join(dir, 'h', 'log'), '');
      expect((await fx.cli(['import', '--from', 'harsh', join(dir, 'h')])).stderr.split('\n')[0]).toBe(`error: ${join(dir, 'h')} is not a harsh folder: ${join(dir, 'h', 'habits')}:1: "Walk": "3/x" is not a frequency (1, 7, 1w, 3/7, 0)`);
      expect(writes(fx.svc)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('in local mode', () => {
  const home = useHome();

  it('three habits and a year of checkmarks arrive with the same marks on the same days, and habits week shows them', async () => {
    const dir = join(home.home.home, 'Loop Habits CSV 2026-11-22');
    const days = Array.from({ length: 365 }, (_, i) => addDays('2026-11-22', -i)); // newest first, as Loop writes them
    const walk = (i: number) => (i % 3 === 0 ? (i % 5 === 0 ? 'NO' : 'UNKNOWN') : 'YES_MANUAL');
    const read = (i: number) => (i % 7 === 0 ? 'SKIP' : i % 4 === 0 ? 'NO' : 'YES_MANUAL');
    const water = (i: number) => String((i % 10) * 1000);
    writeFileSync(join(mkdirP(dir), 'Habits.csv'), [
      'Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?',
      '001,Walk,YES_NO,Did you walk?,,1,1,#388E3C,,,,false',
      '002,Read,YES_NO,Did you read?,,1,1,#1976D2,,,,false',
      '003,Water,NUMERICAL,How many cups?,,1,1,#0288D1,cups,AT_LEAST,8.0,false',
      '',
    ].join('\n'));
    for (const [n, name, value] of [['001', 'Walk', walk], ['002', 'Read', read], ['003', 'Water', water]] as const) {
      writeFileSync(join(mkdirP(join(dir, `${n} ${name}`)), 'Checkmarks.csv'), ['Date,Value,Notes', ...days.map((d, i) => `${d},${value(i)},`), ''].join('\n'));
    }
    const env = { ...home.home.env, HABITS_LOCAL: '1' };
    const r = await runCli(['import', '--from', 'loop', dir, '--yes'], { env });
    expect(r.code).toBe(0);
    const doc = JSON.parse((await runCli(['export'], { env })).stdout) as { habits: { name: string; statistics: { dailyProgress: { date: string; totalLog: number; status: string }[] } }[] };
    const byName = Object.fromEntries(doc.habits.map((h) => [h.name, new Map(h.statistics.dailyProgress.map((d) => [d.date, d]))]));
    const word = (v: string) => ({ YES_MANUAL: 'completed', NO: 'failed', SKIP: 'skipped' })[v];
    days.forEach((date, i) => {
      for (const [name, value] of [['Walk', walk], ['Read', read]] as const) {
        const got = byName[name]!.get(date);
        if (word(value(i))) expect([name, date, got?.status]).toEqual([name, date, word(value(i))]);
        else expect([name, date, got?.status === 'completed' || got?.status === 'skipped' || got?.status === 'failed']).toEqual([name, date, false]);
      }
      expect([date, byName.Water!.get(date)?.totalLog ?? 0]).toEqual([date, i % 10]);
    });
    // 2026-11-16..22 are i = 6..0. Walk: i = 6 and 3 have no mark (open, as piped); i = 0 is NO: failed.
    const week = (await runCli(['week', '--date', '2026-11-22'], { env })).stdout.split('\n');
    expect(week.find((l) => l.includes('\tWalk\t'))).toMatch(/\tWalk\topen\tdone\tdone\topen\tdone\tdone\tfailed\t/);
    expect(week.find((l) => l.includes('\tRead\t'))).toMatch(/\tRead\tdone\tdone\tfailed\tdone\tdone\tdone\tskipped\t/);
  });

  it('on a terminal a progress bar on stderr, cleared at the end; the summary on stdout, as every confirmation on a terminal', async () => {
    const env = { ...home.home.env, HABITS_LOCAL: '1' };
    const r = await runCli(['import', '--from', 'harsh', HARSH, '--yes'], { env, tty: { stdout: true, stderr: true }, columns: 100 });
    expect(r.code).toBe(0);
    // 6 habits created, 7 days, 6 markers: 19 requests.
    expect(r.stderr).toMatch(/^\rimporting \[ {30}\] 0\/19\rimporting \[#+ *\] 1\/19\r/);
    expect(r.stderr.endsWith('\rimporting [##############################] 19/19\r\x1b[K')).toBe(true);
    expect(r.stdout.split('\n')[0]).toBe(`Imported from harsh (${HARSH})`);
    const piped = await runCli(['import', '--from', 'harsh', HARSH, '--yes'], { env });
    expect(piped.stderr).not.toContain('importing [');
  });
});

function mkdirP(dir: string): string {
  mkdirSync(dir, { recursive: true });
  return dir;
}
