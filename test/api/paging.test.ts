// listAll: limit/offset paging through the real client on a MockAgent, and its stopping rules.
import { afterEach, describe, expect, it } from 'vitest';
import { listAll, MAX_ITEMS, MAX_PAGES } from '../../src/api/paging.js';
import { FailureError } from '../../src/errors.js';
import type { Api } from '../../src/api/routes.js';
import { mockClient, rejection } from '../helpers/mock-agent.js';
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

  it('a server that ignores offset and repeats the first page: a clear error after the second page', async () => {
    m = mockClient();
    const first = { status: 200, body: { data: habits.slice(0, 100), pagination: { total: 1000, limit: 100, offset: 0 } } };
    m.on('GET', '/v2/habits', first, 2);
    const error = await rejection(listAll(m.client, 'GET /habits'));
    expect(error).toBeInstanceOf(FailureError);
    expect((error as FailureError).exitCode).toBe(1);
    expect((error as FailureError).message).toBe(
      "the server's list of habits does not end: the page at offset 100 repeats items already read (GET /habits)",
    );
    expect(m.seen).toHaveLength(2);
  });

  it('new items on every page and a huge total: stops after MAX_PAGES pages with a clear error', async () => {
    m = mockClient();
    const endless = (seen: Seen) => {
      const offset = Number(seen.query.offset);
      const data = Array.from({ length: 100 }, (_, i) => ({ id: `e${offset + i}`, name: `E${offset + i}` }));
      return { status: 200, body: { data, pagination: { total: 1e9, limit: 100, offset } } };
    };
    m.on('GET', '/v2/habits', endless, MAX_PAGES);
    const error = await rejection(listAll(m.client, 'GET /habits'));
    expect((error as FailureError).message).toBe(
      `the server's list of habits does not end: stopped after ${MAX_PAGES} pages and ${MAX_ITEMS} items (GET /habits)`,
    );
    expect(m.seen).toHaveLength(MAX_PAGES);
  });

  it('items without an id, on every page: skipped, and the cap still ends the listing', async () => {
    const skipped: unknown[] = [];
    m = mockClient({ skipped: (_what, items) => skipped.push(...items) });
    const page = { status: 200, body: { data: [{ name: 'A' }, { name: 'B' }], pagination: { total: 1e9, limit: 100, offset: 0 } } };
    m.on('GET', '/v2/habits', page, MAX_PAGES);
    const error = await rejection(listAll(m.client, 'GET /habits'));
    expect((error as FailureError).message).toMatch(/does not end: stopped after 100 pages and 0 items/);
    expect(m.seen).toHaveLength(MAX_PAGES);
    expect(skipped).toHaveLength(2 * MAX_PAGES);
  });

  it('an Api that does not check items: items without an id repeated on the next page end it too', async () => {
    const api = {
      request: async () => ({ data: [{ name: 'A' }], pagination: { total: 1e9, limit: 100, offset: 0 } }),
    } as unknown as Api;
    const error = await rejection(listAll(api, 'GET /areas'));
    expect((error as FailureError).message).toBe("the server's list of areas does not end: the page at offset 1 repeats an item already read (GET /areas)");
  });

  it('skipped items still advance the offset by what the server sent', async () => {
    m = mockClient({ skipped: () => {} });
    const items = [...habits.slice(0, 99), { id: null, name: 'bad' }, ...habits.slice(99, 150)];
    m.on('GET', '/v2/habits', pager(items), 2);
    expect(await listAll(m.client, 'GET /habits')).toEqual(habits.slice(0, 150));
    expect(m.seen.map((s) => s.query.offset)).toEqual(['0', '100']);
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
