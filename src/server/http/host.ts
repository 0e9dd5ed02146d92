// Where `habits serve` binds, as clients see it: a URL they can use (never 0.0.0.0), and whether the
// service is reachable from beyond this machine.
import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';

/** Hosts that bind every interface: no client can connect to them by that name. */
const WILDCARDS = new Set(['0.0.0.0', '::', '[::]', '']);

/** Whether `host` binds only this machine's loopback interface. */
export function isLoopback(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/** The host a client on this machine puts in the URL: the loopback address for a wildcard bind. */
export function clientHost(host: string): string {
  const h = WILDCARDS.has(host) ? (host.includes(':') ? '::1' : '127.0.0.1') : host;
  return isIP(h) === 6 ? `[${h}]` : h;
}

/** This machine's first non-internal IPv4 address, for a client on another machine; undefined without one. */
export function lanAddress(): string | undefined {
  for (const addresses of Object.values(networkInterfaces())) {
    const found = addresses?.find((a) => a.family === 'IPv4' && !a.internal);
    if (found) return found.address;
  }
  return undefined;
}

/** The one-line warning `habits serve` prints when bound beyond loopback; undefined on loopback. */
export function exposureWarning(host: string, port: number): string | undefined {
  if (isLoopback(host)) return undefined;
  const remote = WILDCARDS.has(host) ? lanAddress() : undefined;
  const from = remote ? ` (from another machine: http://${remote}:${port}/v2)` : '';
  return `habits serve: warning: listening on ${host || '*'}:${port}, beyond this machine: anyone on the network who has the API key can use this service${from}`;
}
