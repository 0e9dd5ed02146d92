// `habits undo` as a new user meets it (issue 31), with the built CLI: 3 + 2 cups, `log done
// Water`, `habits undo --yes`, and the day reads 5/8: in local mode, and against `habits serve` (a
// separate process over loopback). Then on a real terminal (tmux) against a server without log ids
// whose undo clears the day, holding values another device logged: it asks, naming them; "n"
// sends nothing, "y" clears the day and writes back this machine's values.
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../src/api/types.js';
import { noonZone, spawnCli, tempHome, type CliResult } from '../helpers/cli.js';
import { startServeProcess, type ServeProcess } from '../helpers/serve-process.js';
import { KEY } from '../helpers/mock-agent.js';
import { startProduction, type ProductionServer } from '../helpers/production.js';
import { useTerminal } from '../helpers/tmux.js';
import { withTools } from '../helpers/tools.js';

let home: ReturnType<typeof tempHome>;
beforeAll(() => {
  home = tempHome();
});
afterAll(() => home.cleanup());

function ok(r: CliResult): CliResult {
  if (r.code !== 0) throw new Error(`exit ${r.code}: ${r.stderr}`);
  return r;
}

/** Adds Water (8 cups a day), logs 3 and 2 cups and marks it done, undoes, and reads the day back. */
async function threeTwoDoneUndo(habits: (args: string[]) => Promise<CliResult>): Promise<{ undo: CliResult; progress: string }> {
  ok(await habits(['habit', 'add', 'Water', '--goal', '8 cup daily']));
  for (const argv of [['log', 'add', 'Water', '3'], ['log', 'add', 'Water', '2'], ['log', 'done', 'Water']]) ok(await habits(argv));
  const undo = await habits(['undo', '--yes']);
  const journal = JSON.parse(ok(await habits(['journal', '--json'])).stdout) as JournalEntry[];
  const p = journal.find((e) => e.name === 'Water')?.progress;
  return { undo, progress: `${p?.current}/${p?.target}` };
}

const REVERTED = /^Reverted the completed mark on "Water" for \d{4}-\d{2}-\d{2}, written .*: deleted its log \S+; the values of that day stay\n$/;

describe('habits undo reverts the mark alone (issue 31 acceptance)', () => {
  it('in local mode: the day reads 5/8, and it says the mark was reverted', async () => {
    const env = { ...home.env, HABITS_DATA_DIR: join(home.home, 'local') };
    const { undo, progress } = await threeTwoDoneUndo((args) => spawnCli(['--local', ...args], { env }));
    expect(undo).toMatchObject({ code: 0, stdout: '' });
    expect(undo.stderr).toMatch(REVERTED);
    expect(progress).toBe('5/8');
  }, 30_000);

  describe('against habits serve', () => {
    let server: ServeProcess;
    let url = '';
    beforeAll(async () => {
      server = await startServeProcess(join(home.home, 'serve.db'), { ...home.env, HABITS_SERVE_API_KEY: KEY });
      url = server.url;
    });
    afterAll(() => server.stop());

    it('the day reads 5/8, and it says the mark was reverted', async () => {
      const env = { ...home.env, XDG_DATA_HOME: join(home.home, 'client'), HABITS_BASE_URL: url, HABITS_API_KEY: KEY };
      const { undo, progress } = await threeTwoDoneUndo((args) => spawnCli(args, { env }));
      expect(undo).toMatchObject({ code: 0, stdout: '' });
      expect(undo.stderr).toMatch(REVERTED);
      expect(progress).toBe('5/8');
    }, 30_000);
  });
});

const terminal = useTerminal();
let fake: ProductionServer | undefined;
afterEach(async () => {
  await fake?.stop();
  fake = undefined;
});

withTools('tmux').describe('habits undo on a terminal, against a server without log ids', () => {
  it('names the values it writes back and those it may lose, and asks; "n" sends nothing (exit 130), "y" reverts', async () => {
    const { zone, today } = noonZone();
    fake = await startProduction([{ id: 'h1', name: 'Water', goal: { periodicity: 'daily', value: 8, unit: 'cup' } }], { undoRemovesValues: true });
    const env = { HABITS_BASE_URL: fake.url, HABITS_API_KEY: KEY, HABITS_TIMEZONE: zone };
    // Another device logged 4 cups that day: the server has them, this machine's record does not.
    const res = await fetch(`${fake.url}/habits/h1/logs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ value: 4, unitSymbol: 'cup', targetDate: today }) });
    expect(res.status).toBe(201);
    for (const argv of [['log', 'add', 'Water', '3'], ['log', 'add', 'Water', '2'], ['log', 'done', 'Water']]) {
      ok(await spawnCli(argv, { env: { ...terminal.home.env, ...env } }));
    }
    const writes = () => fake!.seen.filter((s) => !s.startsWith('GET ')).length;
    const before = writes();

    let session = terminal.start(['undo'], env, { cols: 200, rows: 20 });
    const screen = (await session.waitFor('(y/N)')).replace(/\n/g, ' ');
    expect(screen).toContain('then writes back the values this machine logged there (3 cup, 2 cup)');
    expect(screen).toContain('The day also holds 1 to 4 cup this machine did not log');
    session.send('n', 'Enter');
    expect(await session.exitCode()).toBe(130);
    expect(writes()).toBe(before);
    expect(fake.total('h1', today)).toBe(9);

    session = terminal.start(['undo'], env, { cols: 200, rows: 20 });
    await session.waitFor('(y/N)');
    session.send('y', 'Enter');
    expect(await session.exitCode()).toBe(0);
    expect(session.screen().replace(/\n/g, ' ')).toMatch(/Reverted the completed mark on "Water" .*written back \(3 cup, 2 cup\); the 1 to 4 cup this machine did not log was cleared with it/);
    expect(fake.total('h1', today)).toBe(5);
  }, 30_000);
});
