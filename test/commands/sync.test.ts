// What is queued, what is held, and how `habits sync` sends it, against a server scripted to fail
// as told: a value that may have reached the server is never sent again until confirmed.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type http from 'node:http';
import { runCli, tempHome } from '../helpers/cli.js';
import { KEY, startServer, type TestServer } from '../helpers/mock-agent.js';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;
const HABIT = { id: 'h1', name: 'Run', type: 'good', isArchived: false, startDate: '2020-01-01', occurrence: { type: 'daily' }, goal: { periodicity: 'daily', value: 5, unit: 'kM' } };

let server: TestServer;
let home: ReturnType<typeof tempHome>;
/** What the server does with each POST, in turn; then 201. */
let plan: Handler[] = [];
beforeEach(async () => {
  plan = [];
  home = tempHome();
  server = await startServer((req, res) => {
    const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.method === 'GET' && req.url?.startsWith('/v2/habits/journal')) return json(200, { data: [{ id: 'h1', name: 'Run', status: 'inprogress', type: 'good' }] });
    if (req.method === 'GET' && req.url?.startsWith('/v2/habits/h1')) return json(200, { data: HABIT });
    if (req.method === 'GET') return json(200, { data: [HABIT], pagination: { total: 1, limit: 100, offset: 0 } });
    const next = plan.shift();
    if (next) return next(req, res);
    json(201, { message: 'ok', logId: `log${server.seen.length}` });
  });
});
afterEach(async () => {
  await server.close();
  home.cleanup();
});

const cli = (argv: string[], opts: Parameters<typeof runCli>[1] = {}) =>
  runCli(argv, { ...opts, env: { ...home.env, HABITS_API_KEY: KEY, HABITS_BASE_URL: `${server.url}/v2` } });
const fail = (status: number): Handler => (_req, res) => res.writeHead(status, { 'content-type': 'application/json' }).end('{"message":"boom"}');
const reset: Handler = (req) => req.socket.destroy();
const posts = () => server.seen.filter((s) => s.method === 'POST').map((s) => s.path);

describe('queueing', () => {
  it('a 500 on a mark queues it; a 500 on a value holds it; sync sends the mark and keeps the value', async () => {
    // The mark, the mark again (what log add sends first), the value.
    plan = [fail(500), fail(500), fail(500)];
    const mark = await cli(['log', 'done', 'Run']);
    expect(mark.code).toBe(6);
    expect(mark.stderr).toBe('queued: log done "Run" for 2026-11-22 waits in the outbox as [1]: server error 500: boom (POST /habits/h1/logs/complete)\nhint: `habits sync` sends it, and so does the next command that reaches the server\n');
    const value = await cli(['log', 'add', 'Run', '2']);
    expect(value.code).toBe(6);
    expect(value.stderr).toBe(
      'queued: log add "Run" 2 kM for 2026-11-22 is held in the outbox as [2]: server error 500: boom (POST /habits/h1/logs); the server may have recorded it\n' +
      'hint: check with `habits journal --date 2026-11-22`; then `habits sync --confirm 2` sends it, `habits sync --drop 2` forgets it\n',
    );
    const sync = await cli(['sync']);
    expect(sync.code).toBe(6);
    expect(sync.stderr).toMatch(/^Sent \[1\] log done "Run" for 2026-11-22 \(HTTP 201, log id:log\d+\)\n/);
    expect(sync.stderr).toContain('Held [2] log add "Run" 2 kM for 2026-11-22: the server may have it');
    expect(posts()).toEqual(['/v2/habits/h1/logs/complete', '/v2/habits/h1/logs/complete', '/v2/habits/h1/logs', '/v2/habits/h1/logs/complete']);

    const confirmed = await cli(['sync', '--confirm', '2']);
    expect(confirmed.code).toBe(0);
    expect(confirmed.stderr).toMatch(/^Sent \[2\] log add "Run" 2 kM for 2026-11-22 \(HTTP 201, log id:log\d+\)\n$/);
    expect(posts().slice(4)).toEqual(['/v2/habits/h1/logs']);
    expect(await cli(['sync'])).toMatchObject({ code: 0, stderr: 'Nothing waits in the outbox.\n' });
  });

  it('a connection reset after a value was sent holds it; a question on a terminal can send it', async () => {
    plan = [reset];
    expect((await cli(['log', 'add', 'Run', '2'])).stderr).toMatch(/^queued: log add "Run" 2 kM for 2026-11-22 is held in the outbox as \[1\]: .*the server may have recorded it\n/);
    const answers = [true];
    const r = await cli(['sync'], {
      tty: { stdin: true, stderr: true },
      prompter: { available: true, confirm: async () => answers.shift() ?? false } as unknown as NonNullable<Parameters<typeof runCli>[1]>['prompter'],
    });
    expect(r.code, r.stderr).toBe(0);
    expect(posts()).toEqual(['/v2/habits/h1/logs', '/v2/habits/h1/logs']);
  });

  it('a 400 is the command\'s error, as before: nothing queued', async () => {
    plan = [fail(400)];
    const r = await cli(['log', 'done', 'Run']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: the server rejected the request: boom/);
    expect(await cli(['sync', '--list'])).toMatchObject({ code: 0, stdout: '', stderr: '' });
  });

  it('a queued write the server later refuses is dropped and reported; the journal marks what waits', async () => {
    // The mark, then what each journal sends first.
    plan = [fail(503), fail(503), fail(503)];
    expect((await cli(['log', 'done', 'Run'])).code).toBe(6);
    const tty = await cli(['journal'], { tty: { stdout: true }, columns: 100 });
    expect(tty.stdout).toContain('○ pending (queued: done)');
    expect((await cli(['journal'])).stdout).toBe('h1\tRun\tinprogress\t\t\t\t\t\n');
    plan = [fail(404)];
    const sync = await cli(['sync']);
    expect(sync.code).toBe(3);
    expect(sync.stderr).toContain('error: the server refused [1] log done "Run" for 2026-11-22; it was dropped from the outbox: not found: boom (POST /habits/h1/logs/complete)\n');
    expect(await cli(['sync', '--list'])).toMatchObject({ code: 0, stdout: '', stderr: '' });
  });

  it('--confirm or --drop of a number that does not wait: exit 3, nothing sent', async () => {
    expect(await cli(['sync', '--drop', '4'])).toMatchObject({ code: 3, stderr: 'error: nothing waits in the outbox as [4]\nhint: see `habits sync --list`\n' });
    expect(await cli(['sync', '--confirm', 'x'])).toMatchObject({ code: 2 });
    expect(posts()).toEqual([]);
  });
});

