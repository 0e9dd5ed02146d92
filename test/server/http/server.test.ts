// Transport behaviour: auth, routing, bodies, rate limits, faults, recording and shutdown.
import { mkdtempSync, rmSync } from 'node:fs';
import { type IncomingMessage, type ServerResponse, request } from 'node:http';
import { type Socket, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, test } from 'vitest';
import type { Habit } from '../../../src/api/types.js';
import { bindPort } from '../../../src/server/http/server.js';
import { DEFAULT_CONNECTION_LIMITS, type Store, createServer, openStore } from '../../../src/server/index.js';
import { type LocalService, startLocalService } from '../../helpers/local-service.js';
import { responseSchema } from '../contract/responses.js';
import { validate } from '../contract/schema.js';
import { type Answer, type Data, type Failure, type Invalid, client, createHabit, fakeClock } from '../fixtures.js';

let svc: LocalService | undefined;
afterEach(async () => {
  await svc?.close();
  svc = undefined;
});

async function start(opts: Parameters<typeof startLocalService>[0] = {}): Promise<LocalService> {
  svc = await startLocalService(opts);
  return svc;
}

describe('authentication', () => {
  test('every endpoint needs X-API-Key; 401 {error: "Unauthorized", message}', async () => {
    const s = await start();
    const missing = await fetch(`${s.url}/habits`);
    expect(missing.status).toBe(401);
    expect(await missing.json()).toEqual({ error: 'Unauthorized', message: 'Missing API key: send it in the X-API-Key header' });
    const wrong = await client({ url: s.url, apiKey: `${s.apiKey}x` })('POST', '/habits', { name: 'x', type: 'good' });
    expect(wrong).toMatchObject({ status: 401, body: { error: 'Unauthorized', message: 'Invalid API key' } });
    for (const [method, path] of [['GET', '/areas'], ['DELETE', '/habits/x'], ['GET', '/habits/journal'], ['GET', '/nowhere']]) {
      expect((await fetch(s.url + path, { method, headers: { 'x-api-key': 'hb_wrong' } })).status).toBe(401);
    }
    expect((await client({ url: s.url, apiKey: '' })('GET', '/areas')).status).toBe(401);
    expect((s.store.db.prepare('SELECT COUNT(*) AS n FROM habits').get() as { n: number }).n).toBe(0);
  });
});

describe('failed authentication', () => {
  /** GET `path` from the loopback address `from` with `key`; status, Retry-After and body. */
  function from(url: string, key: string, fromAddress = '127.0.0.1', path = '/areas'): Promise<{ status: number; retryAfter: string | undefined; body: unknown }> {
    return new Promise((resolve, reject) => {
      const req = request(`${url}${path}`, { headers: { 'x-api-key': key }, localAddress: fromAddress, agent: false }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, retryAfter: res.headers['retry-after'], body: JSON.parse(text) as unknown }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  test('20 failures a minute per address, then 429 with Retry-After for every request from it; other addresses and a new window pass', async () => {
    const clock = fakeClock('2026-03-10T12:00:00Z');
    const s = await start({ clock });
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await from(s.url, i % 2 ? 'hb_wrong' : '')).status);
    expect(statuses).toEqual([...Array<number>(20).fill(401), ...Array<number>(5).fill(429)]);
    const locked = await from(s.url, 'hb_wrong');
    expect(locked).toEqual({
      status: 429, retryAfter: '60',
      body: { error: 'Too Many Requests', message: 'Too many failed authentication attempts from 127.0.0.1 (limit 20 per 60 s); retry in 60 s' },
    });
    expect(validate(responseSchema('GET /areas', 429)!, locked.body)).toEqual([]);
    // The right key from the locked address is refused too: a guess cannot be told right from wrong.
    expect((await from(s.url, s.apiKey)).status).toBe(429);
    // Another address with the right key is not locked out by those failures.
    expect((await from(s.url, s.apiKey, '127.0.0.2')).status).toBe(200);
    expect((await from(s.url, 'hb_wrong', '127.0.0.2')).status).toBe(401);
    clock.advance(45_000);
    expect((await from(s.url, 'hb_wrong')).retryAfter).toBe('15');
    clock.advance(15_000);
    expect((await from(s.url, s.apiKey)).status).toBe(200);
    expect((await from(s.url, 'hb_wrong')).status).toBe(401);
  });

  test('processes on one file share the limit: failures through one lock the address out of the other', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'habits-auth-'));
    const stores = [await openStore(join(dir, 'shared.db')), await openStore(join(dir, 'shared.db'))];
    const servers = await Promise.all(stores.map((db) => createServer({ db, apiKey: 'k', timezone: 'UTC', authFailureLimit: { limit: 6, windowMs: 60_000 } }).listen()));
    try {
      const [a, b] = servers.map((l) => l.url) as [string, string];
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await from(i % 2 ? a : b, 'nope')).status);
      expect(statuses).toEqual(Array<number>(6).fill(401));
      expect([(await from(a, 'nope')).status, (await from(b, 'k')).status]).toEqual([429, 429]);
      expect([(await from(a, 'k', '127.0.0.3')).status, (await from(b, 'k', '127.0.0.3')).status]).toEqual([200, 200]);
    } finally {
      await Promise.all(servers.map((l) => l.close()));
      for (const db of stores) db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('authFailureLimit: false turns it off', async () => {
    const store = await openStore(':memory:');
    const listening = await createServer({ db: store, apiKey: 'k', timezone: 'UTC', authFailureLimit: false }).listen();
    const statuses = new Set<number>();
    for (let i = 0; i < 30; i++) statuses.add((await from(listening.url, 'nope')).status);
    expect([...statuses]).toEqual([401]);
    await listening.close();
    store.close();
  });
});

