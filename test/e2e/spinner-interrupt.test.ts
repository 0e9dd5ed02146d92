// The spinner on a real terminal (tmux): a request that never answers shows it on stderr, and
// Ctrl-C erases its line before the process ends as SIGINT does (status 130). Needs `npm run build`.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { useTerminal } from '../helpers/tmux.js';
import { withTools } from '../helpers/tools.js';

let server: Server;
let url: string;
const terminal = useTerminal();

beforeAll(async () => {
  // Takes every request and never answers it.
  server = createServer(() => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

withTools('tmux').describe('the spinner on a terminal', () => {
  it('shows while a request waits, and Ctrl-C erases its line and exits 130', async () => {
    const session = terminal.start(
      ['journal'],
      { HABITS_BASE_URL: url, HABITS_API_KEY: 'test-key-0123456789', HABITS_TIMEOUT: '60s' },
      undefined,
      { keepShellOnInterrupt: true },
    );
    await session.waitFor('working…');
    session.send('C-c');
    expect(await session.exitCode()).toBe(130);
    expect(session.screen()).not.toContain('working…');
  });
});
