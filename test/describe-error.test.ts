// How HTTP failures reach the user through the CLI: exit codes, one-line errors with hints,
// JSON errors, retries, and the key never shown. `auth status` makes one GET /habits?limit=1.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MockAgent } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli, tempHome } from './helpers/cli.js';

const KEY = 'hb_0123456789abcdefghijklmnopqrstuv';
const BASE = 'https://api.test.example/v2';
let home: ReturnType<typeof tempHome>;
let agent: MockAgent;

beforeEach(() => {
  home = tempHome();
  agent = new MockAgent();
  agent.disableNetConnect();
});
afterEach(async () => {
  home.cleanup();
  await agent.close();
});

const env = (extra: Record<string, string> = {}) => ({ ...home.env, HABITS_API_KEY: KEY, HABITS_BASE_URL: BASE, ...extra });
const pool = () => agent.get('https://api.test.example');
const habitsPath = (path: string) => path.startsWith('/v2/habits');

describe('exit codes and messages', () => {
  it('401 exits 4 with a hint to run habits auth login', async () => {
    pool().intercept({ path: habitsPath, method: 'GET' }).reply(401, { error: 'Unauthorized', message: 'Invalid API key' });
    const r = await runCli(['auth', 'status'], { env: env(), dispatcher: agent });
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(/^error: the server refused the key hb_…stuv \(HTTP 401: Invalid API key\)\nhint: run `habits auth login`/);
    expect(r.stderr + r.stdout).not.toContain(KEY);
  });

  it('403 (a v1 key) is an auth failure too', async () => {
    pool().intercept({ path: habitsPath, method: 'GET' }).reply(403, { message: 'Forbidden for v1 keys' });
    expect((await runCli(['auth', 'status'], { env: env(), dispatcher: agent })).code).toBe(4);
  });

  it('no key at all exits 4 before any request', async () => {
    const r = await runCli(['auth', 'status'], { env: { ...home.env, HABITS_BASE_URL: BASE }, dispatcher: agent });
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('no API key is configured');
    expect(r.stderr).toContain('habits auth login');
    expect(r.stderr).toContain('--local (or set HABITS_LOCAL=1)');
  });

  it('429 with Retry-After waits that long, then succeeds', async () => {
    const slept: number[] = [];
    pool().intercept({ path: habitsPath, method: 'GET' }).reply(429, { message: 'slow down' }, { headers: { 'retry-after': '2' } });
    pool().intercept({ path: habitsPath, method: 'GET' }).reply(200, { data: [], pagination: { total: 0, limit: 1, offset: 0 } });
    const r = await runCli(['auth', 'status', '--json'], { env: env(), dispatcher: agent, sleep: async (ms) => void slept.push(ms) });
    expect(r.code).toBe(0);
    expect(slept).toEqual([2000]);
    expect(JSON.parse(r.stdout)).toMatchObject({ valid: true, key: 'hb_…stuv' });
  });

  it('429 without Retry-After backs off, and still 429 after the retries exits 5', async () => {
    const slept: number[] = [];
    pool().intercept({ path: habitsPath, method: 'GET' }).reply(429, 'Too Many Requests').times(10);
    const r = await runCli(['auth', 'status'], { env: env(), dispatcher: agent, sleep: async (ms) => void slept.push(ms) });
    expect(r.code).toBe(5);
    expect(r.stderr).toMatch(/^error: rate limited by the server/);
    expect(slept.length).toBeGreaterThanOrEqual(2);
    for (const ms of slept) expect(ms).toBeLessThanOrEqual(8000);
  });

  it('an HTML 502 from a proxy is a server error with the status text, never a JSON parse error', async () => {
    pool().intercept({ path: habitsPath, method: 'GET' }).reply(502, '<html><body><h1>502 Bad Gateway</h1></body></html>', { headers: { 'content-type': 'text/html' } }).times(10);
    const r = await runCli(['auth', 'status'], { env: env(), dispatcher: agent });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: server error 502: Bad Gateway/);
    expect(r.stderr).not.toMatch(/JSON|Unexpected token|<html>/);
  });

  it('a 404 exits 3; with --json the error is JSON on stderr and stdout stays clean', async () => {
    pool().intercept({ path: habitsPath, method: 'GET' }).reply(404, { error: 'Not Found', message: 'no such route' });
    const r = await runCli(['auth', 'status', '--json'], { env: env(), dispatcher: agent });
    expect(r.code).toBe(3);
    const lines = r.stderr.trim().split('\n');
    expect(JSON.parse(lines[lines.length - 1]!)).toEqual({ error: { code: 'not_found', message: expect.stringContaining('no such route'), status: 404 } });
  });

  it('a validation error lists each field once, whether or not the server message repeats them', async () => {
    const details = [{ field: 'targetDate', message: 'is before the start' }, { field: 'value', message: 'must be > 0' }];
    pool().intercept({ path: habitsPath, method: 'GET' }).reply(400, { error: 'Validation Error', message: 'Invalid request', details });
    let r = await runCli(['auth', 'status'], { env: env(), dispatcher: agent });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('error: the server rejected the request: Invalid request (targetDate: is before the start; value: must be > 0)\n');
    pool().intercept({ path: habitsPath, method: 'GET' }).reply(422, { message: 'Invalid request: targetDate is before the start', details });
    r = await runCli(['auth', 'status'], { env: env(), dispatcher: agent });
    expect(r.stderr).toBe('error: the server rejected the request: Invalid request: targetDate is before the start (value: must be > 0)\n');
  });

  it('an error message with line breaks is printed on one line', async () => {
    pool().intercept({ path: habitsPath, method: 'GET' }).reply(409, { message: 'first line\n  second line\n' });
    const r = await runCli(['auth', 'status'], { env: env(), dispatcher: agent });
    expect(r.stderr).toBe('error: conflict: first line second line (GET /habits)\n');
  });

  it('refuses to send the key over plain http to a non-loopback host, without connecting', async () => {
    const r = await runCli(['auth', 'status'], { env: env({ HABITS_BASE_URL: 'http://api.test.example/v2' }), dispatcher: agent });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('plain HTTP');
    expect(r.stderr).toContain('--allow-insecure');
    agent.assertNoPendingInterceptors();
  });

  it('--allow-insecure lets it through', async () => {
    agent.get('http://api.test.example').intercept({ path: habitsPath, method: 'GET' }).reply(200, { data: [] });
    const r = await runCli(['auth', 'status', '--allow-insecure'], { env: env({ HABITS_BASE_URL: 'http://api.test.example/v2' }), dispatcher: agent });
    expect(r.code).toBe(0);
  });
});

