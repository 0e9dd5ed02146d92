// `habits serve`: the local service as a standalone process on a database file.
import { resolve } from 'node:path';
import type { Writable } from 'node:stream';
import { exposureWarning } from './http/host.js';
import { bindPort, createServer, type Listening } from './http/server.js';
import { clearAuthFailures } from './store/repo/auth-failures.js';
import type { Store } from './store/store.js';
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

/**
 * Ends the failed-authentication lockouts an earlier run left in the file, so restarting the
 * service lets the right key in at once (docs/local-service.md, "Failed authentication").
 */
function endLockouts(store: Store): void {
  try {
    clearAuthFailures(store);
  } catch {
    // A file busy for over 10 s or full: the lockouts end with their window, as before.
  }
}

/** Binds the port, opens the store, and runs until close() or SIGINT/SIGTERM. */
export async function runServe(options: ServeOptions): Promise<Serving> {
  const { stderr } = options;
  const say = (line: string): void => void stderr.write(`${line}\n`);
  const file = resolve(options.dataFile);
  const port = options.port ?? 8787;
  const host = options.host ?? '127.0.0.1';
  // The port first: a busy one must not leave a new database file (and a printed key) behind.
  const bound = await bindPort(port, host).catch((err: unknown) => {
    if ((err as { code?: string }).code !== 'EADDRINUSE') throw err;
    throw Object.assign(new Error(`habits serve: port ${port} on ${host} is already in use; pick another with --port`, { cause: err }), { code: 'EADDRINUSE' });
  });
  let opened: Store | undefined;
  let listening: Listening;
  try {
    // Created 0700/0600 (the file holds the key); looser modes are tightened, read-only is served read-only.
    let writable = true;
    opened = await openStore(file, {
      onOpen: ({ repaired, readOnly }) => {
        if (repaired.length) say(`habits serve: warning: other users could read the data and its key; tightened ${repaired.join(', ')}`);
        if (readOnly) say(`habits serve: warning: ${file} cannot be written (${readOnly}); serving it read-only, writes will fail`);
        writable = !readOnly;
      },
    });
    if (writable) endLockouts(opened);
    let apiKey = options.apiKey;
    if (!apiKey) {
      const stored = getOrCreateApiKey(opened);
      apiKey = stored.key;
      if (stored.generated) say(`habits serve: generated API key ${apiKey} (stored in ${file})`);
    }
    const server = createServer({
      db: opened,
      apiKey,
      log: say,
      logRequests: !options.quiet,
      ...(options.timezone ? { timezone: options.timezone } : {}),
    });
    listening = await server.listen({ bound, host });
  } catch (err) {
    opened?.close();
    bound.close();
    throw err;
  }
  const store = opened;
  const { url } = listening;
  say(`habits serve: listening on ${url}`);
  const exposed = exposureWarning(host, Number(new URL(url).port));
  if (exposed) say(exposed);

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
