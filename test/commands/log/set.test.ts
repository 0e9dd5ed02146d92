// `log set`, `log undo`, `habits undo` and a value written offline, against a server that behaves
// as production was seen to (test/helpers/production.ts): no log ids, negative values accepted, an
// undo that answers 200 without a count and leaves measured values in place.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../../helpers/cli.js';
import { KEY } from '../../helpers/mock-agent.js';
import { startProduction, type FakeHabit, type ProductionOptions, type ProductionServer } from '../../helpers/production.js';

const DAY = '2026-11-22';
const WATER: FakeHabit = { id: 'h1', name: 'Water', goal: { periodicity: 'daily', value: 8, unit: 'cup' } };
const MEDITATE: FakeHabit = { id: 'h2', name: 'Meditate', goal: { periodicity: 'daily', value: 20, unit: 'min' } };

let server: ProductionServer;
let home: ReturnType<typeof tempHome>;
const start = async (options: ProductionOptions = {}) => {
  server = await startProduction([WATER, MEDITATE], options);
};
beforeEach(() => {
  home = tempHome();
});
afterEach(async () => {
  await server?.stop();
  home.cleanup();
});

const cli = (...argv: string[]) => runCli(argv, { env: { ...home.env, HABITS_API_KEY: KEY, HABITS_BASE_URL: server.url } });
/** The requests since the last call, as `METHOD /path?query` below /v2. */
let mark = 0;
const since = (): string[] => {
  const out = server.seen.slice(mark).map((s) => s.replace(' /v2', ' '));
  mark = server.seen.length;
  return out;
};

describe('log set', () => {
  beforeEach(async () => {
    await start();
    mark = 0;
  });

  it('reads the day, sends the difference down, and says what it was', async () => {
    expect(await cli('log', 'add', 'Water', '6')).toMatchObject({ code: 0, stderr: `The server returned no log id: nothing on stdout\nLogged 6 cup to "Water" for ${DAY}\n` });
    since();
    const r = await cli('log', 'set', 'Water', '5');
    expect(r).toMatchObject({ code: 0, stdout: '', stderr: `Set "Water" to 5 cup for ${DAY} (was 6)\n` });
    expect(since()).toEqual([`GET /habits/h1/statistics?startDate=${DAY}&endDate=${DAY}`, 'POST /habits/h1/logs']);
    expect(server.logs('h1', DAY).map((l) => l.value)).toEqual([6, -1]);
    expect(server.total('h1', DAY)).toBe(5);
  });

  it('sends the difference up, in the unit asked for', async () => {
    await cli('log', 'add', 'Water', '2');
    const r = await cli('log', 'set', 'Water', '500', '--unit', 'mL');
    expect(r.stderr).toBe(`Set "Water" to 500 mL for ${DAY} (was 473.18)\n`);
    expect(server.logs('h1', DAY).at(-1)).toMatchObject({ unit: 'mL' });
    expect(server.total('h1', DAY)).toBeCloseTo(500 / 236.5882365, 6);
  });

  it('sends nothing when the day already shows the total, and says so', async () => {
    await cli('log', 'add', 'Water', '5');
    since();
    expect(await cli('log', 'set', 'Water', '5')).toMatchObject({ code: 0, stdout: '', stderr: `"Water" is already at 5 cup for ${DAY}: nothing sent\n` });
    expect(since()).toEqual([`GET /habits/h1/statistics?startDate=${DAY}&endDate=${DAY}`]);
  });

  it('--json: the total, what it was and the difference sent', async () => {
    await cli('log', 'add', 'Water', '6');
    const r = await cli('log', 'set', 'Water', '5', '--json');
    expect(JSON.parse(r.stdout)).toEqual({
      habit: { id: 'h1', name: 'Water' }, date: DAY, unitSymbol: 'cup', total: 5, was: 6, sent: -1, result: { message: 'Log created successfully' },
    });
  });

  it('refuses a negative total or a word before any request (exit 2)', async () => {
    expect(await cli('log', 'set', 'Water', '--', '-1')).toMatchObject({ code: 2, stderr: 'error: <total>: must be 0 or more, got -1\nhint: 0 clears the day\'s values: habits log set Water 0\n' });
    expect(await cli('log', 'set', 'Water', 'lots')).toMatchObject({ code: 2, stderr: 'error: <total>: "lots" is not a number\n' });
    expect(server.seen).toEqual([]);
  });

  it('a habit without a goal has no total to set (exit 2, nothing sent)', async () => {
    await server.stop();
    server = await startProduction([{ id: 'h3', name: 'Stretch', goal: null }]);
    const r = await cli('log', 'set', 'Stretch', '3');
    expect(r).toMatchObject({ code: 2, stderr: 'error: "Stretch" has no goal, so it has no day\'s total to set\nhint: habits log add Stretch <value> --unit <unit> adds a value\n' });
    expect(server.seen.filter((s) => s.startsWith('POST') || s.includes('/statistics'))).toEqual([]);
  });

  it('reads statistics given in base units (seconds) against a goal in minutes', async () => {
    await server.stop();
    await start({ baseUnits: true });
    await cli('log', 'add', 'Meditate', '10');
    since();
    const r = await cli('log', 'set', 'Meditate', '25');
    // The day shows 600 sec: 10 min, not 600.
    expect(r.stderr).toBe(`Set "Meditate" to 25 min for ${DAY} (was 10)\n`);
    expect(server.logs('h2', DAY).map((l) => [l.value, l.unit])).toEqual([[10, 'min'], [15, 'min']]);
    // habit stats, piped, shows the totals in the goal's unit too.
    const stats = await cli('habit', 'stats', 'Meditate', '--from', DAY, '--to', DAY);
    expect(stats.stdout).toContain('totalLogs\t25\nunit\tmin\n');
  });
});