describe('routing and bodies', () => {
  test('unknown paths are 404; a known path with another method is 405', async () => {
    const s = await start();
    const call = client(s);
    expect(await call('GET', '/habitz')).toMatchObject({ status: 404, body: { error: 'Not Found', message: 'No endpoint at /habitz' } });
    expect((await call('GET', '/habits/a/b/c/d')).status).toBe(404);
    const outside = await fetch(s.url.replace('/v2', '/v1/habits'), { headers: { 'x-api-key': s.apiKey } });
    expect(outside.status).toBe(404);
    const wrong = await call('PATCH', '/habits');
    expect(wrong).toMatchObject({ status: 405, body: { error: 'Method Not Allowed', message: 'PATCH is not supported on /habits; use GET, POST' } });
    expect(wrong.headers.get('allow')).toBe('GET, POST');
    expect((await call('DELETE', '/habits/journal')).status).toBe(405);
    expect((await call('GET', '/habits/x/logs/complete')).status).toBe(405);
    expect((await call('GET', '/habits/')).status).toBe(200); // a trailing slash is tolerated
  });

  test('malformed JSON and a non-JSON content type are 400 with a body detail', async () => {
    const s = await start();
    const call = client(s);
    const bad = await call('POST', '/habits', undefined, { raw: '{"name": ', headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: 'Validation Error', details: [{ field: 'body', message: expect.stringContaining('is not valid JSON') }] });
    const text = await call<Invalid>('POST', '/habits', undefined, { raw: '{"name":"x","type":"good"}', headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(400);
    expect(text.body.details).toEqual([{ field: 'body', message: 'must be sent with Content-Type: application/json' }]);
    const charset = await call('POST', '/habits', undefined, { raw: '{"name":"x","type":"good"}', headers: { 'content-type': 'application/json; charset=utf-8' } });
    expect(charset.status).toBe(201);
  });

  test('a lone surrogate in any string, or a key, is a 400 naming the field; nothing is stored', async () => {
    const s = await start();
    const call = client(s);
    const lone = '\ud800'.repeat(200);
    const name = await call<Invalid>('POST', '/habits', { name: lone, type: 'good' });
    expect(name.status).toBe(400);
    expect(name.body).toMatchObject({ error: 'Validation Error', details: [{ field: 'name', message: 'must be valid Unicode text: it holds an unpaired UTF-16 surrogate' }] });
    // Deep in a body, a trailing low surrogate, a field no validator reads, and a key.
    const deep = await call<Invalid>('POST', '/habits', {
      name: 'ok \ud83d\ude00', type: 'good', goal: { unit: 'x\udc00' }, extra: ['a', 'b\udbff'], ['k\ud801']: 1,
    });
    expect(deep.status).toBe(400);
    expect(deep.body.details.map((d) => d.field)).toEqual(['k\\ud801', 'goal.unit', 'extra[1]']);
    const habit = await createHabit(call, { name: 'Paired \ud83d\ude00 is fine' });
    expect(habit.name).toBe('Paired \ud83d\ude00 is fine');
    const note = await call<Invalid>('POST', `/habits/${habit.id}/notes`, { content: 'a\udfffb' });
    expect(note.body.details).toEqual([{ field: 'content', message: 'must be valid Unicode text: it holds an unpaired UTF-16 surrogate' }]);
    expect((await call<Invalid>('PUT', `/habits/${habit.id}`, { description: '\ud800' })).body.details[0]?.field).toBe('description');
    expect((await call<Invalid>('POST', '/areas', { name: '\udc00' })).status).toBe(400);
    expect((s.store.db.prepare('SELECT COUNT(*) AS n FROM habits').get() as { n: number }).n).toBe(1);
  });

  test('a body that is not valid UTF-8 is a 400, not silently replaced', async () => {
    const s = await start();
    for (const bytes of [[0xff], [0xed, 0xa0, 0x80], [0xc3]]) {
      const raw = Buffer.concat([Buffer.from('{"name":"a'), Buffer.from(bytes), Buffer.from('","type":"good"}')]);
      const res = await fetch(`${s.url}/habits`, { method: 'POST', headers: { 'x-api-key': s.apiKey, 'content-type': 'application/json' }, body: raw });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        error: 'Validation Error', message: 'Invalid request: body is not valid UTF-8', details: [{ field: 'body', message: 'is not valid UTF-8' }],
      });
    }
    expect((s.store.db.prepare('SELECT COUNT(*) AS n FROM habits').get() as { n: number }).n).toBe(0);
  });

  test('bodies over 1 MiB are 413, streamed or declared', async () => {
    const s = await start();
    const big = JSON.stringify({ name: 'x', type: 'good', description: 'y'.repeat(1024 * 1024) });
    const res = await client(s)('POST', '/habits', undefined, { raw: big, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: 'Payload Too Large', message: 'Request body exceeds 1048576 bytes' });
    // Chunked, without a Content-Length.
    const chunked = await new Promise<number>((resolve, reject) => {
      const req = request(`${s.url}/habits`, { method: 'POST', headers: { 'x-api-key': s.apiKey, 'content-type': 'application/json' } }, (r) => {
        r.resume();
        resolve(r.statusCode ?? 0);
      });
      req.on('error', reject);
      for (let i = 0; i < 20; i++) req.write('x'.repeat(64 * 1024));
      req.end();
    });
    expect(chunked).toBe(413);
    // Just under the limit is read (and then validated).
    const under = JSON.stringify({ name: 'x', type: 'good', description: 'y'.repeat(1024 * 1024 - 100) });
    expect((await client(s)('POST', '/habits', undefined, { raw: under, headers: { 'content-type': 'application/json' } })).status).toBe(400);
    expect((s.store.db.prepare('SELECT COUNT(*) AS n FROM habits').get() as { n: number }).n).toBe(0);
  });
});

