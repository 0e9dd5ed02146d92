// Proxies, end to end: a real recording forward proxy on loopback, and a target addressed by a name
// that does not resolve (api.habits.test, a reserved TLD), so a request can only succeed through
// the proxy; a direct attempt fails fast (or, where DNS is hijacked, within the short timeout).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src/api/client.js';
import type { ClientOptions } from '../../src/api/client.js';
import { ApiError } from '../../src/api/errors.js';
import { KEY, UA, findString, freePort, rejection, startProxy, startServer, startSilent } from '../helpers/mock-agent.js';

const HOST = 'api.habits.test';
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  vi.unstubAllEnvs();
  while (cleanups.length > 0) await cleanups.pop()?.();
});

async function setup() {
  const upstream = await startServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"data": []}'));
  const proxy = await startProxy(upstream.port);
  cleanups.push(() => upstream.close(), () => proxy.close());
  return { upstream, proxy };
}

function client(baseUrl: string, env: ClientOptions['env'], overrides: Partial<ClientOptions> = {}) {
  const lines: string[] = [];
  const c = createApiClient({
    baseUrl, apiKey: KEY, allowInsecure: true, timeoutMs: 1_000, userAgent: UA, env,
    sleep: async () => {}, retry: { retries: 0 }, debug: (l) => lines.push(l), ...overrides,
  });
  cleanups.push(() => c.close());
  return { c, lines };
}

describe('through a proxy', () => {
  it('HTTP_PROXY: a plain-http request goes through the proxy in absolute form', async () => {
    const { upstream, proxy } = await setup();
    const { c, lines } = client(`http://${HOST}:${upstream.port}/v2`, { HTTP_PROXY: proxy.url });
    expect(await c.request('GET /habits', { query: { limit: 5 } })).toEqual({ data: [] });
    expect(proxy.seen).toEqual([
      expect.objectContaining({ kind: 'absolute', target: `http://${HOST}:${upstream.port}/v2/habits?limit=5` }),
    ]);
    expect(proxy.seen[0]?.headers.host).toBe(`${HOST}:${upstream.port}`);
    expect(upstream.seen).toHaveLength(1);
    expect(upstream.seen[0]).toMatchObject({ method: 'GET', path: '/v2/habits', query: { limit: '5' } });
    expect(upstream.seen[0]?.headers['x-api-key']).toBe(KEY);
    expect(upstream.seen[0]?.headers['user-agent']).toBe(UA);
    expect(lines[0]).toBe(`using proxy ${proxy.url} for http://${HOST}:${upstream.port}`);
  });

  it('HTTPS_PROXY: an https request opens a CONNECT tunnel through the proxy', async () => {
    const { upstream, proxy } = await setup();
    // The upstream speaks plain http, so the TLS handshake inside the tunnel fails: that is expected
    // here; the point is that the tunnel was asked of the proxy, for the right host and port.
    const { c } = client(`https://${HOST}:${upstream.port}/v2`, { HTTPS_PROXY: proxy.url });
    const error = await rejection(c.request('GET /areas'));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).serverMessage).toMatch(new RegExp(`^TLS failure with ${HOST}:${upstream.port}`));
    expect(proxy.seen).toEqual([expect.objectContaining({ kind: 'connect', target: `${HOST}:${upstream.port}` })]);
    // Through a CONNECT tunnel the proxy never sees the key.
    expect(findString(proxy.seen, KEY)).toEqual([]);
  });

  it('lower-case variables win over upper-case ones, and a scheme-less value means http', async () => {
    const { upstream, proxy } = await setup();
    const other = await startProxy(upstream.port);
    cleanups.push(() => other.close());
    const { c } = client(`http://${HOST}:${upstream.port}/v2`, { http_proxy: `127.0.0.1:${proxy.port}`, HTTP_PROXY: other.url });
    await c.request('GET /areas');
    expect(proxy.seen).toHaveLength(1);
    expect(other.seen).toHaveLength(0);
  });

  it('credentials in the proxy URL become Proxy-Authorization, and are never logged', async () => {
    const { upstream, proxy } = await setup();
    const { c, lines } = client(`http://${HOST}:${upstream.port}/v2`, { HTTP_PROXY: `http://me:pr0xy-pass@127.0.0.1:${proxy.port}` });
    await c.request('GET /areas');
    expect(proxy.seen[0]?.headers['proxy-authorization']).toBe(`Basic ${Buffer.from('me:pr0xy-pass').toString('base64')}`);
    expect(lines.some((l) => l.includes('pr0xy-pass'))).toBe(false);
    expect(lines[0]).toBe(`using proxy http://127.0.0.1:${proxy.port} for http://${HOST}:${upstream.port}`);
  });
});

