// Notes and areas over real HTTP.
import { beforeEach, describe, expect, test } from 'vitest';
import type { Area, Note } from '../../../src/api/types.js';
import { upsertNote } from '../../../src/server/store/repo/notes.js';
import { createServer, openStore } from '../../../src/server/index.js';
import { type Data, type Invalid, type Listed, type ServedHabit, client, createHabit, fakeClock, useService, SERVICE_START } from '../fixtures.js';

const { call, clock, service } = useService({ start: SERVICE_START, per: 'test' });
let habitId: string;

beforeEach(async () => {
  habitId = (await createHabit(call, { name: 'Journal' })).id;
});

describe('notes', () => {
  test('POST takes createdAt (our extension): a past date-time with a zone dates the note, and from/to find it on that day', async () => {
    const dated = await call<Note>('POST', `/habits/${habitId}/notes`, { content: 'the day before', createdAt: '2026-03-09T13:00:00+01:00' });
    expect(dated.status).toBe(201);
    expect(dated.body.createdAt).toBe('2026-03-09T12:00:00.000Z');
    const now = (await call<Note>('POST', `/habits/${habitId}/notes`, { content: 'today' })).body;
    expect(now.createdAt).toBe('2026-03-10T12:00:00.000Z');
    const day = await call<Listed<Note>>('GET', `/habits/${habitId}/notes?from=2026-03-09&to=2026-03-09`);
    expect(day.body.data.map((n) => n.content)).toEqual(['the day before']);
    // Oldest first, by the date it was given.
    expect((await call<Listed<Note>>('GET', `/habits/${habitId}/notes`)).body.data.map((n) => n.content)).toEqual(['the day before', 'today']);
  });

  test('createdAt in the future, without a zone, or not a date-time answers 400 on createdAt, and nothing is stored', async () => {
    for (const createdAt of ['2026-03-10T12:00:01Z', '2026-03-09T12:00:00', '2026-03-09', 'yesterday', 5, null, '1899-12-31T23:59:59Z']) {
      const r = await call<Invalid>('POST', `/habits/${habitId}/notes`, { content: 'x', createdAt });
      expect(r.status, String(createdAt)).toBe(400);
      expect(r.body.details, String(createdAt)).toEqual([{ field: 'createdAt', message: expect.stringMatching(createdAt === '2026-03-10T12:00:01Z' ? /^is in the future$/ : /^must be an ISO 8601 date-time with a zone/) }]);
    }
    expect((await call<Listed<Note>>('GET', `/habits/${habitId}/notes`)).body.data).toEqual([]);
    // The instant now is not the future.
    expect((await call('POST', `/habits/${habitId}/notes`, { content: 'x', createdAt: '2026-03-10T12:00:00Z' })).status).toBe(201);
  });

  test('create answers 201 with the bare note; list is oldest first with pagination', async () => {
    const first = await call<Note>('POST', `/habits/${habitId}/notes`, { content: 'felt good', moodLevel: 'high' });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ id: expect.stringMatching(/^[-\w]{20}$/), createdAt: '2026-03-10T12:00:00.000Z', content: 'felt good', moodLevel: 'high', photos: [] });
    clock.advance(1000);
    const second = (await call('POST', `/habits/${habitId}/notes`, { photos: ['https://img.test/1.jpg'] })).body;
    expect(second).toMatchObject({ content: null, moodLevel: null, photos: ['https://img.test/1.jpg'] });
    clock.advance(1000);
    const third = (await call('POST', `/habits/${habitId}/notes`, { moodLevel: 'veryLow' })).body;
    const all = await call('GET', `/habits/${habitId}/notes`);
    expect(all.status).toBe(200);
    expect(all.body).toEqual({ data: [first.body, second, third], pagination: { total: 3, limit: 50, offset: 0 } });
    expect((await call('GET', `/habits/${habitId}/notes?limit=1&offset=1`)).body).toEqual({ data: [second], pagination: { total: 3, limit: 1, offset: 1 } });
    expect((await call('GET', '/habits/-Nope/notes')).status).toBe(404);
    expect((await call('POST', '/habits/-Nope/notes', { content: 'x' })).status).toBe(404);
  });

  test('from and to keep the notes created in that range: dates are whole days, date-times instants, both included', async () => {
    const at = async (iso: string, content: string): Promise<Note> => {
      clock.set(iso);
      return (await call<Note>('POST', `/habits/${habitId}/notes`, { content })).body;
    };
    const a = await at('2026-03-08T23:59:59.999Z', 'a');
    const b = await at('2026-03-09T00:00:00.000Z', 'b');
    const c = await at('2026-03-09T12:00:00.000Z', 'c');
    const d = await at('2026-03-10T00:00:00.000Z', 'd');
    const list = async (q: string) => (await call<Listed<Note>>('GET', `/habits/${habitId}/notes?${q}`)).body;
    const contents = async (q: string) => (await list(q)).data.map((n) => n.content);
    expect(await contents('from=2026-03-09&to=2026-03-09')).toEqual(['b', 'c']);
    expect(await contents('from=2026-03-09')).toEqual(['b', 'c', 'd']);
    expect(await contents('to=2026-03-08')).toEqual(['a']);
    expect(await contents('from=2026-03-09T12:00:00Z&to=2026-03-10T00:00:00.000Z')).toEqual(['c', 'd']);
    expect(await contents('from=2026-03-09T13:00:00%2B01:00')).toEqual(['c', 'd']); // 12:00 UTC
    // Pages and totals count the notes in the range.
    expect(await list('from=2026-03-09&limit=1&offset=1')).toEqual({ data: [c], pagination: { total: 3, limit: 1, offset: 1 } });
    expect((await list('')).data).toEqual([a, b, c, d]);
  });

  test('from and to read imported notes by their instant, whatever the zone they were written in', async () => {
    const { store } = service();
    // 2026-03-09T23:30:00-03:00 is 02:30 UTC on the 10th; 2026-03-10T01:00:00+02:00 is 23:00 UTC on the 9th.
    store.write(() => {
      upsertNote(store, habitId, { id: 'late', createdAt: '2026-03-09T23:30:00-03:00', content: 'late', moodLevel: null, photos: [] });
      upsertNote(store, habitId, { id: 'early', createdAt: '2026-03-10T01:00:00+02:00', content: 'early', moodLevel: null, photos: [] });
    });
    const ids = async (q: string) => (await call<Listed<Note>>('GET', `/habits/${habitId}/notes?${q}`)).body.data.map((n) => n.id);
    expect(await ids('from=2026-03-10&to=2026-03-10')).toEqual(['late']);
    expect(await ids('from=2026-03-09&to=2026-03-09')).toEqual(['early']);
  });

  test("dates in from and to are days in the service's time zone", async () => {
    const store = await openStore(':memory:');
    const tokyoClock = fakeClock('2026-03-09T14:30:00Z'); // 23:30 on the 9th in Tokyo
    const listening = await createServer({ db: store, apiKey: 'k', timezone: 'Asia/Tokyo', clock: tokyoClock, rateLimit: false }).listen();
    try {
      const tokyo = client({ url: listening.url, apiKey: 'k' });
      const id = (await createHabit(tokyo, { name: 'x' })).id;
      await tokyo('POST', `/habits/${id}/notes`, { content: 'ninth' });
      tokyoClock.set('2026-03-09T15:30:00Z'); // 00:30 on the 10th in Tokyo
      await tokyo('POST', `/habits/${id}/notes`, { content: 'tenth' });
      const contents = async (q: string) => (await tokyo<Listed<Note>>('GET', `/habits/${id}/notes?${q}`)).body.data.map((n) => n.content);
      expect(await contents('from=2026-03-10&to=2026-03-10')).toEqual(['tenth']);
      expect(await contents('to=2026-03-09')).toEqual(['ninth']);
    } finally {
      await listening.close();
      store.close();
    }
  });

  test('update changes the fields sent and answers 200 with the bare note', async () => {
    const note = (await call<Note>('POST', `/habits/${habitId}/notes`, { content: 'draft', moodLevel: 'low' })).body;
    const res = await call('PUT', `/habits/${habitId}/notes/${note.id}`, { content: 'final', photos: ['https://img.test/2.png'] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...note, content: 'final', photos: ['https://img.test/2.png'] });
    const cleared = await call<Note>('PUT', `/habits/${habitId}/notes/${note.id}`, { moodLevel: null });
    expect(cleared.body.moodLevel).toBeNull();
    expect((await call<Listed<Note>>('GET', `/habits/${habitId}/notes`)).body.data).toEqual([cleared.body]);
    const emptied = await call<Invalid>('PUT', `/habits/${habitId}/notes/${note.id}`, { content: null, photos: [] });
    expect(emptied.status).toBe(400);
    expect(emptied.body.details).toEqual([{ field: 'body', message: 'would leave the note without content, moodLevel or photos' }]);
    expect((await call('PUT', `/habits/${habitId}/notes/-Nope`, { content: 'x' })).status).toBe(404);
  });

  test('delete answers 204, then 404; there is no single-note GET', async () => {
    const note = (await call<Note>('POST', `/habits/${habitId}/notes`, { content: 'x' })).body;
    expect((await call('GET', `/habits/${habitId}/notes/${note.id}`)).status).toBe(405);
    const res = await call('DELETE', `/habits/${habitId}/notes/${note.id}`);
    expect(res.status).toBe(204);
    expect(res.body).toBeUndefined();
    expect((await call('DELETE', `/habits/${habitId}/notes/${note.id}`)).body).toEqual({ error: 'Not Found', message: `Note ${note.id} not found for habit ${habitId}` });
    expect((await call<Listed<Note>>('GET', `/habits/${habitId}/notes`)).body.data).toEqual([]);
  });
});

