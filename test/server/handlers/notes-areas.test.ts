// Notes and areas over real HTTP.
import { beforeEach, describe, expect, test } from 'vitest';
import type { Area, Note } from '../../../src/api/types.js';
import { type Data, type Invalid, type Listed, type ServedHabit, createHabit, useService, SERVICE_START } from '../fixtures.js';

const { call, clock } = useService({ start: SERVICE_START, per: 'test' });
let habitId: string;

beforeEach(async () => {
  habitId = (await createHabit(call, { name: 'Journal' })).id;
});

describe('notes', () => {
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
