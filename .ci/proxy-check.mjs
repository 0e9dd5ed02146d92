#!/usr/bin/env node
// Checks an installed `habits` behind a proxy, as a user behind one runs it, with nothing but Node:
//
//   node .ci/proxy-check.mjs <prefix>/bin/habits [--server-bin <path>]
//
// It starts `habits serve` (from --server-bin, default the same bin: the local service needs SQLite,
// which an installed package may lack on some Node lines), a TLS front of it with a certificate made
// here, and a forward proxy on loopback that records what it is asked. Then, with the Node running
// this script (so each Node line checks itself), `habits journal --json`:
//   - HTTPS_PROXY, https base URL: through a CONNECT tunnel to the TLS front;
//   - HTTP_PROXY, http base URL: a request in absolute form, passed on by the proxy.
// The API is addressed as api.habits.invalid, a name that never resolves (RFC 6761) and that only
// the proxy maps to the service: a run that succeeds went through the proxy.
// Prints one `proxy-check: ok (...)` line, or the failure and exits 1.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { selfSignedCert, startProxy, startTlsFront } from '../test/helpers/proxy-servers.mjs';

const HOST = 'api.habits.invalid';
const HABIT = 'Proxy check';
/** Each child's limit: a hung run fails the check rather than CI's whole job. */
const CHILD_MS = 30_000;

class CheckFailure extends Error {}

function usage() {
  return 'usage: node .ci/proxy-check.mjs <path to habits bin> [--server-bin <path>]';
}

function parseArgs(argv) {
  const args = argv.slice(2);
  let bin;
  let serverBin;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--server-bin') serverBin = args[++i];
    else if (args[i]?.startsWith('--server-bin=')) serverBin = args[i].slice('--server-bin='.length);
    else if (!bin && !args[i].startsWith('-')) bin = args[i];
    else throw new CheckFailure(`unexpected argument ${JSON.stringify(args[i])}\n${usage()}`);
  }
  if (!bin || serverBin === '') throw new CheckFailure(usage());
  const paths = { bin: resolve(bin), serverBin: resolve(serverBin ?? bin) };
  for (const path of new Set(Object.values(paths))) {
    if (!existsSync(path)) throw new CheckFailure(`${path}: no such file`);
  }
  return paths;
}

// ---- servers on loopback ---------------------------------------------------------------------------


// ---- habits --------------------------------------------------------------------------------------

/** Runs `bin` with this script's Node and exactly `env`; resolves with its exit and output. */
function run(bin, args, env) {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [bin, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += c));
    child.stderr.on('data', (c) => (stderr += c));
    const timer = setTimeout(() => child.kill('SIGKILL'), CHILD_MS);
    child.on('error', fail);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      done({ code: code ?? signal, stdout, stderr });
    });
  });
}

/**
 * `habits serve --port 0` from `bin`, with its key given (HABITS_SERVE_API_KEY: out of `ps`); resolves
 * with its URL from the line it prints on stderr once it listens.
 */
function startServe(bin, dataFile, env) {
  const child = spawn(process.execPath, [bin, 'serve', '--data', dataFile, '--port', '0'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  const url = new Promise((done, fail) => {
    const timer = setTimeout(() => fail(new CheckFailure(`habits serve (${bin}) did not start within ${CHILD_MS / 1000} s:\n${stderr}`)), CHILD_MS);
    child.stderr.on('data', (c) => {
      stderr += c;
      const found = /listening on (http:\/\/\S+)/.exec(stderr);
      if (found) {
        clearTimeout(timer);
        done(found[1]);
      }
    });
    child.on('error', (err) => { clearTimeout(timer); fail(err); });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      fail(new CheckFailure(`habits serve (${bin}) exited (${code ?? signal}) before it listened:\n${stderr}`));
    });
  });
  return { url, stop: () => child.exitCode === null && child.signalCode === null && child.kill('SIGTERM') };
}

/** Adds the habit the journal must show; plain http to the service on loopback, no proxy. */
async function seed(serviceUrl, apiKey) {
  const res = await fetch(`${serviceUrl}/habits`, {
    method: 'POST',
    headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
    body: JSON.stringify({ name: HABIT, type: 'good', startDate: '2020-01-01', occurrence: { type: 'daily' } }),
  });
  if (res.status !== 201) throw new CheckFailure(`seeding the service: POST /habits answered ${res.status}: ${await res.text()}`);
}

