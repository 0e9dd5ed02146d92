#!/usr/bin/env node
// Benchmark of the local service (not a test). Run after `npm run build`:
//   node bench/server.mjs
// Seeds 300 habits with three years of daily logs, serves the file from a child process, and
// reports p50/p95 of GET /habits/journal and of one year of GET .../statistics over loopback
// HTTP, plus GET /areas throughput against a bare node:http server sending the same bytes.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'undici';
import { seedStore } from './seed.mjs';

const SERVER = new URL('../dist/server.js', import.meta.url).href;
const server = await import(SERVER);

const HABITS = 300;
const DAYS = 3 * 365;
const LATENCY_RUNS = 200;
const CONCURRENCY = 16;
const ROUND_MS = 1500;
const API_KEY = 'hb_benchbenchbenchbenchbenchbench';

const dir = mkdtempSync(join(tmpdir(), 'habits-bench-'));
const file = join(dir, 'bench.db');
const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const today = day(0);

async function seedData() {
  const started = performance.now();
  const seeded = await seedStore(server, file, { habits: HABITS, days: DAYS, key: API_KEY });
  return { ...seeded, ms: performance.now() - started };
}

function child(script, args) {
  const proc = spawn(process.execPath, ['--input-type=module', '-e', script, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    proc.stdout.on('data', (c) => {
      out += c;
      const line = out.split('\n')[0];
      if (out.includes('\n')) resolve({ url: line, pid: proc.pid, stop: () => new Promise((r) => { proc.on('exit', r); proc.kill('SIGTERM'); }) });
    });
    proc.on('exit', (code) => reject(new Error(`child exited ${code}`)));
  });
}

const serviceScript = `
  const { openStore, createServer } = await import(process.argv[1]);
  const store = await openStore(process.argv[2]);
  // A limit no run reaches, so the limiter's cost is measured but never answers 429.
  const server = createServer({ db: store, apiKey: process.argv[3], timezone: 'UTC', rateLimit: { limit: 1e12, windowMs: 60000 } });
  const listening = await server.listen({ port: 0 });
  process.stdout.write(listening.url + '\\n');
  process.on('SIGTERM', async () => { await listening.close(); store.close(); process.exit(0); });
`;