describe('areas', () => {
  test('create 201 {data}, list {data}, get {data}', async () => {
    const res = await call<Data<Area>>('POST', '/areas', { name: 'Health', colorHex: '#00FF00', icon: 'heart' });
    expect(res.status).toBe(201);
    const health = res.body.data;
    expect(health).toEqual({ id: expect.stringMatching(/^[-\w]{20}$/), name: 'Health', colorHex: '#00FF00', icon: 'heart', createdAt: '2026-03-10T12:00:00.000Z' });
    const work = (await call<Data<Area>>('POST', '/areas', { name: 'Work' })).body.data;
    expect(work).toMatchObject({ colorHex: '#4A90E2', icon: '' });
    expect((await call('GET', '/areas')).body).toEqual({ data: [health, work] });
    expect(await call('GET', `/areas/${health.id}`)).toMatchObject({ status: 200, body: { data: health } });
    expect((await call('GET', '/areas/-Nope')).status).toBe(404);
  });

  test('list pages with limit and offset, as GET /habits does; without them it is the whole list, as production answers', async () => {
    const made: Area[] = [];
    for (const name of ['A', 'B', 'C']) made.push((await call<Data<Area>>('POST', '/areas', { name })).body.data);
    expect((await call('GET', '/areas')).body).toEqual({ data: made });
    expect((await call('GET', '/areas?limit=2')).body).toEqual({ data: made.slice(0, 2), pagination: { total: 3, limit: 2, offset: 0 } });
    expect((await call('GET', '/areas?offset=2')).body).toEqual({ data: made.slice(2), pagination: { total: 3, limit: 50, offset: 2 } });
    expect((await call<Invalid>('GET', '/areas?limit=0')).body.details).toEqual([{ field: 'limit', message: 'must be an integer between 1 and 100' }]);
  });

  test('update changes the fields sent and answers {data}; the list shows the change', async () => {
    const area = (await call<Data<Area>>('POST', '/areas', { name: 'Health' })).body.data;
    expect((await call('GET', '/areas')).body).toEqual({ data: [area] });
    const res = await call('PUT', `/areas/${area.id}`, { icon: 'leaf' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { ...area, icon: 'leaf' } });
    expect((await call('GET', '/areas')).body).toEqual({ data: [{ ...area, icon: 'leaf' }] });
    expect((await call('PUT', `/areas/${area.id}`, { name: '' })).status).toBe(400);
    expect((await call('PUT', '/areas/-Nope', { name: 'x' })).status).toBe(404);
  });

  test('delete answers 204 and unlinks habits, which stay', async () => {
    const area = (await call<Data<Area>>('POST', '/areas', { name: 'Health' })).body.data;
    await call('PUT', `/habits/${habitId}`, { areaIds: [area.id] });
    expect((await call<Listed<ServedHabit>>('GET', `/habits?areaId=${area.id}`)).body.pagination.total).toBe(1);
    expect((await call('DELETE', `/areas/${area.id}`)).status).toBe(204);
    expect((await call('DELETE', `/areas/${area.id}`)).status).toBe(404);
    const h = (await call<Data<ServedHabit>>('GET', `/habits/${habitId}`)).body.data;
    expect(h.areas).toEqual([]);
    expect((await call('GET', '/areas')).body).toEqual({ data: [] });
  });
});
