#!/usr/bin/env node
// Entry point: keep it thin. All behaviour lives in dist/cli.js, bundled from src/.
import module from 'node:module';
import v8 from 'node:v8';

// Node 22+ caches compiled code between runs; a no-op on Node 20.
module.enableCompileCache?.();
// undici parses HTTP in WebAssembly. V8's optimising tier-up of that parser keeps a one-shot
// process alive 100-150 ms after its work is done; the baseline compiler alone is fast enough
// for our responses (measured: bench/startup.mjs).
v8.setFlagsFromString('--liftoff-only');

const { main } = await import('../dist/cli.js');
process.exitCode = await main(process.argv.slice(2));
