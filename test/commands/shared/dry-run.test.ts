// --dry-run on habit rm, log rm, note rm, area rm and habit edit, against the local service: the
// requests printed on stdout (or as JSON), no confirmation asked, exit 0, and nothing written.
import { beforeEach, describe, expect, it } from 'vitest';
import { requestText } from '../../../src/commands/shared/dry-run.js';
import { addArea, addHabit, addNote, call, logValue, useService, writes, type ServedHabit } from '../../helpers/service.js';

const fx = useService({ per: 'test' });
let walk: ServedHabit;

beforeEach(async () => {
  walk = await addHabit(fx.svc, { name: 'Walk', goal: { periodicity: 'daily', value: 30, unit: 'min' } });
  fx.reset();
});

describe('--dry-run', () => {
  it('habit rm: the DELETE on stdout, nothing sent, no --yes needed off a terminal', async () => {
    const r = await fx.cli(['habit', 'rm', 'Walk', '--dry-run']);
    expect(r).toMatchObject({ code: 0, stdout: `DELETE /habits/${walk.id}\n`, stderr: 'Dry run: 1 request not sent\n' });
    expect(writes(fx.svc)).toEqual([]);
    expect((await call<ServedHabit>(fx.svc, 'GET', `/habits/${walk.id}`)).name).toBe('Walk');
  });

  it('habit rm on a terminal: no question asked; -q leaves the request alone', async () => {
    const r = await fx.cli(['habit', 'rm', 'Walk', '--dry-run'], { tty: { stdin: true, stdout: true, stderr: true } });
    expect(r).toMatchObject({ code: 0, stdout: `DELETE /habits/${walk.id}\nDry run: 1 request not sent\n`, stderr: '' });
    const q = await fx.cli(['habit', 'rm', 'Walk', '--dry-run', '-q']);
    expect(q).toMatchObject({ code: 0, stdout: `DELETE /habits/${walk.id}\n`, stderr: '' });
    expect(writes(fx.svc)).toEqual([]);
  });

  it('with --json: an array of {method, path, body}', async () => {
    const r = await fx.cli(['habit', 'rm', 'Walk', '--dry-run', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([{ method: 'DELETE', path: `/habits/${walk.id}`, body: null }]);
    expect(writes(fx.svc)).toEqual([]);
  });

  it('log rm and note rm: their DELETEs, nothing sent', async () => {
    const { logId } = (await logValue(fx.svc, walk.id, 10, 'min', '2026-11-22')) as { logId: string };
    const note = await addNote(fx.svc, walk.id, { content: 'windy' });
    fx.reset();
    const log = await fx.cli(['log', 'rm', 'Walk', `id:${logId}`, '--dry-run']);
    expect(log).toMatchObject({ code: 0, stdout: `DELETE /habits/${walk.id}/logs/${logId}\n`, stderr: 'Dry run: 1 request not sent\n' });
    const rm = await fx.cli(['note', 'rm', 'Walk', `id:${note.id}`, '--dry-run']);
    expect(rm).toMatchObject({ code: 0, stdout: `DELETE /habits/${walk.id}/notes/${note.id}\n` });
    expect(writes(fx.svc)).toEqual([]);
  });

  it('area rm: its DELETE, nothing sent', async () => {
    const health = await addArea(fx.svc, { name: 'Health' });
    fx.reset();
    const r = await fx.cli(['area', 'rm', 'Health', '--dry-run']);
    expect(r).toMatchObject({ code: 0, stdout: `DELETE /areas/${health.id}\n`, stderr: 'Dry run: 1 request not sent\n' });
    expect(writes(fx.svc)).toEqual([]);
  });

  it('habit edit: the PUT with only what changes, its body as indented JSON; the habit unchanged', async () => {
    const r = await fx.cli(['habit', 'edit', 'Walk', '--name', 'Evening walk', '--goal', '45 min', '--dry-run']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('Dry run: 1 request not sent\n');
    const put = `PUT /habits/${walk.id}\n`;
    expect(r.stdout.startsWith(put)).toBe(true);
    expect(JSON.parse(r.stdout.slice(put.length))).toEqual({ name: 'Evening walk', goal: { periodicity: 'daily', value: 45, unit: 'min' } });
    expect(r.stdout.split('\n').slice(1, -1).every((line) => line.startsWith('  '))).toBe(true);
    expect(writes(fx.svc)).toEqual([]);
    expect((await call<ServedHabit>(fx.svc, 'GET', `/habits/${walk.id}`)).name).toBe('Walk');
  });

  it('habit edit with nothing to change: nothing planned, [] with --json', async () => {
    const r = await fx.cli(['habit', 'edit', 'Walk', '--name', 'Walk', '--dry-run', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([]);
    expect(writes(fx.svc)).toEqual([]);
  });

  it('habit edit --start later over logs: the warning, no question on a terminal', async () => {
    await logValue(fx.svc, walk.id, 10, 'min', '2026-11-05');
    fx.reset();
    const r = await fx.cli(['habit', 'edit', 'Walk', '--start', '2026-11-10', '--dry-run'], { tty: { stdin: true, stdout: true, stderr: true } });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^warning: moving the start of "Walk"/);
    expect(r.stdout).toContain(`PUT /habits/${walk.id}\n  {\n    "startDate": "2026-11-10"\n  }\n`);
    expect(writes(fx.svc)).toEqual([]);
  });
});

describe('requestText', () => {
  it('a request without a body is one line; a body follows indented', () => {
    expect(requestText({ method: 'DELETE', path: '/areas/a1', body: null })).toBe('DELETE /areas/a1');
    expect(requestText({ method: 'PUT', path: '/habits/h1', body: { name: 'x' } })).toBe('PUT /habits/h1\n  {\n    "name": "x"\n  }');
  });
});
