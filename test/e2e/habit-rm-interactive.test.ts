// `habits habit rm` on a real terminal (tmux): it asks, "n" keeps the habit, "y" deletes it.
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { tempHome } from '../helpers/cli.js';
import { startLocalService, type LocalService } from '../helpers/local-service.js';
import { startTmux, type TmuxSession } from '../helpers/tmux.js';
import { withTools } from '../helpers/tools.js';
import { addHabit, cliEnv } from '../helpers/service.js';

let svc: LocalService;
let home: ReturnType<typeof tempHome>;
let session: TmuxSession | undefined;

beforeAll(async () => {
  svc = await startLocalService();
  home = tempHome();
});

afterEach(() => {
  session?.kill();
  session = undefined;
});

afterAll(async () => {
  await svc.close();
  home.cleanup();
});

async function exists(id: string): Promise<boolean> {
  const res = await fetch(`${svc.url}/habits/${id}`, { headers: { 'x-api-key': svc.apiKey } });
  await res.arrayBuffer();
  return res.status === 200;
}

withTools('tmux').describe('habit rm on a terminal', () => {
  it('asks; "n" leaves the habit and exits 130 with "cancelled"', async () => {
    const walk = await addHabit(svc, { name: 'Walk' });
    session = startTmux(['habit', 'rm', 'Walk'], cliEnv(svc, home.env));
    const screen = await session.waitFor('Delete habit "Walk"?');
    expect(screen).toContain('this cannot be undone');
    expect(screen).toContain('(y/N)');
    // No is the default: unless the "n" is seen, the test could not tell it from a lost key.
    await session.typeAndWait('n', /\(y\/N\) n$/m);
    session.send('Enter');
    expect(await session.exitCode()).toBe(130);
    expect(session.screen()).toContain('cancelled');
    expect(session.screen()).not.toContain('Deleted');
    expect(await exists(walk.id)).toBe(true);
  });

  it('asks; "y" deletes the habit and exits 0', async () => {
    const walk = await addHabit(svc, { name: 'Walk the dog' });
    session = startTmux(['habit', 'rm', 'Walk the dog'], cliEnv(svc, home.env));
    await session.waitFor('Delete habit "Walk the dog"?');
    await session.typeAndWait('y', /\(y\/N\) y$/m);
    session.send('Enter');
    expect(await session.exitCode()).toBe(0);
    expect(session.screen()).toContain('Deleted "Walk the dog".');
    expect(await exists(walk.id)).toBe(false);
  });

  it('Ctrl-C at the question exits 130 and keeps the habit', async () => {
    const h = await addHabit(svc, { name: 'Stretch' });
    session = startTmux(['habit', 'rm', 'Stretch'], cliEnv(svc, home.env));
    await session.waitFor('Delete habit "Stretch"?');
    session.send('C-c');
    expect(await session.exitCode()).toBe(130);
    expect(session.screen()).not.toMatch(/at .*\.js:\d+/);
    expect(await exists(h.id)).toBe(true);
  });
});