describe('rate limit', () => {
  test('a small injected limit: 429 with Retry-After until the window resets', async () => {
    const clock = fakeClock('2026-03-10T12:00:00Z');
    const s = await start({ clock, rateLimit: { limit: 3, windowMs: 10_000 } });
    const call = client(s);
    for (let i = 0; i < 3; i++) expect((await call('GET', '/areas')).status).toBe(200);
    clock.advance(2500);
    const limited = await call('GET', '/areas');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: 'Too Many Requests', message: 'Rate limit of 3 requests exceeded; retry in 8 s' });
    expect(limited.headers.get('retry-after')).toBe('8');
    expect((await call('POST', '/habits', { name: 'x', type: 'good' })).status).toBe(429);
    clock.advance(7500);
    expect((await call('GET', '/areas')).status).toBe(200);
  });

  test('the default is 500 requests per minute per key', async () => {
    const clock = fakeClock('2026-03-10T12:00:00Z');
    const s = await start({ clock });
    const call = client(s);
    const statuses: number[] = [];
    for (let i = 0; i < 500; i++) {
      const res = await fetch(`${s.url}/areas`, { headers: { 'x-api-key': s.apiKey } });
      await res.arrayBuffer();
      statuses.push(res.status);
      if (i === 0) expect(res.headers.get('x-ratelimit-limit')).toBe('500');
    }
    expect(statuses.every((x) => x === 200)).toBe(true);
    clock.advance(59_000);
    const limited = await call('GET', '/areas');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    clock.advance(1000);
    expect((await call('GET', '/areas')).status).toBe(200);
  });
});

