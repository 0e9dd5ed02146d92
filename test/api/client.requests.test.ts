// What the client sends (URL, query, headers, body) and how it unwraps each envelope variant.
import { afterEach, describe, expect, it } from 'vitest';
import type { Habit } from '../../src/api/types.js';
import { ApiError } from '../../src/api/errors.js';
import { KEY, UA, mockClient, rejection } from '../helpers/mock-agent.js';
import type { MockSetup } from '../helpers/mock-agent.js';

const habit = { id: 'h1', name: 'Drink water', type: 'good', isArchived: false } as unknown as Habit;
const area = { id: 'a1', name: 'Health', colorHex: '#ff0000', icon: 'heart', createdAt: '2026-01-01T00:00:00.000Z' };

let m: MockSetup;
afterEach(async () => {
  m.agent.assertNoPendingInterceptors();
  await m.agent.close();
});

describe('request building', () => {
  it('sends GET with Accept, User-Agent and X-API-Key, and no body or Content-Type', async () => {
    m = mockClient();
    m.on('GET', '/v2/habits/h1', { status: 200, body: { data: habit } });
    await m.client.request('GET /habits/{habitId}', { params: { habitId: 'h1' } });
    expect(m.seen).toHaveLength(1);
    const [req] = m.seen;
    expect(req?.method).toBe('GET');
    expect(req?.path).toBe('/v2/habits/h1');
    expect(req?.query).toEqual({});
    expect(req?.headers.accept).toBe('application/json');
    expect(req?.headers['user-agent']).toBe(UA);
    expect(req?.headers['x-api-key']).toBe(KEY);
    expect(req?.headers['content-type']).toBeUndefined();
    expect(req?.body).toBeUndefined();
  });

  it('sends the body as JSON with Content-Type on POST and PUT', async () => {
    m = mockClient();
    m.on('POST', '/v2/habits/h1/logs', { status: 201, body: { message: 'Logged' } });
    m.on('PUT', '/v2/areas/a1', { status: 200, body: { data: area } });
    const body = { value: 2.5, unitSymbol: 'L' as const, targetDate: '2026-11-22' };
    await m.client.request('POST /habits/{habitId}/logs', { params: { habitId: 'h1' }, body });
    await m.client.request('PUT /areas/{areaId}', { params: { areaId: 'a1' }, body: { name: 'Body & mind' } });
    expect(m.seen.map((s) => [s.method, s.path])).toEqual([['POST', '/v2/habits/h1/logs'], ['PUT', '/v2/areas/a1']]);
    expect(m.seen[0]?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(m.seen[0]?.body ?? '')).toEqual(body);
    expect(JSON.parse(m.seen[1]?.body ?? '')).toEqual({ name: 'Body & mind' });
  });

  it('sends no body on a POST route without one', async () => {
    m = mockClient();
    m.on('POST', '/v2/habits/h1/archive', { status: 204 });
    await m.client.request('POST /habits/{habitId}/archive', { params: { habitId: 'h1' } });
    expect(m.seen[0]?.headers['content-type']).toBeUndefined();
    expect(m.seen[0]?.body ?? '').toBe('');
  });

  it('encodes path parameters, including ids starting with "-" and odd characters', async () => {
    m = mockClient();
    const odd = '-a/b?c#d %é';
    m.on('DELETE', `/v2/habits/${encodeURIComponent('-x1')}/notes/${encodeURIComponent(odd)}`, { status: 204 });
    await m.client.request('DELETE /habits/{habitId}/notes/{noteId}', { params: { habitId: '-x1', noteId: odd } });
    expect(m.seen[0]?.path).toBe('/v2/habits/-x1/notes/-a%2Fb%3Fc%23d%20%25%C3%A9');
  });

  it('refuses empty and dot-only ids instead of calling another endpoint', async () => {
    m = mockClient();
    for (const habitId of ['', '.', '..']) {
      const error = await rejection(m.client.request('GET /habits/{habitId}', { params: { habitId } }));
      expect(error).toMatchObject({ name: 'UsageError', exitCode: 2 });
    }
    expect(m.seen).toHaveLength(0);
  });

  it('builds the query: undefined skipped, booleans as true/false, numbers as strings', async () => {
    m = mockClient();
    m.on('GET', '/v2/habits', { status: 200, body: { data: [] } });
    await m.client.request('GET /habits', {
      query: { archived: false, areaId: 'a 1&b', type: undefined, limit: 100, offset: 0 },
    });
    expect(m.seen[0]?.query).toEqual({ archived: 'false', areaId: 'a 1&b', limit: '100', offset: '0' });
    expect(m.lines[0]).toBe('→ GET https://api.test/v2/habits?archived=false&areaId=a%201%26b&limit=100&offset=0');
  });

  it('tolerates a trailing slash on the base URL, and a base URL without a path', async () => {
    m = mockClient({ baseUrl: 'https://api.test/v2/' });
    m.on('GET', '/v2/habits/journal', { status: 200, body: { data: [] } });
    await m.client.request('GET /habits/journal', { query: { date: '2026-11-22' } });
    expect(m.seen[0]?.path).toBe('/v2/habits/journal');
    expect(m.seen[0]?.query).toEqual({ date: '2026-11-22' });
    await m.agent.close();

    m = mockClient({ baseUrl: 'https://api.test' });
    m.on('GET', '/areas', { status: 200, body: [] });
    await m.client.request('GET /areas');
    expect(m.seen[0]?.path).toBe('/areas');
  });

  it('sends no X-API-Key header without a key (and an empty key counts as none)', async () => {
    m = mockClient({ apiKey: '' });
    m.on('GET', '/v2/areas', { status: 200, body: [] });
    await m.client.request('GET /areas');
    expect(m.seen[0]?.headers).not.toHaveProperty('x-api-key');
  });

  it('rejects a key that cannot travel in a header (the shared key check), without echoing it', async () => {
    for (const apiKey of ['hb_bad\nkey-value', 'hb_bad\x01key-value']) {
      m = mockClient({ apiKey });
      const error = await rejection(m.client.request('GET /areas'));
      expect(error).toMatchObject({ name: 'UsageError', exitCode: 2 });
      expect(String((error as Error).message)).not.toContain('key-value');
      expect(m.seen).toHaveLength(0);
    }
  });

  it('rejects an unusable base URL with a UsageError, before any request', async () => {
    for (const baseUrl of ['not a url', 'ftp://api.test/v2', 'https://user:pw-secret@api.test/v2', 'https://api.test/v2?pw-secret=1']) {
      m = mockClient({ baseUrl });
      const error = await rejection(m.client.request('GET /areas'));
      expect(error).toMatchObject({ name: 'UsageError', exitCode: 2 });
      expect((error as Error).message).not.toContain('pw-secret');
      expect(m.seen).toHaveLength(0);
    }
  });

  it('rejects further requests after close()', async () => {
    m = mockClient();
    await m.client.close();
    await expect(m.client.request('GET /areas')).rejects.toThrow(/closed/);
  });
});

