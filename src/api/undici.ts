// The parts of undici every request needs, loaded by module on the first request rather than
// through undici's index, which also loads fetch, WebSocket, the cache, the mocks and more (a
// one-shot request through the index measured about 2.5x a node:http one; with these alone, 1.3x).
export { default as Agent } from 'undici/lib/dispatcher/agent.js';
/** Dispatcher#request as a function of any dispatcher (`this`); undici's index puts it on the prototype. */
export { default as request } from 'undici/lib/api/api-request.js';
