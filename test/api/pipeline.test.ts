// The request pipeline: middleware order, and the write record heard through the client's retries.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { stack, typedApi, wrapApi, type ApiRequest, type Middleware } from '../../src/api/pipeline.js';
import { recordWrites } from '../../src/record/middleware.js';
import { WriteRecord } from '../../src/record/record.js';
import { mockClient, rejection, type MockSetup } from '../helpers/mock-agent.js';

const trace = (name: string, log: string[]): Middleware => (next) => async (req) => {
  log.push(`${name} in ${req.route}`);
  try {
    return await next(req);
  } finally {
    log.push(`${name} out`);
  }
};

describe('stack', () => {
  test('the first middleware of the list is outermost, and skipped entries leave no trace', async () => {
    const log: string[] = [];
    const send = stack(async (req: ApiRequest) => (log.push(`send ${req.route}`), 'answer'), [trace('a', log), undefined, trace('b', log)]);
    expect(await send({ route: 'GET /areas' })).toBe('answer');
    expect(log).toEqual(['a in GET /areas', 'b in GET /areas', 'send GET /areas', 'b out', 'a out']);
  });

  test('typedApi and wrapApi carry every option through to the plain request', async () => {
    const seen: ApiRequest[] = [];
    const api = wrapApi(typedApi(async (req) => (seen.push(req), { ok: true })), (next) => (req) => next({ ...req, note: { reverts: 'x' } }));
    await api.request('POST /habits/{habitId}/logs', { params: { habitId: 'h1' }, body: { value: 2, unitSymbol: 'kM', targetDate: '2026-11-26' } });
    expect(seen).toEqual([{ route: 'POST /habits/{habitId}/logs', params: { habitId: 'h1' }, body: { value: 2, unitSymbol: 'kM', targetDate: '2026-11-26' }, note: { reverts: 'x' } }]);
  });
});

describe('the write record around the client', () => {
  let m: MockSetup | undefined;
  afterEach(async () => {
    await m?.client.close();
    await m?.agent.close();
  });

  /** A client whose pipeline is [outer trace, an observer of statuses, the record, inner trace]. */
  function recorded(): { m: MockSetup; lines: () => Record<string, unknown>[]; order: string[]; heard: number[] } {
    const file = join(mkdtempSync(join(tmpdir(), 'habits-pipeline-')), 'writes.jsonl');
    const order: string[] = [];
    const heard: number[] = [];
    const observe: Middleware = (next) => (req) => next({ ...req, onStatus: (s) => heard.push(s) });
    const record = recordWrites({ record: () => new WriteRecord(file), now: () => new Date('2026-11-26T07:30:00Z'), warn: () => {} });
    m = mockClient({ middleware: [trace('outer', order), observe, record, trace('inner', order)] });
    const lines = () => readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    return { m, lines, order, heard };
  }

  test('a write retried after a 429 is recorded once, with the status of the answer that ended it', async () => {
    const { m, lines, order, heard } = recorded();
    m.on('POST', '/v2/habits/h1/logs/complete', { status: 429, body: { message: 'slow down' } });
    m.on('POST', '/v2/habits/h1/logs/complete', { status: 201, body: { message: 'ok' } });
    await m.client.request('POST /habits/{habitId}/logs/complete', { params: { habitId: 'h1' }, body: { targetDate: '2026-11-26' } });
    expect(m.seen).toHaveLength(2);
    // Every try's status reaches the middleware outside the record, through it.
    expect(heard).toEqual([429, 201]);
    expect(lines()).toEqual([{ at: '2026-11-26T07:30:00.000Z', method: 'POST', path: '/habits/h1/logs/complete', body: { targetDate: '2026-11-26' }, status: 201 }]);
    // Retries happen inside the client: each middleware sees the request once.
    expect(order).toEqual(['outer in POST /habits/{habitId}/logs/complete', 'inner in POST /habits/{habitId}/logs/complete', 'inner out', 'outer out']);
  });

  test('a DELETE answered 503, then never again: the record keeps the 503 and names the network failure', async () => {
    const { m, lines, heard } = recorded();
    m.on('DELETE', '/v2/habits/h1/notes/n1', { status: 503, body: { message: 'busy' } });
    m.fail('DELETE', '/v2/habits/h1/notes/n1', Object.assign(new Error('socket hang up'), { code: 'UND_ERR_SOCKET' }), 3);
    const err = await rejection(m.client.request('DELETE /habits/{habitId}/notes/{noteId}', { params: { habitId: 'h1', noteId: 'n1' } }));
    expect(err).toMatchObject({ kind: 'network' });
    expect(m.seen).toHaveLength(1); // the tries that failed on the way are not answers
    expect(heard).toEqual([503]);
    expect(lines()).toEqual([{ at: '2026-11-26T07:30:00.000Z', method: 'DELETE', path: '/habits/h1/notes/n1', status: 503, error: 'network' }]);
  });

  test('reads pass by the record', async () => {
    const { m, lines, order } = recorded();
    m.on('GET', '/v2/areas', { status: 200, body: { data: [] } });
    await m.client.request('GET /areas');
    expect(order).toHaveLength(4);
    expect(() => lines()).toThrow(/ENOENT/);
  });

  test('a 4xx answer is recorded with its status before the error goes on', async () => {
    const { m, lines } = recorded();
    m.on('POST', '/v2/habits/h1/logs/complete', { status: 409, body: { message: 'already' } });
    await expect(m.client.request('POST /habits/{habitId}/logs/complete', { params: { habitId: 'h1' }, body: { targetDate: '2026-11-26' } })).rejects.toMatchObject({ status: 409 });
    expect(lines()).toEqual([expect.objectContaining({ status: 409 })]);
  });
});
