// `habits undo` of a mark against a server that behaves as production was seen to
// (test/helpers/production.ts): no log id, so no delete by id, and an undo that clears the whole
// day (its values too, when `undoRemovesValues`) or leaves the measured values in place. The mark
// alone must go: the values this machine logged are written back, once; values it did not log
// (another device's) are named, asked about, and never cleared by --yes without --clear-day.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NOW, runCli, scriptedPrompter, tempHome, type RunOptions } from '../helpers/cli.js';
import { KEY } from '../helpers/mock-agent.js';
import { startProduction, type FakeHabit, type ProductionOptions, type ProductionServer } from '../helpers/production.js';

const DAY = '2026-11-22';
const WATER: FakeHabit = { id: 'h1', name: 'Water', goal: { periodicity: 'daily', value: 8, unit: 'cup' } };
const MARK = `the completed mark on "Water" for ${DAY}, written ${DAY} 12:00`;
const STATS = `GET /habits/h1/statistics?startDate=${DAY}&endDate=${DAY}`;

let server: ProductionServer;
let home: ReturnType<typeof tempHome>;
const start = async (options: ProductionOptions = {}) => {
  server = await startProduction([WATER], options);
  mark = 0;
};
beforeEach(() => {
  home = tempHome();
});
afterEach(async () => {
  await server?.stop();
  home.cleanup();
});

