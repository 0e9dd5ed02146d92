// Shared fixtures of the HTTP-layer tests: a MockAgent-backed client that records every request,
// real loopback servers, a tiny recording proxy, and a deep search for the key in thrown errors.
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { MockAgent } from 'undici';
import { vi } from 'vitest';
import { createApiClient } from '../../src/api/client.js';
import type { ApiClient, ClientOptions } from '../../src/api/client.js';

export const ORIGIN = 'https://api.test';
export const BASE_URL = `${ORIGIN}/v2`;
export const KEY = 'hb_S3cretKey0123456789abcdefghijkl';
export const UA = 'habits-cli/0.1.0 node/20.20.2';

/** A request as the fake server saw it. */
export interface Seen {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: string | undefined;
}

function lowerHeaders(headers: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!headers) return out;
  const entries: [string, unknown][] = Array.isArray(headers)
    ? (headers as string[]).flatMap((v, i, a) => (i % 2 === 0 ? [[v, a[i + 1]] as [string, unknown]] : []))
    : headers instanceof Headers ? [...headers.entries()] : Object.entries(headers as Record<string, unknown>);
  for (const [k, v] of entries) out[k.toLowerCase()] = String(v);
  return out;
}

function toSeen(method: string, rawPath: string, headers: unknown, body: unknown): Seen {
  const url = new URL(rawPath, 'http://x');
  return {
    method,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers: lowerHeaders(headers),
    body: body === undefined || body === null ? undefined : String(body),
  };
}

/** One canned answer. */
export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A client on a MockAgent (no network), with recorded requests, sleeps and debug lines. */
export interface MockSetup {
  agent: MockAgent;
  client: ApiClient;
  seen: Seen[];
  sleeps: number[];
  lines: string[];
  sleep: ReturnType<typeof vi.fn<(ms: number) => Promise<void>>>;
  /** Answers requests whose path (without query) is `path`, `times` times, recording each. */
  on(method: string, path: string, reply: Reply | ((seen: Seen) => Reply), times?: number): void;
  /** Makes requests to `path` fail with `error` (no answer), `times` times. */
  fail(method: string, path: string, error: Error, times?: number): void;
}

/** Builds a MockAgent-backed client; `overrides` change its options. */
export function mockClient(overrides: Partial<ClientOptions> = {}): MockSetup {
  const agent = new MockAgent();
  agent.disableNetConnect();
  // Only fetched once an answer is set up: some tests give a base URL undici would not accept.
  const origin = () => (overrides.baseUrl ? new URL(overrides.baseUrl).origin : ORIGIN);
  const pool = () => agent.get(origin());
  const seen: Seen[] = [];
  const sleeps: number[] = [];
  const lines: string[] = [];
  const sleep = vi.fn(async (ms: number) => {
    sleeps.push(ms);
  });
  const client = createApiClient({
    baseUrl: BASE_URL,
    apiKey: KEY,
    timeoutMs: 5_000,
    userAgent: UA,
    env: {},
    dispatcher: agent,
    sleep,
    random: () => 0.5,
    debug: (line) => lines.push(line),
    ...overrides,
  });
  const matcher = (method: string, path: string) => ({
    method,
    path: (p: string) => p.split('?')[0] === path,
  });
  return {
    agent, client, seen, sleeps, lines, sleep,
    on(method, path, reply, times = 1) {
      pool().intercept(matcher(method, path)).reply((opts) => {
        const s = toSeen(opts.method, opts.path, opts.headers, opts.body);
        seen.push(s);
        const r = typeof reply === 'function' ? reply(s) : reply;
        const data = r.body === undefined ? '' : typeof r.body === 'string' ? r.body : JSON.stringify(r.body);
        const headers = r.headers ?? (typeof r.body === 'object' ? { 'content-type': 'application/json' } : {});
        return { statusCode: r.status, data, responseOptions: { headers } };
      }).times(times);
    },
    fail(method, path, error, times = 1) {
      pool().intercept(matcher(method, path)).replyWithError(error).times(times);
    },
  };
}

