// A server that ignores `archived` (it lists every habit, archived or not, for both listings): a
// habit is still one habit, in hints, in matches and in the name cache.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, useHome } from '../helpers/cli.js';
import { startServer, type TestServer } from '../helpers/mock-agent.js';

const habit = (id: string, name: string, isArchived: boolean) => ({
  id, name, isArchived, icon: null, colorHex: '#112233', type: 'good', description: null, occurrence: { type: 'daily' },
  startDate: '2026-11-01', createdAt: '2026-11-01T08:00:00.000Z', logMethod: 'manual', endCondition: null, areas: [], timeOfDays: [],
});

let server: TestServer;
beforeAll(async () => {
  const all = [habit('h1', 'Walk', false), habit('h2', 'Old walk', true)];
  server = await startServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const found = all.find((h) => path === `/v2/habits/${h.id}`);
    res.writeHead(path === '/v2/habits' || found ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(path === '/v2/habits' ? { data: all } : found ? { data: found } : { message: 'not found' }));
  });
});
afterAll(() => server.close());

const home = useHome();
const run = (args: string[]) => runCli(args, { env: { ...home.home.env, HABITS_BASE_URL: `${server.url}/v2`, HABITS_API_KEY: 'k' } });

describe('a server that ignores archived', () => {
  it('names each habit once in a hint, and a warm cache still finds one habit', async () => {
    const typo = await run(['habit', 'show', 'Wlak']);
    expect(typo.code).toBe(3);
    expect(typo.stderr).toBe('error: no habit matches "Wlak"\nhint: did you mean "Walk"?\n');
    // The cache that lookup wrote holds each habit once: Walk is one habit, not two.
    const walk = await run(['habit', 'show', 'Walk', '--json', 'id,name']);
    expect([walk.code, walk.stderr]).toEqual([0, '']);
    expect(JSON.parse(walk.stdout)).toEqual({ id: 'h1', name: 'Walk' });
    const old = await run(['habit', 'show', 'old', '--json', 'id']);
    expect([old.code, JSON.parse(old.stdout)]).toEqual([0, { id: 'h2' }]);
  });
});
