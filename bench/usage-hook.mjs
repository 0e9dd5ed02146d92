// Preloaded by bench/jq.mjs (NODE_OPTIONS=--import=…) in each run: writes the process's resource
// usage (CPU time of every thread, in µs, and peak RSS in KiB) as JSON to BENCH_USAGE_FILE at exit.
// CPU time, unlike wall time, hardly moves when other work shares the machine.
import { writeFileSync } from 'node:fs';

const file = process.env.BENCH_USAGE_FILE;
if (file) process.on('exit', () => writeFileSync(file, JSON.stringify(process.resourceUsage())));