describe('a value and a set with the server out of reach', () => {
  beforeEach(async () => {
    await start();
    mark = 0;
  });

  it('a warm log add without --unit costs one request, like a mark', async () => {
    await cli('habit', 'ls');
    since();
    expect((await cli('log', 'add', 'Water', '3')).code).toBe(0);
    expect(since()).toEqual(['POST /habits/h1/logs']);
  });

  it('log add then log set queue (exit 6); after sync the day shows the total set', async () => {
    await cli('habit', 'ls');
    await server.stop();
    const add = await cli('log', 'add', 'Water', '6');
    expect(add.code).toBe(6);
    expect(add.stderr).toMatch(new RegExp(`^queued: log add "Water" 6 cup for ${DAY} waits in the outbox as \\[1\\]: .*connection refused`));
    const set = await cli('log', 'set', 'Water', '5');
    expect(set.code).toBe(6);
    expect(set.stderr).toMatch(new RegExp(`^queued: log set "Water" 5 cup for ${DAY} waits in the outbox as \\[2\\]: .*connection refused`));
    expect((await cli('sync', '--list')).stdout).toMatch(new RegExp(`^1\twaiting\tlog add "Water" 6 cup for ${DAY}\t.*\n2\twaiting\tlog set "Water" 5 cup for ${DAY}\t`));

    await server.start();
    since();
    const sync = await cli('sync');
    expect(sync.code, sync.stderr).toBe(0);
    expect(sync.stderr).toContain(`Sent [1] log add "Water" 6 cup for ${DAY} (HTTP 201)\n`);
    expect(sync.stderr).toContain(`Sent [2] log set "Water" 5 cup for ${DAY} as -1 (HTTP 201)\n`);
    expect(since()).toEqual(['POST /habits/h1/logs', `GET /habits/h1/statistics?startDate=${DAY}&endDate=${DAY}`, 'POST /habits/h1/logs']);
    expect(server.total('h1', DAY)).toBe(5);
  });

  it('a set whose read worked but whose send failed says the difference it computed; sync sends the one found then', async () => {
    await cli('log', 'add', 'Water', '6');
    server.failPosts(1);
    const set = await cli('log', 'set', 'Water', '5');
    expect(set.code).toBe(6);
    expect(set.stderr).toMatch(new RegExp(`^queued: log set "Water" 5 cup for ${DAY} \\(-1 from 6 when queued\\) waits in the outbox as \\[1\\]: server error 503`));
    // Another device adds 1 meanwhile (the server is the truth): sync sends what takes the day to 5.
    const other = tempHome();
    await runCli(['log', 'add', 'Water', '1'], { env: { ...other.env, HABITS_API_KEY: KEY, HABITS_BASE_URL: server.url } });
    other.cleanup();
    since();
    const sync = await cli('sync');
    expect(sync.stderr).toContain(`Sent [1] log set "Water" 5 cup for ${DAY} (-1 from 6 when queued) as -2 (HTTP 201)\n`);
    expect(since()).toEqual([`GET /habits/h1/statistics?startDate=${DAY}&endDate=${DAY}`, 'POST /habits/h1/logs']);
    expect(server.total('h1', DAY)).toBe(5);
  });

  it('a set queued without a read is sent as nothing when the day already shows its total', async () => {
    await cli('log', 'add', 'Water', '6');
    await server.stop();
    // The read cannot be made: queued as asked, the difference found when it is sent.
    expect((await cli('log', 'set', 'Water', '6')).code).toBe(6);
    await server.start();
    since();
    const sync = await cli('sync');
    expect(sync.stderr).toContain(`Sent [1] log set "Water" 6 cup for ${DAY}: the day already showed it, nothing sent\n`);
    expect(since()).toEqual([`GET /habits/h1/statistics?startDate=${DAY}&endDate=${DAY}`]);
    expect(server.total('h1', DAY)).toBe(6);
  });
});

