import type { IncomingHttpHeaders } from 'node:http';
import type { Server } from 'node:net';

/**
 * A self-signed P-256 certificate for `host` (its subject and only name), valid from an hour ago
 * for a day, and its private key, both PEM.
 */
export function selfSignedCert(host: string): { cert: string; key: string };

/** A server on a free loopback port; `close()` destroys its open sockets first. */
export interface Listening {
  port: number;
  /** Connections accepted so far. */
  connections(): number;
  close(): Promise<void>;
}

/** What the proxy was asked: a CONNECT (`host:port`) or a request in absolute form (its URL). */
export interface ProxyRecord {
  kind: 'connect' | 'absolute';
  target: string;
  headers: IncomingHttpHeaders;
}

export interface Proxy extends Listening {
  url: string;
  seen: ProxyRecord[];
}

export function listen(server: Server): Promise<Listening>;
/** Terminates TLS with `pair` and passes the plain bytes to the loopback `port`. */
export function startTlsFront(port: number, pair: { cert: string; key: string }): Promise<Listening>;
/** A forward proxy to the loopback ports `routes` names by `host:port`; `refuse` answers every CONNECT with that status. */
export function startProxy(routes: Record<string, number>, refuse?: 403 | 407): Promise<Proxy>;
