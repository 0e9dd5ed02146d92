// listAll: limit/offset paging through the real client on a MockAgent, and its stopping rules.
import { afterEach, describe, expect, it } from 'vitest';
import { listAll } from '../../src/api/paging.js';
import type { Api } from '../../src/api/routes.js';
import { mockClient } from '../helpers/mock-agent.js';
import type { MockSetup, Seen } from '../helpers/mock-agent.js';

const habits = Array.from({ length: 230 }, (_, i) => ({ id: `h${i}`, name: `Habit ${i}` }));

let m: MockSetup | undefined;
afterEach(async () => {
  m?.agent.assertNoPendingInterceptors();
  await m?.agent.close();
  m = undefined;
});

/** A server that pages `items` by the query's limit (capped at `maxLimit`) and offset. */
function pager(items: unknown[], maxLimit = 100) {
  return (seen: Seen) => {
    const limit = Math.min(Number(seen.query.limit ?? 50), maxLimit);
    const offset = Number(seen.query.offset ?? 0);
    return { status: 200, body: { data: items.slice(offset, offset + limit), pagination: { total: items.length, limit, offset } } };
  };
}

describe('listAll', () => {
  it('230 habits with total=230: three requests with offsets 0, 100, 200 and limit 100', async () => {
    m = mockClient();
    m.on('GET', '/v2/habits', pager(habits), 3);
    const all = await listAll(m.client, 'GET /habits', { query: { archived: false } });
    expect(all).toEqual(habits);
    expect(m.seen.map((s) => s.query)).toEqual([
      { archived: 'false', limit: '100', offset: '0' },
      { archived: 'false', limit: '100', offset: '100' },
      { archived: 'false', limit: '100', offset: '200' },
    ]);
  });

  it('a server without pagination: one request, the answer is the whole list', async () => {
    m = mockClient();
    m.on('GET', '/v2/areas', { status: 200, body: { data: habits.slice(0, 7) } });
    expect(await listAll(m.client, 'GET /areas')).toEqual(habits.slice(0, 7));
    expect(m.seen).toHaveLength(1);
  });

  it('a bare array answer is the whole list', async () => {
    m = mockClient();
    m.on('GET', '/v2/areas', { status: 200, body: habits.slice(0, 3) });
    expect(await listAll(m.client, 'GET /areas', {})).toEqual(habits.slice(0, 3));
    expect(m.seen).toHaveLength(1);
  });

  it('advances by the page length when the server caps the limit lower', async () => {
    m = mockClient();
    m.on('GET', '/v2/habits', pager(habits, 50), 5);
    expect(await listAll(m.client, 'GET /habits')).toEqual(habits);
    expect(m.seen.map((s) => s.query.offset)).toEqual(['0', '50', '100', '150', '200']);
  });

  it('notes: fills the path parameter on every page', async () => {
    m = mockClient();
    const notes = Array.from({ length: 120 }, (_, i) => ({ id: `n${i}` }));
    m.on('GET', '/v2/habits/-h%2F1/notes', pager(notes), 2);
    expect(await listAll(m.client, 'GET /habits/{habitId}/notes', { params: { habitId: '-h/1' } })).toEqual(notes);
    expect(m.seen.map((s) => s.path)).toEqual(['/v2/habits/-h%2F1/notes', '/v2/habits/-h%2F1/notes']);
  });

  it('stops on an empty page even when total promises more', async () => {
    m = mockClient();
    m.on('GET', '/v2/habits', { status: 200, body: { data: habits.slice(0, 100), pagination: { total: 1000, limit: 100, offset: 0 } } });
    m.on('GET', '/v2/habits', { status: 200, body: { data: [], pagination: { total: 1000, limit: 100, offset: 100 } } });
    expect(await listAll(m.client, 'GET /habits')).toHaveLength(100);
    expect(m.seen).toHaveLength(2);
  });

  it('stops when a server ignores offset and repeats the first page (no duplicates)', async () => {
    m = mockClient();
    const first = { status: 200, body: { data: habits.slice(0, 100), pagination: { total: 1000, limit: 100, offset: 0 } } };
    m.on('GET', '/v2/habits', first, 2);
    const all = await listAll(m.client, 'GET /habits');
    expect(all).toEqual(habits.slice(0, 100));
    expect(m.seen).toHaveLength(2);
  });

  it('an exact multiple of the page size needs no extra request', async () => {
    m = mockClient();
    m.on('GET', '/v2/habits', pager(habits.slice(0, 200)), 2);
    expect(await listAll(m.client, 'GET /habits')).toHaveLength(200);
    expect(m.seen).toHaveLength(2);
  });

  it('works on any Api, and passes the abort signal on', async () => {
    const calls: unknown[] = [];
    const controller = new AbortController();
    const api = {
      request: async (_route: string, options: unknown) => {
        calls.push(options);
        return { data: [{ id: 'a1' }] };
      },
    } as unknown as Api;
    expect(await listAll(api, 'GET /areas', { signal: controller.signal })).toEqual([{ id: 'a1' }]);
    expect(calls).toEqual([{ signal: controller.signal, query: { limit: 100, offset: 0 } }]);
  });
});