describe('what sends the outbox first', () => {
  it('a command sends the queued mark before its own request; a --dry-run of any verb sends nothing, not even the outbox', async () => {
    plan = [fail(500)];
    expect((await cli(['log', 'done', 'Run'])).code).toBe(6);
    for (const argv of [['habit', 'rm', 'Run', '--dry-run'], ['habit', 'edit', 'Run', '--name', 'Jog', '--dry-run'], ['log', 'rm', 'Run', 'log1', '--dry-run']]) {
      const r = await cli(argv);
      expect(r.code, argv.join(' ')).toBe(0);
      expect(r.stderr, argv.join(' ')).not.toContain('from the outbox');
    }
    expect(posts()).toEqual(['/v2/habits/h1/logs/complete']);
    expect(server.seen.filter((s) => s.method !== 'GET' && s.method !== 'POST')).toEqual([]);
    const journal = await cli(['journal']);
    expect(journal.stderr).toBe('Sent 1 queued write from the outbox\n');
    expect(posts()).toEqual(['/v2/habits/h1/logs/complete', '/v2/habits/h1/logs/complete']);
  });
});

describe('the status line after a queued write is sent', () => {
  it('sent by sync or before another command\'s request, the line is marked stale, never left wrong unmarked', async () => {
    expect((await cli(['journal'])).code).toBe(0);
    const line = async () => (await cli(['status', '--format', '{done}/{due}{stale}'])).stdout;
    expect(await line()).toBe('0/1\n');
    plan = [fail(500)];
    expect((await cli(['log', 'done', 'Run'])).code).toBe(6);
    // Waiting, it is not on the server: the line says what the server holds.
    expect(await line()).toBe('0/1\n');
    expect((await cli(['sync'])).code).toBe(0);
    expect(await line()).toBe('0/1?\n');
    await cli(['journal']);
    expect(await line()).toBe('0/1\n');
    plan = [fail(500)];
    expect((await cli(['log', 'done', 'Run'])).code).toBe(6);
    expect((await cli(['habit', 'ls'])).stderr).toBe('Sent 1 queued write from the outbox\n');
    expect(await line()).toBe('0/1?\n');
  });
});

describe('sync --list times (issue 22)', () => {
  it('on a terminal, when each write was queued in the user\'s zone; piped, the ISO instant', async () => {
    plan = [fail(503)];
    expect((await cli(['log', 'done', 'Run'])).code).toBe(6);
    const tty = await runCli(['sync', '--list'], { tty: { stdout: true }, columns: 160, env: { ...home.env, HABITS_API_KEY: KEY, HABITS_BASE_URL: `${server.url}/v2`, HABITS_TIMEZONE: 'America/New_York' } });
    // eslint-disable-next-line no-control-regex
    expect(tty.stdout.replace(/\u001b\[[0-9;]*m/g, '')).toMatch(/^\[1\] +waiting +log done "Run" for 2026-11-22 +2026-11-22 07:00 +server error 503/m);
    const piped = await cli(['sync', '--list']);
    expect(piped.stdout).toMatch(/\t2026-11-22T12:00:00\.000Z\t/);
  });
});
