// The key: sent only as X-API-Key, never over plain http to a non-loopback host (unless allowed),
// and never in debug lines, error messages or error properties. Also the --verbose line format.
import type { Dispatcher } from 'undici';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src/api/client.js';
import { ApiError } from '../../src/api/errors.js';
import { UsageError } from '../../src/errors.js';
import { KEY, UA, findString, mockClient, rejection, startServer } from '../helpers/mock-agent.js';
import type { MockSetup } from '../helpers/mock-agent.js';

let m: MockSetup | undefined;
afterEach(async () => {
  m?.agent.assertNoPendingInterceptors();
  await m?.agent.close();
  m = undefined;
});

/** A dispatcher that records any use, to prove nothing was sent. */
function untouchable() {
  const used = vi.fn(() => { throw new Error('the network was touched'); });
  const dispatcher = { request: used, dispatch: used, close: vi.fn(), destroy: vi.fn() } as unknown as Dispatcher;
  return { dispatcher, used };
}

describe('plain HTTP guard', () => {
  it('refuses the key over http to a non-loopback host, before touching the network', async () => {
    const { dispatcher, used } = untouchable();
    const c = createApiClient({ baseUrl: 'http://example.com/v2', apiKey: KEY, timeoutMs: 1000, userAgent: UA, env: {}, dispatcher });
    const error = await rejection(c.request('GET /habits'));
    expect(error).toBeInstanceOf(UsageError);
    expect(error).toMatchObject({
      message: 'refusing to send the API key over plain HTTP to example.com',
      hint: 'use an https:// base URL, or pass --allow-insecure',
      exitCode: 2,
    });
    expect(used).not.toHaveBeenCalled();
  });

  it('names a non-default port, and also refuses when no dispatcher is injected (nothing listens there)', async () => {
    const c = createApiClient({ baseUrl: 'http://192.0.2.10:8080/v2', apiKey: KEY, timeoutMs: 1000, userAgent: UA, env: {} });
    await expect(c.request('GET /habits')).rejects.toThrow('refusing to send the API key over plain HTTP to 192.0.2.10:8080');
    await c.close();
  });

  it('allows it with allowInsecure', async () => {
    m = mockClient({ baseUrl: 'http://example.com/v2', allowInsecure: true });
    m.on('GET', '/v2/areas', { status: 200, body: [] });
    await m.client.request('GET /areas');
    expect(m.seen[0]?.headers['x-api-key']).toBe(KEY);
  });

  it('allows plain http without a key', async () => {
    m = mockClient({ baseUrl: 'http://example.com/v2', apiKey: undefined });
    m.on('GET', '/v2/areas', { status: 200, body: [] });
    await m.client.request('GET /areas');
    expect(m.seen).toHaveLength(1);
  });

  it.each(['http://localhost:8080/v2', 'http://127.0.0.1:9/v2', 'http://127.9.8.7/v2', 'http://[::1]:8080/v2', 'http://LOCALHOST/v2'])(
    'allows loopback %s',
    async (baseUrl) => {
      m = mockClient({ baseUrl });
      m.on('GET', '/v2/areas', { status: 200, body: [] });
      await m.client.request('GET /areas');
      expect(m.seen[0]?.headers['x-api-key']).toBe(KEY);
    },
  );

  it('a real loopback server gets the key over http', async () => {
    const s = await startServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('[]'));
    const c = createApiClient({ baseUrl: `${s.url}/v2`, apiKey: KEY, timeoutMs: 2000, userAgent: UA, env: {} });
    try {
      await c.request('GET /areas');
      expect(s.seen[0]?.headers['x-api-key']).toBe(KEY);
    } finally {
      await c.close();
      await s.close();
    }
  });
});

describe('the key travels only in X-API-Key', () => {
  it('not in the URL or query, not in any other header', async () => {
    m = mockClient();
    m.on('GET', '/v2/habits', { status: 200, body: { data: [] } });
    await m.client.request('GET /habits', { query: { limit: 10 } });
    const req = m.seen[0];
    expect(req?.headers['x-api-key']).toBe(KEY);
    expect(req?.path).not.toContain(KEY);
    expect(JSON.stringify(req?.query)).not.toContain(KEY);
    const others = Object.entries(req?.headers ?? {}).filter(([name]) => name !== 'x-api-key');
    expect(others.some(([, value]) => value.includes(KEY))).toBe(false);
    expect(req?.headers['user-agent']).toBe(UA);
  });
});

