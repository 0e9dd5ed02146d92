// The outbox through the built binary, as cron runs it (no terminal): a write against a server
// that is down waits in the outbox (exit 6), a later run delivers it exactly once, and a sync
// killed mid-request loses nothing and sends nothing twice that the server acknowledged.
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { LogEntry } from '../../src/api/types.js';
import { BIN, noonZone, spawnCli } from '../helpers/cli.js';
import { addHabit, call, useService } from '../helpers/service.js';

const { zone, today } = noonZone();
const fx = useService({ start: 'real', timezone: zone, per: 'test' });

/**
 * A front for the service on a port of its own, which can be down (the port closed) or up. Up, it
 * passes requests on; with `hold`, a POST of a value reaches the service but its answer never comes.
 */
interface Front {
  url: string;
  up(opts?: { hold?: boolean }): Promise<void>;
  down(): Promise<void>;
  /** Resolves when a held request has been answered by the service (and the answer kept back). */
  held(): Promise<void>;
}

let fronts: Front[] = [];
afterEach(async () => {
  for (const f of fronts) await f.down();
  fronts = [];
});

async function front(target: string): Promise<Front> {
  const upstream = new URL(target);
  const probe = http.createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((r) => probe.close(() => r()));
  let server: http.Server | undefined;
  let onHeld: () => void = () => {};
  const heldOnce = new Promise<void>((r) => (onHeld = r));
  const f: Front = {
    url: `http://127.0.0.1:${port}${upstream.pathname}`,
    async up(opts = {}) {
      server = http.createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          const headers: Record<string, string> = {};
          for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && !['host', 'connection', 'content-length'].includes(k)) headers[k] = v;
          const body = chunks.length ? Buffer.concat(chunks) : undefined;
          void fetch(`${upstream.origin}${req.url}`, { method: req.method, headers, body }).then(async (answer) => {
            const text = Buffer.from(await answer.arrayBuffer());
            if (opts.hold && req.method === 'POST' && /\/logs$/.test(req.url ?? '')) return onHeld();
            res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
            res.end(text);
          });
        });
      });
      await new Promise<void>((r) => server!.listen(port, '127.0.0.1', r));
    },
    async down() {
      const s = server;
      server = undefined;
      if (!s) return;
      s.closeAllConnections();
      await new Promise<void>((r) => s.close(() => r()));
    },
    held: () => heldOnce,
  };
  fronts.push(f);
  return f;
}

