import { describe, expect, it } from 'vitest';
import { CancelledError } from '../../../src/errors.js';
import { scriptedPrompter } from '../../helpers/cli.js';
import { addHabit, useService } from '../../helpers/service.js';

const fx = useService();
const { cli } = fx;

async function exists(id: string): Promise<boolean> {
  const res = await fetch(`${fx.svc.url}/habits/${id}`, { headers: { 'x-api-key': fx.svc.apiKey } });
  await res.arrayBuffer();
  return res.status === 200;
}

describe('habits habit rm', () => {
  it('refuses without --yes when not on a terminal: exit 2, no request, the habit stays', async () => {
    const h = await addHabit(fx.svc, { name: 'Walk' });
    const r = await cli(['habit', 'rm', 'Walk']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('refusing to delete habit "Walk" without confirmation');
    expect(r.stderr).toContain('--yes');
    expect(r.requests).toHaveLength(0);
    expect(await exists(h.id)).toBe(true);
  });

  it('refuses with --no-input even on a terminal', async () => {
    const h = await addHabit(fx.svc, { name: 'Swim' });
    const r = await cli(['--no-input', 'habit', 'rm', 'Swim'], { tty: { stdin: true, stdout: true, stderr: true } });
    expect(r.code).toBe(2);
    expect(await exists(h.id)).toBe(true);
  });

  it('deletes with --yes and names the habit', async () => {
    const h = await addHabit(fx.svc, { name: 'Read' });
    const r = await cli(['habit', 'rm', 'read', '--yes']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('Deleted "Read".\n');
    expect(r.requests.filter((q) => q.method === 'DELETE')).toMatchObject([{ path: `/habits/${h.id}`, status: 204 }]);
    expect(await exists(h.id)).toBe(false);
  });

  it('asks on a terminal; no keeps the habit (exit 130), yes deletes it', async () => {
    const h = await addHabit(fx.svc, { name: 'Stretch' });
    const tty = { stdin: true, stdout: true, stderr: true };
    const no = scriptedPrompter([false]);
    const r1 = await cli(['habit', 'rm', 'Stretch'], { tty, prompter: no });
    expect(r1.code).toBe(130);
    expect(r1.stderr).toContain('cancelled');
    expect(no.asked).toEqual(['Delete habit "Stretch"? Its logs, notes and goals go too; this cannot be undone.']);
    expect(await exists(h.id)).toBe(true);

    const ctrlC = scriptedPrompter([new CancelledError()]);
    const r2 = await cli(['habit', 'rm', 'Stretch'], { tty, prompter: ctrlC });
    expect(r2.code).toBe(130);
    expect(await exists(h.id)).toBe(true);

    const yes = scriptedPrompter([true]);
    const r3 = await cli(['habit', 'rm', 'Stretch'], { tty, prompter: yes });
    expect(r3.code).toBe(0);
    expect(r3.stdout).toBe('Deleted "Stretch".\n');
    expect(await exists(h.id)).toBe(false);
  });

  it('prints the server result with --json, and forgets the name', async () => {
    await addHabit(fx.svc, { name: 'Meditate' });
    const r = await cli(['habit', 'rm', 'Meditate', '--yes', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ ok: true });
    const again = await cli(['habit', 'rm', 'Meditate', '--yes']);
    expect(again.code).toBe(3);
    expect(again.stderr).toContain('no habit matches "Meditate"');
    expect(again.requests.some((q) => q.method === 'DELETE')).toBe(false);
  });
});
