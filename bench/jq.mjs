#!/usr/bin/env node
// Benchmark of --jq (not a test). Run after `npm run build`:
//   node bench/jq.mjs [--runs N] [--sizes 1,4,16]
// Seeds local stores whose export is about 1, 4 and 16 MB of compact JSON (what --jq reads), and
// runs `habits --local export` without --jq, then with filters that read all of it and print a word
// (.format), a count (.habits | length) or all of it again (.), and with jq given only the export's
// `format` field (jq's fixed cost: the worker, loading jq, compiling the filter). Per case, the
// medians of N runs: the CPU time of the process (every thread; bench/usage-hook.mjs), which other
// load on the machine moves less than the wall time, and the wall time; the CPU time beyond the
// fixed-cost case, per MB of input; and the peak RSS. (Plain `export` prints the export indented,
// which the --jq cases do not: it is there for its RSS and time, not as the baseline.) jq's cost is
// linear when the per-MB column stays flat as the size grows.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { seedStore } from './seed.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = join(ROOT, 'bin/habits.js');
const { values: opts } = parseArgs({ options: { runs: { type: 'string', default: '5' }, sizes: { type: 'string', default: '1,4,16' } } });
const RUNS = Number(opts.runs);
// Habit-days per MB of compact export, measured on this seed (a month of logs): 300 x 890 = 13.8 MB.
const HABIT_DAYS_PER_MB = 19_300;

const server = await import(pathToFileURL(join(ROOT, 'dist/server.js')).href);
const tmp = mkdtempSync(join(tmpdir(), 'habits-bench-jq-'));
process.on('exit', () => rmSync(tmp, { recursive: true, force: true }));

const USAGE = join(tmp, 'usage.json');
const HOOK = `--import=${pathToFileURL(join(ROOT, 'bench/usage-hook.mjs')).href}`;

/** One run: its wall and CPU time (ms), peak RSS (MB) and stdout. */
function habits(dir, args) {
  const env = { PATH: process.env.PATH, HOME: tmp, HABITS_DATA_DIR: dir, HABITS_TIMEZONE: 'UTC', NODE_OPTIONS: HOOK, BENCH_USAGE_FILE: USAGE };
  const started = performance.now();
  const r = spawnSync(process.execPath, [BIN, '--local', ...args], { env, encoding: 'utf8', maxBuffer: 1 << 30 });
  const ms = performance.now() - started;
  if (r.status !== 0) throw new Error(`habits ${args.join(' ')}: exit ${r.status}: ${r.stderr}`);
  const usage = JSON.parse(readFileSync(USAGE, 'utf8'));
  return { ms, cpu: (usage.userCPUTime + usage.systemCPUTime) / 1000, rss: usage.maxRSS / 1024, stdout: r.stdout };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const CASES = [
  ['export', []],
  // jq's fixed cost: the same export, only its `format` field given to jq.
  ['--json format --jq .format', ['--json', 'format', '--jq', '.format']],
  ['--jq .format', ['--jq', '.format']],
  ['--jq ".habits | length"', ['--jq', '.habits | length']],
  ['--jq .', ['--jq', '.']],
];

console.log(`node ${process.version}, ${RUNS} runs each, median`);
console.log('input MB | case | CPU ms | wall ms | CPU ms per MB beyond the fixed cost | peak RSS MB');
for (const size of opts.sizes.split(',').map(Number)) {
  const habitDays = size * HABIT_DAYS_PER_MB;
  const count = Math.min(300, Math.max(10, Math.round(habitDays / 365)));
  const dir = join(tmp, `s${size}`);
  await seedStore(server, join(dir, 'habits.db'), { habits: count, days: Math.round(habitDays / count), logDays: 30, key: 'hb_benchbenchbenchbenchbenchbench' });
  const exported = habits(dir, ['export']).stdout;
  const compact = JSON.stringify(JSON.parse(exported));
  const mb = Buffer.byteLength(compact) / 1e6;
  // Each case's output is checked once: the filter saw the whole export.
  const expected = { '--json format --jq .format': 'habits-export\n', '--jq .format': 'habits-export\n', '--jq ".habits | length"': `${count}\n` };
  let fixed;
  for (const [name, args] of CASES) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const r = habits(dir, ['export', ...args]);
      if (i === 0 && name in expected && r.stdout !== expected[name]) throw new Error(`${name}: unexpected output (${r.stdout.length} chars)`);
      if (i === 0 && name === '--jq .' && JSON.stringify({ ...JSON.parse(r.stdout), exportedAt: 0 }) !== JSON.stringify({ ...JSON.parse(compact), exportedAt: 0 })) throw new Error(`${name}: not the export`);
      runs.push(r);
    }
    const cpu = median(runs.map((r) => r.cpu));
    const perMb = fixed === undefined ? '' : ((cpu - fixed) / mb).toFixed(0);
    if (name !== 'export') fixed ??= cpu;
    console.log(`${mb.toFixed(1)} | ${name} | ${cpu.toFixed(0)} | ${median(runs.map((r) => r.ms)).toFixed(0)} | ${perMb} | ${Math.max(...runs.map((r) => r.rss)).toFixed(0)}`);
  }
}
