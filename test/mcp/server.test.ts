// `habits mcp`'s tools through the SDK's own client over an in-memory transport, against the real
// local service over loopback: each tool runs the CLI command it adapts (main(), in process), so
// the store and the requests the service received are what a command line would have made.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { chmodSync, existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';
import { createMcpServer, type Invoke } from '../../src/mcp/server.js';
import type { JournalEntry, LogEntry } from '../../src/api/types.js';
import * as words from '../../src/mcp/summary.js';
import { parseDateArg } from '../../src/model/dates.js';
import { resolvePaths } from '../../src/config/paths.js';
import { addHabit, call, logValue, useService, writes } from '../helpers/service.js';
import { freePort, KEY } from '../helpers/mock-agent.js';
import { startProduction, type ProductionServer } from '../helpers/production.js';

const fx = useService({ per: 'test', start: '2026-11-22T12:00:00.000Z', timezone: 'UTC' });
let client: Client | undefined;
afterEach(async () => {
  await client?.close();
  client = undefined;
});

type Result = { content: { type: string; text: string }[]; structuredContent?: Record<string, unknown>; isError?: boolean };

/**
 * A client connected to a server whose tools run main() with `env` (the service's, by default), or
 * with `local` in local mode (`habits --local mcp`: the store of the temp home).
 */
async function connect(opts: { readOnly?: boolean; env?: Record<string, string>; secrets?: string[]; local?: boolean } = {}): Promise<{ tool: (name: string, args?: Record<string, unknown>) => Promise<Result> }> {
  const env = opts.local ? { ...fx.home.env, HABITS_TIMEZONE: 'UTC', ...opts.env } : { ...fx.env, ...opts.env };
  const invoke: Invoke = (argv, io) => main(argv, { io, env, now: fx.clock.now });
  const server = createMcpServer({
    invoke, globals: opts.local ? ['--local'] : [], readOnly: !!opts.readOnly, version: 'test', ...(opts.secrets ? { secrets: opts.secrets } : {}),
    isLocal: () => !!opts.local, dateOf: (arg) => parseDateArg(arg, fx.clock.now().toISOString().slice(0, 10), '--date'), words,
  });
  const [a, b] = InMemoryTransport.createLinkedPair();
  client = new Client({ name: 'test', version: '1' });
  await Promise.all([server.connect(a), client.connect(b)]);
  return { tool: async (name, args = {}) => (await client!.callTool({ name, arguments: args })) as Result };
}
/** What the tools wrote: every write but the habits the test created. */
const logWrites = () => writes(fx.svc).filter((w) => w.path !== '/habits');
const text = (r: Result) => r.content.map((c) => c.text).join('\n');

