// Proxy settings from the environment the client was given (never process.env, so tests and the
// CLI's context decide): HTTP(S)_PROXY and NO_PROXY, lower-case names first as curl and undici read
// them, and the proxy a request to our base URL goes through, for messages.
import { UsageError } from '../errors.js';
import type { Env } from '../io.js';
import type { HostPort } from './network.js';
import type { BaseUrl } from './url.js';

/** Proxy settings from the environment, lower-case names first (as curl and undici read them). */
export interface ProxySettings {
  httpProxy?: URL;
  httpsProxy?: URL;
  /** The raw NO_PROXY value, or ''. */
  noProxy: string;
}

function firstSet(env: Env, names: string[]): { name: string; value: string } | undefined {
  for (const name of names) {
    const value = env[name]?.trim();
    if (value) return { name, value };
  }
  return undefined;
}

function proxyUrl(env: Env, names: string[]): URL | undefined {
  const found = firstSet(env, names);
  if (!found) return undefined;
  // `proxy.corp:8080` without a scheme means http, as in curl.
  const text = /^[a-z][a-z0-9+.-]*:\/\//i.test(found.value) ? found.value : `http://${found.value}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    // Not echoed: a proxy URL can hold a password.
    throw new UsageError(`invalid proxy URL in ${found.name}`, 'use a URL such as http://proxy.example:8080');
  }
  if (!['http:', 'https:', 'socks:', 'socks5:'].includes(url.protocol) || !url.hostname) {
    throw new UsageError(`unsupported proxy URL in ${found.name}`, 'use a URL such as http://proxy.example:8080');
  }
  return url;
}

/** Reads HTTP(S)_PROXY and NO_PROXY from `env`; throws UsageError for an unusable proxy URL. */
export function proxySettings(env: Env): ProxySettings {
  const httpProxy = proxyUrl(env, ['http_proxy', 'HTTP_PROXY']);
  const httpsProxy = proxyUrl(env, ['https_proxy', 'HTTPS_PROXY']);
  const noProxy = firstSet(env, ['no_proxy', 'NO_PROXY'])?.value ?? '';
  return { ...(httpProxy && { httpProxy }), ...(httpsProxy && { httpsProxy }), noProxy };
}

/**
 * The proxy a request to `base` will go through, or undefined; only to name it in messages and the
 * --verbose line. The routing itself is EnvHttpProxyAgent's: this restates its rules (NO_PROXY `*`,
 * names with their subdomains, a leading `.` or `*.`, `host:port`; an https target falls back to
 * the http proxy) for the one host this client talks to.
 */
export function proxyFor(base: BaseUrl, settings: ProxySettings): URL | undefined {
  const proxy = base.protocol === 'https:' ? settings.httpsProxy ?? settings.httpProxy : settings.httpProxy;
  if (!proxy || settings.noProxy === '*') return undefined;
  const exempt = settings.noProxy.split(/[,\s]/).some((entry) => {
    if (!entry) return false;
    const parsed = /^(.+):(\d+)$/.exec(entry);
    const port = parsed ? Number(parsed[2]) : 0;
    if (port && port !== base.port) return false;
    const name = (parsed?.[1] ?? entry).replace(/^\*?\./, '').toLowerCase();
    return base.hostname === name || base.hostname.endsWith(`.${name}`);
  });
  return exempt ? undefined : proxy;
}

/** `http://proxy.corp:8080` without any user name or password. */
export function redactProxy(url: URL): string {
  return `${url.protocol}//${url.host}`;
}

/** The proxy's host and port, with the scheme's default port filled in. */
export function proxyAddress(url: URL): HostPort {
  const port = url.port || (url.protocol === 'https:' ? '443' : url.protocol.startsWith('socks') ? '1080' : '80');
  return { host: url.hostname, port: Number(port) };
}
