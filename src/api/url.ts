// Building request URLs from the route table, and the checks on the base URL that must happen before
// any connection is made. Pure: no I/O, no undici.
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
  /** `host:port`, with the protocol's default port filled in. */
  hostPort: string;
}

/** Parses the configured base URL, tolerating a trailing slash; throws UsageError when it is unusable. */
export function parseBaseUrl(baseUrl: string): BaseUrl {
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    throw new UsageError(`invalid base URL: ${baseUrl}`, 'use a URL such as https://api.habitify.me/v2');
  }
  if (url.username || url.password) {
    // Do not echo it: the user name or password may be a secret.
    throw new UsageError('the base URL must not contain a user name or password', 'the API key is sent in the X-API-Key header');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new UsageError(`the base URL must start with https:// or http://: ${baseUrl}`);
  }
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return {
    origin: url.origin,
    pathPrefix: url.pathname.replace(/\/+$/, ''),
    protocol: url.protocol,
    hostname: url.hostname.toLowerCase(),
    hostPort: `${url.hostname}:${port}`,
  };
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
  if (!hasKey || allowInsecure || base.protocol !== 'http:' || isLoopbackHost(base.hostname)) return;
  const shown = base.hostPort.endsWith(':80') ? base.hostname : base.hostPort;
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