/** A real loopback HTTP server that records requests. */
export interface TestServer {
  url: string;
  port: number;
  seen: Seen[];
  /** Sockets the server has accepted, and whether each is still open. */
  sockets: net.Socket[];
  close(): Promise<void>;
}

/** Starts a loopback server; `handler` sees each request after it is recorded (body read). */
export async function startServer(handler: (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void): Promise<TestServer> {
  const seen: Seen[] = [];
  const sockets: net.Socket[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      seen.push(toSeen(req.method ?? '', req.url ?? '', req.headers, body === '' ? undefined : body));
      handler(req, res, body);
    });
  });
  server.on('connection', (s) => sockets.push(s));
  return { ...(await listenLoopback(server, () => sockets)), seen, sockets };
}

/**
 * Listens on a free loopback port; `close()` destroys the open sockets (`sockets()`) first, so a
 * client holding one open cannot keep the server up.
 */
async function listenLoopback(server: net.Server, sockets: () => Iterable<net.Socket>): Promise<{ url: string; port: number; close(): Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () => {
      for (const s of sockets()) s.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A TCP server that accepts connections and never says a word; counts connections. */
export async function startSilent(): Promise<{ url: string; port: number; connections: () => number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  let count = 0;
  const server = net.createServer((s) => {
    count++;
    sockets.add(s);
    s.on('error', () => {});
  });
  return { ...(await listenLoopback(server, () => sockets)), connections: () => count };
}

/** A port nothing listens on. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** What the proxy was asked to do. */
export interface ProxyRecord {
  kind: 'connect' | 'absolute';
  /** `host:port` of a CONNECT, or the absolute URL of a forwarded request. */
  target: string;
  headers: Record<string, string>;
}

/** A tiny forward proxy: CONNECT tunnels and absolute-form requests, every host mapped to `upstreamPort`. */
export async function startProxy(upstreamPort: number): Promise<{ url: string; port: number; seen: ProxyRecord[]; close(): Promise<void> }> {
  const seen: ProxyRecord[] = [];
  const sockets = new Set<net.Socket>();
  const server = http.createServer((req, res) => {
    seen.push({ kind: 'absolute', target: req.url ?? '', headers: lowerHeaders(req.headers) });
    const target = new URL(req.url ?? '/');
    const upstream = http.request(
      { host: '127.0.0.1', port: upstreamPort, method: req.method, path: target.pathname + target.search, headers: req.headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    seen.push({ kind: 'connect', target: req.url ?? '', headers: lowerHeaders(req.headers) });
    const upstream = net.connect(upstreamPort, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    const end = () => { upstream.destroy(); client.destroy(); };
    upstream.on('error', end);
    client.on('error', end);
  });
  server.on('connection', (s) => { sockets.add(s); s.on('close', () => sockets.delete(s)); });
  return { ...(await listenLoopback(server, () => sockets)), seen };
}

/** Paths (`.cause.message`) of every string inside `value` that contains `needle`, own properties included. */
export function findString(value: unknown, needle: string, path = '$', seen = new Set<unknown>()): string[] {
  if (typeof value === 'string') return value.includes(needle) ? [path] : [];
  if (typeof value !== 'object' || value === null || seen.has(value) || path.split('.').length > 8) return [];
  seen.add(value);
  const hits: string[] = [];
  for (const key of Object.getOwnPropertyNames(value)) {
    let child: unknown;
    try {
      child = (value as Record<string, unknown>)[key];
    } catch {
      continue;
    }
    hits.push(...findString(child, needle, `${path}.${key}`, seen));
  }
  if (value instanceof Error && value.cause !== undefined) hits.push(...findString(value.cause, needle, `${path}.cause`, seen));
  if (value instanceof AggregateError) hits.push(...findString(value.errors, needle, `${path}.errors`, seen));
  return hits;
}

/** The rejection of `promise` (fails the test when it resolves). */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

/** Names with control characters, and how a terminal, an error or completion shows each. */
export const UNSAFE_NAMES: readonly { name: string; shown: string }[] = [
  { name: 'Alpha', shown: 'Alpha' },
  { name: 'Bell\u0007', shown: 'Bell\\x07' },
  { name: 'Clear\u001b[2J\u001b[Hme', shown: 'Clear\\x1b[2J\\x1b[Hme' },
  { name: 'Csi\u009b2J', shown: 'Csi\\x9b2J' },
  { name: 'Del\u007f', shown: 'Del\\x7f' },
  { name: 'Line\u2028sep', shown: 'Line\\u2028sep' },
  { name: 'New\nline', shown: 'New\\nline' },
  { name: 'Tab\there', shown: 'Tab\\there' },
  // Invisible characters that make a name show other than it is: backwards, or like another.
  { name: 'Virus\u202etxt.exe', shown: 'Virus\\u202etxt.exe' },
  { name: 'Wa\u200blk', shown: 'Wa\\u200blk' },
];

/** A habit as a server other than ours might send it, with the few fields the CLI reads. */
function unsafeHabit(name: string, i: number): Record<string, unknown> {
  return {
    id: `h${i}`, name, icon: null, colorHex: '#112233', type: 'good',
    description: i === 2 ? 'Line one\nLine \u001b]0;pwned\u0007two' : null,
    occurrence: { type: 'daily' }, startDate: '2026-11-01', createdAt: '2026-11-01T08:00:00.000Z',
    isArchived: false, logMethod: 'manual', endCondition: null,
    areas: i === 2 ? [{ id: 'a1', name: 'Area\u001b[31mred', colorHex: '#112233', icon: '', createdAt: '2026-11-01T08:00:00.000Z' }] : [],
    timeOfDays: [],
  };
}

/**
 * A loopback server that speaks enough of API v2 for listings, a habit, the journal, areas,
 * archive and marks, and whose names (UNSAFE_NAMES) and messages hold control characters; an
 * unknown path is a 404 whose message holds an escape sequence.
 */
export async function startUnsafeNamesServer(): Promise<TestServer> {
  const habits = UNSAFE_NAMES.map((n, i) => unsafeHabit(n.name, i));
  const json = (res: http.ServerResponse, status: number, body?: unknown): void => {
    res.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  };
  return startServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const path = url.pathname.replace(/^\/v2/, '');
    const habit = habits.find((h) => path.startsWith(`/habits/${String(h.id)}`));
    if (req.method === 'GET' && path === '/habits') {
      const list = url.searchParams.get('archived') === 'true' ? [] : habits;
      return json(res, 200, { data: list, pagination: { total: list.length, limit: 100, offset: 0 } });
    }
    if (req.method === 'GET' && path === '/habits/journal') {
      return json(res, 200, { data: habits.map((h) => ({ id: h.id, name: h.name, status: 'inprogress', colorHex: '#112233', icon: null, timeOfDayIds: [], type: 'good' })) });
    }
    if (req.method === 'GET' && path === '/areas') {
      return json(res, 200, { data: [{ id: 'a1', name: 'Area\u001b[31mred', colorHex: '#112233', icon: '', createdAt: '2026-11-01T08:00:00.000Z' }] });
    }
    if (habit && req.method === 'GET' && path === `/habits/${String(habit.id)}`) return json(res, 200, { data: habit });
    if (habit && req.method === 'POST' && path.endsWith('/archive')) return json(res, 204);
    if (habit && req.method === 'POST' && path.endsWith('/logs/complete')) return json(res, 201, { message: 'Habit marked as completed' });
    return json(res, 404, { error: 'Not Found', message: 'nothing \u001b[2Jhere' });
  });
}
