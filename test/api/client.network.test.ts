// Real loopback servers that misbehave: never answer, stall, reset, refuse, speak no TLS. Also the
// timeouts and close(). The client builds its own dispatcher here (no injection).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src/api/client.js';
import type { ApiClient, ClientOptions } from '../../src/api/client.js';
import { MAX_RESPONSE_BYTES } from '../../src/api/dispatcher.js';
import { ApiError } from '../../src/api/errors.js';
import { KEY, UA, findString, freePort, rejection, startServer } from '../helpers/mock-agent.js';
import type { TestServer } from '../helpers/mock-agent.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

async function server(handler: Parameters<typeof startServer>[0]): Promise<TestServer> {
  const s = await startServer(handler);
  cleanups.push(() => s.close());
  return s;
}

function client(baseUrl: string, overrides: Partial<ClientOptions> = {}) {
  const sleep = vi.fn(async (_ms: number) => {});
  const lines: string[] = [];
  const c: ApiClient = createApiClient({
    baseUrl, apiKey: KEY, timeoutMs: 300, userAgent: UA, env: {}, sleep, random: () => 0.5,
    debug: (l) => lines.push(l), ...overrides,
  });
  cleanups.push(() => c.close());
  return { c, sleep, lines };
}

async function apiError(promise: Promise<unknown>): Promise<ApiError> {
  const error = await rejection(promise);
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('timeouts', () => {
  it('a server that never answers ends in a timeout error within the configured time, not retried', async () => {
    const s = await server(() => { /* never answers */ });
    const { c, sleep, lines } = client(`${s.url}/v2`, { timeoutMs: 300 });
    // Ends well within the test's own time limit: undici's default would be 300 s.
    const error = await apiError(c.request('GET /habits'));
    expect(error).toMatchObject({ kind: 'timeout', status: 0, method: 'GET', path: '/habits' });
    expect(error.serverMessage).toBe(`no answer from 127.0.0.1:${s.port} within 300 ms`);
    expect(s.seen).toHaveLength(1);
    expect(sleep).not.toHaveBeenCalled();
    expect(lines.at(-1)).toMatch(/^← failed after \d+ ms: no answer from 127\.0\.0\.1:\d+ within 300 ms$/);
    expect(findString(error, KEY)).toEqual([]);
  });

  it('a body that stops arriving ends in a timeout too', async () => {
    const s = await server((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data": [');
    });
    const { c } = client(`${s.url}/v2`, { timeoutMs: 300 });
    const error = await apiError(c.request('GET /habits'));
    expect(error).toMatchObject({ kind: 'timeout', status: 0 });
    expect(error.serverMessage).toBe(`the answer from 127.0.0.1:${s.port} did not finish within 300 ms`);
  });

  it('a slow server that answers within the timeout is fine', async () => {
    const s = await server((_req, res) => {
      setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{"data": []}'), 100);
    });
    const { c } = client(`${s.url}/v2`, { timeoutMs: 2_000 });
    expect(await c.request('GET /habits')).toEqual({ data: [] });
  });
});

describe('connection failures', () => {
  it('a server that destroys the socket on each request: network error, GET retried 3 times', async () => {
    const s = await server((req) => req.socket.destroy());
    const { c, sleep, lines } = client(`${s.url}/v2`);
    const error = await apiError(c.request('GET /habits'));
    expect(error).toMatchObject({ kind: 'network', status: 0, method: 'GET', path: '/habits' });
    expect(error.serverMessage).toBe(`the connection to 127.0.0.1:${s.port} closed before the answer was complete`);
    expect(s.seen).toHaveLength(4);
    expect(sleep.mock.calls.map(([ms]) => ms)).toEqual([250, 500, 1000]);
    expect(lines.filter((l) => l.startsWith('retrying'))).toHaveLength(3);
  });

  it('the same server on POST: one attempt only', async () => {
    const s = await server((req) => req.socket.destroy());
    const { c, sleep } = client(`${s.url}/v2`);
    const error = await apiError(c.request('POST /habits/{habitId}/logs/complete', { params: { habitId: 'h1' }, body: {} }));
    expect(error).toMatchObject({ kind: 'network', status: 0, method: 'POST' });
    expect(s.seen).toHaveLength(1);
    expect(sleep).not.toHaveBeenCalled();
  });

  it('a TCP reset (RST) is "connection reset", and a retry after it can succeed', async () => {
    let calls = 0;
    const s = await server((req, res) => {
      if (calls++ === 0) req.socket.resetAndDestroy();
      else res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
    });
    const { c, sleep, lines } = client(`${s.url}/v2`);
    expect(await c.request('GET /areas')).toEqual({ data: [] });
    expect(s.seen).toHaveLength(2);
    expect(sleep).toHaveBeenCalledTimes(1);
    expect(lines.find((l) => l.startsWith('retrying'))).toBe(
      `retrying GET /areas in 250 ms after connection reset by 127.0.0.1:${s.port}`,
    );
  });

  it('connection refused names host:port; retried for GET, not for POST', async () => {
    const port = await freePort();
    const get = client(`http://127.0.0.1:${port}/v2`);
    const error = await apiError(get.c.request('GET /habits'));
    expect(error).toMatchObject({ kind: 'network', status: 0, serverMessage: `connection refused by 127.0.0.1:${port}` });
    expect(error.message).toBe(`GET /habits: connection refused by 127.0.0.1:${port}`);
    expect(get.sleep).toHaveBeenCalledTimes(3);

    const post = client(`http://127.0.0.1:${port}/v2`);
    await apiError(post.c.request('POST /areas', { body: { name: 'x' } }));
    expect(post.sleep).not.toHaveBeenCalled();
  });

  it('an answer larger than the limit is cut off with an error, not buffered without end', async () => {
    const s = await server((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(1024 * 1024, 0x20);
      let sent = 0;
      const pump = () => {
        while (sent < MAX_RESPONSE_BYTES + 2 * chunk.length) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end('[]');
      };
      res.on('error', () => {});
      pump();
    });
    const { c, sleep } = client(`${s.url}/v2`, { timeoutMs: 5_000 });
    const error = await apiError(c.request('GET /habits'));
    expect(error).toMatchObject({ kind: 'network', status: 0, serverMessage: `the answer from 127.0.0.1:${s.port} was too large` });
    expect(sleep).not.toHaveBeenCalled();
  });

  it('https to a plain-http server is a TLS failure, not retried', async () => {
    const s = await server((_req, res) => res.end('{}'));
    const { c, sleep } = client(`https://127.0.0.1:${s.port}/v2`);
    const error = await apiError(c.request('GET /habits'));
    expect(error).toMatchObject({ kind: 'network', status: 0 });
    expect(error.serverMessage).toMatch(new RegExp(`^TLS failure with 127\\.0\\.0\\.1:${s.port}: `));
    expect(sleep).not.toHaveBeenCalled();
  });

  it('the key is in none of these errors, their causes, or the debug lines', async () => {
    const port = await freePort();
    const hung = await server(() => {});
    const reset = await server((req) => req.socket.destroy());
    const failures = [
      client(`http://127.0.0.1:${port}/v2`, { retry: { retries: 0 } }),
      client(`${hung.url}/v2`, { retry: { retries: 0 } }),
      client(`${reset.url}/v2`, { retry: { retries: 0 } }),
      client(`https://127.0.0.1:${reset.port}/v2`, { retry: { retries: 0 } }),
    ];
    for (const f of failures) {
      const error = await apiError(f.c.request('GET /habits'));
      expect(error.cause).toBeDefined();
      expect(findString(error, KEY)).toEqual([]);
      expect(f.lines.some((l) => l.includes(KEY))).toBe(false);
      expect(f.lines).toContain('→ X-API-Key: [redacted]');
    }
  });
});

describe('close()', () => {
  it('closes the connections of the dispatcher it built', async () => {
    const s = await server((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('[]'));
    const c = createApiClient({ baseUrl: s.url, apiKey: KEY, timeoutMs: 2_000, userAgent: UA, env: {} });
    await c.request('GET /areas');
    expect(s.sockets).toHaveLength(1);
    const socket = s.sockets[0];
    expect(socket?.destroyed).toBe(false);
    const closed = new Promise<string>((resolve) => socket?.once('close', () => resolve('closed')));
    await c.close();
    // Well before the server's own keep-alive timeout (5 s) would close it.
    const tooLate = new Promise<string>((resolve) => setTimeout(() => resolve('still open'), 1_000).unref());
    expect(await Promise.race([closed, tooLate])).toBe('closed');
    expect(socket?.destroyed).toBe(true);
    await expect(c.request('GET /areas')).rejects.toThrow(/closed/);
  });

  it('ends a request in flight at once, and does not retry it on the destroyed dispatcher', async () => {
    let c: ApiClient | undefined;
    // The server hears the request, and the client is closed while it waits for the answer.
    const s = await server(() => void c?.close());
    const made = client(`${s.url}/v2`, { timeoutMs: 30_000 });
    c = made.c;
    const error = await rejection(c.request('GET /habits'));
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).message).toBe('the API client is closed');
    expect(made.sleep).not.toHaveBeenCalled();
    expect(s.seen).toHaveLength(1);
  });

  it('ends a request waiting to retry, without another try', async () => {
    const s = await server((req) => req.socket.destroy());
    let c: ApiClient | undefined;
    const sleep = vi.fn((_ms: number) => {
      void c?.close();
      return new Promise<void>(() => {});
    });
    c = client(`${s.url}/v2`, { sleep }).c;
    expect(await rejection(c.request('GET /habits'))).toMatchObject({ message: 'the API client is closed' });
    expect(sleep).toHaveBeenCalledTimes(1);
    expect(s.seen).toHaveLength(1);
  });

  it('is harmless before any request', async () => {
    const c = createApiClient({ baseUrl: 'https://api.test/v2', timeoutMs: 1_000, userAgent: UA, env: {} });
    await expect(c.close()).resolves.toBeUndefined();
  });
});
