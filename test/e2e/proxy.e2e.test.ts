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
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BIN, noonZone, spawnCli, type CliResult } from '../helpers/cli.js';
import { freePort } from '../helpers/mock-agent.js';
import { type Listening, type Proxy, startProxy as proxyServer, selfSignedCert, startTlsFront as tlsFront } from '../helpers/proxy-servers.mjs';
import { addHabit, mark, useService } from '../helpers/service.js';

const HOST = 'api.habits.invalid';
const BIN_UNDER_TEST = process.env.HABITS_TEST_BIN || BIN;
const PROXY_USER = 'proxyuser';
const PROXY_PASSWORD = 'pr0xy-s3cret';
const HINT = 'hint: check the network, or the base URL with `habits config get base-url`';

const { zone, today } = noonZone();
const fx = useService({ start: 'real', timezone: zone });

// ---- the proxy and the TLS front (test/helpers/proxy-servers.mjs), closed after each test -----

const servers: Listening[] = [];
afterEach(async () => {
  while (servers.length > 0) await servers.pop()?.close();
});

/** `listening`, closed after the test. */
function closedAfter<T extends Listening>(listening: T): T {
  servers.push(listening);
  return listening;
}

const startTlsFront = async (port: number, pair: { cert: string; key: string }) => closedAfter(await tlsFront(port, pair));
const startProxy = async (routes: Record<string, number>, refuse?: 403 | 407): Promise<Proxy> => closedAfter(await proxyServer(routes, refuse));

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
  it('habits journal shows the journal; the proxy opened tunnels to the API host alone and never saw the key', async () => {
    const proxy = await proxyToService();
    const before = journalRequests().length;
    const r = await run(['journal'], { HTTPS_PROXY: proxy.url });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(journalRows(r.stdout)).toEqual(SEEDED);
    // A tunnel for the journal, and one for the listing of habits a cold name cache makes once
    // (which of them have ended: docs/cli-contract.md).
    expect(proxy.seen.map(({ kind, target }) => ({ kind, target }))).toEqual([{ kind: 'connect', target: `${HOST}:443` }, { kind: 'connect', target: `${HOST}:443` }]);
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
      // The listing a cold name cache makes once (which habits have ended).
      { kind: 'absolute', target: `http://${HOST}/v2/habits?archived=false&limit=100&offset=0` },
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