/** What a run showed, for a failure message; the key never is. */
function shown(r, apiKey) {
  const text = `exit ${r.code}\n--- stdout\n${r.stdout}--- stderr\n${r.stderr}`;
  return text.replaceAll(apiKey, '[key]');
}

/** Fails unless `r` is a journal, as JSON, that lists the seeded habit, with the key nowhere in it. */
function expectJournal(label, r, apiKey) {
  if (r.stdout.includes(apiKey) || r.stderr.includes(apiKey)) throw new CheckFailure(`${label}: the API key shows in the output`);
  let journal;
  try {
    journal = JSON.parse(r.stdout);
  } catch {
    journal = undefined;
  }
  if (r.code !== 0 || !Array.isArray(journal) || !journal.some((h) => h?.name === HABIT)) {
    throw new CheckFailure(`${label}: expected exit 0 and a journal listing "${HABIT}"; got ${shown(r, apiKey)}`);
  }
}

/** Fails unless the proxy was asked one thing, `kind target`, and that begins with `expected`. */
function expectAsked(label, proxy, expected) {
  const asked = proxy.seen.map((s) => `${s.kind} ${s.target}`);
  if (asked.length !== expected.length || !asked.every((a, i) => a.startsWith(expected[i]))) {
    throw new CheckFailure(`${label}: the proxy was asked ${JSON.stringify(asked)}, expected ${JSON.stringify(expected.map((e) => `${e}…`))}`);
  }
}

async function check({ bin, serverBin }, dir, cleanups) {
  const apiKey = `hb_${randomBytes(16).toString('hex')}`;
  const home = { HOME: dir, XDG_CONFIG_HOME: join(dir, 'config'), XDG_CACHE_HOME: join(dir, 'cache'), XDG_DATA_HOME: join(dir, 'data') };
  // Nothing inherited: a proxy set in CI's own environment must not leak into the runs.
  const serve = startServe(serverBin, join(dir, 'habits.db'), { ...home, TZ: 'UTC', HABITS_SERVE_API_KEY: apiKey });
  cleanups.push(serve.stop);
  const serviceUrl = await serve.url;
  await seed(serviceUrl, apiKey);

  const servicePort = Number(new URL(serviceUrl).port);
  const pair = selfSignedCert(HOST);
  const caFile = join(dir, 'ca.pem');
  writeFileSync(caFile, pair.cert);
  const front = await startTlsFront(servicePort, pair);
  cleanups.push(front.close);
  const routes = { [`${HOST}:443`]: front.port, [`${HOST}:80`]: servicePort };
  const env = { ...home, HABITS_TIMEZONE: 'UTC', HABITS_API_KEY: apiKey, NODE_EXTRA_CA_CERTS: caFile };

  const https = await startProxy(routes);
  cleanups.push(https.close);
  const tunnelled = await run(bin, ['journal', '--json'], { ...env, HABITS_BASE_URL: `https://${HOST}/v2`, HTTPS_PROXY: `http://127.0.0.1:${https.port}` });
  expectJournal('HTTPS_PROXY', tunnelled, apiKey);
  // A tunnel for the journal, and one for the listing of habits that a cold name cache makes once
  // (which of them have ended: docs/cli-contract.md, issue 31).
  expectAsked('HTTPS_PROXY', https, [`connect ${HOST}:443`, `connect ${HOST}:443`]);

  const plain = await startProxy(routes);
  cleanups.push(plain.close);
  const forwarded = await run(bin, ['--allow-insecure', 'journal', '--json'], { ...env, HABITS_BASE_URL: `http://${HOST}/v2`, HTTP_PROXY: `http://127.0.0.1:${plain.port}` });
  expectJournal('HTTP_PROXY', forwarded, apiKey);
  expectAsked('HTTP_PROXY', plain, [`absolute http://${HOST}/v2/habits/journal?`, `absolute http://${HOST}/v2/habits?`]);
}

async function main() {
  const cleanups = [];
  const dir = mkdtempSync(join(tmpdir(), 'habits-proxy-check-'));
  try {
    const options = parseArgs(process.argv);
    await check(options, dir, cleanups);
    const server = options.serverBin === options.bin ? '' : `, serve from ${options.serverBin}`;
    console.log(`proxy-check: ok (node ${process.version}, ${options.bin}${server}: https through a CONNECT tunnel, http in absolute form)`);
  } catch (err) {
    console.error(`proxy-check: FAILED: ${err instanceof CheckFailure ? err.message : err?.stack ?? err}`);
    process.exitCode = 1;
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
