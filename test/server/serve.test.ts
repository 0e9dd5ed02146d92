// runServe in-process, and the real `habits serve` command in a child process.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { Area, JournalEntry } from '../../src/api/types.js';
import { clientHost, exposureWarning, isLoopback, lanAddress } from '../../src/server/http/host.js';
import { bindPort } from '../../src/server/http/server.js';
import { createServer, openStore, runServe } from '../../src/server/index.js';
import { spawnCli } from '../helpers/cli.js';
import { type Data, client, rejectionOf } from './fixtures.js';

const ROOT = resolve(import.meta.dirname, '../..');
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'habits-serve-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function sink(): { stream: Writable; text(): string } {
  let text = '';
  const stream = new Writable({
    write(chunk, _enc, done) {
      text += String(chunk);
      done();
    },
  });
  return { stream, text: () => text };
}

describe('runServe: the data file holds the key, so it is private (issue 11, case 4)', () => {
  const modeOf = (path: string): number => statSync(path).mode & 0o777;

  test('creates its directory 0700 and the database, -wal and -shm 0600', async () => {
    const file = join(dir, 'data', 'habits.db');
    const err = sink();
    const serving = await runServe({ port: 0, dataFile: file, stderr: err.stream, signals: false, quiet: true });
    try {
      expect(modeOf(join(dir, 'data'))).toBe(0o700);
      for (const f of [file, `${file}-wal`, `${file}-shm`]) expect([f, modeOf(f)]).toEqual([f, 0o600]);
    } finally {
      await serving.close();
    }
    expect(err.text()).not.toContain('warning');
  });

  test('tightens looser modes on start, with one warning line', async () => {
    const data = join(dir, 'data');
    const file = join(data, 'habits.db');
    await (await runServe({ port: 0, dataFile: file, stderr: sink().stream, signals: false, quiet: true })).close();
    chmodSync(file, 0o644);
    chmodSync(data, 0o755);
    const err = sink();
    const serving = await runServe({ port: 0, dataFile: file, stderr: err.stream, signals: false, quiet: true });
    await serving.close();
    expect(err.text().split('\n')[0]).toBe(`habits serve: warning: other users could read the data and its key; tightened ${file} (0644 -> 0600), ${data} (0755 -> 0700)`);
    expect(err.text().match(/warning/g)).toHaveLength(1);
    expect([modeOf(file), modeOf(data)]).toEqual([0o600, 0o700]);
  });

  test('--data in a directory shared with other files: the file is private, the directory keeps its mode', async () => {
    const shared = join(dir, 'project');
    mkdirSync(shared, { mode: 0o755 });
    chmodSync(shared, 0o755);
    writeFileSync(join(shared, 'README'), 'x');
    const file = join(shared, 'habits.db');
    await (await runServe({ port: 0, dataFile: file, stderr: sink().stream, signals: false, quiet: true })).close();
    expect([modeOf(file), modeOf(shared)]).toEqual([0o600, 0o755]);
  });
});

