// Limits on connections, so that no client holds sockets for long or in bulk: how long a request's
// headers may take, how long a kept-alive connection may idle, how many connections one address may
// hold at once, and closing a socket once an error has been answered on it. Without them one
// address could hold thousands of sockets (and, under a 1024 open-file limit, lock every other
// client out). The defaults follow nginx's (docs/local-service.md, "Connections").
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';

/** What a connection may take; DEFAULT_CONNECTION_LIMITS holds the production values. */
export interface ConnectionLimits {
  /** The request line and headers must arrive within this from the request's start (and a new connection's first request within this of connecting); else 408 and the socket is closed. */
  headerTimeoutMs: number;
  /** A whole request, body included, must arrive within this; else 408 and the socket is closed. */
  requestTimeoutMs: number;
  /** A request's body must arrive within this of its headers (and no read may wait longer); else 408 and the socket is closed. */
  bodyTimeoutMs: number;
  /** A kept-alive connection with no request is closed after this. */
  idleTimeoutMs: number;
  /** Connections one client address may hold at once; one more is answered 429 and closed. */
  connectionsPerAddress: number;
}

/**
 * Headers: nginx's client_header_timeout (60 s). The body: 60 s, the value of nginx's
 * client_body_timeout, but counted over the whole body rather than between two reads, so a body
 * sent a byte at a time cannot hold a socket (a 1 MiB body in 60 s needs 17 KB/s). The whole request: Node's 300 s. Idle keep-alive:
 * Node's 5 s, shorter than nginx's 75 s, since a new connection costs little (most clients are on
 * loopback) and an idle one holds a socket. 100 connections per address: a CLI command opens at
 * most 4 at once, so 25 could run together, while one address stays far under a common 1024
 * open-file limit.
 */
export const DEFAULT_CONNECTION_LIMITS: Readonly<ConnectionLimits> = {
  headerTimeoutMs: 60_000,
  requestTimeoutMs: 300_000,
  bodyTimeoutMs: 60_000,
  idleTimeoutMs: 5_000,
  connectionsPerAddress: 100,
};

/**
 * How often Node looks for requests past their header or request timeout (its default is 30 s,
 * which let a 60 s header timeout run to 90 s). Passed to node:http's createServer.
 */
export const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

/** Longest wait for an answer to reach a client that does not read it before its socket is cut. */
const FLUSH_GRACE_MS = 5_000;

/** Checks limits given to createServer; each must be a positive whole number. */
export function checkLimits(limits: ConnectionLimits): ConnectionLimits {
  for (const [name, value] of Object.entries(limits)) {
    if (!Number.isSafeInteger(value) || value <= 0) throw new RangeError(`createServer: limits.${name} must be a positive whole number`);
  }
  if (limits.headerTimeoutMs > limits.requestTimeoutMs) throw new RangeError('createServer: limits.headerTimeoutMs must not exceed limits.requestTimeoutMs');
  return limits;
}

/** The address a socket comes from, an IPv4 address mapped into IPv6 written as plain IPv4. */
export function socketAddress(socket: { remoteAddress?: string | undefined } | undefined): string {
  const address = socket?.remoteAddress ?? 'unknown';
  return address.startsWith('::ffff:') ? address.slice(7) : address;
}

/** How each counted socket leaves its address's count (once, whichever comes first: close or answerAndClose). */
const releases = new WeakMap<Duplex, () => void>();

/** Open connections per address. */
class AddressCounter {
  limit = DEFAULT_CONNECTION_LIMITS.connectionsPerAddress;
  private readonly open = new Map<string, number>();

  /** Counts `socket` when its address is under the limit; false when it is not (it is not counted). */
  admit(socket: Socket): boolean {
    const address = socketAddress(socket);
    const count = this.open.get(address) ?? 0;
    if (count >= this.limit) return false;
    this.open.set(address, count + 1);
    let counted = true;
    const release = (): void => {
      if (!counted) return;
      counted = false;
      const left = (this.open.get(address) ?? 1) - 1;
      if (left > 0) this.open.set(address, left);
      else this.open.delete(address);
    };
    releases.set(socket, release);
    socket.once('close', release);
    return true;
  }
}

const counters = new WeakMap<Server, AddressCounter>();

/**
 * Applies `limits` to `server`: its timeouts at once, the cap per address from its next
 * connection. The first call puts the cap in front of node:http's own connection listeners, so a
 * connection over the cap never reaches the HTTP parser; later calls only change the values (a
 * server bound by bindPort() and then taken over by listen()).
 */
export function limitConnections(server: Server, limits: ConnectionLimits): void {
  server.headersTimeout = limits.headerTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  server.keepAliveTimeout = limits.idleTimeoutMs;
  let counter = counters.get(server);
  if (!counter) {
    counter = guard(server);
    counters.set(server, counter);
  }
  counter.limit = limits.connectionsPerAddress;
}

/** Routes `server`'s connections through a new AddressCounter; those over the cap are refused. */
function guard(server: Server): AddressCounter {
  const counter = new AddressCounter();
  const accept = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  server.on('connection', (socket: Socket) => {
    if (!counter.admit(socket)) return refuse(socket, counter.limit);
    for (const listener of accept) listener.call(server, socket);
  });
  return counter;
}

/** A connection over the cap: 429 in the service's error shape, then the socket is closed. */
function refuse(socket: Socket, limit: number): void {
  const address = socketAddress(socket);
  const body = { error: 'Too Many Requests', message: `Too many open connections from ${address} (at most ${limit} at once); retry once one of them has closed` };
  answerAndClose(socket, 429, 'Too Many Requests', body, { 'Retry-After': '1' });
}

/**
 * Writes a complete HTTP/1.1 answer on a raw socket and closes it: the socket leaves its address's
 * count at once, and is destroyed as soon as the answer is flushed (or FLUSH_GRACE_MS later for a
 * client that does not read). Ending it alone would leave it half-open until the client closes
 * its side, which a client may never do.
 */
export function answerAndClose(socket: Duplex, status: number, text: string, body: unknown, headers: Record<string, string> = {}): void {
  // The client may connect again as soon as it has the answer, before this socket's close event.
  releases.get(socket)?.();
  const json = JSON.stringify(body);
  const extra = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
  // Errors after the answer (a reset while it is flushed) have nobody to go to.
  socket.on('error', () => {});
  // Whatever else the client sends is read and dropped, so none is left unread when the socket
  // closes (the kernel would answer that with a reset, which can cost the client the answer).
  socket.resume();
  const timer = setTimeout(() => socket.destroy(), FLUSH_GRACE_MS);
  timer.unref();
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\n${extra}Connection: close\r\n\r\n${json}`,
    () => {
      clearTimeout(timer);
      socket.destroy();
    },
  );
}