/** A front whose habit names a cron machine has listed (cached), then down: writes go to the outbox. */
async function cachedThenDown(): Promise<{ f: Front; env: Record<string, string> }> {
  const f = await front(fx.svc.url);
  const env = { ...fx.env, HABITS_BASE_URL: f.url };
  await f.up();
  expect((await spawnCli(['habit', 'ls'], { env })).code).toBe(0);
  await f.down();
  return { f, env };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const logsOf = (id: string) => call<LogEntry[]>(fx.svc, 'GET', `/habits/${id}/logs`);
const outboxFiles = () => {
  const dir = join(fx.home.env.XDG_DATA_HOME, 'habits');
  return existsSync(dir) ? readdirSync(dir).filter((n) => n.startsWith('outbox-')) : [];
};

describe('the outbox, from cron', () => {
  it('a mark and a value against a closed port wait (exit 6); the next command delivers each once', async () => {
    const walk = await addHabit(fx.svc, { name: 'Walk', startDate: '2020-01-01' });
    const run = await addHabit(fx.svc, { name: 'Run', startDate: '2020-01-01', goal: { periodicity: 'daily', value: 5, unit: 'kM' } });
    const { f, env } = await cachedThenDown();

    const done = await spawnCli(['log', 'done', 'Walk'], { env });
    expect(done.code).toBe(6);
    expect(done.stdout).toBe('');
    expect(done.stderr).toMatch(new RegExp(`^queued: log done "Walk" for ${today} waits in the outbox as \\[1\\]: connection refused by 127\\.0\\.0\\.1:\\d+ \\(POST /habits/.+/logs/complete\\)\\n`));
    expect(done.stderr).toContain('hint: `habits sync` sends it, and so does the next command that reaches the server\n');
    const add = await spawnCli(['log', 'add', 'Run', '3', '--unit', 'km'], { env });
    expect(add.code).toBe(6);
    expect(add.stderr).toMatch(/^queued: log add "Run" 3 kM for \S+ waits in the outbox as \[2\]: connection refused/);
    expect((await spawnCli(['sync', '--list'], { env })).stdout.split('\n').filter(Boolean).map((l) => l.split('\t').slice(0, 3))).toEqual([
      ['1', 'waiting', `log done "Walk" for ${today}`],
      ['2', 'waiting', `log add "Run" 3 kM for ${today}`],
    ]);
    expect(await logsOf(walk.id)).toEqual([]);

    await f.up();
    const journal = await spawnCli(['journal'], { env });
    expect(journal.code, journal.stderr).toBe(0);
    expect(journal.stderr).toBe('Sent 2 queued writes from the outbox\n');
    expect(journal.stdout).toMatch(/\tWalk\tcompleted\t/);
    expect(outboxFiles()).toEqual([]);
    const again = await spawnCli(['sync'], { env });
    expect(again).toEqual({ code: 0, stdout: '', stderr: 'Nothing waits in the outbox.\n' });
    expect((await logsOf(walk.id)).map((l) => [l.kind, l.date])).toEqual([['completed', today]]);
    expect((await logsOf(run.id)).map((l) => [l.kind, l.value, l.unitSymbol])).toEqual([['value', 3, 'kM']]);
  });

  it('log add then log set, warm and then with the server down: a total of 5 either way (issue 21)', async () => {
    const water = await addHabit(fx.svc, { name: 'Water', startDate: '2020-01-01', goal: { periodicity: 'daily', value: 8, unit: 'cup' } });
    const f = await front(fx.svc.url);
    const env = { ...fx.env, HABITS_BASE_URL: f.url };
    await f.up();
    // Up: the value without --unit takes the goal's unit; the set reads the day and sends -1.
    expect(await spawnCli(['log', 'add', 'Water', '6'], { env })).toMatchObject({ code: 0 });
    const set = await spawnCli(['log', 'set', 'Water', '5'], { env });
    expect(set.code, set.stderr).toBe(0);
    expect(set.stderr).toMatch(new RegExp(`^Set "Water" to 5 cup for ${today} \\(was 6\\) \\(log id:`));
    const day = async () => (await logsOf(water.id)).filter((l) => l.date === today).reduce((sum, l) => sum + l.value, 0);
    expect(await day()).toBe(5);
    expect((await spawnCli(['log', 'undo', 'Water', '--yes'], { env })).code).toBe(0);

    // Down: both wait in the outbox (exit 6), the value with no --unit too.
    await f.down();
    const add = await spawnCli(['log', 'add', 'Water', '6'], { env });
    expect(add.code, add.stderr).toBe(6);
    expect(add.stderr).toMatch(/^queued: log add "Water" 6 cup for \S+ waits in the outbox as \[1\]: connection refused/);
    const queued = await spawnCli(['log', 'set', 'Water', '5'], { env });
    expect(queued.code, queued.stderr).toBe(6);
    expect(queued.stderr).toMatch(/^queued: log set "Water" 5 cup for \S+ waits in the outbox as \[2\]: connection refused/);
    expect(await day()).toBe(0);
    await f.up();
    const sync = await spawnCli(['sync'], { env });
    expect(sync.code, sync.stderr).toBe(0);
    expect(sync.stderr).toMatch(/Sent \[2\] log set "Water" 5 cup for \S+ as -1 \(HTTP 201, log id:/);
    expect(await day()).toBe(5);
  });

  it('after a command changed names (habit add), the names listed before still say which habit is meant offline', async () => {
    const walk = await addHabit(fx.svc, { name: 'Walk', startDate: '2020-01-01' });
    const f = await front(fx.svc.url);
    const env = { ...fx.env, HABITS_BASE_URL: f.url };
    await f.up();
    expect((await spawnCli(['habit', 'ls'], { env })).code).toBe(0);
    expect((await spawnCli(['habit', 'add', 'Stretch', '-q'], { env })).code).toBe(0);
    await f.down();
    const done = await spawnCli(['log', 'done', 'Walk'], { env });
    expect(done.code, done.stderr).toBe(6);
    expect(done.stderr).toMatch(/^queued: log done "Walk" for \S+ waits in the outbox as \[1\]/);
    await f.up();
    expect((await spawnCli(['sync'], { env })).code).toBe(0);
    expect((await logsOf(walk.id)).map((l) => [l.kind, l.date])).toEqual([['completed', today]]);
    // Up again, the changed names are listed afresh: the new habit resolves.
    expect((await spawnCli(['log', 'done', 'Stretch'], { env })).code).toBe(0);
  });

  it('--no-queue and HABITS_NO_QUEUE=1 fail at once (exit 1) and queue nothing', async () => {
    await addHabit(fx.svc, { name: 'Walk', startDate: '2020-01-01' });
    const { f, env } = await cachedThenDown();
    for (const r of [await spawnCli(['--no-queue', 'log', 'done', 'Walk'], { env }), await spawnCli(['log', 'done', 'Walk'], { env: { ...env, HABITS_NO_QUEUE: '1' } })]) {
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/^error: connection refused by 127\.0\.0\.1:\d+ \(POST \/habits\/.+\/logs\/complete\)\n/);
    }
    expect(outboxFiles()).toEqual([]);
  });

  it('a sync killed while the server records a value: nothing lost, nothing acknowledged sent twice', async () => {
    const run = await addHabit(fx.svc, { name: 'Run', startDate: '2020-01-01', goal: { periodicity: 'daily', value: 5, unit: 'kM' } });
    const walk = await addHabit(fx.svc, { name: 'Walk', startDate: '2020-01-01' });
    const { f, env } = await cachedThenDown();
    expect((await spawnCli(['log', 'add', 'Run', '2', '--unit', 'km'], { env })).code).toBe(6);
    expect((await spawnCli(['log', 'done', 'Walk'], { env })).code).toBe(6);

    // The service records the value, its answer is kept back, and the sync dies waiting for it.
    await f.up({ hold: true });
    const child = spawn(process.execPath, [BIN, 'sync'], { env, stdio: 'ignore' });
    const exited = new Promise<NodeJS.Signals | null>((r) => child.on('exit', (_code, signal) => r(signal)));
    await f.held();
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    expect((await logsOf(run.id)).map((l) => l.value)).toEqual([2]);
    expect(await logsOf(walk.id)).toEqual([]);

    await f.down();
    await f.up();
    const sync = await spawnCli(['sync'], { env });
    expect(sync.code).toBe(6);
    expect(sync.stderr).toContain(`Sent [2] log done "Walk" for ${today} (HTTP 201, log id:`);
    expect(sync.stderr).toContain(`Held [1] log add "Run" 2 kM for ${today}: the server may have it`);
    expect(sync.stderr).toContain(`hint: check with \`habits journal --date ${today}\`; then \`habits sync --confirm 1\` sends it, \`habits sync --drop 1\` forgets it`);
    expect((await logsOf(run.id)).map((l) => l.value)).toEqual([2]);
    expect((await logsOf(walk.id)).map((l) => l.kind)).toEqual(['completed']);

    // Later commands do not send it either; the user drops it, having seen it recorded.
    const journal = await spawnCli(['journal'], { env });
    expect(journal.stderr).toBe('warning: 1 write held in the outbox, the server may have it: see `habits sync`\n');
    expect((await logsOf(run.id)).map((l) => l.value)).toEqual([2]);
    expect(await spawnCli(['sync', '--drop', '1'], { env })).toEqual({ code: 0, stdout: '', stderr: `Dropped [1] log add "Run" 2 kM for ${today}; it was not sent\n` });
    expect(outboxFiles()).toEqual([]);
    expect((await logsOf(run.id)).map((l) => l.value)).toEqual([2]);
  });

  it('a torn last line (a crash mid-append) hides nothing: the next write counts, is listed and is sent', async () => {
    const walk = await addHabit(fx.svc, { name: 'Walk', startDate: '2020-01-01' });
    const run = await addHabit(fx.svc, { name: 'Run', startDate: '2020-01-01', goal: { periodicity: 'daily', value: 5, unit: 'rep' } });
    const { f, env } = await cachedThenDown();
    expect((await spawnCli(['log', 'done', 'Walk'], { env })).code).toBe(6);
    // What a crash in the middle of an append leaves: a line without its end.
    const [outbox] = outboxFiles();
    appendFileSync(join(fx.home.env.XDG_DATA_HOME, 'habits', outbox!), '{"op":"queue","n":9,"id":"torn');
    const add = await spawnCli(['log', 'add', 'Run', '2.2', '--unit', 'rep'], { env });
    expect(add.code).toBe(6);
    expect(add.stderr).toMatch(/^queued: log add "Run" 2\.2 rep for \S+ waits in the outbox as \[2\]/);
    expect((await spawnCli(['sync', '--list'], { env })).stdout.split('\n').filter(Boolean).map((l) => l.split('\t').slice(0, 3))).toEqual([
      ['1', 'waiting', `log done "Walk" for ${today}`],
      ['2', 'waiting', `log add "Run" 2.2 rep for ${today}`],
    ]);
    await f.up();
    const sync = await spawnCli(['sync'], { env });
    expect(sync.code, sync.stderr).toBe(0);
    expect((await logsOf(walk.id)).map((l) => l.kind)).toEqual(['completed']);
    expect((await logsOf(run.id)).map((l) => [l.kind, l.value])).toEqual([['value', 2.2]]);
    expect(outboxFiles()).toEqual([]);
  });

  it('a torn last line in the write record: the next write is listed by log ls, and undo reverts that one', async () => {
    const run = await addHabit(fx.svc, { name: 'Run', startDate: '2020-01-01', goal: { periodicity: 'daily', value: 5, unit: 'rep' } });
    const env = fx.env;
    expect((await spawnCli(['log', 'add', 'Run', '1', '--unit', 'rep'], { env })).code).toBe(0);
    const dir = join(fx.home.env.XDG_DATA_HOME, 'habits');
    const record = readdirSync(dir).find((n) => n.startsWith('writes-'));
    appendFileSync(join(dir, record!), '{"at":"2026-11-22T07:00:01.123Z","method":"POST","path":"/habits/x/lo');
    expect((await spawnCli(['log', 'add', 'Run', '2', '--unit', 'rep'], { env })).code).toBe(0);
    const listed = await spawnCli(['log', 'ls', 'Run', '--json', 'value'], { env });
    expect(listed.code, listed.stderr).toBe(0);
    expect((JSON.parse(listed.stdout) as { value: number }[]).map((l) => l.value)).toEqual([1, 2]);
    const undo = await spawnCli(['undo', '--yes'], { env });
    expect(undo.code, undo.stderr).toBe(0);
    expect((await logsOf(run.id)).map((l) => l.value)).toEqual([1]);
  });

  it('ten writes queued at once, while syncs run, get ten numbers, none lost, and --drop takes exactly the one named', async () => {
    await addHabit(fx.svc, { name: 'Run', startDate: '2020-01-01', goal: { periodicity: 'daily', value: 5, unit: 'rep' } });
    const { f, env } = await cachedThenDown();
    // Commands that try the outbox first run at the same time, and remove it when they find it
    // empty: one may do so between a writer creating the file and writing its line.
    const [runs] = await Promise.all([
      Promise.all(Array.from({ length: 10 }, (_, i) => spawnCli(['log', 'add', 'Run', String(i + 1), '--unit', 'rep'], { env }))),
      Promise.all(Array.from({ length: 4 }, () => spawnCli(['sync'], { env }))),
    ]);
    expect(runs.map((r) => r.code)).toEqual(Array(10).fill(6));
    const numberOf = runs.map((r) => Number(/waits in the outbox as \[(\d+)\]/.exec(r.stderr)?.[1]));
    expect([...numberOf].sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const list = async () => (await spawnCli(['sync', '--list'], { env })).stdout.split('\n').filter(Boolean).map((l) => l.split('\t').slice(0, 3).join(' '));
    // Each number lists the value its command was told it holds.
    const value = (n: number) => numberOf.indexOf(n) + 1;
    const listed = (n: number) => `${n} waiting log add "Run" ${value(n)} rep for ${today}`;
    expect(await list()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(listed));
    // The server is still down: the one named is dropped, the rest still waits (exit 6).
    const dropped = await spawnCli(['sync', '--drop', '4'], { env });
    expect(dropped.code).toBe(6);
    expect(dropped.stderr.split('\n').filter((l) => l.startsWith('Dropped'))).toEqual([`Dropped [4] log add "Run" ${value(4)} rep for ${today}; it was not sent`]);
    expect(await list()).toEqual([1, 2, 3, 5, 6, 7, 8, 9, 10].map(listed));
  });

  it('a lock naming PID 1 (or any live process that did not write it) does not block the outbox; a real one is named', async () => {
    const walk = await addHabit(fx.svc, { name: 'Walk', startDate: '2020-01-01' });
    const { f, env } = await cachedThenDown();
    expect((await spawnCli(['log', 'done', 'Walk'], { env })).code).toBe(6);
    const dir = join(fx.home.env.XDG_DATA_HOME, 'habits');
    const lockFile = join(dir, `${outboxFiles()[0]}.lock`);
    await f.up();

    // A habits process that is really sending: obeyed, and its lock named.
    const holder = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)', 'habits', 'sync'], { stdio: 'ignore' });
    await new Promise((r) => holder.once('spawn', r));
    const start = readFileSync(`/proc/${holder.pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[19];
    writeFileSync(lockFile, JSON.stringify({ pid: holder.pid, start, host: hostname() }));
    const busy = await spawnCli(['sync'], { env });
    holder.kill('SIGKILL');
    expect(busy).toEqual({
      code: 1,
      stdout: '',
      stderr: `error: another habits command (pid ${holder.pid}) is sending the outbox: ${lockFile} is its lock\n` +
        `hint: run \`habits sync\` again when it is done; if no habits command is running, remove ${lockFile}\n`,
    });

    // PID 1 is alive, but did not write this lock: taken over, and the mark is sent.
    writeFileSync(lockFile, '1');
    const sync = await spawnCli(['sync'], { env });
    expect(sync.code, sync.stderr).toBe(0);
    expect(sync.stderr).toContain(`Sent [1] log done "Walk" for ${today}`);
    expect((await logsOf(walk.id)).map((l) => l.kind)).toEqual(['completed']);
    expect(existsSync(lockFile)).toBe(false);
  });

  it('an outbox or record path that is a symbolic link is never written through: the target stays as it was', async () => {
    const walk = await addHabit(fx.svc, { name: 'Walk', startDate: '2020-01-01' });
    const f = await front(fx.svc.url);
    const env = { ...fx.env, HABITS_BASE_URL: f.url };
    await f.up();
    expect((await spawnCli(['log', 'done', 'Walk'], { env })).code).toBe(0);
    const dir = join(fx.home.env.XDG_DATA_HOME, 'habits');
    const record = join(dir, readdirSync(dir).find((n) => n.startsWith('writes-'))!);
    const outbox = record.replace('/writes-', '/outbox-');
    mkdirSync(join(fx.home.home, 'public'));
    const target = join(fx.home.home, 'public', 'index.html');
    writeFileSync(target, '<html></html>\n');
    expect((await spawnCli(['log', 'undo', 'Walk'], { env })).code).toBe(0);

    // The record: the write stands, and the command says it could not remember it.
    rmSync(record);
    symlinkSync(target, record);
    const done = await spawnCli(['log', 'done', 'Walk'], { env });
    expect(done.code, done.stderr).toBe(0);
    expect(done.stderr).toContain(`warning: could not add to the record of writes: ${record} is a symbolic link; habits writes it only as a file of its own (remove the link)\n`);
    expect((await logsOf(walk.id)).map((l) => l.kind)).toEqual(['completed']);

    // The outbox: neither read nor written through the link. A mark that can be neither sent nor
    // kept says so (exit 1), and `sync` names the link.
    await spawnCli(['log', 'undo', 'Walk'], { env });
    symlinkSync(target, outbox);
    await f.down();
    const link = `${outbox} is a symbolic link; habits writes it only as a file of its own (remove the link)`;
    const queued = await spawnCli(['log', 'done', 'Walk'], { env });
    expect(queued.code, queued.stderr).toBe(1);
    const recordLink = `${record} is a symbolic link; habits writes it only as a file of its own (remove the link)`;
    expect(queued.stderr).toMatch(new RegExp(
      `^warning: the outbox was not sent: ${escape(link)}\\n` +
      `warning: could not add to the record of writes: ${escape(recordLink)}\\n` +
      `error: log done "Walk" for ${today} could not be sent \\(connection refused by 127\\.0\\.0\\.1:\\d+ \\(POST /habits/[^)]+/logs/complete\\)\\), nor kept in the outbox: ${escape(link)}\\n`,
    ));
    await f.up();
    expect(await spawnCli(['sync'], { env })).toEqual({ code: 1, stdout: '', stderr: `error: ${link}\n` });
    expect(lstatSync(outbox).isSymbolicLink()).toBe(true);
    expect(readFileSync(target, 'utf8')).toBe('<html></html>\n');
    expect(await logsOf(walk.id)).toEqual([]);
  });

  it('an outbox grown large: other commands leave it to sync (one warning), and sync sends it and compacts it away', async () => {
    const walk = await addHabit(fx.svc, { name: 'Walk', startDate: '2020-01-01' });
    const { f, env } = await cachedThenDown();
    expect((await spawnCli(['log', 'done', 'Walk'], { env })).code).toBe(6);
    const file = join(fx.home.env.XDG_DATA_HOME, 'habits', outboxFiles()[0]!);
    // Months of tries against a server out of reach: 5 MB of lines about writes long delivered.
    const old = JSON.stringify({ op: 'unsent', id: 'long-gone', note: 'x'.repeat(200) });
    appendFileSync(file, `${old}\n`.repeat(Math.ceil((5 * 1024 * 1024) / (old.length + 1))));
    await f.up();
    const journal = await spawnCli(['journal'], { env });
    expect(journal.code, journal.stderr).toBe(0);
    expect(journal.stderr).toBe(`warning: the outbox is 5.0 MB, too large to send before this command: \`habits sync\` sends it (${file})\n`);
    expect(await logsOf(walk.id)).toEqual([]);
    const sync = await spawnCli(['sync'], { env });
    expect(sync.code, sync.stderr).toBe(0);
    expect(sync.stderr).toContain(`Sent [1] log done "Walk" for ${today}`);
    expect(outboxFiles()).toEqual([]);
    expect((await logsOf(walk.id)).map((l) => l.kind)).toEqual(['completed']);
  });

  it('200 writers killed with SIGKILL at random points while the server is down: every acknowledged value arrives exactly once', async () => {
    const run = await addHabit(fx.svc, { name: 'Run', startDate: '2020-01-01', goal: { periodicity: 'daily', value: 5, unit: 'rep' } });
    const { f, env } = await cachedThenDown();
    /** Runs `log add Run <value>` and kills it after `killMs` if it still runs: its exit code, or the signal. */
    const killedAfter = (value: number, killMs: number) =>
      new Promise<number | string>((resolve) => {
        const child = spawn(process.execPath, [BIN, 'log', 'add', 'Run', String(value), '--unit', 'rep'], { env, stdio: 'ignore' });
        const timer = setTimeout(() => child.kill('SIGKILL'), killMs);
        child.on('exit', (code, signal) => {
          clearTimeout(timer);
          resolve(code ?? String(signal));
        });
      });
    // How long whole ones take here, four at a time (each queues: exit 6); the kill points spread over that.
    const t0 = performance.now();
    expect(await Promise.all([1001, 1002, 1003, 1004].map((v) => killedAfter(v, 60_000)))).toEqual([6, 6, 6, 6]);
    const life = performance.now() - t0;
    // A fixed seed: the same kill points, as fractions of a command's life, every run.
    let state = 20261126;
    const random = () => ((state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    const outcome = new Map<number, number | string>();
    const rounds = 200;
    for (let first = 1; first <= rounds; first += 4) {
      const values = [first, first + 1, first + 2, first + 3];
      const results = await Promise.all(values.map((v) => killedAfter(v, random() * life * 1.3)));
      values.forEach((v, i) => outcome.set(v, results[i]!));
    }
    // A command that ended by itself said its value waits in the outbox (6).
    expect([...outcome.values()].filter((r) => r !== 6 && r !== 'SIGKILL')).toEqual([]);
    const acknowledged = [...outcome].filter(([, r]) => r === 6).map(([v]) => v);
    const killed = [...outcome].filter(([, r]) => r === 'SIGKILL').map(([v]) => v);

    await f.up();
    // A writer killed between saying it sends a value and hearing back leaves that value held: the
    // user checks that the server does not have it, then confirms it, as sync's hint says.
    const sync = await spawnCli(['sync', '--json'], { env });
    const { held } = JSON.parse(sync.stdout) as { held: number[] };
    expect(sync.code, sync.stderr).toBe(held.length > 0 ? 6 : 0);
    let confirmed = 0;
    if (held.length > 0) {
      const list = (await spawnCli(['sync', '--list', '--json'], { env })).stdout;
      const heldValues = (JSON.parse(list) as { n: number; body: { value: number } }[]).filter((w) => held.includes(w.n)).map((w) => w.body.value);
      const before = (await logsOf(run.id)).map((l) => l.value as number);
      expect(heldValues.filter((v) => before.includes(v))).toEqual([]);
      const again = await spawnCli(['sync', ...held.flatMap((n) => ['--confirm', String(n)])], { env });
      expect(again.code, again.stderr).toBe(0);
      confirmed = held.length;
    }
    const arrived = (await logsOf(run.id)).map((l) => l.value as number);
    const times = (v: number) => arrived.filter((a) => a === v).length;
    expect(acknowledged.filter((v) => times(v) !== 1)).toEqual([]);
    expect(killed.filter((v) => times(v) > 1)).toEqual([]);
    expect(arrived.filter((v) => v < 1001 && !outcome.has(v))).toEqual([]);
    expect([1001, 1002, 1003, 1004].map(times)).toEqual([1, 1, 1, 1]);
    expect(outboxFiles()).toEqual([]);
    const queuedThenKilled = killed.filter((v) => times(v) === 1).length;
    console.log(`outbox crash suite: ${rounds} writers killed at random points of a ${Math.round(life)} ms life while the server was down: ${acknowledged.length} acknowledged, ${killed.length} killed (${queuedThenKilled} of them after queueing), ${confirmed} held and confirmed; every acknowledged value arrived once`);
  }, 120_000);
});
