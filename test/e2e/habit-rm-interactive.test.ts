// `habits habit rm` on a real terminal (tmux): it asks, "n" keeps the habit, "y" deletes it.
import { expect, it } from 'vitest';
import { useOneMachine } from '../helpers/tmux.js';
import { withTools } from '../helpers/tools.js';
import { addHabit } from '../helpers/service.js';

const machine = useOneMachine();

async function exists(id: string): Promise<boolean> {
  const res = await fetch(`${machine.svc.url}/habits/${id}`, { headers: { 'x-api-key': machine.svc.apiKey } });
  await res.arrayBuffer();
  return res.status === 200;
}

withTools('tmux').describe('habit rm on a terminal', () => {
  it('asks; "n" leaves the habit and exits 130 with "cancelled"', async () => {
    const walk = await addHabit(machine.svc, { name: 'Walk' });
    const session = machine.start(['habit', 'rm', 'Walk']);
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
    const walk = await addHabit(machine.svc, { name: 'Walk the dog' });
    const session = machine.start(['habit', 'rm', 'Walk the dog']);
    await session.waitFor('Delete habit "Walk the dog"?');
    await session.typeAndWait('y', /\(y\/N\) y$/m);
    session.send('Enter');
    expect(await session.exitCode()).toBe(0);
    expect(session.screen()).toContain('Deleted "Walk the dog".');
    expect(await exists(walk.id)).toBe(false);
  });

  it('Ctrl-C at the question exits 130 and keeps the habit', async () => {
    const h = await addHabit(machine.svc, { name: 'Stretch' });
    const session = machine.start(['habit', 'rm', 'Stretch']);
    await session.waitFor('Delete habit "Stretch"?');
    session.send('C-c');
    expect(await session.exitCode()).toBe(130);
    expect(session.screen()).not.toMatch(/at .*\.js:\d+/);
    expect(await exists(h.id)).toBe(true);
  });
});