describe('habits mcp: the tools', () => {
  it('lists every tool with a schema and annotations; --read-only offers only the reading ones', async () => {
    await connect();
    const { tools } = await client!.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      'area_list', 'habit_add', 'habit_archive', 'habit_list', 'habit_show', 'habit_stats', 'journal', 'log_add', 'log_done', 'log_fail',
      'log_list', 'log_set', 'log_skip', 'log_undo', 'month', 'note_add', 'note_list', 'undo_last', 'week',
    ]);
    for (const t of tools) {
      expect(t.inputSchema.type, t.name).toBe('object');
      expect(t.description?.length, t.name).toBeGreaterThan(20);
      expect(typeof t.annotations?.readOnlyHint, t.name).toBe('boolean');
    }
    expect(tools.find((t) => t.name === 'habit_archive')?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(tools.find((t) => t.name === 'journal')?.annotations).toMatchObject({ readOnlyHint: true });
    await client!.close();
    await connect({ readOnly: true });
    const reads = (await client!.listTools()).tools;
    expect(reads.every((t) => t.annotations?.readOnlyHint === true)).toBe(true);
    expect(reads.map((t) => t.name)).not.toContain('log_done');
  });

  it('journal, log_done by name, log_add: the structured result in the --json shape, a short text, the store changed', async () => {
    const walk = await addHabit(fx.svc, { name: 'Walk', startDate: '2026-11-01' });
    const water = await addHabit(fx.svc, { name: 'Water', startDate: '2026-11-01', goal: { value: 8, unit: 'cup', periodicity: 'daily' } });
    const { tool } = await connect();
    const journal = await tool('journal');
    expect(journal.isError).toBeFalsy();
    expect((journal.structuredContent?.items as { name: string }[]).map((e) => e.name).sort()).toEqual(['Walk', 'Water']);
    expect(text(journal)).toContain('Walk: ');
    const done = await tool('log_done', { habit: 'walk' });
    expect(done.isError).toBeFalsy();
    expect(text(done)).toBe('"Walk" marked completed for 2026-11-22');
    expect(done.structuredContent?.items).toEqual([expect.objectContaining({ ref: 'walk', ok: true, date: '2026-11-22', habit: { id: walk.id, name: 'Walk' } })]);
    const again = await tool('log_done', { habit: 'Walk' });
    expect(text(again)).toBe('"Walk" was already completed for 2026-11-22');
    const added = await tool('log_add', { habit: 'Water', value: 3 });
    expect(added.isError).toBeFalsy();
    const posts = logWrites().map((w) => `${w.method} ${w.path} ${JSON.stringify(w.body)}`);
    expect(posts).toEqual([
      `POST /habits/${walk.id}/logs/complete {"targetDate":"2026-11-22"}`,
      `POST /habits/${walk.id}/logs/complete {"targetDate":"2026-11-22"}`,
      `POST /habits/${water.id}/logs {"value":3,"unitSymbol":"cup","targetDate":"2026-11-22"}`,
    ]);
  });

  it('an ambiguous name is a tool error listing the candidates; a future date the CLI\'s refusal; nothing written', async () => {
    await addHabit(fx.svc, { name: 'Drink water', startDate: '2026-11-01' });
    await addHabit(fx.svc, { name: 'Drink tea', startDate: '2026-11-01' });
    const { tool } = await connect();
    const ambiguous = await tool('log_done', { habit: 'Drink' });
    expect(ambiguous.isError).toBe(true);
    expect(text(ambiguous)).toMatch(/^error: "Drink" matches 2 habits\nhint: candidates: "Drink (water|tea)" \(id:\S+\), "Drink (water|tea)" \(id:\S+\)/);
    expect(text(ambiguous)).toContain('"Drink tea"');
    expect(text(ambiguous)).toContain('"Drink water"');
    const future = await tool('log_done', { habit: 'Drink tea', date: 'tomorrow' });
    expect(future.isError).toBe(true);
    expect(text(future)).toContain('error: --date: 2026-11-23 is in the future (today is 2026-11-22');
    expect(logWrites()).toEqual([]);
  });

  it('a write the server cannot take waits in the outbox and says "queued"', async () => {
    const h = await addHabit(fx.svc, { name: 'Walk', startDate: '2026-11-01' });
    const down = { HABITS_BASE_URL: `http://127.0.0.1:${await freePort()}/v2` };
    const { tool } = await connect({ env: down });
    const r = await tool('log_done', { habit: `id:${h.id}` });
    expect(r.isError).toBeFalsy();
    expect(text(r)).toMatch(/^queued: log done "[^"]+" for 2026-11-22 waits in the outbox as \[1\]/);
    expect(r.structuredContent).toMatchObject({ queued: true });
    expect(text(r)).not.toContain(fx.svc.apiKey);
  });

  it('no result holds the key or the path of the file that holds it, even when a command warns about that file', async () => {
    await addHabit(fx.svc, { name: 'Walk', startDate: '2026-11-01' });
    const dir = join(fx.home.env.XDG_CONFIG_HOME, 'habits');
    const file = join(dir, 'config.json');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(file, JSON.stringify({ 'api-key': fx.svc.apiKey, 'base-url': fx.svc.url }));
    chmodSync(file, 0o644);
    const env = { HABITS_API_KEY: '', HABITS_BASE_URL: '' };
    // Without the scrubbing, the command's own warning names the file.
    const bare = await connect({ env });
    expect(text(await bare.tool('journal'))).toContain(file);
    await client!.close();
    const { tool } = await connect({ env, secrets: [file, fx.svc.apiKey] });
    const r = await tool('journal');
    expect(r.isError).toBeFalsy();
    expect(text(r)).toContain('warning: [redacted] holds your API key and other users can read it');
    expect(JSON.stringify(r)).not.toContain(file);
    expect(JSON.stringify(r)).not.toContain(fx.svc.apiKey);
  });

  it('nor the real path of a config file behind a symbolic link, which a refusal of the file names (issue 32)', async () => {
    await addHabit(fx.svc, { name: 'Walk', startDate: '2026-11-01' });
    const dir = join(fx.home.env.XDG_CONFIG_HOME, 'habits');
    const file = join(dir, 'config.json');
    const realDir = join(fx.home.env.HOME, 'dotfiles', 'habits-keys');
    const real = join(realDir, 'habits.json');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    mkdirSync(realDir, { recursive: true, mode: 0o700 });
    writeFileSync(real, JSON.stringify({ 'api-key': fx.svc.apiKey, 'base-url': fx.svc.url }));
    symlinkSync(real, file);
    const env = { HABITS_API_KEY: '', HABITS_BASE_URL: '' };
    const { tool } = await connect({ env, secrets: [file, fx.svc.apiKey] });
    // The file it links to is writable by others: the refusal names it.
    chmodSync(real, 0o666);
    const file666 = await tool('journal');
    expect(file666.isError).toBe(true);
    expect(text(file666)).toContain('(it links to [redacted], which is writable by them, mode 0666)');
    // Its directory is: the refusal names the directory.
    chmodSync(real, 0o600);
    chmodSync(realDir, 0o777);
    const dir777 = await tool('journal');
    expect(dir777.isError).toBe(true);
    expect(text(dir777)).toContain('(it links into [redacted], which is writable by them, mode 0777)');
    for (const r of [file666, dir777]) {
      expect(JSON.stringify(r)).not.toContain(realDir);
      expect(JSON.stringify(r)).not.toContain(file);
      expect(JSON.stringify(r)).not.toContain(fx.svc.apiKey);
    }
  });

  it('habit_archive and undo_last act only with confirm: true; without it they say what they would do', async () => {
    const h = await addHabit(fx.svc, { name: 'Walk', startDate: '2026-11-01' });
    const { tool } = await connect();
    const ask = await tool('habit_archive', { habit: 'Walk' });
    expect(ask.isError).toBeFalsy();
    expect(text(ask)).toBe(`would archive "Walk" (id:${h.id}): call again with confirm: true to archive it`);
    expect(logWrites()).toEqual([]);
    await tool('log_done', { habit: 'Walk' });
    const markId = (await call<LogEntry[]>(fx.svc, 'GET', `/habits/${h.id}/logs`))[0]!.id;
    const undoAsk = await tool('undo_last');
    expect(undoAsk.isError).toBeFalsy();
    expect(text(undoAsk)).toBe(`would revert the completed mark on "Walk" for 2026-11-22, written 2026-11-22 12:00. This deletes its log ${markId} alone (habits log rm): the values of that day stay. Call again with confirm: true to do it.`);
    expect(undoAsk.structuredContent).toMatchObject({ confirmed: false, revert: { type: 'completed', habit: { id: h.id, name: 'Walk' }, logId: markId } });
    const undone = await tool('undo_last', { confirm: true });
    expect(undone.isError).toBeFalsy();
    const archived = await tool('habit_archive', { habit: 'Walk', confirm: true });
    expect(archived.isError).toBeFalsy();
    expect(logWrites().map((w) => `${w.method} ${w.path}`)).toEqual([
      `POST /habits/${h.id}/logs/complete`, `DELETE /habits/${h.id}/logs/${markId}`, `POST /habits/${h.id}/archive`,
    ]);
  });

  it('undo_last reverts the mark alone: 3 + 2 cups, log_done, undo_last: the day reads 5/8 (issue 31)', async () => {
    const water = await addHabit(fx.svc, { name: 'Water', startDate: '2026-11-01', goal: { value: 8, unit: 'cup', periodicity: 'daily' } });
    const { tool } = await connect();
    for (const [name, args] of [['log_add', { habit: 'Water', value: 3 }], ['log_add', { habit: 'Water', value: 2 }], ['log_done', { habit: 'Water' }]] as const) {
      expect((await tool(name, args)).isError).toBeFalsy();
    }
    const preview = await tool('undo_last');
    expect(text(preview)).toMatch(/^would revert the completed mark on "Water" for 2026-11-22, written 2026-11-22 12:00\. This deletes its log \S+ alone \(habits log rm\): the values of that day stay\./);
    expect(logWrites().filter((w) => w.method === 'DELETE' || w.path.endsWith('/undo'))).toEqual([]);
    const done = await tool('undo_last', { confirm: true });
    expect(done.isError).toBeFalsy();
    expect(text(done)).toMatch(/Reverted the completed mark on "Water" for 2026-11-22, written 2026-11-22 12:00: deleted its log \S+; the values of that day stay/);
    const journal = await tool('journal');
    expect((journal.structuredContent?.items as JournalEntry[]).find((e) => e.id === water.id)?.progress).toMatchObject({ current: 5, target: 8 });
  });

  it('undo_last against a server without log ids: the preview names the values written back and those it may lose; clearDay, not --clear-day', async () => {
    const server = await startProduction([{ id: 'h1', name: 'Water', goal: { periodicity: 'daily', value: 8, unit: 'cup' } }], { undoRemovesValues: true });
    try {
      const { tool } = await connect({ env: { HABITS_BASE_URL: server.url, HABITS_API_KEY: KEY } });
      await fetch(`${server.url}/habits/h1/logs`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ value: 4, unitSymbol: 'cup', targetDate: '2026-11-22' }) });
      for (const [name, args] of [['log_add', { habit: 'Water', value: 3 }], ['log_add', { habit: 'Water', value: 2 }], ['log_done', { habit: 'Water' }]] as const) {
        expect((await tool(name, args)).isError).toBeFalsy();
      }
      const posts = () => server.seen.filter((s) => !s.startsWith('GET ')).length;
      const before = posts();
      const preview = await tool('undo_last');
      expect(preview.isError).toBeFalsy();
      expect(text(preview)).toBe(
        'would revert the completed mark on "Water" for 2026-11-22, written 2026-11-22 12:00. This server gives no log id to delete the mark alone: ' +
        'this clears every log of "Water" on 2026-11-22 (habits log undo), then writes back the values this machine logged there (3 cup, 2 cup) as far as the undo took them. ' +
        "The day also holds 1 to 4 cup this machine did not log (another device's?): the undo may clear it, and nothing can write it back. " +
        'Call again with confirm: true and clearDay: true to do it.',
      );
      expect(preview.structuredContent).toMatchObject({ confirmed: false, writeBack: [{ value: 3, unitSymbol: 'cup' }, { value: 2, unitSymbol: 'cup' }], notLogged: { atLeast: 1, atMost: 4, unit: 'cup' } });
      const refused = await tool('undo_last', { confirm: true });
      expect(refused.isError).toBe(true);
      expect(text(refused)).toContain('clearDay: true reverts it anyway');
      expect(text(refused)).not.toContain('--clear-day');
      expect(posts()).toBe(before);
      const cleared = await tool('undo_last', { confirm: true, clearDay: true });
      expect(cleared.isError).toBeFalsy();
      expect(text(cleared)).toContain('the values this machine logged there were written back (3 cup, 2 cup); the 1 to 4 cup this machine did not log was cleared with it');
      expect(server.total('h1', '2026-11-22')).toBe(5);
    } finally {
      await server.stop();
    }
  });

  it('log_undo in local mode, with values on three days: the preview names that day\'s logs alone and clears nothing; confirm clears that day only', async () => {
    const { tool } = await connect({ local: true });
    expect((await tool('habit_add', { name: 'Water', goal: '8 cup daily', start: '2026-11-01' })).isError).toBeFalsy();
    expect((await tool('habit_add', { name: 'Walk', start: '2026-11-01' })).isError).toBeFalsy();
    for (const [value, date] of [[1, '-2'], [2, '-1'], [3, 'today'], [2, 'today']] as const) {
      expect((await tool('log_add', { habit: 'Water', value, date })).isError).toBeFalsy();
    }
    await tool('log_done', { habit: 'Water' });
    const ask = await tool('log_undo', { habit: 'Water' });
    expect(ask.isError).toBeFalsy();
    expect(text(ask)).toBe('would clear 2 values (3 cup, 2 cup) and the completed mark of "Water" on 2026-11-22: call again with confirm: true to clear them');
    const would = ask.structuredContent?.wouldClear as { date: string; logs: { date: string; kind: string }[] };
    expect(would.date).toBe('2026-11-22');
    expect(would.logs.map((l) => `${l.date} ${l.kind}`)).toEqual(['2026-11-22 value', '2026-11-22 value', '2026-11-22 completed']);
    const week = { habit: 'Water', from: '-2' };
    expect((await tool('log_list', week)).structuredContent?.items).toHaveLength(5);
    // Another day, by its date: only its own value.
    expect(text(await tool('log_undo', { habit: 'Water', date: 'yesterday' }))).toBe('would clear 1 value (2 cup) of "Water" on 2026-11-21: call again with confirm: true to clear them');
    expect(text(await tool('log_undo', { habit: 'Water', confirm: true }))).toBe('"Water" cleared for 2026-11-22');
    // A date that is none: the argument named as the tool's confirm path names it (it said --to).
    for (const confirm of [false, true]) {
      const bad = await tool('log_undo', { habit: 'Water', date: '2026-02-30', confirm });
      expect(bad.isError).toBe(true);
      expect(text(bad)).toBe('error: --date: 2026-02-30 is not a real date');
    }
    expect(text(await tool('log_list', week))).toMatch(/^2026-11-20 value 1 cup \(id:\S+\)\n2026-11-21 value 2 cup \(id:\S+\)$/);
    // A day with a mark only is cleared at once, as `log undo` clears it.
    await tool('log_done', { habit: 'Walk' });
    expect(text(await tool('log_undo', { habit: 'Walk' }))).toBe('"Walk" cleared for 2026-11-22');
    expect((await tool('log_list', { habit: 'Walk' })).structuredContent).toEqual({ items: [] });
  });

  it('log_undo against a server acts only with confirm: the preview says what the server shows, values of another device included', async () => {
    const water = await addHabit(fx.svc, { name: 'Water', startDate: '2026-11-01', goal: { value: 8, unit: 'cup', periodicity: 'daily' } });
    await addHabit(fx.svc, { name: 'Walk', startDate: '2026-11-01' });
    const { tool } = await connect();
    await tool('log_add', { habit: 'Water', value: 2 });
    // Logged from another device: the record of this machine does not know it.
    await logValue(fx.svc, water.id, 1.5, 'cup', '2026-11-22');
    const ask = await tool('log_undo', { habit: 'Water' });
    expect(text(ask)).toBe('would clear "Water" on 2026-11-22, where the server shows 3.5 cup (written from this machine: 2 cup): call again with confirm: true to clear it');
    expect(ask.structuredContent).toMatchObject({ confirmed: false, wouldClear: { date: '2026-11-22', server: { total: 3.5, unit: 'cup' } } });
    // A mark only: asked too, as the server may hold what this machine did not write.
    await tool('log_done', { habit: 'Walk' });
    // (The local service counts a completed mark of a habit without a goal as 1.)
    expect(text(await tool('log_undo', { habit: 'Walk' }))).toBe('would clear "Walk" on 2026-11-22, where the server shows 1 rep and the completed mark (written from this machine: the completed mark): call again with confirm: true to clear it');
    expect(logWrites().filter((w) => w.path.endsWith('/undo'))).toEqual([]);
    expect(text(await tool('log_undo', { habit: 'Water', date: 'yesterday' }))).toBe('nothing to clear: the server shows nothing logged for "Water" on 2026-11-21');
    const done = await tool('log_undo', { habit: 'Water', confirm: true });
    expect(done.isError).toBeFalsy();
    expect(logWrites().filter((w) => w.path.endsWith('/undo')).map((w) => `${w.path} ${JSON.stringify(w.body)}`)).toEqual([`/habits/${water.id}/logs/undo {"targetDate":"2026-11-22"}`]);
  });

  it('log_list lists today unless given a range: from alone runs to today, to alone ends there', async () => {
    await addHabit(fx.svc, { name: 'Water', startDate: '2026-11-01', goal: { value: 8, unit: 'cup', periodicity: 'daily' } });
    const { tool } = await connect();
    for (const [value, date] of [[1, '-2'], [2, '-1'], [3, 'today']] as const) await tool('log_add', { habit: 'Water', value, date });
    const dates = async (args: Record<string, unknown>) => ((await tool('log_list', { habit: 'Water', ...args })).structuredContent?.items as { date: string }[]).map((l) => l.date);
    expect(await dates({})).toEqual(['2026-11-22']);
    expect(await dates({ from: '-2' })).toEqual(['2026-11-20', '2026-11-21', '2026-11-22']);
    expect(await dates({ to: 'yesterday' })).toEqual(['2026-11-20', '2026-11-21']);
    expect(await dates({ from: '-1', to: '-1' })).toEqual(['2026-11-21']);
  });

  it('every other tool answers as its command: a structured result, no error, and the writes it names', async () => {
    const walk = await addHabit(fx.svc, { name: 'Walk', startDate: '2026-11-01' });
    const water = await addHabit(fx.svc, { name: 'Water', startDate: '2026-11-01', goal: { value: 8, unit: 'cup', periodicity: 'daily' } });
    const { tool } = await connect();
    const calls: [string, Record<string, unknown>, (r: Result) => void][] = [
      ['week', {}, (r) => expect(r.structuredContent).toMatchObject({ from: '2026-11-16', to: '2026-11-22' })],
      ['month', { date: '2026-11-05' }, (r) => expect(r.structuredContent).toHaveProperty('habits')],
      ['habit_list', {}, (r) => expect((r.structuredContent?.items as { name: string }[]).map((h) => h.name).sort()).toEqual(['Walk', 'Water'])],
      ['habit_show', { habit: 'Wal' }, (r) => expect(r.structuredContent).toMatchObject({ id: walk.id, name: 'Walk' })],
      ['habit_stats', { habit: 'Walk', from: '2026-11-20', to: 'today' }, (r) => expect(r.structuredContent).toBeDefined()],
      ['log_skip', { habit: 'Walk', date: 'yesterday' }, (r) => expect(text(r)).toBe('"Walk" marked skipped for 2026-11-21')],
      ['log_fail', { habit: 'Walk', date: '-2' }, (r) => expect(text(r)).toBe('"Walk" marked failed for 2026-11-20')],
      ['log_set', { habit: 'Water', total: 5 }, (r) => expect(text(r)).toContain('Set "Water" to 5 cup for 2026-11-22')],
      ['log_list', { habit: 'Water' }, (r) => expect(r.structuredContent?.items).toEqual([expect.objectContaining({ kind: 'value', value: 5 })])],
      ['note_add', { habit: 'Walk', text: 'felt good', mood: 'high' }, (r) => expect(r.structuredContent).toMatchObject({ content: 'felt good' })],
      ['note_list', { habit: 'Walk' }, (r) => expect((r.structuredContent?.items as unknown[]).length).toBe(1)],
      ['area_list', {}, (r) => expect(r.structuredContent).toEqual({ items: [] })],
      ['habit_add', { name: 'Read', days: 'mon,wed,fri', goal: '30 min daily', remind: ['07:30@mon-fri'] }, (r) => expect(r.structuredContent).toMatchObject({ name: 'Read' })],
    ];
    for (const [name, args, check] of calls) {
      const r = await tool(name, args);
      expect(r.isError, `${name}: ${text(r)}`).toBeFalsy();
      check(r);
    }
    expect(logWrites().map((w) => `${w.method} ${w.path}`)).toEqual([
      `POST /habits/${walk.id}/logs/skipped`, `POST /habits/${walk.id}/logs/failed`, `POST /habits/${water.id}/logs`,
      `POST /habits/${walk.id}/notes`,
    ]);
  });

  it('every result\'s text is one human answer: the command\'s own sentence, or a line per item; the JSON is only the structuredContent', async () => {
    const walk = await addHabit(fx.svc, { name: 'Walk', startDate: '2026-11-01' });
    const water = await addHabit(fx.svc, { name: 'Water', startDate: '2026-11-01', goal: { value: 8, unit: 'cup', periodicity: 'daily' } });
    const { tool } = await connect();
    const id = '\\(id:\\S+\\)';
    const calls: [string, Record<string, unknown>, string | RegExp][] = [
      ['log_add', { habit: 'Water', value: 3 }, new RegExp(`^Logged 3 cup to "Water" for 2026-11-22 \\(log id:\\S+\\)$`)],
      ['log_set', { habit: 'Water', total: 5 }, new RegExp(`^Set "Water" to 5 cup for 2026-11-22 \\(was 3\\) \\(log id:\\S+\\)$`)],
      ['log_done', { habit: 'Walk', date: 'yesterday' }, '"Walk" marked completed for 2026-11-21'],
      ['note_add', { habit: 'Walk', text: 'felt\ngood', mood: 'high' }, new RegExp(`^Added a note to "Walk" for 2026-11-22 ${id}$`)],
      ['journal', {}, 'Walk: inprogress, streak 1\nWater: inprogress 5/8 cup'],
      ['week', {}, 'Week of 2026-11-16 to 2026-11-22:\nWalk: of 7 days, 1 done, 6 open or missed; rate 17%, streak 1 day (longest 1 day)\nWater: of 7 days, 1 partly done, 6 open or missed; rate 0%, streak 0 days (longest 0 days)'],
      ['habit_list', {}, `"Walk" (id:${walk.id}): good, every day, from 2026-11-01\n"Water" (id:${water.id}): good, every day, goal 8 cup daily, from 2026-11-01`],
      ['habit_show', { habit: 'Wat' }, `"Water" (id:${water.id}): good, every day, goal 8 cup daily, from 2026-11-01`],
      ['habit_stats', { habit: 'Walk', from: '2026-11-20', to: 'today' }, 'Walk, 2026-11-20 to 2026-11-22: 1 completed, 0 skipped, 0 failed; total 1 rep; completion rate 50%; streak 1, longest 1'],
      ['log_list', { habit: 'Water' }, new RegExp(`^2026-11-22 value 3 cup \\(id:\\S+\\)\\n2026-11-22 value 2 cup \\(id:\\S+\\)$`)],
      ['note_list', { habit: 'Walk' }, new RegExp(`^2026-11-22, mood high: felt good ${id}$`)],
      ['area_list', {}, 'No areas.'],
      ['habit_add', { name: 'Read', days: 'mon,wed,fri' }, new RegExp(`^Created habit "Read" ${id}$`)],
      ['habit_archive', { habit: 'Read', confirm: true }, 'Archived "Read". Its data is kept; see it with `habits habit ls --archived`.'],
      ['habit_list', { archived: true }, new RegExp(`^"Read" ${id}: good, Mon, Wed, Fri, from 2026-11-22, archived$`)],
    ];
    for (const [name, args, want] of calls) {
      const r = await tool(name, args);
      expect(r.isError, `${name}: ${text(r)}`).toBeFalsy();
      expect(r.content, name).toHaveLength(1);
      if (typeof want === 'string') expect(text(r), name).toBe(want);
      else expect(text(r), name).toMatch(want);
      expect(r.structuredContent, name).toBeDefined();
    }
  });

  it('resources: today\'s journal and a habit by id; the daily_review prompt', async () => {
    const h = await addHabit(fx.svc, { name: 'Walk', startDate: '2026-11-01' });
    await connect();
    const journal = await client!.readResource({ uri: 'habits://journal/today' });
    expect(JSON.parse(String((journal.contents[0] as { text?: string })?.text))).toEqual([expect.objectContaining({ name: 'Walk' })]);
    const habit = await client!.readResource({ uri: `habits://habit/${h.id}` });
    expect(JSON.parse(String((habit.contents[0] as { text?: string })?.text))).toMatchObject({ id: h.id, name: 'Walk' });
    const prompt = await client!.getPrompt({ name: 'daily_review' });
    expect(JSON.stringify(prompt.messages)).toContain('journal');
    expect(JSON.stringify(prompt.messages)).toContain('log_done');
  });

  it('with --read-only the daily_review prompt names no tool that writes (issue 32)', async () => {
    await connect();
    const all = (await client!.listTools()).tools;
    const writers = all.filter((t) => !t.annotations?.readOnlyHint).map((t) => t.name);
    expect(writers).toHaveLength(10);
    await client!.close();
    await connect({ readOnly: true });
    const said = (await client!.getPrompt({ name: 'daily_review' })).messages.map((m) => (m.content as { text: string }).text).join('\n');
    expect(said).toContain('Call the journal tool for today.');
    for (const name of writers) expect(said).not.toContain(name);
    expect(said).toContain('record nothing');
  });
});

