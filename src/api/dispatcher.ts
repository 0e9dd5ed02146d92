// The undici dispatcher the client talks through: a plain Agent, or EnvHttpProxyAgent when the
// environment names a proxy (proxy.ts reads the settings); EnvHttpProxyAgent alone decides which
// requests go through the proxy.
//
// undici itself loads on the first request (./undici.js), and its proxy agents only when a proxy is
// set (./proxy-agent.js): commands that make no request, and requests without a proxy, skip them.
import type { Dispatcher } from 'undici';
import { PROXY_CLOSED } from './network.js';
import type { ProxySettings } from './proxy.js';

/** Answers larger than this are refused rather than buffered (a broken server can stream forever). */
export const MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

/**
 * Builds the dispatcher: connect, headers and body-inactivity timeouts all `timeoutMs`. With a proxy
 * in `proxies`, an EnvHttpProxyAgent whose settings all come from them; the caller passes no proxies
 * for a loopback base.
 */
export async function buildDispatcher(proxies: ProxySettings | undefined, timeoutMs: number): Promise<Dispatcher> {
  // Timeouts are set here only, not per request: undici's CONNECT to a proxy carries no request's
  // options, so they must live on the pools, where they cover every request too.
  const limits = { headersTimeout: timeoutMs, bodyTimeout: timeoutMs, maxResponseSize: MAX_RESPONSE_BYTES };
  if (proxies?.httpProxy || proxies?.httpsProxy) {
    const { buildProxyAgent } = await import('./proxy-agent.js');
    return buildProxyAgent(proxies, { limits, timeoutMs, closedCode: PROXY_CLOSED });
  }
  const { Agent } = await import('./undici.js');
  return new Agent({ connect: { timeout: timeoutMs }, ...limits });
}