describe('--verbose', () => {
  it('logs each request and response line to stderr with the key redacted', async () => {
    pool().intercept({ path: habitsPath, method: 'GET' }).reply(200, { data: [] });
    const r = await runCli(['auth', 'status', '--verbose'], { env: env(), dispatcher: agent });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/GET https:\/\/api\.test\.example\/v2\/habits\?limit=1/);
    expect(r.stderr).toMatch(/200/);
    expect(r.stderr.toLowerCase()).toContain('x-api-key');
    expect(r.stderr + r.stdout).not.toContain(KEY);
    expect(r.stderr + r.stdout).not.toContain(KEY.slice(3, 20));
  });

  it('HABITS_DEBUG=1 does the same', async () => {
    pool().intercept({ path: habitsPath, method: 'GET' }).reply(200, { data: [] });
    const r = await runCli(['auth', 'status'], { env: env({ HABITS_DEBUG: '1' }), dispatcher: agent });
    expect(r.stderr).toMatch(/GET https:\/\/api\.test\.example\/v2\/habits/);
    expect(r.stderr).not.toContain(KEY);
  });
});

describe('servers that misbehave on the wire', () => {
  let server: Server | undefined;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise((r) => server?.close(r) ?? r(undefined));
    server = undefined;
  });
  const listen = async (handler: Parameters<typeof createServer>[1]) => {
    server = createServer(handler);
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2`;
  };

  it('a server that never answers ends in a timeout error, exit 1, within --timeout', async () => {
    const url = await listen(() => {});
    const started = Date.now();
    const r = await runCli(['auth', 'status', '--timeout', '300ms'], { env: env({ HABITS_BASE_URL: url }) });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: .*(no answer|timed out|timeout)/i);
    expect(r.stderr).toContain('--timeout');
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('a connection reset is a network error, exit 1, retried for GET', async () => {
    let hits = 0;
    const url = await listen((req) => {
      hits++;
      req.socket.destroy();
    });
    const r = await runCli(['auth', 'status'], { env: env({ HABITS_BASE_URL: url }) });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: .*(reset|closed|socket)/i);
    expect(hits).toBeGreaterThan(1);
  });

  it('a refused connection is a network error naming the address', async () => {
    const url = await listen(() => {});
    const port = (server!.address() as AddressInfo).port;
    server!.close();
    await new Promise((r) => setTimeout(r, 20));
    const r = await runCli(['auth', 'status'], { env: env({ HABITS_BASE_URL: url }) });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`127.0.0.1:${port}`);
    server = undefined;
  });

  it('sends the key only in X-API-Key, with our User-Agent', async () => {
    const seen: { url?: string; key?: string; ua?: string }[] = [];
    const url = await listen((req, res) => {
      seen.push({ url: req.url, key: req.headers['x-api-key'] as string, ua: req.headers['user-agent'] });
      res.setHeader('content-type', 'application/json');
      res.end('{"data":[]}');
    });
    expect((await runCli(['auth', 'status'], { env: env({ HABITS_BASE_URL: url }) })).code).toBe(0);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.key).toBe(KEY);
    expect(seen[0]!.url).toBe('/v2/habits?limit=1');
    expect(seen[0]!.ua).toMatch(/^habits-cli\/\d+\.\d+\.\d+ node\/\d+/);
  });
});
