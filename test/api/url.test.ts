// URL building and the base-URL checks, as pure functions.
import { describe, expect, it } from 'vitest';
import { buildQuery, checkTransport, fillPath, isLoopbackHost, parseBaseUrl } from '../../src/api/url.js';
import { UsageError } from '../../src/errors.js';

describe('parseBaseUrl', () => {
  it('splits origin and path prefix, with or without a trailing slash', () => {
    for (const url of ['https://api.habitify.me/v2', 'https://api.habitify.me/v2/', 'https://api.habitify.me/v2//']) {
      expect(parseBaseUrl(url)).toEqual({
        origin: 'https://api.habitify.me', pathPrefix: '/v2', protocol: 'https:', hostname: 'api.habitify.me', port: 443, loopback: false,
      });
    }
    expect(parseBaseUrl('http://127.0.0.1:8080')).toMatchObject({ origin: 'http://127.0.0.1:8080', pathPrefix: '', port: 8080, loopback: true });
    expect(parseBaseUrl('http://[::1]/api')).toMatchObject({ hostname: '[::1]', port: 80, pathPrefix: '/api', loopback: true });
    expect(parseBaseUrl('HTTP://LocalHost:3000/V2')).toMatchObject({ hostname: 'localhost', pathPrefix: '/V2', loopback: true });
  });
  it('refuses what cannot work, starting with where the value came from', () => {
    expect(() => parseBaseUrl('api.habitify.me')).toThrow(UsageError);
    expect(() => parseBaseUrl('api.habitify.me')).toThrow('base URL: "api.habitify.me" is not a URL');
    expect(() => parseBaseUrl('file:///etc/passwd', 'HABITS_BASE_URL')).toThrow('HABITS_BASE_URL: "file:///etc/passwd" must start with https:// or http://');
    expect(() => parseBaseUrl('https://u:p@api.test')).toThrow('base URL: must not contain a user name or password');
  });
  it('refuses a query or a fragment, which requests would drop, without echoing them', () => {
    for (const url of ['https://api.test/v2?token=s3cret', 'https://api.test/v2#s3cret', 'https://api.test/v2/?x=1#frag']) {
      expect(() => parseBaseUrl(url)).toThrow('base URL: must not contain a query (?…) or fragment (#…)');
      expect(() => parseBaseUrl(url)).not.toThrow(/s3cret|x=1|#frag/);
    }
    // An empty `?` or `#` drops nothing.
    expect(parseBaseUrl('https://api.test/v2?').pathPrefix).toBe('/v2');
  });
  it.each([
    ['ftp://me:hunter2@host/v2', 'base URL: must not contain a user name or password'],
    ['http://me:hunter2@exa mple/v2', 'base URL: "http://…@exa mple/v2" is not a URL'],
    ['me:hunter2@host', 'base URL: "me:…@host" must start with https:// or http://'],
    ['http://me:hun/ter2@exa mple', 'base URL: "http://…@exa mple" is not a URL'],
  ])('never shows the password in %s', (url, message) => {
    const error = (() => {
      try {
        parseBaseUrl(url);
      } catch (err) {
        return err as UsageError;
      }
      throw new Error('expected a UsageError');
    })();
    expect(error).toBeInstanceOf(UsageError);
    expect(error.message).toBe(message);
    expect(`${error.message} ${error.hint ?? ''}`).not.toMatch(/hunter2|hun\/ter2|ter2/);
  });
});

describe('isLoopbackHost', () => {
  it.each(['localhost', 'LOCALHOST', 'localhost.', '127.0.0.1', '127.255.0.9', '[::1]', '::1', '[::ffff:7f00:1]'])('%s is loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });
  it.each(['example.com', 'localhost.example.com', '128.0.0.1', '10.0.0.1', '[::2]', '127.example.com', '0.0.0.0'])('%s is not', (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });
  it('sees through the URL parser normalising odd IPv4 spellings', () => {
    expect(isLoopbackHost(new URL('http://127.1/').hostname)).toBe(true);
    expect(isLoopbackHost(new URL('http://0x7f000001/').hostname)).toBe(true);
    expect(isLoopbackHost(new URL('http://[::ffff:127.0.0.1]/').hostname)).toBe(true);
  });
});

describe('checkTransport', () => {
  const http = parseBaseUrl('http://example.com/v2');
  it('refuses a key over http to a non-loopback host', () => {
    expect(() => checkTransport(http, true, false)).toThrow('refusing to send the API key over plain HTTP to example.com');
    expect(() => checkTransport(parseBaseUrl('http://example.com:8080'), true, false)).toThrow('plain HTTP to example.com:8080');
  });
  it('allows https, loopback, no key, or allowInsecure', () => {
    expect(() => checkTransport(parseBaseUrl('https://example.com/v2'), true, false)).not.toThrow();
    expect(() => checkTransport(parseBaseUrl('http://localhost:3000/v2'), true, false)).not.toThrow();
    expect(() => checkTransport(http, false, false)).not.toThrow();
    expect(() => checkTransport(http, true, true)).not.toThrow();
  });
});

describe('fillPath', () => {
  it('encodes each parameter as one segment', () => {
    expect(fillPath('/habits/{habitId}/logs/{logId}', { habitId: '-abc', logId: 'a/b?c#d e' })).toBe('/habits/-abc/logs/a%2Fb%3Fc%23d%20e');
    expect(fillPath('/habits/{habitId}', { habitId: 'ünï' })).toBe('/habits/%C3%BCn%C3%AF');
  });
  it('refuses missing, empty and dot-only values', () => {
    expect(() => fillPath('/habits/{habitId}', {})).toThrow(TypeError);
    expect(() => fillPath('/habits/{habitId}', undefined)).toThrow(TypeError);
    expect(() => fillPath('/habits/{habitId}', { habitId: '' })).toThrow(UsageError);
    expect(() => fillPath('/habits/{habitId}', { habitId: '..' })).toThrow(UsageError);
    expect(fillPath('/habits/{habitId}', { habitId: '.a' })).toBe('/habits/.a');
  });
});

describe('buildQuery', () => {
  it('formats values and skips undefined/null', () => {
    expect(buildQuery({ archived: true, type: undefined, areaId: null, limit: 100, offset: 0, q: 'a b&c=d' }))
      .toBe('?archived=true&limit=100&offset=0&q=a%20b%26c%3Dd');
    expect(buildQuery({ archived: false })).toBe('?archived=false');
  });
  it('is empty without values', () => {
    expect(buildQuery(undefined)).toBe('');
    expect(buildQuery({})).toBe('');
    expect(buildQuery({ a: undefined })).toBe('');
  });
  it('refuses values that have no sensible text', () => {
    expect(() => buildQuery({ limit: Number.NaN })).toThrow(TypeError);
    expect(() => buildQuery({ filter: { a: 1 } })).toThrow(TypeError);
  });
});
