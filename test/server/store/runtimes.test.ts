// The store across Node lines and their SQLite drivers (Node 20: better-sqlite3; 22 and 24:
// node:sqlite), and each line under load: on Node 24, better-sqlite3 12 aborted the process (exit 134).
// The other lines' binaries come from HABITS_TEST_NODES (.ci/run sets it); where one is missing the
// tests are skipped with one line saying so, and under CI=true they fail (tools.ts).
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { seedStore } from '../../../bench/seed.mjs';
import * as server from '../../../src/server/index.js';
import { BIN as REPO_BIN } from '../../helpers/cli.js';
import { type NodeLine, nodeBinary, withTools } from '../../helpers/tools.js';
import { bundleServer } from '../processes.js';

const CHILD = join(import.meta.dirname, 'runtimes-child.mjs');
// The CLI under test: the repository's, or an installed package's (.ci/package-check.sh).
const BIN = process.env.HABITS_TEST_BIN || REPO_BIN;
const LINES: NodeLine[] = ['node20', 'node22', 'node24'];

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs `bin args` to its end, in a clean environment (as cron would) plus `env`. */
function run(bin: string, args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c));
    child.stderr.on('data', (c: Buffer) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

let dir: string;
let bundle: { file: string; remove(): void };
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'habits-runtimes-'));
  bundle = await bundleServer();
});
afterAll(() => {
  bundle?.remove();
  rmSync(dir, { recursive: true, force: true });
});

const lines = withTools(...LINES);

lines.describe('a store written under one Node line and driver', () => {
  /** One step of runtimes-child.mjs on `file` under `line`: what it read, and which driver read it. */
  const step = async (line: NodeLine, name: 'write' | 'read' | 'append', file: string) => {
    const r = await run(nodeBinary(line)!.bin, [CHILD, bundle.file, name, file]);
    expect(r, `${name} under ${line}`).toMatchObject({ code: 0, stderr: '' });
    return JSON.parse(r.stdout) as { driver: string; node: string; answers: Record<string, unknown> };
  };

  lines.it('opens under every other, with identical answers; and what each writes, each reads back', async () => {
    const written = new Map<NodeLine, Awaited<ReturnType<typeof step>>>();
    for (const line of LINES) written.set(line, await step(line, 'write', join(dir, `${line}.db`)));
    // Node 20 uses better-sqlite3, 22 and 24 node:sqlite: the pairs below cross drivers and lines.
    expect([...written.values()].map((w) => w.driver)).toEqual(['better-sqlite3', 'node:sqlite', 'node:sqlite']);
    const pairs: string[] = [];
    for (const writer of LINES) {
      for (const reader of LINES.filter((l) => l !== writer)) {
        const file = join(dir, `${writer}-then-${reader}.db`);
        copyFileSync(join(dir, `${writer}.db`), file);
        const read = await step(reader, 'read', file);
        expect(read.answers, `${writer} wrote, ${reader} read`).toEqual(written.get(writer)!.answers);
        // The reader writes one more log; the writer's line reads the file as the reader left it.
        const appended = await step(reader, 'append', file);
        expect(appended.answers).not.toEqual(read.answers);
        expect((await step(writer, 'read', file)).answers, `${reader} appended, ${writer} read`).toEqual(appended.answers);
        pairs.push(`${writer}->${reader}`);
      }
    }
    expect(pairs).toHaveLength(6);
  });
});