// A clock that moves a millisecond each time it is read: every write has its own time, as between
// commands a person runs (the record tells writes apart by their time).
let ticks = 0;
const now = () => new Date(NOW.getTime() + ticks++);
const cli = (argv: string[], opts: RunOptions = {}) => runCli(argv, { now, ...opts, env: { ...home.env, HABITS_API_KEY: KEY, HABITS_BASE_URL: server.url } });
/** The requests since the last call, as `METHOD /path?query` below /v2. */
let mark = 0;
const since = (): string[] => {
  const out = server.seen.slice(mark).map((s) => s.replace(' /v2', ' '));
  mark = server.seen.length;
  return out;
};
/** Another device logs `value` cups of Water today: the server has it, this machine's record does not. */
const elsewhere = async (value: number) => {
  const res = await fetch(`${server.url}/habits/h1/logs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ value, unitSymbol: 'cup', targetDate: DAY }) });
  expect(res.status).toBe(201);
};
const ok = async (argv: string[]) => expect((await cli(argv)).code).toBe(0);
/** 3 cups, 2 cups, then done: the day reads 8/8. */
const threeTwoDone = async () => {
  for (const argv of [['log', 'add', 'Water', '3'], ['log', 'add', 'Water', '2'], ['log', 'done', 'Water']]) await ok(argv);
};
const values = () => server.logs('h1', DAY).map((l) => `${l.kind} ${l.value}`);

describe('habits undo of a mark on a server without log ids', () => {
  it('an undo that leaves values (production as seen): the mark goes, nothing is written back, the day reads 5', async () => {
    await start();
    await threeTwoDone();
    expect(server.total('h1', DAY)).toBe(8);
    since();
    const r = await cli(['undo', '--yes']);
    expect(r).toMatchObject({ code: 0, stdout: '', stderr: `Reverted ${MARK}: the server's undo left the values in place: the day shows 5 cup\n` });
    expect(since()).toEqual([STATS, 'POST /habits/h1/logs/undo', STATS]);
    expect(values()).toEqual(['value 3', 'value 2']);
    expect(server.total('h1', DAY)).toBe(5);

    // The record knows the values are still there: the next undo reverts the 2 cups, and only them.
    const again = await cli(['undo', '--yes']);
    expect(again.stderr).toMatch(/^Reverted the value of 2 cup on "Water" for 2026-11-22, written .*: logged -2 cup for 2026-11-22, as the server gave no log id to delete it by\n$/);
    expect(server.total('h1', DAY)).toBe(3);
  });

  it('an undo that clears values too (as the spec says): they are written back once, in one line; later undos revert them one by one', async () => {
    await start({ undoRemovesValues: true });
    await threeTwoDone();
    since();
    const r = await cli(['undo', '--yes']);
    expect(r).toMatchObject({
      code: 0, stdout: '',
      stderr: `Reverted ${MARK}: this server gives no log id to delete the mark alone, so its undo cleared the day, and the values this machine logged there were written back (3 cup, 2 cup)\n`,
    });
    expect(since()).toEqual([STATS, 'POST /habits/h1/logs/undo', STATS, 'POST /habits/h1/logs', 'POST /habits/h1/logs']);
    expect(values()).toEqual(['value 3', 'value 2']);
    expect(server.total('h1', DAY)).toBe(5);

    // A second undo reverts the 2 cups (written back in their place), a third the 3, then nothing is left.
    expect((await cli(['undo', '--yes'])).stderr).toMatch(/^Reverted the value of 2 cup on "Water" .*: logged -2 cup/);
    expect(server.total('h1', DAY)).toBe(3);
    expect((await cli(['undo', '--yes'])).stderr).toMatch(/^Reverted the value of 3 cup on "Water" .*: logged -3 cup/);
    expect(server.total('h1', DAY)).toBe(0);
    since();
    expect((await cli(['undo', '--yes'])).stderr).toMatch(/^Nothing to undo/);
    expect(since()).toEqual([]);
  });

  it('--json says what was written back and what the undo left', async () => {
    await start({ undoRemovesValues: true });
    await threeTwoDone();
    const r = await cli(['undo', '--yes', '--json']);
    expect(JSON.parse(r.stdout)).toEqual({
      message: 'Logs undone successfully', reverted: 'day',
      restored: [{ value: 3, unitSymbol: 'cup' }, { value: 2, unitSymbol: 'cup' }],
      notLogged: null, left: { total: 0, unit: 'cup', status: undefined },
    });
  });

  it('values another device logged: --yes refuses in one line naming them, and sends nothing', async () => {
    await start({ undoRemovesValues: true });
    await elsewhere(4);
    await threeTwoDone();
    expect(server.total('h1', DAY)).toBe(9);
    since();
    const r = await cli(['undo', '--yes']);
    expect(r).toMatchObject({
      code: 2, stdout: '',
      stderr: `error: refusing to revert ${MARK}: the day also holds 1 to 4 cup this machine did not log, which the server's undo may clear and nothing can write back\nhint: --clear-day reverts it anyway\n`,
    });
    expect(since().filter((s) => !s.startsWith('GET '))).toEqual([]);
    expect(server.total('h1', DAY)).toBe(9);
  });

  it('values another device logged, --yes --clear-day: the day is cleared, this machine\'s values written back, the rest named', async () => {
    await start({ undoRemovesValues: true });
    await elsewhere(4);
    await threeTwoDone();
    since();
    const r = await cli(['undo', '--yes', '--clear-day']);
    expect(r).toMatchObject({
      code: 0,
      stderr: `Reverted ${MARK}: this server gives no log id to delete the mark alone, so its undo cleared the day, and the values this machine logged there were written back (3 cup, 2 cup); the 1 to 4 cup this machine did not log was cleared with it\n`,
    });
    expect(since()).toEqual([STATS, 'POST /habits/h1/logs/undo', STATS, 'POST /habits/h1/logs', 'POST /habits/h1/logs']);
    expect(server.total('h1', DAY)).toBe(5);
  });

  it('values another device logged, --clear-day on a server whose undo leaves values: nothing is lost, and it says so', async () => {
    await start();
    await elsewhere(4);
    await threeTwoDone();
    const r = await cli(['undo', '--yes', '--clear-day']);
    expect(r.stderr).toBe(`Reverted ${MARK}: the server's undo left the values in place: the day shows 9 cup\n`);
    expect(server.total('h1', DAY)).toBe(9);
  });

  it('on a terminal it asks, naming this machine\'s values and the others; declining sends nothing (exit 130)', async () => {
    await start({ undoRemovesValues: true });
    await elsewhere(4);
    await threeTwoDone();
    since();
    const no = scriptedPrompter([false]);
    expect((await cli(['undo'], { prompter: no, tty: { stdin: true, stderr: true } })).code).toBe(130);
    expect(no.asked).toEqual([
      `Revert ${MARK}? This server gives no log id to delete the mark alone: this clears every log of "Water" on ${DAY} (habits log undo), ` +
      `then writes back the values this machine logged there (3 cup, 2 cup) as far as the undo took them. ` +
      `The day also holds 1 to 4 cup this machine did not log (another device's?): the undo may clear it, and nothing can write it back.`,
    ]);
    expect(since().filter((s) => !s.startsWith('GET '))).toEqual([]);
    const yes = scriptedPrompter([true]);
    expect((await cli(['undo'], { prompter: yes, tty: { stdin: true, stderr: true } })).code).toBe(0);
    expect(server.total('h1', DAY)).toBe(5);
  });

  it('--dry-run names what would be written back and what may be lost, and sends no write', async () => {
    await start({ undoRemovesValues: true });
    await elsewhere(4);
    await threeTwoDone();
    since();
    const r = await cli(['undo', '--dry-run', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      dryRun: true, action: `revert ${MARK}`,
      revert: { type: 'completed', habit: { id: 'h1', name: 'Water' }, date: DAY },
      writeBack: [{ value: 3, unitSymbol: 'cup' }, { value: 2, unitSymbol: 'cup' }],
      notLogged: { atLeast: 1, atMost: 4, unit: 'cup' },
    });
    expect(since()).toEqual([STATS]);
    expect(server.total('h1', DAY)).toBe(9);
  });

  it('a mark whose log id this server cannot delete (405) falls back to the day\'s undo and writes the values back', async () => {
    await start({ undoRemovesValues: true, deleteStatus: 405 });
    await threeTwoDone();
    // A log id on the mark in the record (from a server that gave one), which this one cannot delete.
    const dir = join(home.env.XDG_DATA_HOME, 'habits');
    const file = readdirSync(dir).find((f) => f.startsWith('writes-'))!;
    const lines = readFileSync(join(dir, file), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    writeFileSync(join(dir, file), lines.map((l) => JSON.stringify(String(l.path).endsWith('/complete') ? { ...l, logId: 'L9' } : l)).join('\n') + '\n');
    since();
    const r = await cli(['undo', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/^Reverted the completed mark on "Water" for 2026-11-22, written .*: this server cannot delete log L9 \(.*\), so its undo cleared the day, and the values this machine logged there were written back \(3 cup, 2 cup\)\n$/);
    expect(since()).toEqual(['DELETE /habits/h1/logs/L9', STATS, 'POST /habits/h1/logs/undo', STATS, 'POST /habits/h1/logs', 'POST /habits/h1/logs']);
    expect(server.total('h1', DAY)).toBe(5);
  });

  it('a mark still waiting in the outbox is dropped from it, unsent', async () => {
    await start({ undoRemovesValues: true });
    await ok(['log', 'add', 'Water', '3']);
    server.failPosts(1);
    expect((await cli(['log', 'done', 'Water'])).code).toBe(6);
    since();
    const dry = await cli(['undo', '--dry-run']);
    expect(dry.stderr).toBe(`Would drop [1] log done "Water" for ${DAY} from the outbox. It was never sent.\nDry run: nothing sent\n`);
    const r = await cli(['undo', '--yes']);
    expect(r).toMatchObject({ code: 0, stderr: `Reverted: dropped [1] log done "Water" for ${DAY} from the outbox, unsent\n` });
    expect(since().filter((s) => !s.startsWith('GET '))).toEqual([]);
    expect((await cli(['sync'])).code).toBe(0);
    expect(values()).toEqual(['value 3']);
  });
});
