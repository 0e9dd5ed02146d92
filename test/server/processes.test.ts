// The service in real processes: two processes writing one file, rounds of SIGKILL of the built
// `habits serve` under concurrent writes, clean shutdown on SIGTERM/SIGINT, sockets under an
// open-file limit, and failed authentication counted by two processes.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { type Socket, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Area, Note, Statistics } from '../../src/api/types.js';
import { openStore } from '../../src/server/index.js';
import { type Data, type Logged, type ServedHabit, client, createHabit } from './fixtures.js';
import { bundleServer, spawnServe } from './processes.js';

const ROOT = resolve(import.meta.dirname, '../..');
let bundle: { file: string; remove(): void };
let dir: string;
const KEY = 'hb_processtestkey';

beforeAll(async () => {
  bundle = await bundleServer();
  dir = mkdtempSync(join(tmpdir(), 'habits-proc-'));
});
afterAll(() => {
  bundle.remove();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs `tasks` with at most `n` at a time. */
async function pool<T>(n: number, count: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  let next = 0;
  await Promise.all(Array.from({ length: n }, async () => {
    while (next < count) {
      const i = next++;
      out[i] = await task(i);
    }
  }));
  return out;
}

describe('two processes on one file', () => {
  test('concurrent writes through both lose nothing', async () => {
    const file = join(dir, 'two.db');
    const [a, b] = await Promise.all([spawnServe(bundle.file, file, { apiKey: KEY, quiet: true }), spawnServe(bundle.file, file, { apiKey: KEY, quiet: true })]);
    const callA = client({ url: a.url, apiKey: KEY });
    const callB = client({ url: b.url, apiKey: KEY });
    const habit = await createHabit(callA, { name: 'shared', type: 'good', startDate: '2026-01-01' });
    const N = 120;
    const results = await pool(8, 2 * N, async (i) => {
      const call = i % 2 === 0 ? callA : callB;
      if (i % 10 === 9) return (await call<Note>('POST', `/habits/${habit.id}/notes`, { content: `note ${i}` })).body.id;
      return (await call<Logged>('POST', `/habits/${habit.id}/logs`, { value: i + 1, unitSymbol: 'rep', targetDate: '2026-01-01' })).body.logId;
    });
    expect(results.every((id) => typeof id === 'string' && id.length === 20)).toBe(true);
    // Each side sees the other's writes.
    const statsB = (await callB<Data<Statistics>>('GET', `/habits/${habit.id}/statistics?startDate=2026-01-01&endDate=2026-01-01`)).body.data;
    const expectedTotal = results.reduce((sum, _id, i) => (i % 10 === 9 ? sum : sum + i + 1), 0);
    expect(statsB.totalLogs).toBe(expectedTotal);
    a.child.kill('SIGTERM');
    b.child.kill('SIGTERM');
    expect((await a.exited).code).toBe(0);
    expect((await b.exited).code).toBe(0);

    const store = await openStore(file);
    const logIds = new Set((store.db.prepare('SELECT id FROM logs').all() as { id: string }[]).map((r) => r.id));
    const noteIds = new Set((store.db.prepare('SELECT id FROM notes').all() as { id: string }[]).map((r) => r.id));
    results.forEach((id, i) => expect(i % 10 === 9 ? noteIds.has(id) : logIds.has(id)).toBe(true));
    expect(logIds.size + noteIds.size).toBe(2 * N);
    store.close();
  });
});

/** How many times each value occurs. */
function tally(values: readonly number[]): Record<number, number> {
  const out: Record<number, number> = {};
  for (const v of values) out[v] = (out[v] ?? 0) + 1;
  return out;
}

describe('failed authentication in two processes on one file (issue 20, item 11)', () => {
  /** The status of GET /areas with `key` from `localAddress`, on a connection of its own. */
  function statusOf(url: string, key: string, localAddress = '127.0.0.1'): Promise<number> {
    return new Promise((resolve, reject) => {
      const req = request(`${url}/areas`, { headers: { 'x-api-key': key }, agent: false, localAddress }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
  }

  // An overshoot needs both processes to read the count before either writes it, so each of
  // three addresses makes a round of its own: the old check-then-count overshot in most rounds.
  const ADDRESSES = ['127.0.0.1', '127.0.0.2', '127.0.0.3'];

  test('2 x 15 concurrent wrong keys: exactly the limit (20) is counted and answered 401, the other 10 get 429', async () => {
    const file = join(dir, 'auth.db');
    const [a, b] = await Promise.all([spawnServe(bundle.file, file, { apiKey: KEY, quiet: true }), spawnServe(bundle.file, file, { apiKey: KEY, quiet: true })]);
    try {
      for (const from of ADDRESSES) {
        const statuses = await Promise.all(Array.from({ length: 30 }, (_, i) => statusOf(i % 2 ? a.url : b.url, 'hb_wrong', from)));
        expect(tally(statuses), from).toEqual({ 401: 20, 429: 10 });
        // Locked out in both, the right key too.
        expect([await statusOf(a.url, KEY, from), await statusOf(b.url, KEY, from)]).toEqual([429, 429]);
      }
    } finally {
      a.child.kill('SIGTERM');
      b.child.kill('SIGTERM');
      await Promise.all([a.exited, b.exited]);
    }
    const store = await openStore(file);
    expect(store.db.prepare('SELECT address, failures FROM auth_failures ORDER BY address').all()).toEqual(ADDRESSES.map((address) => ({ address, failures: 20 })));
    store.close();
  });
});

describe('sockets under an open-file limit (issue 20, item 3)', () => {
  /**
   * Sends `raw` on a new connection that the client never closes; resolves with the status of the
   * answer (0 for none: the connection was reset or closed unanswered), leaving the socket in `held`.
   */
  function badRequest(port: number, raw: string, held: Socket[]): Promise<number> {
    return new Promise((resolve) => {
      const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true }, () => socket.write(raw));
      held.push(socket);
      let got = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => (got += chunk));
      const done = (): void => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(got)?.[1] ?? 0));
      socket.once('end', done);
      socket.once('close', done);
      socket.on('error', done);
    });
  }

  test('1,000 bad requests from clients that stay connected, under `ulimit -n 256`: each is answered, and then a normal request is', async () => {
    const served = await spawnServe(bundle.file, join(dir, 'nofile.db'), { apiKey: KEY, quiet: true }, { nofile: 256 });
    const port = Number(new URL(served.url).port);
    const held: Socket[] = [];
    try {
      const unknownMethod = 'FOO /v2/habits HTTP/1.1\r\nHost: x\r\n\r\n';
      const hugeHeader = `GET /v2/habits HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`;
      const statuses: number[] = [];
      for (let i = 0; i < 1000; i++) statuses.push(await badRequest(port, i % 2 ? hugeHeader : unknownMethod, held));
      expect(tally(statuses)).toEqual({ 400: 500, 431: 500 });
      // The 1,000 clients still hold their sockets; the server has closed its ends, so it can still accept.
      expect(held.filter((socket) => !socket.destroyed)).toHaveLength(1000);
      expect((await client({ url: served.url, apiKey: KEY })('GET', '/areas')).status).toBe(200);
    } finally {
      for (const socket of held) socket.destroy();
      served.child.kill('SIGTERM');
      await served.exited;
    }
  });
});

