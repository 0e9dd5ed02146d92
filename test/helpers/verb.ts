// Running one verb's run() alone: the narrow dependencies it asks for, built around the real local
// service (or any base URL) with buffers for stdout and stderr, and no main(), Context or argv.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApiClient } from '../../src/api/client.js';
import type { Api } from '../../src/api/routes.js';
import type { Deps } from '../../src/commands/shared/deps.js';
import { Output } from '../../src/output/output.js';
import { NameCache } from '../../src/resolve/cache.js';
import { Resolver } from '../../src/resolve/index.js';
import { bufferIO, NOW } from './cli.js';

/** Dependencies for a verb, what it printed, and a close() for the client and the cache folder. */
export interface VerbRun {
  deps: Pick<Deps, 'out' | 'api' | 'resolver' | 'today' | 'now'>;
  stdout(): string;
  stderr(): string;
  close(): Promise<void>;
}

/** Builds the dependencies of a verb talking to `service`, as if stdout were a pipe (or a terminal with `tty`). */
export function verbDeps(service: { url: string; apiKey: string }, opts: { json?: boolean; tty?: boolean; today?: string } = {}): VerbRun {
  const { io, stdout, stderr } = bufferIO({ tty: { stdout: !!opts.tty } });
  const client = createApiClient({ baseUrl: service.url, apiKey: service.apiKey, timeoutMs: 5_000, userAgent: 'habits-test', env: {} });
  const api: Api = client;
  const cacheDir = mkdtempSync(join(tmpdir(), 'habits-verb-'));
  const now = (): Date => NOW;
  return {
    deps: {
      out: new Output(io, { json: !!opts.json, quiet: false, colorLevel: 0, errColorLevel: 0 }),
      api: async () => api,
      resolver: new Resolver({ api: async () => api, nameCache: async () => new NameCache(cacheDir, service.url, () => now().getTime()) }),
      today: () => opts.today ?? NOW.toISOString().slice(0, 10),
      now,
    },
    stdout,
    stderr,
    async close() {
      await client.close();
      rmSync(cacheDir, { recursive: true, force: true });
    },
  };
}