describe('faults', () => {
  test('a busy or locked database, extended codes included, is 503 with Retry-After; other SQLite errors are 500', async () => {
    const lines: string[] = [];
    const answer = async (code: string) => {
      const fail = (): never => { throw Object.assign(new Error(code), { code }); };
      const busy = { prepare: fail, version: fail } as unknown as Store;
      const listening = await createServer({ db: busy, apiKey: 'k', log: (l) => lines.push(l), timezone: 'UTC' }).listen();
      try {
        const res = await fetch(`${listening.url}/areas`, { headers: { 'x-api-key': 'k' } });
        return { code, status: res.status, retryAfter: res.headers.get('retry-after') };
      } finally {
        await listening.close();
      }
    };
    for (const code of ['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_BUSY_TIMEOUT', 'SQLITE_LOCKED', 'SQLITE_LOCKED_SHAREDCACHE']) {
      expect(await answer(code)).toEqual({ code, status: 503, retryAfter: '1' });
    }
    expect(lines).toEqual([]);
    // A store opened read-only serves reads; a write there is a 503 without Retry-After, logged.
    for (const code of ['SQLITE_READONLY', 'SQLITE_READONLY_DIRECTORY']) expect(await answer(code)).toEqual({ code, status: 503, retryAfter: null });
    expect(lines).toEqual([
      'habits serve: GET /v2/areas not saved: the database is read-only (SQLITE_READONLY)',
      'habits serve: GET /v2/areas not saved: the database is read-only (SQLITE_READONLY_DIRECTORY)',
    ]);
    lines.length = 0;
    expect(await answer('SQLITE_CORRUPT')).toEqual({ code: 'SQLITE_CORRUPT', status: 500, retryAfter: null });
  });

  test('a store that cannot be written: reads answer, writes are 503, and a wrong key is still a 401', async () => {
    const store = await openStore(':memory:');
    const readOnly = (): never => { throw Object.assign(new Error('attempt to write a readonly database'), { code: 'SQLITE_READONLY' }); };
    store.write = readOnly;
    const lines: string[] = [];
    const listening = await createServer({ db: store, apiKey: 'k', log: (l) => lines.push(l), timezone: 'UTC' }).listen();
    try {
      expect((await client({ url: listening.url, apiKey: 'k' })('GET', '/areas')).status).toBe(200);
      const write = await client({ url: listening.url, apiKey: 'k' })<Failure>('POST', '/areas', { name: 'Health' });
      expect(write).toMatchObject({ status: 503, body: { error: 'Service Unavailable', message: 'The database is read-only: nothing was saved; this service can only be read' } });
      const wrong = await client({ url: listening.url, apiKey: 'nope' })<Failure>('GET', '/areas');
      expect(wrong).toMatchObject({ status: 401, body: { error: 'Unauthorized' } });
      expect(lines).toEqual(['habits serve: POST /v2/areas not saved: the database is read-only (SQLITE_READONLY)']);
    } finally {
      await listening.close();
      store.close();
    }
  });

    test('a full database (SQLITE_FULL for real, from a tiny max_page_count) is a 507 {error, message}, logged in one line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'habits-full-'));
    const store = await openStore(join(dir, 'full.db'));
    const lines: string[] = [];
    const listening = await createServer({ db: store, apiKey: 'k', log: (l) => lines.push(l), timezone: 'UTC' }).listen();
    try {
      const call = client({ url: listening.url, apiKey: 'k' });
      const pages = store.db.pragma('page_count', { simple: true }) as number;
      store.db.pragma(`max_page_count = ${pages}`);
      let res: Answer<Failure> | undefined;
      for (let i = 0; i < 50 && res?.status !== 507; i++) {
        res = await call<Failure>('POST', '/habits', { name: `h${i}`, type: 'good', description: 'x'.repeat(5000) });
        expect([201, 507]).toContain(res.status);
      }
      expect(res?.status).toBe(507);
      expect(res?.body).toEqual({ error: 'Insufficient Storage', message: 'The database could not be written: the disk is full. Nothing was saved; retry once space is freed' });
      expect(validate(responseSchema('POST /habits', 507)!, res?.body)).toEqual([]);
      expect(lines).toEqual([expect.stringMatching(/^habits serve: POST \/v2\/habits not saved: the database could not grow \(SQLITE_FULL\); free disk space$/)]);
      // Reads still work, and writes again once there is room.
      expect((await call('GET', '/habits')).status).toBe(200);
      store.db.pragma('max_page_count = 1000000');
      expect((await call('POST', '/habits', { name: 'after', type: 'good' })).status).toBe(201);
      expect(store.db.pragma('integrity_check', { simple: true })).toBe('ok');
    } finally {
      await listening.close();
      store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('the WAL is cut back to 4 MiB after a checkpoint (journal_size_limit)', async () => {
    const store = await openStore(':memory:');
    expect(store.db.pragma('journal_size_limit', { simple: true })).toBe(4 * 1024 * 1024);
    store.close();
  });

  test('a body cut off by the client is a 400 in the validation shape, with a body detail', async () => {
    const store = await openStore(':memory:');
    const statuses: number[] = [];
    const server = createServer({ db: store, apiKey: 'k', timezone: 'UTC', onRequest: (r) => statuses.push(r.status) });
    // A request whose socket closes mid-body, and a response that keeps what is written to it.
    const req = Object.assign(new PassThrough(), { method: 'POST', url: '/v2/areas', headers: { 'x-api-key': 'k', 'content-type': 'application/json', 'content-length': '100' } });
    const sent: { status?: number; body?: string } = {};
    const done = new Promise<void>((resolve) => {
      const res = {
        headersSent: false, destroyed: false,
        writeHead(status: number) { sent.status = status; },
        end(text?: string) { sent.body = text; resolve(); },
      };
      server.handler(req as unknown as IncomingMessage, res as unknown as ServerResponse);
    });
    req.write('{"name":');
    req.destroy();
    await done;
    expect(sent.status).toBe(400);
    expect(JSON.parse(sent.body ?? '')).toEqual({
      error: 'Validation Error',
      message: 'Invalid request: body was not completed: the connection closed before its end',
      details: [{ field: 'body', message: 'was not completed: the connection closed before its end' }],
    });
    expect(statuses).toEqual([400]);
    store.close();
  });

  test('unexpected errors are 500 {error: "Internal server error"} with no stack, and are logged', async () => {
    const store = await openStore(':memory:');
    const lines: string[] = [];
    const server = createServer({ db: store, apiKey: 'k', log: (l) => lines.push(l), timezone: 'UTC' });
    const listening = await server.listen();
    store.close(); // every query now throws
    const res = await fetch(`${listening.url}/areas`, { headers: { 'x-api-key': 'k' } });
    expect(res.status).toBe(500);
    expect(await res.text()).toBe('{"error":"Internal server error"}');
    expect(lines).toHaveLength(1);
    // Each driver says it in its own words (better-sqlite3, node:sqlite).
    expect(lines[0]).toMatch(/internal error on GET \/v2\/areas: (TypeError: The database connection is not open|Error: database is not open)\n\s+at /);
    await listening.close();
  });
});

describe('requests Node\'s parser refuses', () => {
  /** Writes `raw` on a fresh socket and reads until the server closes it. */
  async function rawExchange(url: string, raw: string): Promise<{ status: number; headers: string; body: unknown }> {
    const { port } = new URL(url);
    const text = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write(raw));
      let got = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (got += chunk));
      socket.on('end', () => resolve(got));
      socket.on('error', reject);
    });
    const [head = '', body = ''] = text.split('\r\n\r\n');
    return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), headers: head.toLowerCase(), body: body === '' ? undefined : JSON.parse(body) };
  }

  test('an unknown method, a control character in a header, a bad chunk size: 400 in the validation shape, then the socket closes', async () => {
    const s = await start();
    const key = `X-API-Key: ${s.apiKey}\r\n`;
    const cases = [
      `FOO /v2/habits HTTP/1.1\r\nHost: x\r\n${key}\r\n`,
      `GET /v2/habits HTTP/1.1\r\nHost: x\r\nX-Bad: a\u0001b\r\n${key}\r\n`,
      `POST /v2/areas HTTP/1.1\r\nHost: x\r\n${key}Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
      'GARBAGE\r\n\r\n',
    ];
    for (const raw of cases) {
      const res = await rawExchange(s.url, raw);
      expect(res.status, raw).toBe(400);
      expect(res.headers).toContain('connection: close');
      expect(res.headers).toContain('content-type: application/json');
      expect(validate(responseSchema('POST /areas', 400)!, res.body), raw).toEqual([]);
      expect(res.body).toMatchObject({ error: 'Validation Error', details: [{ field: 'request', message: expect.stringMatching(/^is not valid HTTP\/1\.1 \(.+\)$/) }] });
    }
    expect((s.store.db.prepare('SELECT COUNT(*) AS n FROM areas').get() as { n: number }).n).toBe(0);
    // The service still answers.
    expect((await client(s)('GET', '/areas')).status).toBe(200);
  });

  test('headers over Node\'s limit: 431 {error, message}', async () => {
    const s = await start();
    const res = await rawExchange(s.url, `GET /v2/habits HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.body).toEqual({ error: 'Request Header Fields Too Large', message: expect.stringMatching(/^The request was refused: /) });
  });
});

