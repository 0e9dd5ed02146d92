// Building request URLs from the route table, and the base URL's one parser (the settings use it
// too) with the checks that must happen before any connection is made. Pure: no I/O, no undici.
import { UsageError } from '../errors.js';

/** A validated base URL, split the way undici wants it. */
export interface BaseUrl {
  /** `https://api.habitify.me` (no trailing slash). */
  origin: string;
  /** `/v2` (no trailing slash; empty for a bare host). */
  pathPrefix: string;
  protocol: 'http:' | 'https:';
  /** Host name as in the URL: lower-case, IPv6 literals in brackets. */
  hostname: string;
  /** The port, with the protocol's default filled in. */
  port: number;
  /** Decided here once: the plain-HTTP guard and the proxy choice both depend on it. */
  loopback: boolean;
}

/**
 * The one parser of a base URL (the settings and the client both use it): http(s) only, no user
 * name or password, no query or fragment, a trailing slash tolerated. Throws a UsageError that
 * starts with `where` and shows the value only with anything that could be a password masked.
 */
export function parseBaseUrl(raw: string, where = 'base URL', example = 'https://api.habitify.me/v2'): BaseUrl {
  const hint = `use e.g. ${example}`;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new UsageError(`${where}: "${maskCredentials(raw)}" is not a URL`, hint);
  }
  if (url.username || url.password) {
    throw new UsageError(`${where}: must not contain a user name or password`, 'the API key is sent in the X-API-Key header');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new UsageError(`${where}: "${maskCredentials(raw)}" must start with https:// or http://`, hint);
  }
  // Request paths are appended to the path, so these would be dropped without a word. Not echoed:
  // a query can hold a token.
  if (url.search || url.hash) {
    throw new UsageError(`${where}: must not contain a query (?…) or fragment (#…)`, hint);
  }
  const hostname = url.hostname.toLowerCase();
  return {
    origin: url.origin,
    pathPrefix: url.pathname.replace(/\/+$/, ''),
    protocol: url.protocol,
    hostname,
    port: Number(url.port || (url.protocol === 'https:' ? 443 : 80)),
    loopback: isLoopbackHost(hostname),
  };
}

/**
 * `raw` with everything between the scheme and the last `@` masked, so that a user name or
 * password never shows, even in a value the URL parser could not read.
 */
function maskCredentials(raw: string): string {
  const text = raw.trim();
  const at = text.lastIndexOf('@');
  if (at < 0) return text;
  const scheme = /^[a-z][a-z0-9+.-]*:\/*/i.exec(text)?.[0] ?? '';
  return `${scheme}…${text.slice(at)}`;
}

/** True for `localhost`, 127.0.0.0/8 and `::1` (also IPv4-mapped 127.x), as the URL parser spells them. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost') return true;
  if (/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)) return true;
  if (host === '[::1]' || host === '::1') return true;
  // new URL('http://[::ffff:127.0.0.1]') normalises to [::ffff:7f00:1].
  return /^\[?::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]?$/.test(host);
}

/**
 * Refuses to send the key in clear text over the network: a key with an `http:` base URL is only
 * allowed to a loopback host, or when the user passed --allow-insecure.
 */
export function checkTransport(base: BaseUrl, hasKey: boolean, allowInsecure: boolean): void {
  if (!hasKey || allowInsecure || base.protocol !== 'http:' || base.loopback) return;
  const shown = base.port === 80 ? base.hostname : `${base.hostname}:${base.port}`;
  throw new UsageError(
    `refusing to send the API key over plain HTTP to ${shown}`,
    'use an https:// base URL, or pass --allow-insecure',
  );
}

/** Fills `{param}` placeholders with URL-encoded values; empty or dot-only values are refused. */
export function fillPath(template: string, params: Readonly<Record<string, unknown>> | undefined): string {
  return template.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params?.[name];
    if (typeof value !== 'string' && typeof value !== 'number') {
      throw new TypeError(`missing path parameter ${name} for ${template}`);
    }
    const text = String(value);
    // '', '.' and '..' would name another endpoint once a server normalises the path.
    if (text === '' || /^\.+$/.test(text)) {
      throw new UsageError(`invalid ${name}: ${JSON.stringify(text)}`);
    }
    return encodeURIComponent(text);
  });
}

/** A query string (with its leading `?`, or empty): undefined and null skipped, booleans as true/false. */
export function buildQuery(query: Readonly<Record<string, unknown>> | undefined): string {
  if (!query) return '';
  const parts: string[] = [];
  for (const [key, raw] of Object.entries(query)) {
    const values = Array.isArray(raw) ? raw : [raw];
    for (const value of values) {
      if (value === undefined || value === null) continue;
      if (typeof value === 'number' && !Number.isFinite(value)) {
        throw new TypeError(`query parameter ${key} is not a finite number`);
      }
      if (typeof value === 'object') throw new TypeError(`query parameter ${key} is not a scalar`);
      parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
    }
  }
  return parts.length === 0 ? '' : `?${parts.join('&')}`;
}
