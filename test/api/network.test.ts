// Messages for failures without an answer, built from the target's host and port as kept apart.
import { describe, expect, it } from 'vitest';
import { formatMs, networkError } from '../../src/api/network.js';
import type { Target } from '../../src/api/network.js';

const req = { method: 'GET', path: '/habits' };
const direct: Target = { server: { host: 'api.test', port: 443 } };
const proxied: Target = { server: { host: 'api.test', port: 443 }, proxy: { host: 'proxy.corp', port: 8080 } };
const failure = (code: string) => Object.assign(new Error(code), { code });

describe('networkError', () => {
  it('names the proxy host alone when it is the one not found, even without a hostname on the error', () => {
    expect(networkError(failure('ENOTFOUND'), req, proxied, 1000).serverMessage).toBe('proxy host not found: proxy.corp');
    expect(networkError(failure('ENOTFOUND'), req, direct, 1000).serverMessage).toBe('host not found: api.test');
  });
  it('puts the first hop in connection failures, and the target behind the proxy in answer failures', () => {
    expect(networkError(failure('ECONNREFUSED'), req, proxied, 1000).serverMessage).toBe('connection refused by proxy proxy.corp:8080');
    expect(networkError(failure('UND_ERR_HEADERS_TIMEOUT'), req, proxied, 1500).serverMessage)
      .toBe('no answer from api.test:443 (through proxy proxy.corp:8080) within 1.5 s');
  });
});

describe('formatMs', () => {
  it('shows milliseconds under a second, seconds from there', () => {
    expect([200, 999, 1000, 1500, 30_000].map(formatMs)).toEqual(['200 ms', '999 ms', '1 s', '1.5 s', '30 s']);
  });
});
