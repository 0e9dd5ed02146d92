// Preloaded by bench/run.mjs (NODE_OPTIONS=--import=…) in one untimed run per case: writes the
// process's peak resident set size, in KiB, to the file named by BENCH_RSS_FILE when it exits.
import { writeFileSync } from 'node:fs';

const file = process.env.BENCH_RSS_FILE;
if (file) process.on('exit', () => writeFileSync(file, String(process.resourceUsage().maxRSS)));
