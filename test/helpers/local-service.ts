// Starts the real local service in-process on an ephemeral loopback port, with an in-memory
// database and a random key, and records every request it receives.
import { randomBytes } from 'node:crypto';
import { type ConnectionLimits, type RecordedRequest, type Store, createServer, openStore } from '../../src/server/index.js';

export interface LocalServiceOptions {
  clock?: { now(): Date };
  /** IANA zone for "today"; UTC unless given, so tests do not depend on the machine. */
  timezone?: string;
  /** Default: the production limit, 500 per minute. */
  rateLimit?: { limit: number; windowMs: number } | false;
  /** Default: the production limits (DEFAULT_CONNECTION_LIMITS). */
  limits?: Partial<ConnectionLimits>;
}

export interface LocalService {
  /** Base URL including /v2. */
  url: string;
  apiKey: string;
  /** Every request received, in order, with the key redacted. */
  requests: RecordedRequest[];
  store: Store;
  close(): Promise<void>;
}

/** A running local service; close() stops it and closes its database. */
export async function startLocalService(options: LocalServiceOptions = {}): Promise<LocalService> {
  const store = await openStore(':memory:');
  const apiKey = `hb_${randomBytes(16).toString('hex')}`;
  const requests: RecordedRequest[] = [];
  const server = createServer({
    db: store,
    apiKey,
    timezone: options.timezone ?? 'UTC',
    onRequest: (rec) => requests.push(rec),
    log: () => {},
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.rateLimit !== undefined ? { rateLimit: options.rateLimit } : {}),
    ...(options.limits ? { limits: options.limits } : {}),
  });
  const listening = await server.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: listening.url,
    apiKey,
    requests,
    store,
    async close() {
      await listening.close();
      store.close();
    },
  };
}