describe('connections (issue 20, item 3)', () => {
  /** Raw sockets a test opened; destroyed after it, so none outlives its server. */
  const sockets: Socket[] = [];
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.destroy();
  });

  /**
   * A raw connection from `localAddress` that never closes its side by itself (allowHalfOpen), as
   * a client that stays connected; `received` is everything the server sent before it ended its side.
   */
  async function open(url: string, localAddress = '127.0.0.1'): Promise<{ socket: Socket; received: Promise<string> }> {
    const socket = connect({ port: Number(new URL(url).port), host: '127.0.0.1', localAddress, allowHalfOpen: true });
    sockets.push(socket);
    // A reset after the answer (what closedByServer provokes) is expected.
    socket.on('error', () => {});
    let got = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (got += chunk));
    const received = new Promise<string>((resolve) => {
      socket.once('end', () => resolve(got));
      socket.once('close', () => resolve(got));
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('error', reject);
    });
    return { socket, received };
  }

  function parse(text: string): { status: number; headers: string; body: unknown } {
    const [head = '', body = ''] = text.split('\r\n\r\n');
    return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), headers: head.toLowerCase(), body: body === '' ? undefined : JSON.parse(body) };
  }

  /**
   * Resolves once the server has closed `socket` altogether, not only ended its side: a byte
   * written every 50 ms then meets a reset. A socket the server keeps half-open takes them silently
   * and never resolves (the test times out).
   */
  function closedByServer(socket: Socket): Promise<void> {
    return new Promise<void>((resolve) => {
      if (socket.destroyed) return resolve();
      const timer = setInterval(() => socket.write('x'), 50);
      socket.once('close', () => {
        clearInterval(timer);
        resolve();
      });
    });
  }

  test('after answering 400, 431 or 408 the server closes the socket, though the client keeps its side open', async () => {
    const s = await start({ limits: { headerTimeoutMs: 300 } });
    const cases: [string, number][] = [
      ['FOO /v2/habits HTTP/1.1\r\nHost: x\r\n\r\n', 400],
      [`GET /v2/habits HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
      // Headers never finished: 408 once the header timeout has passed.
      ['GET /v2/habits HTTP/1.1\r\nHost: x\r\n', 408],
    ];
    for (const [raw, status] of cases) {
      const { socket, received } = await open(s.url);
      socket.write(raw);
      const answer = parse(await received);
      expect(answer.status, raw.slice(0, 20)).toBe(status);
      expect(answer.headers).toContain('connection: close');
      await closedByServer(socket);
    }
    expect((await client(s)('GET', '/areas')).status).toBe(200);
  });

  test('headers sent slowly are cut after the header timeout: 408 {error, message}, then the socket is closed', async () => {
    const s = await start({ limits: { headerTimeoutMs: 300 } });
    const { socket, received } = await open(s.url);
    socket.write(`GET /v2/areas HTTP/1.1\r\nHost: x\r\nX-API-Key: ${s.apiKey}\r\n`);
    // A header line every 50 ms: each one keeps the socket busy, none finishes the headers.
    const trickle = setInterval(() => socket.write('X-Slow: 1\r\n'), 50);
    const answer = parse(await received);
    clearInterval(trickle);
    expect(answer.status).toBe(408);
    expect(answer.body).toEqual({ error: 'Request Timeout', message: expect.stringMatching(/^The request was refused: /) });
    await closedByServer(socket);
    // A connection that sends nothing at all gets the same.
    const silent = await open(s.url);
    expect(parse(await silent.received).status).toBe(408);
    await closedByServer(silent.socket);
    expect(s.requests).toEqual([]);
  });

  test('a body sent a byte at a time is cut at the body timeout: 408 {error, message}, then the socket is closed; nothing is stored', async () => {
    const s = await start({ limits: { bodyTimeoutMs: 600 } });
    const body = JSON.stringify({ name: 'Slow', type: 'good' });
    const { socket, received } = await open(s.url);
    socket.write(`POST /v2/habits HTTP/1.1\r\nHost: x\r\nX-API-Key: ${s.apiKey}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
    // One byte every 100 ms: each read comes well within the timeout, the whole body never does.
    let sent = 0;
    const drip = setInterval(() => socket.write(body[sent++] ?? ''), 100);
    const answer = parse(await received);
    clearInterval(drip);
    expect(answer.status).toBe(408);
    expect(answer.headers).toContain('connection: close');
    expect(answer.body).toEqual({ error: 'Request Timeout', message: 'The request body did not arrive within 0.6 s of its headers' });
    // Cut before the whole body came: without the timeout it arrives in about 3 s and is stored.
    expect(sent).toBeLessThan(body.length);
    await closedByServer(socket);
    expect(s.requests.map((r) => [r.method, r.path, r.status])).toEqual([['POST', '/habits', 408]]);
    expect((s.store.db.prepare('SELECT COUNT(*) AS n FROM habits').get() as { n: number }).n).toBe(0);
    // A body that comes in pieces within the timeout is read as usual.
    const quick = await open(s.url);
    quick.socket.write(`POST /v2/habits HTTP/1.1\r\nHost: x\r\nX-API-Key: ${s.apiKey}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`);
    for (const piece of [body.slice(0, 10), body.slice(10, 20), body.slice(20)]) {
      await new Promise((r) => setTimeout(r, 100));
      quick.socket.write(piece);
    }
    expect(parse(await quick.received).status).toBe(201);
  });

  test('a slow body answered before it is read (a wrong key) does not hold the socket past the body timeout either', async () => {
    const s = await start({ limits: { bodyTimeoutMs: 600 } });
    const { socket, received } = await open(s.url);
    socket.write('POST /v2/habits HTTP/1.1\r\nHost: x\r\nX-API-Key: hb_wrong\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n');
    // 1,000 bytes at one every 100 ms take 100 s, past this test's time limit: only the cut ends it.
    const drip = setInterval(() => socket.write(' '), 100);
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    await closed;
    clearInterval(drip);
    expect(parse(await received).status).toBe(401);
  });

  test('one address holds at most connectionsPerAddress connections: one more is answered 429 and closed; other addresses pass; a closed one frees its place', async () => {
    const s = await start({ limits: { connectionsPerAddress: 3 } });
    const request = `GET /v2/areas HTTP/1.1\r\nHost: x\r\nX-API-Key: ${s.apiKey}\r\nConnection: close\r\n\r\n`;
    const held = [await open(s.url), await open(s.url), await open(s.url)];
    const over = await open(s.url);
    over.socket.write(request);
    const refused = parse(await over.received);
    expect(refused.status).toBe(429);
    expect(refused.headers).toContain('retry-after: 1');
    expect(refused.headers).toContain('connection: close');
    expect(refused.body).toEqual({ error: 'Too Many Requests', message: 'Too many open connections from 127.0.0.1 (at most 3 at once); retry once one of them has closed' });
    expect(validate(responseSchema('GET /areas', 429)!, refused.body)).toEqual([]);
    await closedByServer(over.socket);
    // Another address is not affected.
    const other = await open(s.url, '127.0.0.2');
    other.socket.write(request);
    expect(parse(await other.received).status).toBe(200);
    // A held connection closes: its place is free once the server has seen the close.
    held[0]?.socket.destroy();
    let status = 0;
    for (let i = 0; i < 100 && status !== 200; i++) {
      const again = await open(s.url);
      again.socket.write(request);
      status = parse(await again.received).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 20));
    }
    expect(status).toBe(200);
    // The connections held all along were never answered nor cut.
    expect(held.slice(1).map((h) => h.socket.destroyed)).toEqual([false, false]);
  });

  test('by default an address holds at most 100 connections: of 150 slow clients, 50 are refused at once', async () => {
    const s = await start();
    const opened = await Promise.all(Array.from({ length: 150 }, () => open(s.url)));
    // The refused ones get their 429 without sending anything; the others wait for their headers.
    const answers: string[] = [];
    for (const { received } of opened) void received.then((text) => answers.push(text));
    for (let i = 0; i < 500 && answers.length < 50; i++) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 200));
    expect(answers.map((a) => parse(a).status)).toEqual(Array<number>(50).fill(429));
    expect(opened.filter(({ socket }) => !socket.destroyed && socket.readableEnded === false)).toHaveLength(100);
    // A normal request from that address is refused while the 100 are held; from another one it passes.
    const request = `GET /v2/areas HTTP/1.1\r\nHost: x\r\nX-API-Key: ${s.apiKey}\r\nConnection: close\r\n\r\n`;
    for (const [from, status] of [['127.0.0.1', 429], ['127.0.0.2', 200]] as const) {
      const { socket, received } = await open(s.url, from);
      socket.write(request);
      expect(parse(await received).status, from).toBe(status);
    }
  });

  test('a kept-alive connection is closed after the idle timeout', async () => {
    const s = await start({ limits: { idleTimeoutMs: 1000 } });
    const { socket, received } = await open(s.url);
    socket.write(`GET /v2/areas HTTP/1.1\r\nHost: x\r\nX-API-Key: ${s.apiKey}\r\n\r\n`);
    const answer = parse(await received);
    expect(answer.status).toBe(200);
    // The answer says how long the connection may idle; then the server ends it (received resolves).
    expect(answer.headers).toContain('keep-alive: timeout=1');
  });

  test('the defaults: headers within 60 s (checked every second), a body within 60 s, a request within 300 s, 5 s idle, 100 connections per address', async () => {
    expect(DEFAULT_CONNECTION_LIMITS).toEqual({ headerTimeoutMs: 60_000, requestTimeoutMs: 300_000, bodyTimeoutMs: 60_000, idleTimeoutMs: 5_000, connectionsPerAddress: 100 });
    const server = await bindPort(0, '127.0.0.1');
    try {
      expect([server.headersTimeout, server.requestTimeout, server.keepAliveTimeout]).toEqual([60_000, 300_000, 5_000]);
      const store = await openStore(':memory:');
      const listening = await createServer({ db: store, apiKey: 'k', limits: { headerTimeoutMs: 1000 } }).listen({ bound: server, host: '127.0.0.1' });
      expect([server.headersTimeout, server.requestTimeout, server.keepAliveTimeout]).toEqual([1000, 300_000, 5_000]);
      await listening.close();
      store.close();
    } finally {
      server.close();
    }
  });

  test('limits must be positive whole numbers, the header timeout within the request timeout', async () => {
    const store = await openStore(':memory:');
    expect(() => createServer({ db: store, apiKey: 'k', limits: { connectionsPerAddress: 0 } })).toThrow('limits.connectionsPerAddress must be a positive whole number');
    expect(() => createServer({ db: store, apiKey: 'k', limits: { idleTimeoutMs: 1.5 } })).toThrow(/idleTimeoutMs/);
    expect(() => createServer({ db: store, apiKey: 'k', limits: { headerTimeoutMs: 400_000 } })).toThrow(/must not exceed/);
    store.close();
  });
});

