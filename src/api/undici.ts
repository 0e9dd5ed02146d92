// The parts of undici every request needs, loaded by module on the first request rather than
// through undici's index, which also loads fetch, WebSocket, the cache, the mocks and more (a
// one-shot request through the index measured about 2.5x a node:http one; with these alone, 1.3x).

// undici parses HTTP in WebAssembly, compiled on its first connection. On Node 20 (V8 11.3), the
// optimising compiler's work on that parser keeps a one-shot process alive 50-60 ms after its own
// work is done; Liftoff, the baseline compiler, alone is fast enough for our responses. Measured
// here, `habits log done` 120 -> 62 ms; --no-wasm-tier-up does not help (120 ms). Node 22
// (V8 12.4) has no such wait, and there the flag only slows the parser (a 300-habit journal
// +3 ms), so it is set before Node 22 only. Set as undici loads, before its first connection, not
// in bin/: commands that never connect do not load node:v8.
if (Number(process.versions.node.split('.')[0]) < 22) {
  process.getBuiltinModule('node:v8').setFlagsFromString('--liftoff-only');
}

export { default as Agent } from 'undici/lib/dispatcher/agent.js';
/** Dispatcher#request as a function of any dispatcher (`this`); undici's index puts it on the prototype. */
export { default as request } from 'undici/lib/api/api-request.js';
