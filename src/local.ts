// Local mode: the local service started in-process on an ephemeral loopback port with a random
// per-process key. Commands reach it through the same HTTP client as a remote server.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { FailureError } from './errors.js';
import type { Store } from './server/index.js';

/** A running in-process local service. */
export interface LocalService {
  baseUrl: string;
  apiKey: string;
  /** The SQLite file holding the data. */
  file: string;
  close(): Promise<void>;
}

/** The message for a machine without the optional better-sqlite3. */
export function unavailable(err: unknown): FailureError | undefined {
  if ((err as { code?: string } | undefined)?.code !== 'ERR_LOCAL_SERVICE_UNAVAILABLE') return undefined;
  return new FailureError(
    'the local service needs better-sqlite3, which is not installed',
    'local_unavailable',
    'install it with `npm install better-sqlite3` (it needs a C++ toolchain); the remote client works without it',
  );
}

/**
 * Opens (creating it and its private directory when missing) the SQLite store `file`; a machine
 * without better-sqlite3 gets the one-line explanation.
 */
export async function openLocalStore(file: string): Promise<Store> {
  const server = await import('./server/index.js');
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  try {
    return await server.openStore(file);
  } catch (err) {
    throw unavailable(err) ?? err;
  }
}

/** Opens the SQLite `file` and serves it on 127.0.0.1 for this process only. */
export async function startLocalService(opts: { file: string; timezone: string; now: () => Date }): Promise<LocalService> {
  const server = await import('./server/index.js');
  const file = opts.file;
  const store = await openLocalStore(file);
  const { randomBytes } = await import('node:crypto');
  const apiKey = randomBytes(24).toString('base64url');
  try {
    const service = server.createServer({
      db: store,
      apiKey,
      timezone: opts.timezone,
      clock: { now: opts.now },
      // One process, one user: a bulk import must not trip the 500/min limit meant for a shared server.
      rateLimit: false,
    });
    const listening = await service.listen({ port: 0, host: '127.0.0.1' });
    return {
      baseUrl: listening.url,
      apiKey,
      file,
      close: async () => {
        await listening.close();
        store.close();
      },
    };
  } catch (err) {
    store.close();
    throw err;
  }
}
