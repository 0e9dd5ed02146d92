// Helpers for tests that run the service in other OS processes: a fresh bundle of src/server
// (so they test the current source, not a stale dist/), and child processes running runServe.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * Bundles src/server/index.ts into node_modules/.cache (inside the project, so that the bare
 * import of better-sqlite3 resolves). Returns the file and a cleanup function.
 */
export async function bundleServer(): Promise<{ file: string; remove(): void }> {
  const dir = join(ROOT, 'node_modules', '.cache', 'habits-server-test');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `server-${process.pid}-${Date.now()}.mjs`);
  await build({
    entryPoints: [join(ROOT, 'src/server/index.ts')],
    outfile: file,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.18',
    packages: 'external',
    logLevel: 'warning',
  });
  return { file, remove: () => rmSync(file, { force: true }) };
}

export interface ServeChild {
  child: ChildProcess;
  url: string;
  stderr(): string;
  /** Resolves once stderr contains `text` (rejects if the child exits first). */
  waitFor(text: string): Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Spawns `node` running runServe from the bundle on `dataFile`; resolves once it listens. With
 * `nofile`, the child runs under that open-file limit (`ulimit -n`).
 */
export async function spawnServe(bundle: string, dataFile: string, extra: Record<string, unknown> = {}, { nofile }: { nofile?: number } = {}): Promise<ServeChild> {
  const script = `
    const { runServe } = await import(process.argv[1]);
    const serving = await runServe({ port: 0, dataFile: process.argv[2], stderr: process.stderr, ...JSON.parse(process.argv[3]) });
    await serving.done;
    process.stderr.write('child: done\\n');
  `;
  const args = ['--input-type=module', '-e', script, bundle, dataFile, JSON.stringify(extra)];
  const stdio: ['ignore', 'ignore', 'pipe'] = ['ignore', 'ignore', 'pipe'];
  const child = nofile === undefined
    ? spawn(process.execPath, args, { stdio })
    : spawn('/bin/sh', ['-c', `ulimit -n ${nofile} && exec "$0" "$@"`, process.execPath, ...args], { stdio });
  let err = '';
  child.stderr?.setEncoding('utf8');
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((res) => child.on('exit', (code, signal) => res({ code, signal })));
  const url = await new Promise<string>((res, rej) => {
    child.stderr?.on('data', (chunk: string) => {
      err += chunk;
      const m = /listening on (http:\/\/\S+)/.exec(err);
      if (m?.[1]) res(m[1]);
    });
    void exited.then(({ code }) => rej(new Error(`serve child exited (${code}) before listening:\n${err}`)));
  });
  const waitFor = (text: string): Promise<void> =>
    new Promise<void>((res, rej) => {
      const check = (): void => {
        if (!err.includes(text)) return;
        child.stderr?.off('data', check);
        res();
      };
      child.stderr?.on('data', check);
      check();
      void exited.then(() => rej(new Error(`serve child exited before printing "${text}":\n${err}`)));
    });
  return { child, url, stderr: () => err, waitFor, exited };
}
