// `habits serve`: the local service as a standalone process on a database file.
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Writable } from 'node:stream';
import { createServer } from './http/server.js';
import { getOrCreateApiKey, openStore } from './store/open.js';

/** What `habits serve` runs with. */
export interface ServeOptions {
  port?: number;
  host?: string;
  /** The SQLite file; its directory is created when missing. */
  dataFile: string;
  /** Use this key instead of the stored one (it is not stored). */
  apiKey?: string;
  /** No per-request log lines. */
  quiet?: boolean;
  stderr: Writable;
  /** Shut down on SIGINT/SIGTERM (default true). */
  signals?: boolean;
  timezone?: string;
}

/** A running `habits serve`. */
export interface Serving {
  url: string;
  /** Shuts down as a signal would; resolves once the database is closed. */
  close(): Promise<void>;
  /** Resolves after shutdown, whatever caused it. */
  done: Promise<void>;
}

/** Opens the store, listens, and runs until close() or SIGINT/SIGTERM. */
export async function runServe(options: ServeOptions): Promise<Serving> {
  const { stderr } = options;
  const say = (line: string): void => void stderr.write(`${line}\n`);
  const file = resolve(options.dataFile);
  mkdirSync(dirname(file), { recursive: true });
  const store = await openStore(file);
  let listening;
  try {
    let apiKey = options.apiKey;
    if (!apiKey) {
      const stored = getOrCreateApiKey(store);
      apiKey = stored.key;
      if (stored.generated) say(`habits serve: generated API key ${apiKey} (stored in ${file})`);
    }
    const server = createServer({
      db: store,
      apiKey,
      log: say,
      logRequests: !options.quiet,
      ...(options.timezone ? { timezone: options.timezone } : {}),
    });
    listening = await server.listen({ port: options.port ?? 8787, host: options.host ?? '127.0.0.1' });
  } catch (err) {
    store.close();
    if ((err as { code?: string }).code === 'EADDRINUSE') {
      throw Object.assign(new Error(`habits serve: port ${options.port ?? 8787} on ${options.host ?? '127.0.0.1'} is already in use; pick another with --port`, { cause: err }), { code: 'EADDRINUSE' });
    }
    throw err;
  }
  const { url } = listening;
  say(`habits serve: listening on ${url}`);

  let finish: () => void = () => {};
  const done = new Promise<void>((resolveDone) => (finish = resolveDone));
  let shutdown: Promise<void> | undefined;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (shutdown) {
      say(`habits serve: ${signal} again, closing every connection now`);
      listening.terminate();
      return;
    }
    say(`habits serve: ${signal} received, shutting down`);
    void close();
  };
  const signals = options.signals !== false;
  if (signals) {
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  }
  const close = (): Promise<void> => {
    shutdown ??= (async () => {
      try {
        await listening.close();
      } finally {
        if (signals) {
          process.off('SIGINT', onSignal);
          process.off('SIGTERM', onSignal);
        }
        store.close();
        finish();
      }
    })();
    return shutdown;
  };
  return { url, close, done };
}
