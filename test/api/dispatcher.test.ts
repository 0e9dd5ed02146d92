// Proxy settings from the env, the NO_PROXY rules, and which dispatcher the client builds.
import { Agent, EnvHttpProxyAgent, MockAgent } from 'undici';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src/api/client.js';
import { buildDispatcher, noProxyMatches, proxyFor, proxyHostPort, proxySettings, redactProxy } from '../../src/api/dispatcher.js';
import { parseBaseUrl } from '../../src/api/url.js';
import { UsageError } from '../../src/errors.js';
import { UA } from './helpers.js';

const api = parseBaseUrl('https://api.habitify.me/v2');

describe('proxySettings', () => {
  it('is empty without variables, and ignores empty ones', () => {
    expect(proxySettings({})).toEqual({ noProxy: '' });
    expect(proxySettings({ HTTPS_PROXY: '', https_proxy: '  ' })).toEqual({ noProxy: '' });
  });
  it('prefers lower-case names, and falls back to upper-case', () => {
    const s = proxySettings({ https_proxy: 'http://a:1', HTTPS_PROXY: 'http://b:2', HTTP_PROXY: 'http://c:3', NO_PROXY: 'x.test' });
    expect(s.httpsProxy?.href).toBe('http://a:1/');
    expect(s.httpProxy?.href).toBe('http://c:3/');
    expect(s.noProxy).toBe('x.test');
  });
  it('reads a scheme-less proxy as http', () => {
    expect(proxySettings({ HTTPS_PROXY: 'proxy.corp:8080' }).httpsProxy?.href).toBe('http://proxy.corp:8080/');
  });
  it('refuses unusable values, naming the variable only', () => {
    expect(() => proxySettings({ HTTP_PROXY: 'http://exa mple:80' })).toThrow(UsageError);
    expect(() => proxySettings({ https_proxy: 'ftp://u:secret@host' })).toThrow('unsupported proxy URL in https_proxy');
  });
});

describe('noProxyMatches', () => {
  it('follows undici: exact names, suffixes, leading dots and *., ports, and *', () => {
    expect(noProxyMatches('api.habitify.me', 'api.habitify.me', 443)).toBe(true);
    expect(noProxyMatches('habitify.me', 'api.habitify.me', 443)).toBe(true);
    expect(noProxyMatches('.habitify.me', 'api.habitify.me', 443)).toBe(true);
    expect(noProxyMatches('*.habitify.me', 'api.habitify.me', 443)).toBe(true);
    expect(noProxyMatches('habitify.me:443', 'api.habitify.me', 443)).toBe(true);
    expect(noProxyMatches('habitify.me:8443', 'api.habitify.me', 443)).toBe(false);
    expect(noProxyMatches('*', 'api.habitify.me', 443)).toBe(true);
    expect(noProxyMatches('other.test, foo.test', 'api.habitify.me', 443)).toBe(false);
    expect(noProxyMatches('ify.me', 'api.habitify.me', 443)).toBe(false);
    expect(noProxyMatches('', 'api.habitify.me', 443)).toBe(false);
  });
});

describe('proxyFor', () => {
  it('picks the https proxy for https, falling back to the http one', () => {
    expect(proxyFor(api, proxySettings({ HTTPS_PROXY: 'http://s:1', HTTP_PROXY: 'http://p:2' }))?.host).toBe('s:1');
    expect(proxyFor(api, proxySettings({ HTTP_PROXY: 'http://p:2' }))?.host).toBe('p:2');
    expect(proxyFor(parseBaseUrl('http://api.test'), proxySettings({ HTTPS_PROXY: 'http://s:1' }))).toBeUndefined();
  });
  it('honours NO_PROXY and never proxies loopback', () => {
    expect(proxyFor(api, proxySettings({ HTTPS_PROXY: 'http://s:1', NO_PROXY: 'habitify.me' }))).toBeUndefined();
    expect(proxyFor(parseBaseUrl('http://127.0.0.1:9000'), proxySettings({ HTTP_PROXY: 'http://p:2' }))).toBeUndefined();
    expect(proxyFor(parseBaseUrl('http://localhost:9000'), proxySettings({ HTTP_PROXY: 'http://p:2' }))).toBeUndefined();
  });
  it('shows a proxy without its credentials', () => {
    const url = new URL('http://user:pass@proxy.corp:3128');
    expect(redactProxy(url)).toBe('http://proxy.corp:3128');
    expect(proxyHostPort(new URL('http://proxy.corp'))).toBe('proxy.corp:80');
  });
});

describe('buildDispatcher', () => {
  it('a plain Agent without proxy variables, or for a loopback base', async () => {
    const plain = buildDispatcher(api, proxySettings({}), 1000);
    expect(plain).toBeInstanceOf(Agent);
    const local = buildDispatcher(parseBaseUrl('http://127.0.0.1:1'), proxySettings({ HTTP_PROXY: 'http://p:2' }), 1000);
    expect(local).toBeInstanceOf(Agent);
    await Promise.all([plain.close(), local.close()]);
  });
  it('an EnvHttpProxyAgent when a proxy variable is set', async () => {
    const proxied = buildDispatcher(api, proxySettings({ https_proxy: 'http://p:2' }), 1000);
    expect(proxied).toBeInstanceOf(EnvHttpProxyAgent);
    await proxied.close();
  });
});

describe('close()', () => {
  it('leaves an injected dispatcher open', async () => {
    const agent = new MockAgent();
    agent.disableNetConnect();
    agent.get('https://api.test').intercept({ path: '/v2/areas' }).reply(200, '[]', { headers: { 'content-type': 'application/json' } }).times(2);
    const closeSpy = vi.spyOn(agent, 'close');
    const destroySpy = vi.spyOn(agent, 'destroy');
    const c = createApiClient({ baseUrl: 'https://api.test/v2', timeoutMs: 1000, userAgent: UA, env: {}, dispatcher: agent });
    await c.request('GET /areas');
    await c.close();
    expect(closeSpy).not.toHaveBeenCalled();
    expect(destroySpy).not.toHaveBeenCalled();
    // Still usable by whoever owns it.
    const other = createApiClient({ baseUrl: 'https://api.test/v2', timeoutMs: 1000, userAgent: UA, env: {}, dispatcher: agent });
    expect(await other.request('GET /areas')).toEqual({ data: [] });
    closeSpy.mockRestore();
    await agent.close();
  });
});
