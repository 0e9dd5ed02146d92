// Proxies, end to end: the built CLI (or an installed copy: HABITS_TEST_BIN), spawned by the Node
// that runs these tests, behind a real forward proxy on loopback that records what it was asked.
// The API is addressed by a name that cannot resolve (api.habits.invalid, RFC 6761) and that only
// the proxy maps to the local service, so a command that succeeds went through the proxy. Over
// https the proxy opens a CONNECT tunnel to a TLS front of the service, whose certificate is made
// here (no private key in the repository) and trusted through NODE_EXTRA_CA_CERTS.
//
// Unit tests of the proxy path (test/api/client.proxy.test.ts) load undici's index for MockAgent,
// which patches undici's prototypes for the whole process; only a process that runs the bundle,
// as a user does, sees what the bundle leaves out.
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { join } from 'node:path';
import tls from 'node:tls';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BIN, noonZone, spawnCli, type CliResult } from '../helpers/cli.js';
import { freePort } from '../helpers/mock-agent.js';
import { selfSignedCert } from '../helpers/self-signed-cert.mjs';
import { addHabit, mark, useService } from '../helpers/service.js';

const HOST = 'api.habits.invalid';
const BIN_UNDER_TEST = process.env.HABITS_TEST_BIN || BIN;
const PROXY_USER = 'proxyuser';
const PROXY_PASSWORD = 'pr0xy-s3cret';
const HINT = 'hint: check the network, or the base URL with `habits config get base-url`';

const { zone, today } = noonZone();
const fx = useService({ start: 'real', timezone: zone });

// ---- the proxy and the TLS front -----------------------------------------------------------------

/** A server on a free loopback port; `close()` destroys its open sockets first. */
interface Listening {
  port: number;
  /** Connections accepted so far. */
  connections(): number;
  close(): Promise<void>;
}

const servers: Listening[] = [];
afterEach(async () => {
  while (servers.length > 0) await servers.pop()?.close();
});