describe('undo against a server whose undo leaves values', () => {
  beforeEach(async () => {
    await start();
    mark = 0;
  });

  it('log undo of a day with values this machine wrote needs --yes off a terminal (exit 2, nothing sent)', async () => {
    await cli('log', 'add', 'Water', '3');
    await cli('log', 'add', 'Water', '-1');
    await cli('log', 'done', 'Meditate');
    since();
    const r = await cli('log', 'undo', 'Water', 'Meditate');
    expect(r).toMatchObject({
      code: 2, stdout: '',
      stderr: `error: refusing to clear the values logged on ${DAY} ("Water" 3 cup, -1 cup) without confirmation\nhint: pass --yes to confirm when not on a terminal\n`,
    });
    expect(since()).toEqual([]);
    // A day with marks only is undone without asking, as the inverse of log done.
    expect(await cli('log', 'undo', 'Meditate')).toMatchObject({ code: 0 });
  });

  it('log undo reads the day back and says what is left', async () => {
    await cli('log', 'add', 'Water', '3');
    since();
    const r = await cli('log', 'undo', 'Water', '--yes');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `The server accepted the undo of "Water" for ${DAY}\n` +
      `warning: "Water" still shows 3 cup for ${DAY}: this server's undo leaves values; \`habits log set Water 0\` clears them\n`,
    );
    expect(since()).toEqual(['POST /habits/h1/logs/undo', `GET /habits/h1/statistics?startDate=${DAY}&endDate=${DAY}`]);
    // The clearing it names works.
    expect((await cli('log', 'set', 'Water', '0')).stderr).toBe(`Set "Water" to 0 cup for ${DAY} (was 3)\n`);
    expect(server.total('h1', DAY)).toBe(0);
  });

  it('log undo on a server that clears the day says the day shows nothing', async () => {
    await server.stop();
    await start({ undoRemovesValues: true });
    await cli('log', 'add', 'Water', '3');
    expect((await cli('log', 'undo', 'Water', '--yes')).stderr).toBe(`Cleared the logs of "Water" for ${DAY}: the day shows nothing now\n`);
  });

  it('habits undo of a mark says what the day still shows: the value this machine logged, kept (issue 31)', async () => {
    await cli('log', 'add', 'Water', '2');
    await cli('log', 'done', 'Water');
    const r = await cli('undo', '--yes');
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^Reverted the completed mark on "Water" for 2026-11-22, written .*: the server's undo left the values in place: the day shows 2 cup\n$/);
    expect(server.total('h1', DAY)).toBe(2);
  });

  it('habits undo of a value without a log id logs its opposite, says so, and is not undone twice', async () => {
    await cli('log', 'add', 'Water', '2');
    await cli('log', 'add', 'Water', '3');
    since();
    const r = await cli('undo', '--yes');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^Reverted the value of 3 cup on "Water" for 2026-11-22, written .*: logged -3 cup for 2026-11-22, as the server gave no log id to delete it by\n$/);
    expect(since()).toEqual(['POST /habits/h1/logs']);
    expect(server.total('h1', DAY)).toBe(2);
    // The next undo reverts the value before, not the opposite just logged.
    const again = await cli('undo', '--yes');
    expect(again.stderr).toMatch(/^Reverted the value of 2 cup on "Water" .*: logged -2 cup/);
    expect(server.total('h1', DAY)).toBe(0);
  });

  it('habits undo of a value the server cannot delete by id (405) falls back to its opposite', async () => {
    await server.stop();
    await start({ deleteStatus: 405 });
    // A log id the record holds (from a server that gave one), which this one cannot delete.
    await cli('log', 'add', 'Water', '4');
    const { readdirSync, readFileSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const dir = join(home.env.XDG_DATA_HOME, 'habits');
    const file = readdirSync(dir).find((f) => f.startsWith('writes-'))!;
    const lines = readFileSync(join(dir, file), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    writeFileSync(join(dir, file), lines.map((l) => JSON.stringify({ ...l, logId: 'L9' })).join('\n') + '\n');
    since();
    const r = await cli('undo', '--yes');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/: logged -4 cup for 2026-11-22, as this server cannot delete log L9 \(.*\)\n$/);
    expect(since()).toEqual(['DELETE /habits/h1/logs/L9', 'POST /habits/h1/logs']);
    expect(server.total('h1', DAY)).toBe(0);
  });
});