describe('--verbose lines', () => {
  it('a request line, its headers with the key redacted, and a response line', async () => {
    m = mockClient();
    m.on('POST', '/v2/areas', { status: 201, body: { data: { id: 'a1' } } });
    await m.client.request('POST /areas', { body: { name: 'Health' } });
    expect(m.lines).toHaveLength(6);
    expect(m.lines.slice(0, 5)).toEqual([
      '→ POST https://api.test/v2/areas',
      '→ Accept: application/json',
      `→ User-Agent: ${UA}`,
      '→ X-API-Key: [redacted]',
      '→ Content-Type: application/json',
    ]);
    expect(m.lines[5]).toMatch(/^← 201 Created \d+ ms$/);
  });

  it('the key is in no debug line, error message or error property: 401, retried 503, 429, HTML 200', async () => {
    m = mockClient();
    m.on('GET', '/v2/areas', { status: 401, body: { error: 'Unauthorized', message: 'Invalid API key' } });
    m.on('GET', '/v2/habits', { status: 503, body: '<html>down</html>', headers: { 'content-type': 'text/html' } }, 4);
    m.on('POST', '/v2/areas', { status: 429, body: { message: 'slow down' }, headers: { 'content-type': 'application/json', 'retry-after': '600' } });
    m.on('GET', '/v2/habits/journal', { status: 200, body: '<html>portal</html>', headers: { 'content-type': 'text/html' } });
    const errors = [
      await rejection(m.client.request('GET /areas')),
      await rejection(m.client.request('GET /habits')),
      await rejection(m.client.request('POST /areas', { body: { name: 'x' } })),
      await rejection(m.client.request('GET /habits/journal', { query: { date: '2026-11-22' } })),
    ];
    for (const error of errors) {
      expect(error).toBeInstanceOf(ApiError);
      expect(findString(error, KEY)).toEqual([]);
    }
    expect(m.lines.length).toBeGreaterThan(10);
    expect(m.lines.filter((l) => l.includes(KEY))).toEqual([]);
    expect(m.lines.filter((l) => l === '→ X-API-Key: [redacted]')).toHaveLength(7);
  });

  it('a server that echoes the key back has it redacted from the error', async () => {
    m = mockClient();
    m.on('GET', '/v2/areas', {
      status: 401,
      body: { error: 'Unauthorized', message: `API key ${KEY} is not valid`, details: [{ field: 'key', message: `bad: ${KEY}` }] },
    });
    const error = (await rejection(m.client.request('GET /areas'))) as ApiError;
    expect(error.serverMessage).toBe('API key [redacted] is not valid');
    expect(error.details).toEqual([{ field: 'key', message: 'bad: [redacted]' }]);
    expect(findString(error, KEY)).toEqual([]);
  });

  it('a 2xx answer that is no JSON and echoes the key has it redacted too', async () => {
    m = mockClient();
    m.on('GET', '/v2/areas', { status: 200, body: '<html>portal</html>', headers: { 'content-type': `text/html; key=${KEY}` } });
    const error = (await rejection(m.client.request('GET /areas'))) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.serverMessage).toMatch(/^the server's answer was not JSON \(content type text\/html; key=\[redacted\]\)/);
    expect(findString(error, KEY)).toEqual([]);
  });

  it('a redacted network error keeps its cause, so a permanent failure is still not retried', async () => {
    m = mockClient();
    const tls = Object.assign(new Error(`certificate for ${KEY} has expired`), { code: 'CERT_HAS_EXPIRED' });
    m.fail('GET', '/v2/areas', tls);
    const error = (await rejection(m.client.request('GET /areas'))) as ApiError;
    expect(error).toMatchObject({ kind: 'network', status: 0 });
    expect(error.serverMessage).toBe('TLS failure with api.test:443: certificate rejected: certificate for [redacted] has expired (CERT_HAS_EXPIRED)');
    expect(error.cause).toMatchObject({ code: 'CERT_HAS_EXPIRED' });
    expect(m.sleep).not.toHaveBeenCalled();
  });

  it('the header line is redacted for any key, however short', async () => {
    m = mockClient({ apiKey: 'k1' });
    m.on('GET', '/v2/areas', { status: 200, body: [] });
    await m.client.request('GET /areas');
    expect(m.lines).toContain('→ X-API-Key: [redacted]');
    expect(m.seen[0]?.headers['x-api-key']).toBe('k1');
  });

  it('without a debug function nothing is logged and nothing breaks', async () => {
    m = mockClient({ debug: undefined });
    m.on('GET', '/v2/areas', { status: 200, body: [] });
    await m.client.request('GET /areas');
    expect(m.lines).toEqual([]);
  });
});
