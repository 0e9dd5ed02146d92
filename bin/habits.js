#!/usr/bin/env node
// Entry point: keep it thin. All behaviour lives in dist/cli.js, bundled from src/.
import module from 'node:module';

// Node 22+ caches compiled code between runs; a no-op on Node 20.
module.enableCompileCache?.();

const { main } = await import('../dist/cli.js');
process.exitCode = await main(process.argv.slice(2));
