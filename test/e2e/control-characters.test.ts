// Names with escape sequences on a real terminal (tmux): `\x1b[2J\x1b[H` in a name must not clear
// the screen, in a table, a confirmation prompt or a list of choices; it shows escaped.
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { tempHome } from '../helpers/cli.js';
import { startUnsafeNamesServer, type TestServer } from '../helpers/mock-agent.js';
import { answerPrompt as answer, startTmux, type TmuxSession } from '../helpers/tmux.js';
import { withTools } from '../helpers/tools.js';

let server: TestServer;
let home: ReturnType<typeof tempHome>;
let session: TmuxSession | undefined;

beforeAll(async () => {
  server = await startUnsafeNamesServer();
  home = tempHome();
});
afterEach(() => {
  session?.kill();
  session = undefined;
});
afterAll(async () => {
  await server.close();
  home.cleanup();
});

const env = () => ({ ...home.env, HABITS_BASE_URL: `${server.url}/v2`, HABITS_API_KEY: 'k' });

withTools('tmux').describe('escape sequences in names on a terminal', () => {
  it('the journal table keeps every row: the name that would clear the screen shows escaped', async () => {
    session = startTmux(['journal', '--date', '2026-11-22'], env());
    expect(await session.exitCode()).toBe(0);
    const screen = session.screen();
    expect(screen).toMatch(/^Sunday 22 Nov 2026/);
    expect(screen).toMatch(/^Alpha\s+○ missed/m);
    expect(screen).toMatch(/^Clear\\x1b\[2J\\x1b\[Hme\s+○ missed/m);
    expect(screen).toMatch(/^New\\nline\s+○ missed/m);
  });

  it('a confirmation prompt shows the name escaped, on one line', async () => {
    session = startTmux(['habit', 'rm', 'clear'], env());
    const screen = await session.waitFor('(y/N)');
    expect(screen).toMatch(/^\? Delete habit "Clear\\x1b\[2J\\x1b\[Hme"\? Its logs/m);
    session.send('n', 'Enter');
    expect(await session.exitCode()).toBe(130);
  });

  it('a list of choices shows names escaped', async () => {
    session = startTmux(['habit', 'add', '-i'], env());
    await answer(session, 'Name', 'W', 'Enter');
    await answer(session, 'Type', 'Enter');
    await answer(session, 'Description', 'Enter');
    await answer(session, 'How often?', 'Enter');
    await answer(session, 'Track a goal', 'Enter');
    await answer(session, 'Reminders: none', 'Enter');
    await answer(session, 'Habit stacks: none', 'Down', 'Enter');
    const habits = await session.waitFor('New\\nline');
    expect(habits).toContain('Start after which habit?');
    expect(habits).toContain('Clear\\x1b[2J\\x1b[Hme');
    session.send('C-c');
    expect(await session.exitCode()).toBe(130);
  });
});
