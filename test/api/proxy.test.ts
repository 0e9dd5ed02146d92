// Proxy settings from the env, and which proxy the messages name (the routing itself is undici's,
// tested end to end in client.proxy.test.ts).
import { MockAgent } from 'undici';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src/api/client.js';
import { proxyAddress, proxyFor, proxySettings, redactProxy } from '../../src/api/proxy.js';
import { parseBaseUrl } from '../../src/api/url.js';
import { UsageError } from '../../src/errors.js';
import { UA } from '../helpers/mock-agent.js';

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

describe('proxyFor', () => {
  const via = (noProxy: string) => proxyFor(api, proxySettings({ HTTPS_PROXY: 'http://s:1', NO_PROXY: noProxy }))?.host;

  it('picks the https proxy for https, falling back to the http one; http never takes the https one', () => {
    expect(proxyFor(api, proxySettings({ HTTPS_PROXY: 'http://s:1', HTTP_PROXY: 'http://p:2' }))?.host).toBe('s:1');
    expect(proxyFor(api, proxySettings({ HTTP_PROXY: 'http://p:2' }))?.host).toBe('p:2');
    expect(proxyFor(parseBaseUrl('http://api.test'), proxySettings({ HTTPS_PROXY: 'http://s:1' }))).toBeUndefined();
    expect(proxyFor(api, proxySettings({}))).toBeUndefined();
  });
  it('follows undici on NO_PROXY: exact names, suffixes, leading dots and *., ports, and *', () => {
    for (const exempt of ['api.habitify.me', 'habitify.me', '.habitify.me', '*.habitify.me', 'habitify.me:443', '*', 'other.test, habitify.me']) {
      expect(via(exempt)).toBeUndefined();
    }
    for (const proxied of ['', 'habitify.me:8443', 'other.test, foo.test', 'ify.me']) {
      expect(via(proxied)).toBe('s:1');
    }
  });
  it('shows a proxy without its credentials, with its default port', () => {
    expect(redactProxy(new URL('http://user:pass@proxy.corp:3128'))).toBe('http://proxy.corp:3128');
    expect(proxyAddress(new URL('http://proxy.corp'))).toEqual({ host: 'proxy.corp', port: 80 });
    expect(proxyAddress(new URL('socks5://proxy.corp'))).toEqual({ host: 'proxy.corp', port: 1080 });
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