describe('crash safety', () => {
  /** A small seeded generator (mulberry32), so each run kills at the same points. */
  function seeded(seed: number): () => number {
    let a = seed;
    return () => {
      a = (a + 0x6d2b79f5) | 0;
      let t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  /** Starts the built `habits serve` (bin/habits.js) on `file`; resolves with its URL once it listens. */
  async function builtServe(file: string): Promise<{ child: ChildProcess; url: string; exited: Promise<NodeJS.Signals | null> }> {
    const env = { ...process.env, HOME: dir, XDG_CONFIG_HOME: join(dir, 'config'), XDG_DATA_HOME: join(dir, 'data'), HABITS_SERVE_API_KEY: KEY, NO_COLOR: '1' };
    const child = spawn(process.execPath, [join(ROOT, 'bin/habits.js'), 'serve', '--port', '0', '--quiet', '--data', file], { env, stdio: ['ignore', 'ignore', 'pipe'] });
    const exited = new Promise<NodeJS.Signals | null>((res) => child.on('exit', (_code, signal) => res(signal)));
    let err = '';
    const url = await new Promise<string>((res, rej) => {
      child.stderr?.on('data', (chunk: Buffer) => {
        err += String(chunk);
        const m = /listening on (http:\/\/\S+)/.exec(err);
        if (m?.[1]) res(m[1]);
      });
      void exited.then(() => rej(new Error(`habits serve exited before listening:\n${err}`)));
    });
    return { child, url, exited };
  }

  test('20 rounds of SIGKILL under concurrent writes (the built habits serve): every acknowledged write survives, integrity_check ok', async () => {
    const ROUNDS = 20;
    const random = seeded(11);
    const file = join(dir, 'kill.db');
    const acked: { kind: 'log' | 'note' | 'habit'; id: string }[] = [];
    let habitId = '';
    for (let round = 0; round < ROUNDS; round++) {
      const served = await builtServe(file);
      const call = client({ url: served.url, apiKey: KEY });
      habitId ||= (await createHabit(call, { name: 'crash', type: 'good' })).id;
      // Kill after a seeded number of acknowledged writes, with 6 writers in flight.
      const killAfter = acked.length + 5 + Math.floor(random() * 40);
      let killed = false;
      const writer = async (w: number): Promise<void> => {
        for (let i = 0; !killed; i++) {
          try {
            const kind = (['log', 'log', 'note', 'habit'] as const)[(i + w) % 4] ?? 'log';
            const res =
              kind === 'log' ? await call<Logged>('POST', `/habits/${habitId}/logs`, { value: 1, unitSymbol: 'rep' })
              : kind === 'note' ? await call<Note>('POST', `/habits/${habitId}/notes`, { content: `r${round} w${w} ${i}` })
              : await call<ServedHabit>('POST', '/habits', { name: `r${round}-${w}-${i}`, type: 'bad' });
            // A log answers with its logId, a note or a habit with its id.
            if (res.status >= 200 && res.status < 300) acked.push({ kind, id: 'logId' in res.body ? res.body.logId : res.body.id });
            else throw new Error(`round ${round}: ${res.status} ${JSON.stringify(res.body)}`);
          } catch (err) {
            if (killed) return; // the connection died with the server
            throw err;
          }
          if (acked.length >= killAfter && !killed) {
            killed = true;
            served.child.kill('SIGKILL');
          }
        }
      };
      await Promise.all(Array.from({ length: 6 }, (_, w) => writer(w)));
      expect(await served.exited).toBe('SIGKILL');

      // The file as the crash left it (WAL and all): intact, and holding every acknowledged write.
      const store = await openStore(file);
      try {
        expect(store.db.pragma('integrity_check', { simple: true }), `round ${round}`).toBe('ok');
        const has = (table: string, id: string): boolean => store.db.prepare(`SELECT 1 FROM ${table} WHERE id = ?`).get(id) !== undefined;
        const lost = acked.filter(({ kind, id }) => !has(kind === 'log' ? 'logs' : kind === 'note' ? 'notes' : 'habits', id));
        expect(lost, `round ${round}`).toEqual([]);
      } finally {
        store.close();
      }
    }
    console.log(`crash rounds: ${ROUNDS} SIGKILLs of habits serve, ${acked.length} acknowledged writes, all present, integrity_check ok after each`);
    expect(acked.length).toBeGreaterThanOrEqual(ROUNDS * 5);
  }, 60_000);
});

describe('shutdown on signals', () => {
  test('a second signal cuts a request that would otherwise hold the shutdown', async () => {
    const served = await spawnServe(bundle.file, join(dir, 'twice.db'), { apiKey: KEY });
    const cut = new Promise<string>((resolve) => {
      const headers = { 'x-api-key': KEY, 'content-type': 'application/json', 'content-length': '100', expect: '100-continue' };
      const req = request(`${served.url}/areas`, { method: 'POST', headers }, () => resolve('answered'));
      req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
      req.on('continue', () => {
        served.child.kill('SIGTERM'); // waits for this request, whose body never completes
        // Two signals sent back to back may arrive as one: send the second once the first is handled.
        void served.waitFor('SIGTERM received, shutting down').then(() => served.child.kill('SIGTERM'), () => {});
      });
      req.flushHeaders();
    });
    expect(await cut).toBe('ECONNRESET');
    expect((await served.exited).code).toBe(0);
    expect(served.stderr()).toContain('habits serve: SIGTERM again, closing every connection now');
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    test(`${signal} lets an in-flight request finish, closes the database and exits 0`, async () => {
      const file = join(dir, `${signal}.db`);
      const served = await spawnServe(bundle.file, file, {});
      // The first run generated a key and printed it once.
      const key = /generated API key (hb_\w+) \(stored in (.+)\)/.exec(served.stderr());
      expect(key?.[2]).toBe(file);
      const apiKey = key?.[1] ?? '';
      const answer = new Promise<number>((resolve, reject) => {
        const headers = { 'x-api-key': apiKey, 'content-type': 'application/json', 'content-length': '15', expect: '100-continue' };
        const req = request(`${served.url}/areas`, { method: 'POST', headers }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        // "100 Continue" proves the server is handling the request: signal, and once the server
        // says it is shutting down, send the body.
        req.on('continue', () => {
          served.child.kill(signal);
          void served.waitFor(`${signal} received, shutting down`).then(() => req.end('{"name":"Late"}'), reject);
        });
        req.flushHeaders();
      });
      expect(await answer).toBe(201);
      const exit = await served.exited;
      expect(exit.code).toBe(0);
      expect(served.stderr()).toContain(`habits serve: ${signal} received, shutting down`);
      expect(served.stderr()).toMatch(/POST \/v2\/areas 201 [\d.]+ms/);
      expect(served.stderr()).toContain('child: done');
      expect(served.stderr().split(apiKey).length - 1).toBe(1);

      // A restart keeps the key and the data, and prints no key.
      const again = await spawnServe(bundle.file, file, {});
      expect(again.stderr()).not.toContain('generated API key');
      const areas = await client({ url: again.url, apiKey })<Data<Area[]>>('GET', '/areas');
      expect(areas.body.data.map((a) => a.name)).toEqual(['Late']);
      again.child.kill('SIGTERM');
      expect((await again.exited).code).toBe(0);
    });
  }
});