describe('recording and logging', () => {
  test('onRequest sees method, path, query, redacted headers, parsed body and status', async () => {
    const s = await start();
    const call = client(s);
    await call('POST', '/habits', { name: 'Read', type: 'good' }, { headers: { 'user-agent': 'habits-cli/0.1.0 test' } });
    await call('GET', '/habits/journal?date=2026-03-10');
    expect(s.requests).toHaveLength(2);
    expect(s.requests[0]).toEqual({
      method: 'POST', path: '/habits', query: {}, body: { name: 'Read', type: 'good' }, status: 201,
      headers: expect.objectContaining({ 'x-api-key': 'REDACTED', 'user-agent': 'habits-cli/0.1.0 test', 'content-type': 'application/json' }),
    });
    expect(s.requests[1]).toMatchObject({ method: 'GET', path: '/habits/journal', query: { date: '2026-03-10' }, body: undefined, status: 200 });
    expect(JSON.stringify(s.requests)).not.toContain(s.apiKey);
  });

  test('logRequests writes one line per request without the key', async () => {
    const store = await openStore(':memory:');
    const lines: string[] = [];
    const listening = await createServer({ db: store, apiKey: 'secret-key', log: (l) => lines.push(l), logRequests: true, clock: fakeClock('2026-03-10T12:00:00Z') }).listen();
    await fetch(`${listening.url}/areas?limit=5`, { headers: { 'x-api-key': 'secret-key' } });
    await fetch(`${listening.url}/areas`, { headers: { 'x-api-key': 'nope' } });
    expect(lines).toEqual([
      expect.stringMatching(/^2026-03-10T12:00:00.000Z GET \/v2\/areas 200 \d+\.\dms$/),
      expect.stringMatching(/^2026-03-10T12:00:00.000Z GET \/v2\/areas 401 \d+\.\dms$/),
    ]);
    expect(lines.join('')).not.toContain('secret-key');
    await listening.close();
    store.close();
  });
});

