// `habits --local mcp` as an assistant runs it: the built binary, spawned and driven over stdio by
// the SDK's client. Its stdout carries protocol messages only (the client reports anything else as
// an error), and the store afterwards holds exactly the writes the tools made.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, spawnCli, tempHome } from '../helpers/cli.js';
import { startLocalService } from '../helpers/local-service.js';
import { client as caller, createHabit } from '../helpers/service.js';

let home: ReturnType<typeof tempHome> | undefined;
afterEach(() => home?.cleanup());

type Result = { content: { text: string }[]; structuredContent?: Record<string, unknown>; isError?: boolean };

describe('habits --local mcp over stdio', () => {
  it('lists the tools, reads the journal, marks by name, adds a value, reads the week; refuses an ambiguous name and a future date; nothing else on stdout', async () => {
    home = tempHome();
    const env = { ...home.env, PATH: process.env.PATH ?? '/usr/bin:/bin' };
    for (const argv of [['habit', 'add', 'Drink water', '--goal', '8 cup daily'], ['habit', 'add', 'Drink tea'], ['habit', 'add', 'Walk'], ['habit', 'add', 'Juice', '--goal', '2 L daily', '--start', '-3']]) {
      expect((await spawnCli(['--local', ...argv], { env })).code).toBe(0);
    }
    const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, '--local', 'mcp'], env, stderr: 'pipe' });
    const errors: unknown[] = [];
    let stderr = '';
    transport.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
    const client = new Client({ name: 'e2e', version: '1' });
    client.onerror = (e) => errors.push(e);
    await client.connect(transport);
    const tool = async (name: string, args: Record<string, unknown> = {}) => (await client.callTool({ name, arguments: args })) as Result;

    expect((await client.listTools()).tools).toHaveLength(19);
    const journal = await tool('journal');
    expect((journal.structuredContent?.items as unknown[]).length).toBe(4);
    expect((await tool('log_done', { habit: 'walk' })).content[0]?.text).toMatch(/^"Walk" marked completed for \d{4}-\d{2}-\d{2}$/);
    expect((await tool('log_add', { habit: 'Drink water', value: 3 })).content[0]?.text).toMatch(/^Logged 3 cup to "Drink water" for \d{4}-\d{2}-\d{2} \(log id:\S+\)$/);
    // log_undo without confirm, in local mode (the store lists its logs): that day's values alone, nothing cleared.
    await tool('log_add', { habit: 'Juice', value: 1, date: 'yesterday' });
    await tool('log_add', { habit: 'Juice', value: 0.5 });
    const undo = await tool('log_undo', { habit: 'Juice' });
    expect(undo.content[0]?.text).toMatch(/^would clear 1 value \(0\.5 L\) of "Juice" on \d{4}-\d{2}-\d{2}: call again with confirm: true to clear them$/);
    const week = await tool('week');
    expect(week.isError).toBeFalsy();
    const ambiguous = await tool('log_done', { habit: 'Drink' });
    expect(ambiguous).toMatchObject({ isError: true });
    expect(ambiguous.content[0]?.text).toContain('"Drink" matches 2 habits');
    const future = await tool('log_done', { habit: 'Walk', date: 'tomorrow' });
    expect(future).toMatchObject({ isError: true });
    expect(future.content[0]?.text).toContain('is in the future');
    await client.close();
    expect(errors).toEqual([]);
    expect(stderr).toBe('');

    // The store: the mark and the value, and nothing else.
    const after = await spawnCli(['--local', 'journal', '--json', 'name,status,progress'], { env });
    const byName = Object.fromEntries((JSON.parse(after.stdout) as { name: string; status: string; progress?: { current?: number } }[]).map((e) => [e.name, e]));
    expect(byName.Walk?.status).toBe('completed');
    expect(byName['Drink water']?.progress?.current).toBe(3);
    expect(byName['Drink tea']?.status).not.toBe('completed');
    expect(byName.Juice?.progress?.current).toBe(0.5);
  }, 60_000);
});