describe('runServe', () => {
  test('generates and prints the key once, logs requests, and closes the database', async () => {
    const file = join(dir, 'nested', 'dir', 'habits.db');
    const err = sink();
    const serving = await runServe({ port: 0, dataFile: file, stderr: err.stream, signals: false });
    const m = /^habits serve: generated API key (hb_[A-Za-z0-9]{32}) \(stored in (.+)\)\nhabits serve: listening on (http:\/\/127\.0\.0\.1:\d+\/v2)\n$/.exec(err.text());
    expect(m?.[2]).toBe(file);
    expect(m?.[3]).toBe(serving.url);
    const apiKey = m?.[1] ?? '';
    expect((await client({ url: serving.url, apiKey })('POST', '/areas', { name: 'x' })).status).toBe(201);
    expect(err.text().split('\n').at(-2)).toMatch(/^\S+Z POST \/v2\/areas 201 [\d.]+ms$/);
    await serving.close();
    await serving.done;
    expect(existsSync(`${file}-wal`)).toBe(false); // the last connection closed and checkpointed

    // Second run: same key, not printed; --quiet drops request lines.
    const again = sink();
    const second = await runServe({ port: 0, dataFile: file, stderr: again.stream, signals: false, quiet: true });
    expect(again.text()).toBe(`habits serve: listening on ${second.url}\n`);
    const areas = await client({ url: second.url, apiKey })<Data<Area[]>>('GET', '/areas');
    expect(areas.body.data).toHaveLength(1);
    expect(again.text().split('\n')).toHaveLength(2);
    await second.close();
  });

  test('--host 0.0.0.0 prints a URL a client can use and warns, in one line, that the network can reach it', async () => {
    const err = sink();
    const serving = await runServe({ port: 0, host: '0.0.0.0', dataFile: join(dir, 'open.db'), apiKey: 'k', stderr: err.stream, signals: false, quiet: true });
    try {
      expect(serving.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v2$/);
      const { port } = new URL(serving.url);
      const lines = err.text().split('\n');
      expect(lines[0]).toBe(`habits serve: listening on ${serving.url}`);
      expect(lines[1]).toMatch(new RegExp(`^habits serve: warning: listening on 0\\.0\\.0\\.0:${port}, beyond this machine: anyone on the network who has the API key can use this service`));
      const lan = lanAddress();
      if (lan) expect(lines[1]).toContain(`(from another machine: http://${lan}:${port}/v2)`);
      expect(lines).toHaveLength(3);
      expect(err.text()).not.toContain('0.0.0.0:' + port + '/v2');
      expect((await client({ url: serving.url, apiKey: 'k' })('GET', '/areas')).status).toBe(200);
    } finally {
      await serving.close();
    }
  });

  test('which hosts are loopback, and the URL a client uses for each', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]', '::ffff:127.0.0.1']) {
      expect([host, isLoopback(host), exposureWarning(host, 1)]).toEqual([host, true, undefined]);
    }
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'myhost.local', '']) expect([host, isLoopback(host)]).toEqual([host, false]);
    expect(['0.0.0.0', '::', '::1', '127.0.0.1', '192.168.1.20', 'fe80::1'].map(clientHost)).toEqual(['127.0.0.1', '[::1]', '[::1]', '127.0.0.1', '192.168.1.20', '[fe80::1]']);
    expect(exposureWarning('192.168.1.20', 8787)).toBe('habits serve: warning: listening on 192.168.1.20:8787, beyond this machine: anyone on the network who has the API key can use this service');
  });

  test('an explicit key is used, not printed and not stored', async () => {
    const file = join(dir, 'habits.db');
    const err = sink();
    const serving = await runServe({ port: 0, dataFile: file, apiKey: 'my-own-key', stderr: err.stream, signals: false, quiet: true });
    expect(err.text()).not.toContain('my-own-key');
    expect((await client({ url: serving.url, apiKey: 'my-own-key' })('GET', '/areas')).status).toBe(200);
    await serving.close();
    const store = await openStore(file);
    expect(store.getMeta('api_key')).toBeUndefined();
    store.close();
  });

  test('a restart ends a lockout left in the file: the right key passes at once, and wrong keys are counted afresh (issue 20, item 11)', async () => {
    const file = join(dir, 'habits.db');
    const first = await runServe({ port: 0, dataFile: file, apiKey: 'k', stderr: sink().stream, signals: false, quiet: true });
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await client({ url: first.url, apiKey: 'wrong' })('GET', '/areas')).status);
    expect(statuses).toEqual([...Array<number>(20).fill(401), 429]);
    expect((await client({ url: first.url, apiKey: 'k' })('GET', '/areas')).status).toBe(429);
    await first.close();
    const again = await runServe({ port: 0, dataFile: file, apiKey: 'k', stderr: sink().stream, signals: false, quiet: true });
    expect((await client({ url: again.url, apiKey: 'k' })('GET', '/areas')).status).toBe(200);
    expect((await client({ url: again.url, apiKey: 'wrong' })('GET', '/areas')).status).toBe(401);
    await again.close();
  });

  test('a port in use is an EADDRINUSE error raised before the data file is created or a key printed', async () => {
    const file = join(dir, 'habits.db');
    const first = await runServe({ port: 0, dataFile: file, apiKey: 'k', stderr: sink().stream, signals: false });
    const port = Number(new URL(first.url).port);
    const err2 = sink();
    const other = join(dir, 'new', 'other.db');
    const err = await rejectionOf(runServe({ port, dataFile: other, stderr: err2.stream, signals: false }));
    expect(err.code).toBe('EADDRINUSE');
    expect(err.message).toBe(`habits serve: port ${port} on 127.0.0.1 is already in use; pick another with --port`);
    expect(err2.text()).toBe('');
    expect(existsSync(join(dir, 'new'))).toBe(false);
    await first.close();
  });

  test('a request that arrives while the store opens gets a 503, then the service answers', async () => {
    const bound = await bindPort(0, '127.0.0.1');
    const url = `http://127.0.0.1:${(bound.address() as AddressInfo).port}/v2`;
    const early = await client({ url, apiKey: 'k' })('GET', '/areas');
    expect(early.status).toBe(503);
    expect(early.body).toEqual({ error: 'Service Unavailable', message: 'the service is starting' });
    const store = await openStore(join(dir, 'habits.db'));
    const listening = await createServer({ db: store, apiKey: 'k' }).listen({ bound, host: '127.0.0.1' });
    expect(listening.url).toBe(url);
    expect((await client({ url, apiKey: 'k' })('GET', '/areas')).status).toBe(200);
    await listening.close();
    store.close();
  });
});