// Every line, Node 24 above all: better-sqlite3 12 made it abort at exit (16 of 20 journals).
describe('on a store of 300 habits', () => {
  let seeded: string;
  /** How many habits today's journal lists, as this process's own service answers it. */
  let due: number;
  beforeAll(async () => {
    if (!LINES.some((line) => nodeBinary(line))) return;
    // 300 habits with 60 days of logs each, written by this process's driver.
    seeded = join(dir, 'seeded', 'habits.db');
    await seedStore(server, seeded, { habits: 300, days: 60, key: 'hb_seed' });
    const store = await server.openStore(seeded);
    const listening = await server.createServer({ db: store, apiKey: 'k', timezone: 'UTC' }).listen();
    due = ((await (await fetch(`${listening.url}/habits/journal`, { headers: { 'x-api-key': 'k' } })).json()) as { data: unknown[] }).data.length;
    await listening.close();
    store.close();
    // Weekly habits (on Monday, Wednesday and Friday) are not due every day, and the four habits
    // without a goal that carry a streak end (bench/seed.mjs) reach it and are over.
    expect(due).toBeGreaterThanOrEqual(236);
  }, 60_000);

  for (const line of LINES) {
    const needs = withTools(line);
    /** A copy of the seeded store for this line, in a data directory of its own. */
    const copy = (): string => {
      mkdirSync(join(dir, line), { recursive: true, mode: 0o700 });
      copyFileSync(seeded, join(dir, line, 'habits.db'));
      return join(dir, line);
    };

    needs.it(`${line}: \`habits --local journal\` 30 times in a row: 30 clean exits, the journal each time, nothing on stderr`, async () => {
      const { bin } = nodeBinary(line)!;
      const env = { HOME: dir, HABITS_DATA_DIR: copy(), HABITS_CONFIG_DIR: join(dir, 'config'), HABITS_TIMEZONE: 'UTC' };
      const outcomes = new Map<string, number>();
      for (let i = 0; i < 30; i++) {
        const r = await run(bin, [BIN, '--local', 'journal', '--json', 'name'], env);
        const rows = r.code === 0 ? (JSON.parse(r.stdout) as unknown[]).length : -1;
        const outcome = `exit ${r.code ?? r.signal}, ${rows} rows, stderr ${JSON.stringify(r.stderr.slice(0, 200))}`;
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      }
      expect(Object.fromEntries(outcomes)).toEqual({ [`exit 0, ${due} rows, stderr ""`]: 30 });
    }, 120_000);

    needs.it(`${line}: \`habits serve\` answers 200 journal requests, then stops on SIGTERM with exit 0 and nothing on stderr but its own two lines`, async () => {
      const { bin } = nodeBinary(line)!;
      const key = 'hb_runtimes_serve_key';
      const child = spawn(bin, [BIN, 'serve', '--data', join(copy(), 'habits.db'), '--port', '0', '--quiet'], {
        env: { PATH: process.env.PATH ?? '', HOME: dir, HABITS_SERVE_API_KEY: key, HABITS_CONFIG_DIR: join(dir, 'config') },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
      const url = await new Promise<string>((resolve, reject) => {
        child.stderr.on('data', (c: Buffer) => {
          stderr += c;
          const m = /listening on (http:\/\/\S+)/.exec(stderr);
          if (m?.[1]) resolve(m[1]);
        });
        void exited.then(({ code, signal }) => reject(new Error(`serve exited (${code ?? signal}) before listening:\n${stderr}`)));
      });
      const statuses = new Map<string, number>();
      // Four clients at a time, 50 requests each.
      await Promise.all(Array.from({ length: 4 }, async () => {
        for (let i = 0; i < 50; i++) {
          const res = await fetch(`${url}/habits/journal`, { headers: { 'x-api-key': key } });
          const body = (await res.json()) as { data?: unknown[] };
          const answer = `${res.status} with ${body.data?.length ?? 'no'} entries`;
          statuses.set(answer, (statuses.get(answer) ?? 0) + 1);
        }
      }));
      expect(Object.fromEntries(statuses)).toEqual({ [`200 with ${due} entries`]: 200 });
      child.kill('SIGTERM');
      expect(await exited).toEqual({ code: 0, signal: null });
      expect(stderr).toBe(`habits serve: listening on ${url}\nhabits serve: SIGTERM received, shutting down\n`);
    }, 120_000);
  }
});