describe('habits mcp over stdio: what is no request gets the protocol\'s error answer (issue 32)', () => {
  it('invalid JSON: -32700; a batch, params: null, a method that is no string, an id that is null, a line over 10 MB: -32600 (with the id when there is one); then it goes on answering', async () => {
    home = tempHome();
    const env = { ...home.env, PATH: process.env.PATH ?? '/usr/bin:/bin' };
    const child = spawn(process.execPath, [BIN, '--local', 'mcp', '--read-only'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    const lines = [
      '{"jsonrpc":"2.0","id":1,"method":"tools/list"',
      '[{"jsonrpc":"2.0","id":2,"method":"ping"},{"jsonrpc":"2.0","id":3,"method":"ping"}]',
      '[]',
      '{"jsonrpc":"2.0","id":4,"method":"tools/list","params":null}',
      '{"jsonrpc":"2.0","id":"five","method":5}',
      '{"jsonrpc":"2.0","id":null,"method":"ping"}',
      '"ping"',
      '',
      `{"jsonrpc":"2.0","id":7,"method":"ping","params":{"x":"${'x'.repeat(11 * 1024 * 1024)}"}}`,
      '{"jsonrpc":"2.0","id":6,"method":"ping"}',
    ];
    child.stdin.end(lines.join('\n') + '\n');
    expect(await exited).toBe(0);
    const answers = stdout.trim().split('\n').map((l) => JSON.parse(l) as { id: unknown; error?: { code: number; message: string }; result?: unknown });
    expect(answers.map((a) => [a.id, a.error?.code ?? 'result'])).toEqual([
      [null, -32700], [null, -32600], [null, -32600], [4, -32600], ['five', -32600], [null, -32600], [null, -32600], [null, -32600], [6, 'result'],
    ]);
    for (const a of answers) expect(a).toMatchObject({ jsonrpc: '2.0' });
    expect(answers[0]?.error?.message).toMatch(/^Parse error/);
    expect(answers[1]?.error?.message).toMatch(/^Invalid Request/);
    expect(answers.at(-2)?.error?.message).toBe('Invalid Request: a message over 10 MB');
    expect(answers.at(-1)?.result).toEqual({});
    expect(stderr).toBe('');
  }, 30_000);
});

describe('habits --profile home mcp --read-only: a tool argument is never read as an option (issue 32, acceptance)', () => {
  it('habit_stats with from: "--base-url=http://127.0.0.1:<port>/v2" is a tool error, and no request reaches that port; the profile\'s service answers the same call with a date', async () => {
    home = tempHome();
    const svc = await startLocalService();
    const seen: string[] = [];
    const bait = http.createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => bait.listen(0, '127.0.0.1', resolve));
    const baitUrl = `http://127.0.0.1:${(bait.address() as AddressInfo).port}/v2`;
    try {
      await createHabit(caller(svc), { name: 'Walk', startDate: '2026-11-01' });
      const dir = join(home.env.XDG_CONFIG_HOME, 'habits');
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      writeFileSync(join(dir, 'config.json'), JSON.stringify({ profiles: { home: { 'api-key': svc.apiKey, 'base-url': svc.url } } }), { mode: 0o600 });
      const env = { ...home.env, PATH: process.env.PATH ?? '/usr/bin:/bin' };
      const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, '--profile', 'home', 'mcp', '--read-only'], env, stderr: 'pipe' });
      const client = new Client({ name: 'e2e', version: '1' });
      await client.connect(transport);
      const stats = async (args: Record<string, unknown>) => (await client.callTool({ name: 'habit_stats', arguments: { habit: 'Walk', ...args } })) as Result;
      for (const args of [{ from: `--base-url=${baitUrl}` }, { from: `--base-url=${baitUrl}`, to: '--from=2026-01-01' }, { to: `--base-url=${baitUrl}` }]) {
        const r = await stats(args);
        expect(seen, JSON.stringify(args)).toEqual([]);
        expect(r.isError, JSON.stringify(args)).toBe(true);
        expect(r.content[0]?.text, JSON.stringify(args)).toMatch(/expected YYYY-MM-DD, today, yesterday, tomorrow, -N/);
      }
      const fine = await stats({ from: '2026-11-01' });
      expect(fine.isError).toBeFalsy();
      expect(fine.content[0]?.text).toMatch(/^Walk, 2026-11-01 to \d{4}-\d{2}-\d{2}: /);
      await client.close();
      expect(seen).toEqual([]);
      expect(svc.requests.length).toBeGreaterThan(0);
    } finally {
      await new Promise((resolve) => bait.close(resolve));
      await svc.close();
    }
  }, 30_000);
});