async function listen(server: net.Server): Promise<Listening> {
  const sockets = new Set<net.Socket>();
  let connections = 0;
  server.on('connection', (s: net.Socket) => {
    connections++;
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const listening: Listening = {
    port: (server.address() as AddressInfo).port,
    connections: () => connections,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  servers.push(listening);
  return listening;
}

/** Pipes two sockets both ways; an error on either ends both. */
function splice(a: net.Socket, b: net.Socket): void {
  const end = () => { a.destroy(); b.destroy(); };
  a.on('error', end);
  b.on('error', end);
  a.pipe(b).pipe(a);
}

/** Terminates TLS with `pair` and passes the plain bytes to the loopback `port`. */
function startTlsFront(port: number, pair: { cert: string; key: string }): Promise<Listening> {
  return listen(tls.createServer(pair, (socket) => splice(socket, net.connect(port, '127.0.0.1'))));
}

/** What the proxy was asked: a CONNECT (`host:port`) or a request in absolute form (its URL). */
interface ProxyRecord {
  kind: 'connect' | 'absolute';
  target: string;
  headers: http.IncomingHttpHeaders;
}

interface Proxy extends Listening {
  url: string;
  seen: ProxyRecord[];
}

/**
 * A forward proxy: CONNECT tunnels, and plain-http requests in absolute form (HTTP_PROXY), each to
 * the loopback port `routes` names for the `host:port` asked; anything else gets 502. With
 * `refuse`, every CONNECT is answered with that status instead (403: not allowed; 407: a login).
 */
async function startProxy(routes: Record<string, number>, refuse?: 403 | 407): Promise<Proxy> {
  const seen: ProxyRecord[] = [];
  const server = http.createServer((req, res) => {
    seen.push({ kind: 'absolute', target: req.url ?? '', headers: req.headers });
    const url = URL.canParse(req.url ?? '') ? new URL(req.url ?? '') : undefined;
    const port = url && routes[`${url.hostname}:${url.port || 80}`];
    if (!url || !port) return void res.writeHead(502).end();
    const { 'proxy-authorization': _auth, 'proxy-connection': _conn, ...headers } = req.headers;
    const upstream = http.request({ host: '127.0.0.1', port, method: req.method, path: url.pathname + url.search, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    seen.push({ kind: 'connect', target: req.url ?? '', headers: req.headers });
    const port = routes[req.url ?? ''];
    if (refuse || !port) {
      const status = refuse ?? 502;
      const challenge = status === 407 ? 'Proxy-Authenticate: Basic realm="proxy"\r\n' : '';
      client.on('error', () => {});
      client.end(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n${challenge}Content-Length: 0\r\n\r\n`);
      return;
    }
    const upstream = net.connect(port, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      splice(client, upstream);
    });
    upstream.on('error', () => client.destroy());
  });
  const listening = await listen(server);
  return { ...listening, url: `http://127.0.0.1:${listening.port}`, seen };
}

// ---- the runs ------------------------------------------------------------------------------------

let tlsPair: { cert: string; key: string };
let caFile: string;

beforeAll(async () => {
  tlsPair = selfSignedCert(HOST);
  caFile = join(fx.home.home, 'ca.pem');
  writeFileSync(caFile, tlsPair.cert);
  await addHabit(fx.svc, { name: 'Walk', startDate: today });
  const read = await addHabit(fx.svc, { name: 'Read', startDate: today });
  await mark(fx.svc, read.id, 'complete', today);
});

/** The proxy in front of the service: https to its TLS front, plain http to the service itself. */
async function proxyToService(): Promise<Proxy> {
  const servicePort = Number(new URL(fx.svc.url).port);
  const front = await startTlsFront(servicePort, tlsPair);
  return startProxy({ [`${HOST}:443`]: front.port, [`${HOST}:80`]: servicePort });
}

/** Runs the CLI against `https://api.habits.invalid/v2` (or `base`), with the test CA trusted. */
function run(args: string[], env: Record<string, string>, base = `https://${HOST}/v2`): Promise<CliResult> {
  return spawnCli(args, { bin: BIN_UNDER_TEST, env: { ...fx.env, HABITS_BASE_URL: base, NODE_EXTRA_CA_CERTS: caFile, ...env } });
}

/** The `name` and `status` columns of the piped journal. */
function journalRows(stdout: string): string[][] {
  return stdout.trimEnd().split('\n').map((line) => line.split('\t').slice(1, 3));
}

/** The habits seeded before all tests, as the journal shows them (tests may add others). */
const SEEDED = expect.arrayContaining([['Read', 'completed'], ['Walk', 'inprogress']]);

/** Neither the API key nor the proxy's credentials show anywhere in what the user sees. */
function expectNoSecrets(r: CliResult): void {
  for (const secret of [fx.svc.apiKey, PROXY_USER, PROXY_PASSWORD]) {
    expect(r.stdout).not.toContain(secret);
    expect(r.stderr).not.toContain(secret);
  }
}

/** One error line (and a hint), no stack trace: the lines of stderr. */
function errorLines(r: CliResult): string[] {
  expect(r.stderr).not.toMatch(/^\s+at /m);
  const lines = r.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toBe(HINT);
  return lines;
}

const journalRequests = () => fx.svc.requests.filter((r) => r.path === '/habits/journal');

describe('HTTPS_PROXY: https through a CONNECT tunnel', () => {
  it('habits journal shows the journal; the proxy opened one tunnel to the API host and never saw the key', async () => {
    const proxy = await proxyToService();
    const before = journalRequests().length;
    const r = await run(['journal'], { HTTPS_PROXY: proxy.url });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(journalRows(r.stdout)).toEqual(SEEDED);
    expect(proxy.seen.map(({ kind, target }) => ({ kind, target }))).toEqual([{ kind: 'connect', target: `${HOST}:443` }]);
    expect(JSON.stringify(proxy.seen)).not.toContain(fx.svc.apiKey);
    expect(journalRequests().slice(before)).toMatchObject([{ method: 'GET', query: { date: today } }]);
    expectNoSecrets(r);
  });

  it('a write goes through the tunnel too: log done marks the habit', async () => {
    const stretch = await addHabit(fx.svc, { name: 'Stretch', startDate: today });
    const proxy = await proxyToService();
    const r = await run(['log', 'done', 'Stretch'], { HTTPS_PROXY: proxy.url });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('Stretch');
    expect(fx.svc.requests.filter((q) => q.method === 'POST' && q.path === `/habits/${stretch.id}/logs/complete`)).toHaveLength(1);
    expect(proxy.seen.length).toBeGreaterThan(0);
    expect(proxy.seen.every((s) => s.kind === 'connect' && s.target === `${HOST}:443`)).toBe(true);
  });

  it('https_proxy with a login: the CONNECT carries it, and --verbose names the proxy without it', async () => {
    const proxy = await proxyToService();
    const r = await run(['--verbose', 'journal'], { https_proxy: `http://${PROXY_USER}:${PROXY_PASSWORD}@127.0.0.1:${proxy.port}` });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`using proxy http://127.0.0.1:${proxy.port} for https://${HOST}\n`);
    expect(proxy.seen).toHaveLength(1);
    expect(proxy.seen[0]?.headers['proxy-authorization']).toBe(`Basic ${Buffer.from(`${PROXY_USER}:${PROXY_PASSWORD}`).toString('base64')}`);
    expectNoSecrets(r);
  });
});

describe('HTTP_PROXY: plain http in absolute form', () => {
  it('habits journal goes to the proxy as an absolute URL, and the proxy passes it on', async () => {
    const proxy = await proxyToService();
    const r = await run(['--allow-insecure', 'journal'], { HTTP_PROXY: proxy.url }, `http://${HOST}/v2`);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(journalRows(r.stdout)).toEqual(SEEDED);
    expect(proxy.seen.map(({ kind, target }) => ({ kind, target }))).toEqual([
      { kind: 'absolute', target: `http://${HOST}/v2/habits/journal?date=${today}` },
    ]);
    expect(proxy.seen[0]?.headers.host).toBe(HOST);
    expectNoSecrets(r);
  });
});

describe('NO_PROXY', () => {
  it.each([HOST, '.habits.invalid', `other.example, ${HOST}:443`])('NO_PROXY=%s: the CLI goes to the host itself, not to the proxy', async (noProxy) => {
    const proxy = await proxyToService();
    const r = await run(['journal'], { HTTPS_PROXY: proxy.url, NO_PROXY: noProxy });
    // Direct, the name does not resolve: the error names the host, and no proxy.
    expect(r.code).toBe(1);
    const [line] = errorLines(r);
    expect(line).toMatch(/^error: .*api\.habits\.invalid.* \(GET \/habits\/journal\)$/);
    expect(line).not.toContain('proxy');
    expect(proxy.connections()).toBe(0);
    expect(r.stdout).toBe('');
    expectNoSecrets(r);
  });
});

describe('a proxy that fails', () => {
  it('a proxy that is down: one line naming it, without its login, exit 1', async () => {
    const port = await freePort();
    const r = await run(['journal'], { HTTPS_PROXY: `http://${PROXY_USER}:${PROXY_PASSWORD}@127.0.0.1:${port}` });
    expect(r.code).toBe(1);
    expect(errorLines(r)[0]).toBe(`error: connection refused by proxy 127.0.0.1:${port} (GET /habits/journal)`);
    expect(r.stdout).toBe('');
    expectNoSecrets(r);
  });

  it('a proxy that refuses the tunnel (403): one line naming it and its answer, exit 1, asked once', async () => {
    const proxy = await startProxy({}, 403);
    const r = await run(['journal'], { HTTPS_PROXY: `http://${PROXY_USER}:${PROXY_PASSWORD}@127.0.0.1:${proxy.port}` });
    expect(r.code).toBe(1);
    expect(errorLines(r)[0]).toBe(`error: the proxy 127.0.0.1:${proxy.port} did not open a tunnel to ${HOST}:443 (it answered 403) (GET /habits/journal)`);
    // Asking again gets the same answer: the CLI does not.
    expect(proxy.seen.map(({ kind, target }) => ({ kind, target }))).toEqual([{ kind: 'connect', target: `${HOST}:443` }]);
    expect(r.stdout).toBe('');
    expectNoSecrets(r);
  });

  it('a proxy that wants a login (407): one line saying so, exit 1, asked once', async () => {
    const proxy = await startProxy({}, 407);
    const r = await run(['journal'], { HTTPS_PROXY: proxy.url });
    expect(r.code).toBe(1);
    expect(errorLines(r)[0]).toBe(`error: the proxy 127.0.0.1:${proxy.port} wants a login (407); put user:password in the proxy URL (GET /habits/journal)`);
    expect(proxy.seen).toHaveLength(1);
    expect(r.stdout).toBe('');
    expectNoSecrets(r);
  });
});