const bareScript = `
  const { createServer } = await import('node:http');
  const payload = process.argv[1];
  const server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(payload)) });
    res.end(payload);
  });
  server.listen(0, '127.0.0.1', () => process.stdout.write('http://127.0.0.1:' + server.address().port + '/v2\\n'));
  process.on('SIGTERM', () => { server.closeAllConnections(); server.close(() => process.exit(0)); });
`;

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function timed(pool, path) {
  const t = performance.now();
  const res = await pool.request({ method: 'GET', path, headers: { 'x-api-key': API_KEY } });
  const body = await res.body.text();
  if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${body.slice(0, 200)}`);
  return { ms: performance.now() - t, bytes: Buffer.byteLength(body) };
}

async function latency(pool, paths) {
  for (let i = 0; i < 20; i++) await timed(pool, paths(i)); // warm-up
  const samples = [];
  let bytes = 0;
  for (let i = 0; i < LATENCY_RUNS; i++) {
    const r = await timed(pool, paths(i));
    samples.push(r.ms);
    bytes = r.bytes;
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), bytes };
}

/** CPU time (user + system) a process has used, in ms; Linux /proc, else NaN. */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in 1/100 s ticks
  } catch {
    return NaN;
  }
}

/** Requests per second with CONCURRENCY connections for `ms`, and the server's CPU ms per request. */
async function throughput(target, path, ms) {
  const cpuBefore = cpuMs(target.pid);
  const rps = await load(target.url, path, ms);
  return { rps, cpuPerReq: (cpuMs(target.pid) - cpuBefore) / (rps * (ms / 1000)) };
}

async function load(url, path, ms) {
  const u = new URL(url);
  const pool = new Pool(u.origin, { connections: CONCURRENCY });
  const full = u.pathname + path;
  let count = 0;
  const end = performance.now() + ms;
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (performance.now() < end) {
      const res = await pool.request({ method: 'GET', path: full, headers: { 'x-api-key': API_KEY } });
      await res.body.arrayBuffer();
      if (res.statusCode !== 200) throw new Error(`throughput: ${res.statusCode}`);
      count++;
    }
  }));
  await pool.close();
  return count / (ms / 1000);
}

const fmt = (n) => n.toFixed(2);

const seeded = await seedData();
console.log(`seeded ${HABITS} habits, ${seeded.logs} logs over ${DAYS} days in ${(seeded.ms / 1000).toFixed(1)} s (${file})`);

const service = await child(serviceScript, [SERVER, file, API_KEY]);
const origin = new URL(service.url).origin;
const pool = new Pool(origin, { connections: 1 });
const base = new URL(service.url).pathname;

const cold = await timed(pool, `${base}/habits/journal?date=${today}`);
console.log(`GET /habits/journal, first request after start: ${fmt(cold.ms)} ms`);
const journal = await latency(pool, () => `${base}/habits/journal?date=${today}`);
console.log(`GET /habits/journal (${HABITS} habits, ${journal.bytes} bytes): p50 ${fmt(journal.p50)} ms, p95 ${fmt(journal.p95)} ms  [target p50 < 15 ms]`);
const start = day(-364);
const stats = await latency(pool, (i) => `${base}/habits/${seeded.ids[(i * 7) % seeded.ids.length]}/statistics?startDate=${start}&endDate=${today}`);
console.log(`GET /habits/{id}/statistics, one year (${stats.bytes} bytes): p50 ${fmt(stats.p50)} ms, p95 ${fmt(stats.p95)} ms`);
const logs = await latency(pool, (i) => `${base}/habits/${seeded.ids[(i * 7) % seeded.ids.length]}/logs?from=${day(-30)}&to=${today}`);
console.log(`GET /habits/{id}/logs, one month of ${DAYS} days (${logs.bytes} bytes): p50 ${fmt(logs.p50)} ms, p95 ${fmt(logs.p95)} ms`);
await pool.close();

// Throughput of GET /areas against a bare node:http server answering the same bytes.
const areasBody = await (await fetch(`${service.url}/areas`, { headers: { 'x-api-key': API_KEY } })).text();
const bare = await child(bareScript, [areasBody]);
await throughput(service, '/areas', 1000); // warm-up
await throughput(bare, '/areas', 1000);
// Alternate short rounds so that other load on the machine hits both alike; report medians.
const rounds = [];
for (let round = 0; round < 5; round++) rounds.push({ bare: await throughput(bare, '/areas', ROUND_MS), ours: await throughput(service, '/areas', ROUND_MS) });
const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ours = median(rounds.map((r) => r.ours.rps));
const theirs = median(rounds.map((r) => r.bare.rps));
const ratio = median(rounds.map((r) => r.ours.rps / r.bare.rps));
const cpuRatio = median(rounds.map((r) => r.bare.cpuPerReq / r.ours.cpuPerReq));
console.log(`GET /areas (${Buffer.byteLength(areasBody)} bytes, ${CONCURRENCY} connections, 5 alternating rounds of ${ROUND_MS / 1000} s, medians):`);
console.log(`  local service ${ours.toFixed(0)} req/s, bare node:http ${theirs.toFixed(0)} req/s, throughput ratio ${ratio.toFixed(2)}  [target >= 0.6]`);
console.log(`  server CPU per request: local service ${(median(rounds.map((r) => r.ours.cpuPerReq)) * 1000).toFixed(1)} us, bare ${(median(rounds.map((r) => r.bare.cpuPerReq)) * 1000).toFixed(1)} us, ratio bare/ours ${cpuRatio.toFixed(2)}`);

await Promise.all([service.stop(), bare.stop()]);
rmSync(dir, { recursive: true, force: true });