describe('habits serve (the built command)', () => {
  test('a busy --port fails with exit 2 and one line naming it, leaving no data file behind', async () => {
    const blocker = net.createServer();
    await new Promise<void>((res) => blocker.listen(0, '127.0.0.1', res));
    const { port } = blocker.address() as AddressInfo;
    const file = join(dir, 'data', 'habits', 'habits.db');
    const env = { HOME: dir, XDG_CONFIG_HOME: join(dir, 'config'), XDG_DATA_HOME: join(dir, 'data'), XDG_CACHE_HOME: join(dir, 'cache') };
    try {
      const r = await spawnCli(['serve', '--port', String(port)], { env });
      expect(r).toEqual({
        code: 2,
        stdout: '',
        stderr: `error: port ${port} on 127.0.0.1 is in use\nhint: pick another with --port, or --port 0 for any free one\n`,
      });
      expect(existsSync(file)).toBe(false);
      expect(existsSync(join(dir, 'data'))).toBe(false);
    } finally {
      await new Promise<void>((res) => blocker.close(() => res()));
    }
  });

  test('serves, answers with the printed key, and stops on SIGINT', async () => {
    const file = join(dir, 'cli.db');
    const env = { ...process.env, HOME: dir, XDG_CONFIG_HOME: join(dir, 'config'), XDG_DATA_HOME: join(dir, 'data'), XDG_CACHE_HOME: join(dir, 'cache'), NO_COLOR: '1' };
    const child = spawn(process.execPath, [join(ROOT, 'bin/habits.js'), 'serve', '--port', '0', '--data', file], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let stdout = '';
    child.stdout.on('data', (c) => (stdout += c));
    const exited = new Promise<number | null>((res) => child.on('exit', (code) => res(code)));
    const url = await new Promise<string>((res, rej) => {
      child.stderr.on('data', (c) => {
        stderr += c;
        const m = /listening on (http:\/\/\S+)/.exec(stderr);
        if (m?.[1]) res(m[1]);
      });
      void exited.then((code) => rej(new Error(`habits serve exited ${code}: ${stderr}`)));
    });
    const apiKey = /generated API key (\S+)/.exec(stderr)?.[1] ?? '';
    const call = client({ url, apiKey });
    const habit = await call('POST', '/habits', { name: 'Stretch', type: 'good' });
    expect(habit.status).toBe(201);
    expect((await call<Data<JournalEntry[]>>('GET', '/habits/journal')).body.data.map((e) => e.name)).toEqual(['Stretch']);
    child.kill('SIGINT');
    expect(await exited).toBe(0);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/POST \/v2\/habits 201/);
    const store = await openStore(file);
    expect((store.db.prepare('SELECT name FROM habits').all() as { name: string }[]).map((h) => h.name)).toEqual(['Stretch']);
    store.close();
  });
});