describe('habits mcp: log_undo against a server as production behaves (test/helpers/production.ts)', () => {
  let prod: ProductionServer | undefined;
  afterEach(async () => {
    await prod?.stop();
    prod = undefined;
  });
  /** A value logged from another device: straight to the server, unknown to this machine's record. */
  const elsewhere = (value: number, unitSymbol: string) =>
    fetch(`${prod!.url}/habits/h1/logs`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': KEY }, body: JSON.stringify({ value, unitSymbol, targetDate: '2026-11-22' }) });
  const undos = () => prod!.seen.filter((r) => r.startsWith('POST') && r.endsWith('/logs/undo'));

  it('without confirm it clears nothing and names what the server holds, values this machine never wrote included', async () => {
    prod = await startProduction([{ id: 'h1', name: 'Water', goal: { periodicity: 'daily', value: 2, unit: 'L' } }]);
    const { tool } = await connect({ env: { HABITS_BASE_URL: prod.url, HABITS_API_KEY: KEY } });
    await elsewhere(3, 'L');
    await elsewhere(1.5, 'L');
    const ask = await tool('log_undo', { habit: 'Water' });
    expect(ask.isError).toBeFalsy();
    expect(text(ask)).toBe('would clear "Water" on 2026-11-22, where the server shows 4.5 L and the completed mark (none of it written from this machine): call again with confirm: true to clear it');
    expect(ask.structuredContent).toMatchObject({ confirmed: false, wouldClear: { habit: { id: 'h1', name: 'Water' }, date: '2026-11-22', server: { total: 4.5, unit: 'L', status: 'completed' }, writtenHere: [] } });
    expect(undos()).toEqual([]);
    expect(prod.total('h1', '2026-11-22')).toBe(4.5);
    // With a value of this machine's: named as such, and still nothing cleared.
    await tool('log_add', { habit: 'Water', value: 0.5 });
    expect(text(await tool('log_undo', { habit: 'Water' }))).toBe('would clear "Water" on 2026-11-22, where the server shows 5 L and the completed mark (written from this machine: 0.5 L): call again with confirm: true to clear it');
    expect(undos()).toEqual([]);
    expect((await tool('log_undo', { habit: 'Water', confirm: true })).isError).toBeFalsy();
    expect(undos()).toEqual(['POST /v2/habits/h1/logs/undo']);
  });

  it('a server out of reach: nothing is cleared or queued, and the preview says the day could not be read', async () => {
    prod = await startProduction([{ id: 'h1', name: 'Water', goal: { periodicity: 'daily', value: 2, unit: 'L' } }]);
    const { tool } = await connect({ env: { HABITS_BASE_URL: prod.url, HABITS_API_KEY: KEY } });
    await tool('log_add', { habit: 'Water', value: 1 });
    await prod.stop();
    const ask = await tool('log_undo', { habit: 'Water' });
    expect(ask.isError).toBeFalsy();
    expect(text(ask)).toMatch(/^would clear "Water" on 2026-11-22, but what the server holds for that day could not be read \(.+\) \(written from this machine: 1 L\): nothing was cleared; call again with confirm: true to clear it anyway$/);
    await prod.start();
    const list = await tool('log_list', { habit: 'Water' });
    expect(list.structuredContent?.items).toHaveLength(1);
    expect(undos()).toEqual([]);
    expect(prod.total('h1', '2026-11-22')).toBe(1);
  });
});


/** A loopback HTTP listener that records every request it receives (and answers 404). */
async function listener(): Promise<{ url: string; seen: string[]; close: () => Promise<void> }> {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    seen.push(`${req.method} ${req.url} key:${req.headers['x-api-key'] ? 'sent' : 'none'}`);
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"not here"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2`;
  return { url, seen, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('habits mcp: no tool argument is ever read as an option (issue 32)', () => {
  /** The flag each field that becomes an option is passed as, and a value it takes. */
  const OPTION_FIELDS: Record<string, [flag: string, valid: string]> = {
    date: ['--date', 'today'], from: ['--from', '2026-11-01'], to: ['--to', 'today'], start: ['--start', 'today'], unit: ['--unit', 'cup'],
    area: ['--area', 'Health'], type: ['--type', 'good'], description: ['--description', 'x'], days: ['--days', 'mon'], monthDays: ['--month-days', '1'],
    goal: ['--goal', '1 cup daily'], timeOfDay: ['--time-of-day', 'morning'], mood: ['--mood', 'high'], remind: ['--remind', '07:30'],
  };
  /** What each tool needs besides the field under test. */
  const BASE: Record<string, Record<string, unknown>> = { log_add: { value: 1 }, log_set: { total: 1 }, note_add: { text: 'a note' }, habit_add: { name: 'Fresh' } };
  const optionLike = (url: string) => [
    `--base-url=${url}`, '--base-url', '--local', '--verbose', '--jq=.', '--jq=.name', '--profile=x', '--profile', '--version', '-V', '--help', '-h', 'help',
    '--json', '--json=id', '--json=help', '--allow-insecure', '--', '-', '-q', '--quiet', '--no-queue', '--timeout=1ms', '--no-input', '--no-color', '--color=always',
    '--yes', '-y', '--dry-run', '--strict', '--clear-day', '--archived', '--from=2026-01-01', '--date=today', '-2', `--base-url ${url}`,
  ];

  /** Every tool, with each of its string fields (an array of strings counts: its items are strings). */
  async function stringFields(): Promise<[tool: string, fields: string[], required: string[]][]> {
    const { tools } = await client!.listTools();
    return tools.map((t) => {
      const props = (t.inputSchema.properties ?? {}) as Record<string, { type?: string; items?: { type?: string } }>;
      const fields = Object.entries(props).filter(([, p]) => p.type === 'string' || p.items?.type === 'string').map(([k]) => k);
      return [t.name, fields, t.inputSchema.required ?? []];
    });
  }

  /** A tool's arguments with `field` set to `word` (in an array for an array field), the rest as BASE and a habit. */
  function argsWith(tool: string, required: string[], set: Record<string, string>): Record<string, unknown> {
    const args: Record<string, unknown> = { ...(required.includes('habit') ? { habit: tool === 'log_add' || tool === 'log_set' ? 'Water' : 'Walk' } : {}), ...BASE[tool] };
    for (const [field, word] of Object.entries(set)) args[field] = field === 'remind' ? [word] : word;
    return args;
  }

  /** An error, or an answer in the command's words: never "done" (a version or help printed), no request traces, no other output. */
  function expectNoOption(r: Result, what: string): void {
    const said = text(r);
    if (!r.isError) {
      expect(said, what).not.toBe('done');
      expect(said, what).not.toMatch(/^\d+\.\d+|usage:|Usage:|Options:/);
    }
    expect(said, what).not.toMatch(/^[→←] /m);
  }

  it('every option-like word in every string field of every tool: an error or a normal answer; the listener receives nothing, the local store is never opened', async () => {
    await addHabit(fx.svc, { name: 'Walk', startDate: '2026-11-01' });
    await addHabit(fx.svc, { name: 'Water', startDate: '2026-11-01', goal: { value: 8, unit: 'cup', periodicity: 'daily' } });
    const bait = await listener();
    try {
      const { tool } = await connect();
      let calls = 0;
      for (const [name, fields, required] of await stringFields()) {
        for (const field of fields) {
          for (const word of optionLike(bait.url)) {
            const what = `${name} ${field}=${JSON.stringify(word)}`;
            expectNoOption(await tool(name, argsWith(name, required, { [field]: word })), what);
            expect(bait.seen, what).toEqual([]);
            calls++;
          }
        }
      }
      expect(calls).toBeGreaterThan(1200);
      expect(existsSync(resolvePaths(fx.env).dbFile)).toBe(false);
    } finally {
      await bait.close();
    }
  }, 180_000);

  it('every text has a length limit: a 1 MB habit name is refused at once, a name of 200 characters is taken and one of 201 is not, a note of 10,000 characters is taken and one more is not', async () => {
    await addHabit(fx.svc, { name: 'Walk', startDate: '2026-11-01' });
    const { tool } = await connect();
    const huge = await tool('habit_show', { habit: 'x'.repeat(1_000_000) });
    expect(huge.isError).toBe(true);
    expect(text(huge)).toMatch(/Too big: expected string to have <=203 characters/);
    expect(text(huge).length).toBeLessThan(1000);
    fx.reset();
    expect((await tool('habit_add', { name: 'n'.repeat(201) })).isError).toBe(true);
    expect((await tool('note_add', { habit: 'Walk', text: 't'.repeat(10_001) })).isError).toBe(true);
    expect(fx.svc.requests).toEqual([]);
    expect((await tool('habit_add', { name: 'n'.repeat(200) })).isError).toBeFalsy();
    expect((await tool('note_add', { habit: 'Walk', text: 't'.repeat(10_000) })).isError).toBeFalsy();
    expect(logWrites().map((w) => `${w.method} ${w.path}`)).toEqual([expect.stringMatching(/^POST \/habits\/\S+\/notes$/)]);
  });

  it('a global option in one field and the option it displaced in another (from: --base-url=..., to: --from=...): the listener receives nothing', async () => {
    await addHabit(fx.svc, { name: 'Walk', startDate: '2026-11-01' });
    await addHabit(fx.svc, { name: 'Water', startDate: '2026-11-01', goal: { value: 8, unit: 'cup', periodicity: 'daily' } });
    const bait = await listener();
    try {
      const { tool } = await connect();
      let pairs = 0;
      for (const [name, fields, required] of await stringFields()) {
        const options = fields.filter((f) => OPTION_FIELDS[f]);
        for (const field of options) {
          for (const other of options.filter((f) => f !== field)) {
            const [flag, valid] = OPTION_FIELDS[field]!;
            const what = `${name} ${field}=--base-url=..., ${other}=${flag}=${valid}`;
            expectNoOption(await tool(name, argsWith(name, required, { [field]: `--base-url=${bait.url}`, [other]: `${flag}=${valid}` })), what);
            expect(bait.seen, what).toEqual([]);
            pairs++;
          }
        }
      }
      expect(pairs).toBeGreaterThan(80);
    } finally {
      await bait.close();
    }
  }, 120_000);
});