describe('factory and shutdown', () => {
  test('createServer checks its options and does no I/O until listen', async () => {
    const store = await openStore(':memory:');
    expect(() => createServer({ db: store, apiKey: '' })).toThrow(/apiKey/);
    expect(() => createServer({ db: store, apiKey: 'k', timezone: 'Mars/Base' })).toThrow(/time zone/);
    const a = await createServer({ db: store, apiKey: 'k' }).listen();
    expect(a.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v2$/);
    await a.close();
    store.close();
  });

  test('close() finishes in-flight requests and closes idle keep-alive sockets', async () => {
    const store = await openStore(':memory:');
    const listening = await createServer({ db: store, apiKey: 'k' }).listen();
    const url = new URL(`${listening.url}/areas`);
    // fetch keeps this socket open (keep-alive) after the answer: close() must not wait for it.
    expect((await fetch(url, { headers: { 'x-api-key': 'k' } })).status).toBe(200);
    // A request whose body is still arriving when close() is called; "100 Continue" proves the
    // server is already handling it.
    let closed: Promise<void> | undefined;
    const inFlight = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const headers = { 'x-api-key': 'k', 'content-type': 'application/json', 'content-length': '15', expect: '100-continue' };
      const req = request(url, { method: 'POST', headers }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.on('continue', () => {
        closed = listening.close();
        setTimeout(() => req.end('{"name":"Late"}'), 50);
      });
      req.flushHeaders();
    });
    const answer = await inFlight;
    expect(answer.status).toBe(201);
    expect((JSON.parse(answer.body) as Data<Habit>).data.name).toBe('Late');
    await closed;
    await expect(fetch(url, { headers: { 'x-api-key': 'k' } })).rejects.toThrow();
    store.close();
  });
});