describe('envelopes', () => {
  it('POST /habits: a bare Habit and {data: Habit} both give the Habit', async () => {
    m = mockClient();
    m.on('POST', '/v2/habits', { status: 201, body: habit });
    m.on('POST', '/v2/habits', { status: 201, body: { data: habit } });
    const body = { name: 'Drink water', type: 'good' as const };
    expect(await m.client.request('POST /habits', { body })).toEqual(habit);
    expect(await m.client.request('POST /habits', { body })).toEqual(habit);
    expect(m.seen.map((s) => JSON.parse(s.body ?? ''))).toEqual([body, body]);
  });

  it('GET /habits/{id}: {data: Habit} gives the Habit', async () => {
    m = mockClient();
    m.on('GET', '/v2/habits/h1', { status: 200, body: { data: habit } });
    expect(await m.client.request('GET /habits/{habitId}', { params: { habitId: 'h1' } })).toEqual(habit);
  });

  it('PUT /habits/{id}: {message, data} gives the data; {message} alone stays as is', async () => {
    m = mockClient();
    m.on('PUT', '/v2/habits/h1', { status: 200, body: { message: 'Habit updated successfully', data: habit } });
    m.on('PUT', '/v2/habits/h1', { status: 200, body: { message: 'Habit updated successfully' } });
    const opts = { params: { habitId: 'h1' }, body: { name: 'Drink more water' } };
    expect(await m.client.request('PUT /habits/{habitId}', opts)).toEqual(habit);
    expect(await m.client.request('PUT /habits/{habitId}', opts)).toEqual({ message: 'Habit updated successfully' });
  });

  it('204, an empty 200 and {data: null} become {ok: true}', async () => {
    m = mockClient();
    m.on('DELETE', '/v2/habits/h1', { status: 204 });
    m.on('DELETE', '/v2/areas/a1', { status: 200, body: '' });
    m.on('POST', '/v2/habits/h1/archive', { status: 200, body: { data: null } });
    expect(await m.client.request('DELETE /habits/{habitId}', { params: { habitId: 'h1' } })).toEqual({ ok: true });
    expect(await m.client.request('DELETE /areas/{areaId}', { params: { areaId: 'a1' } })).toEqual({ ok: true });
    expect(await m.client.request('POST /habits/{habitId}/archive', { params: { habitId: 'h1' } })).toEqual({ ok: true });
  });

  it('log writes keep {message, logId}', async () => {
    m = mockClient();
    m.on('POST', '/v2/habits/h1/logs/complete', { status: 201, body: { message: 'Completed', logId: 'l1' } });
    const result = await m.client.request('POST /habits/{habitId}/logs/complete', {
      params: { habitId: 'h1' }, body: { targetDate: '2026-11-22' },
    });
    expect(result).toEqual({ message: 'Completed', logId: 'l1' });
    expect(JSON.parse(m.seen[0]?.body ?? '')).toEqual({ targetDate: '2026-11-22' });
  });

  it('lists: a bare array and {data, pagination} both give a Page', async () => {
    m = mockClient();
    m.on('GET', '/v2/areas', { status: 200, body: [area] });
    m.on('GET', '/v2/habits', { status: 200, body: { data: [habit], pagination: { total: 1, limit: 50, offset: 0 } } });
    expect(await m.client.request('GET /areas')).toEqual({ data: [area] });
    expect(await m.client.request('GET /habits')).toEqual({ data: [habit], pagination: { total: 1, limit: 50, offset: 0 } });
  });

  it('lists: {data} without pagination, and malformed pagination, are kept without pagination', async () => {
    m = mockClient();
    m.on('GET', '/v2/habits/h1/notes', { status: 200, body: { data: [{ id: 'n1' }] } });
    m.on('GET', '/v2/areas', { status: 200, body: { data: [area], pagination: { total: '1', limit: 50 } } });
    const notes = await m.client.request('GET /habits/{habitId}/notes', { params: { habitId: 'h1' } });
    expect(notes).toEqual({ data: [{ id: 'n1' }] });
    expect(notes).not.toHaveProperty('pagination');
    const areas = await m.client.request('GET /areas');
    expect(areas).toEqual({ data: [area] });
    expect(areas).not.toHaveProperty('pagination');
  });

  it('a list answer that is no list is an ApiError, not a crash', async () => {
    m = mockClient();
    m.on('GET', '/v2/areas', { status: 200, body: { items: [] } });
    const error = await rejection(m.client.request('GET /areas'));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).serverMessage).toMatch(/expected a list/);
  });

  it('journal: {data: [...]} gives the array; a bare array too', async () => {
    m = mockClient();
    const entry = { id: 'h1', name: 'Drink water', status: 'inprogress' };
    m.on('GET', '/v2/habits/journal', { status: 200, body: { data: [entry] } });
    m.on('GET', '/v2/habits/journal', { status: 200, body: [entry] });
    expect(await m.client.request('GET /habits/journal', { query: { date: '2026-11-22' } })).toEqual([entry]);
    expect(await m.client.request('GET /habits/journal', { query: { date: '2026-11-22' } })).toEqual([entry]);
  });

  it('statistics: {data: {...}} is unwrapped', async () => {
    m = mockClient();
    const stats = { id: 'h1', name: 'Drink water', totalLogs: 3, dailyProgress: [] };
    m.on('GET', '/v2/habits/h1/statistics', { status: 200, body: { data: stats } });
    const result = await m.client.request('GET /habits/{habitId}/statistics', {
      params: { habitId: 'h1' }, query: { startDate: '2026-11-01', endDate: '2026-11-22' },
    });
    expect(result).toEqual(stats);
    expect(m.seen[0]?.query).toEqual({ startDate: '2026-11-01', endDate: '2026-11-22' });
  });

  it('statistics: a bare object, and units as a string, {symbol, type} or {id, name, symbol}, come through as sent', async () => {
    m = mockClient();
    const units = ['kM', { symbol: 'kM', type: 'length' }, { id: 'u1', name: 'Kilometer', symbol: 'kM' }, null];
    for (const unit of units) m.on('GET', '/v2/habits/h1/statistics', { status: 200, body: { id: 'h1', name: 'Run', totalLogs: 3, unit, dailyProgress: [] } });
    for (const unit of units) {
      expect(await m.client.request('GET /habits/{habitId}/statistics', { params: { habitId: 'h1' } })).toEqual({ id: 'h1', name: 'Run', totalLogs: 3, unit, dailyProgress: [] });
    }
  });

  it('notes and areas written: a bare record and {data: record} both give the record', async () => {
    m = mockClient();
    const note = { id: 'n1', createdAt: '2026-11-22T08:00:00Z', content: 'x', moodLevel: null, photos: [] };
    m.on('POST', '/v2/habits/h1/notes', { status: 201, body: note });
    m.on('POST', '/v2/habits/h1/notes', { status: 201, body: { data: note } });
    m.on('POST', '/v2/areas', { status: 201, body: { data: area } });
    m.on('POST', '/v2/areas', { status: 201, body: area });
    for (let i = 0; i < 2; i++) expect(await m.client.request('POST /habits/{habitId}/notes', { params: { habitId: 'h1' }, body: { content: 'x' } })).toEqual(note);
    for (let i = 0; i < 2; i++) expect(await m.client.request('POST /areas', { body: { name: 'Health' } })).toEqual(area);
  });

  it('parses JSON sent with a wrong content type, and a JSON body with a BOM', async () => {
    m = mockClient();
    m.on('GET', '/v2/habits/h1', { status: 200, body: JSON.stringify({ data: habit }), headers: { 'content-type': 'text/plain' } });
    m.on('GET', '/v2/habits/h2', { status: 200, body: '\uFEFF' + JSON.stringify(habit), headers: { 'content-type': 'application/json; charset=utf-8' } });
    expect(await m.client.request('GET /habits/{habitId}', { params: { habitId: 'h1' } })).toEqual(habit);
    expect(await m.client.request('GET /habits/{habitId}', { params: { habitId: 'h2' } })).toEqual(habit);
  });
});
