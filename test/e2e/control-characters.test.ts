// Names with escape sequences on a real terminal (tmux): `\x1b[2J\x1b[H` in a name must not clear
// the screen, in a table, a confirmation prompt or a list of choices; it shows escaped.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startUnsafeNamesServer, type TestServer } from '../helpers/mock-agent.js';
import { answerPrompt as answer, useTerminal } from '../helpers/tmux.js';
import { withTools } from '../helpers/tools.js';

let server: TestServer;
const terminal = useTerminal();

beforeAll(async () => {
  server = await startUnsafeNamesServer();
});
afterAll(async () => {
  await server.close();
});

const start = (args: string[]) => terminal.start(args, { HABITS_BASE_URL: `${server.url}/v2`, HABITS_API_KEY: 'k' });

withTools('tmux').describe('escape sequences in names on a terminal', () => {
  it('the journal table keeps every row: the name that would clear the screen shows escaped', async () => {
    const session = start(['journal', '--date', '2026-11-22']);
    expect(await session.exitCode()).toBe(0);
    const screen = session.screen();
    expect(screen).toMatch(/^Sunday 22 Nov 2026/);
    expect(screen).toMatch(/^Alpha\s+○ missed/m);
    expect(screen).toMatch(/^Clear\\x1b\[2J\\x1b\[Hme\s+○ missed/m);
    expect(screen).toMatch(/^New\\nline\s+○ missed/m);
  });

  it('a confirmation prompt shows the name escaped, on one line', async () => {
    const session = start(['habit', 'rm', 'clear']);
    const screen = await session.waitFor('(y/N)');
    expect(screen).toMatch(/^\? Delete habit "Clear\\x1b\[2J\\x1b\[Hme"\? Its logs/m);
    session.send('n', 'Enter');
    expect(await session.exitCode()).toBe(130);
  });

  it('a list of choices shows names escaped', async () => {
    const session = start(['habit', 'add', '-i']);
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