describe('around the proxy', () => {
  it('NO_PROXY naming the host bypasses the proxy', async () => {
    const { upstream, proxy } = await setup();
    for (const noProxy of [HOST, '.habits.test', `${HOST}:${upstream.port}`, '*', `other.test, habits.test`]) {
      const { c } = client(`http://${HOST}:${upstream.port}/v2`, { HTTP_PROXY: proxy.url, NO_PROXY: noProxy });
      // Direct, the name does not resolve: an error, and the proxy saw nothing.
      const error = await rejection(c.request('GET /areas'));
      expect(error).toMatchObject({ status: 0 });
      expect(proxy.seen).toEqual([]);
    }
    // A NO_PROXY entry for another port does not apply.
    const { c } = client(`http://${HOST}:${upstream.port}/v2`, { HTTP_PROXY: proxy.url, no_proxy: `${HOST}:1` });
    await c.request('GET /areas');
    expect(proxy.seen).toHaveLength(1);
  });

  it('a loopback base URL never goes through the proxy (local mode keeps working)', async () => {
    const { upstream, proxy } = await setup();
    const { c } = client(`${upstream.url}/v2`, { HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url });
    expect(await c.request('GET /areas')).toEqual({ data: [] });
    expect(proxy.seen).toEqual([]);
    expect(upstream.seen).toHaveLength(1);
  });

  it('a loopback base URL does not even read the proxy variables (an unusable one is no error)', async () => {
    const upstream = await startServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('[]'));
    cleanups.push(() => upstream.close());
    const { c, lines } = client(`${upstream.url}/v2`, { HTTPS_PROXY: 'ftp://broken', HTTP_PROXY: 'ftp://broken' });
    expect(await c.request('GET /areas')).toEqual({ data: [] });
    expect(lines.some((l) => l.startsWith('using proxy'))).toBe(false);
  });

  it('reads only the env it is given, never process.env', async () => {
    const { upstream, proxy } = await setup();
    vi.stubEnv('HTTP_PROXY', proxy.url);
    vi.stubEnv('http_proxy', proxy.url);
    const direct = client(`http://${HOST}:${upstream.port}/v2`, {});
    await rejection(direct.c.request('GET /areas'));
    expect(proxy.seen).toEqual([]);

    // Only HTTPS_PROXY given: an http target must not pick up HTTP_PROXY from process.env.
    const httpsOnly = client(`http://${HOST}:${upstream.port}/v2`, { HTTPS_PROXY: 'http://127.0.0.1:1' });
    await rejection(httpsOnly.c.request('GET /areas'));
    expect(proxy.seen).toEqual([]);

    vi.stubEnv('NO_PROXY', HOST);
    vi.stubEnv('no_proxy', HOST);
    const proxied = client(`http://${HOST}:${upstream.port}/v2`, { HTTP_PROXY: proxy.url });
    await proxied.c.request('GET /areas');
    expect(proxy.seen).toHaveLength(1);
  });

  it('an https target uses HTTP_PROXY when HTTPS_PROXY is unset (as undici does)', async () => {
    const { upstream, proxy } = await setup();
    const { c } = client(`https://${HOST}:${upstream.port}/v2`, { HTTP_PROXY: proxy.url });
    await rejection(c.request('GET /areas'));
    expect(proxy.seen).toEqual([expect.objectContaining({ kind: 'connect' })]);
  });
});

describe('proxy failures', () => {
  it('a proxy that refuses connections is named in the error', async () => {
    const port = await freePort();
    const { c } = client(`http://${HOST}/v2`, { HTTP_PROXY: `http://127.0.0.1:${port}` });
    const error = await rejection(c.request('GET /areas'));
    expect(error).toMatchObject({ kind: 'network', status: 0, serverMessage: `connection refused by proxy 127.0.0.1:${port}` });
  });

  it.each(['http', 'https'])('a proxy that never answers times out (%s target)', async (scheme) => {
    const silent = await startSilent();
    cleanups.push(() => silent.close());
    const { c } = client(`${scheme}://${HOST}/v2`, { HTTP_PROXY: silent.url, HTTPS_PROXY: silent.url }, { timeoutMs: 300, retry: { retries: 3 } });
    const error = await rejection(c.request('GET /areas'));
    expect(error).toMatchObject({ kind: 'timeout', status: 0 });
    expect((error as ApiError).serverMessage).toMatch(new RegExp(`^no answer from ${HOST}:(80|443) \\(through proxy 127\\.0\\.0\\.1:${silent.port}\\) within`));
    expect(silent.connections()).toBe(1);
  });

  it('a proxy that hangs up on CONNECT is a network error, not a reconnect storm', async () => {
    const { default: http } = await import('node:http');
    let connections = 0;
    // An http server without a 'connect' listener closes the socket of every CONNECT.
    const server = http.createServer(() => {});
    server.on('connection', () => connections++);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const port = (server.address() as { port: number }).port;
    const sleep = vi.fn(async () => {});
    const { c } = client(`https://${HOST}/v2`, { HTTPS_PROXY: `http://127.0.0.1:${port}` }, { sleep, retry: { retries: 2 } });
    const error = await rejection(c.request('GET /areas'));
    expect(error).toMatchObject({
      kind: 'network', status: 0,
      serverMessage: `the proxy 127.0.0.1:${port} closed the connection instead of opening a tunnel to ${HOST}:443`,
    });
    expect(sleep).toHaveBeenCalledTimes(2);
    expect(connections).toBe(3);
  });

  it('a proxy that refuses the tunnel is reported with its status', async () => {
    // A CONNECT-refusing proxy: answers 403 to every CONNECT, and records what it was asked for.
    const { default: http } = await import('node:http');
    const asked: string[] = [];
    const server = http.createServer();
    server.on('connect', (req, socket) => {
      asked.push(req.url ?? '');
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const port = (server.address() as { port: number }).port;
    const { c } = client(`https://${HOST}:8443/v2`, { HTTPS_PROXY: `http://127.0.0.1:${port}` });
    const error = await rejection(c.request('GET /areas'));
    expect(error).toMatchObject({ kind: 'network', status: 0 });
    expect((error as ApiError).serverMessage).toBe(`the proxy 127.0.0.1:${port} did not open a tunnel to ${HOST}:8443 (it answered 403)`);
    expect(asked).toEqual([`${HOST}:8443`]);
  });

  it('an unusable proxy URL is a UsageError naming the variable, not the value', async () => {
    const { c } = client(`https://${HOST}/v2`, { HTTPS_PROXY: 'ftp://me:secret@proxy.test' });
    const error = await rejection(c.request('GET /areas'));
    expect(error).toMatchObject({ name: 'UsageError', message: 'unsupported proxy URL in HTTPS_PROXY' });
    expect((error as Error).message).not.toContain('secret');
  });
});
