// Habit references through the CLI: id, id:, exact name, prefix, ids beginning with "-", ambiguity,
// unknown names, and the name cache that makes a warm `log done` cost one request.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Habit } from '../../src/api/types.js';
import { runCli, tempHome } from '../helpers/cli.js';
import { startLocalService, type LocalService } from '../helpers/local-service.js';
import { addHabit, call, cliEnv } from '../helpers/service.js';

let svc: LocalService;
let walk: Habit;
let home: ReturnType<typeof tempHome>;
const homes: ReturnType<typeof tempHome>[] = [];

beforeAll(async () => {
  svc = await startLocalService();
  walk = await addHabit(svc, { name: 'Walk' });
  await addHabit(svc, { name: 'Drink water' });
  await addHabit(svc, { name: 'Drink tea' });
});
afterAll(async () => {
  await svc.close();
  homes.forEach((h) => h.cleanup());
});
beforeEach(() => {
  home = tempHome();
  homes.push(home);
});

async function cli(args: string[]) {
  const before = svc.requests.length;
  const r = await runCli(args, { env: cliEnv(svc, home.env) });
  return { ...r, requests: svc.requests.slice(before).map((q) => `${q.method} ${q.path}${q.query.offset !== undefined ? `?offset=${q.query.offset}` : ''}`) };
}

describe('references', () => {
  it('an id that begins with "-" works after -- and as id:', async () => {
    expect(walk.id.startsWith('-')).toBe(true);
    let r = await cli(['log', 'done', '--date', '2026-11-01', '--', walk.id]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('Marked "Walk" completed for 2026-11-01\n');
    r = await cli(['log', 'done', '--date', '2026-11-02', `id:${walk.id}`]);
    expect(r.code).toBe(0);
    expect(r.requests).toContain(`POST /habits/${walk.id}/logs/complete`);
  });

  it('an id: reference needs no name lookup; a mark reads that one habit to check the write', async () => {
    const r = await cli(['log', 'skip', `id:${walk.id}`, '--date', '2026-11-03']);
    expect(r.code).toBe(0);
    expect(r.requests).toEqual([`GET /habits/${walk.id}`, `POST /habits/${walk.id}/logs/skipped`]);
  });

  it('a name in any case, and a unique prefix', async () => {
    expect((await cli(['habit', 'show', 'WALK', '--json'])).code).toBe(0);
    const r = await cli(['habit', 'show', 'drink w', '--json']);
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as Habit).name).toBe('Drink water');
  });

  it('an ambiguous prefix exits 2 and lists the candidates', async () => {
    const r = await cli(['habit', 'show', 'drink']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: "drink" matches 2 habits\nhint: candidates: "Drink water" \(id:-[^)]+\), "Drink tea" \(id:-[^)]+\); name one by its id, e.g. id:-[^ ]+\n$/);
  });

  it('an unknown name exits 3 and suggests the closest', async () => {
    const r = await cli(['habit', 'show', 'Wlak']);
    expect(r.code).toBe(3);
    expect(r.stderr).toBe('error: no habit matches "Wlak"\nhint: did you mean "Walk"?\n');
  });
});

describe('the name cache', () => {
  it('is named and filled without the key', async () => {
    expect((await cli(['log', 'done', 'Walk', '--date', '2026-11-06'])).code).toBe(0);
    const dir = join(home.env.XDG_CACHE_HOME, 'habits');
    const files = readdirSync(dir);
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) {
      expect(f).not.toContain(svc.apiKey);
      const text = readFileSync(join(dir, f), 'utf8');
      expect(text).toContain('Walk');
      expect(text).not.toContain(svc.apiKey);
      expect(text).not.toContain(svc.apiKey.slice(3, 15));
    }
  });

  it('a cold `log done` pages the habits once; a warm one costs exactly one request', async () => {
    const cold = await cli(['log', 'done', 'Walk', '--date', '2026-11-04']);
    expect(cold.requests).toEqual(['GET /habits?offset=0', `POST /habits/${walk.id}/logs/complete`]);
    const warm = await cli(['log', 'done', 'Walk', '--date', '2026-11-05']);
    expect(warm.requests).toEqual([`POST /habits/${walk.id}/logs/complete`]);
  });

  it('a name the warm cache does not know is looked up again before failing', async () => {
    await cli(['habit', 'ls']); // warm
    const stretch = await addHabit(svc, { name: 'Stretch' }); // created behind the CLI's back
    const r = await cli(['log', 'done', 'Stretch', '--date', '2026-11-05']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.requests).toEqual(['GET /habits?offset=0', `POST /habits/${stretch.id}/logs/complete`]);
    await call(svc, 'DELETE', `/habits/${stretch.id}`);
  });

  it('archived habits are looked up only when no active one matches', async () => {
    const old = await addHabit(svc, { name: 'Old habit' });
    await call(svc, 'POST', `/habits/${old.id}/archive`);
    const r = await cli(['habit', 'show', 'Old habit', '--json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.requests.filter((q) => q.startsWith('GET /habits?'))).toHaveLength(2); // active, then archived
    expect(svc.requests.some((q) => q.query.archived === 'true')).toBe(true);
  });
});
