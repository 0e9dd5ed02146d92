#!/usr/bin/env node
// Entry point: keep it thin. All behaviour lives in dist/, bundled from src/. This file is
// CommonJS (bin/package.json), so that what a shell runs at every Tab, `habits __complete -- …`,
// is answered by dist/complete.cjs without starting Node's ES module loader (about 3 ms), and so is
// `habits status` (dist/status.cjs), which a prompt runs at every line; every other command goes
// on to dist/cli.js, an ES module.
'use strict';

// Node 22+ caches compiled code between runs; a no-op on Node 20.
require('node:module').enableCompileCache?.();

const argv = process.argv.slice(2);
if (argv[0] === '__complete' && argv[1] === '--') {
  require('../dist/complete.cjs').run(argv.slice(2));
} else if (argv[0] === 'status' && !argv.includes('--refresh')) {
  // `habits status` in a prompt: the status file, read the same way (dist/status.cjs, status-bin.ts).
  require('../dist/status.cjs').run(argv.slice(1));
} else {
  import('../dist/cli.js').then(async ({ main }) => {
    process.exitCode = await main(argv);
  });
}
