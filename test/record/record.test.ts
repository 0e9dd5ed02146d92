// The record of writes read line by line, each line checked (issue 31): a damaged or foreign line
// (wrong types, missing fields, an array, a string, a line that is not JSON) is skipped and counted,
// never trusted. First the reader alone; then what a user sees: `log ls` and `habits undo` work on
// the good lines against the real local service, and `habits doctor` counts the others.
import { appendFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { LogEntry } from '../../src/api/types.js';
import { WriteRecord } from '../../src/record/record.js';
import { addHabit, call, useService } from '../helpers/service.js';

const good = { at: '2026-11-22T12:00:00.000Z', method: 'POST', path: '/habits/h1/logs', body: { value: 3, unitSymbol: 'cup', targetDate: '2026-11-22' }, status: 201, logId: 'l1' };

/** Lines that are not writes, each with why; every one of them read by an earlier version as a write, or silently dropped. */
const DAMAGED: [why: string, line: string][] = [
  ['an array', '[1,2,3]'],
  ['a string', '"POST /habits/h1/logs"'],
  ['a number', '42'],
  ['null', 'null'],
  ['not JSON (a torn line)', '{"at":"2026-11-22T12:00:00.000Z","meth (torn: cut short by a crash)'],
  ['at missing', JSON.stringify({ ...good, at: undefined })],
  ['at not an instant', JSON.stringify({ ...good, at: 'yesterday' })],
  ['status a string', JSON.stringify({ ...good, status: '201' })],
  ['status not an integer', JSON.stringify({ ...good, status: 201.5 })],
  ['path missing', JSON.stringify({ ...good, path: undefined })],
  ['path not below the base URL', JSON.stringify({ ...good, path: 'habits/h1/logs' })],
  ['method a number', JSON.stringify({ ...good, method: 1 })],
  ['logId a number', JSON.stringify({ ...good, logId: 12345 })],
  ['reverts an object', JSON.stringify({ ...good, reverts: { at: 'x' } })],
  ['outbox a string', JSON.stringify({ ...good, outbox: '1' })],
  ['off without its range', JSON.stringify({ ...good, path: '/habits/h1/logs/skipped', off: { id: 'o1' } })],
  ['body a string', JSON.stringify({ ...good, body: 'value=3' })],
  ['restores not a list of times', JSON.stringify({ ...good, restores: [1] })],
  ['targetDate not a date', JSON.stringify({ ...good, body: { ...good.body, targetDate: '2026-13-40' } })],
];

describe('the record of writes: lines checked', () => {
  let dir: string | undefined;
  afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

  it.each(DAMAGED)('skips a line with %s, and counts it', (_why, line) => {
    dir = mkdtempSync(join(tmpdir(), 'habits-record-'));
    const record = new WriteRecord(join(dir, 'writes-0123456789abcdef0123.jsonl'));
    record.append(good);
    appendFileSync(record.file, `${line}\n`);
    expect(record.count()).toEqual({ writes: 1, damaged: 1 });
    expect(record.liveLogs().map((l) => l.logId)).toEqual(['l1']);
  });

  it('reads the good lines, counts the others, and keeps the fields it does not know', () => {
    dir = mkdtempSync(join(tmpdir(), 'habits-record-'));
    const record = new WriteRecord(join(dir, 'writes-0123456789abcdef0123.jsonl'));
    record.append(good);
    appendFileSync(record.file, DAMAGED.map(([, line]) => line).join('\n') + '\n');
    record.append({ ...good, at: '2026-11-22T12:05:00.000Z', logId: 'l2', later: ['a field of a later version'] } as never);
    // A last line without its newline may be an append under way: skipped, not counted.
    appendFileSync(record.file, '{"at":"2026-11-22T12:06:00.000Z","method":"PO');
    expect(record.count()).toEqual({ writes: 2, damaged: DAMAGED.length });
    const live = record.liveLogs();
    expect(live.map((l) => [l.logId, l.date, l.type])).toEqual([['l1', '2026-11-22', 'value'], ['l2', '2026-11-22', 'value']]);
    expect((live[1]!.write as unknown as { later: unknown }).later).toEqual(['a field of a later version']);
  });
});

describe('a record with damaged lines, as a user sees it', () => {
  const fx = useService({ per: 'test', timezone: 'UTC' });
  const logsOf = (id: string) => call<LogEntry[]>(fx.svc, 'GET', `/habits/${id}/logs`);

  it('log ls lists the good lines, undo reverts the last good write, doctor says how many lines were skipped', async () => {
    const water = await addHabit(fx.svc, { name: 'Water', startDate: '2026-11-01', goal: { value: 8, unit: 'cup', periodicity: 'daily' } });
    const walk = await addHabit(fx.svc, { name: 'Walk', startDate: '2026-11-01' });
    expect((await fx.cli(['log', 'add', 'Water', '3'])).code).toBe(0);
    expect((await fx.cli(['log', 'done', 'Walk'])).code).toBe(0);
    const dataDir = join(fx.home.env.XDG_DATA_HOME, 'habits');
    const file = join(dataDir, readdirSync(dataDir).find((n) => /^writes-[0-9a-f]{20}\.jsonl$/.test(n))!);
    const value = { method: 'POST', path: `/habits/${water.id}/logs`, status: 201, body: { value: 5, unitSymbol: 'cup', targetDate: '2026-11-22' } };
    appendFileSync(file, [
      // Later than the good writes: trusted, `habits undo` would take either for the last write.
      JSON.stringify({ ...value, at: '2026-11-22T13:00:00.000Z', logId: 12345 }),
      JSON.stringify({ ...value, at: 'not a time', logId: 'ghost' }),
      // A day that does not exist: trusted, `log ls` would list it.
      JSON.stringify({ ...value, at: '2026-11-22T13:00:00.000Z', body: { ...value.body, targetDate: '2026-13-40' }, logId: 'ghost2' }),
      '[]', '"a line of another program"', '{"at": (torn: cut short by a crash)',
    ].join('\n') + '\n');

    const ls = await fx.cli(['log', 'ls', 'Water', '--json']);
    expect(ls.code, ls.stderr).toBe(0);
    expect((JSON.parse(ls.stdout) as { value: number; date: string }[]).map((l) => `${l.date} ${l.value}`)).toEqual(['2026-11-22 3']);
    // Said by doctor, not by every command that reads the record.
    expect(ls.stderr).toBe('');

    fx.reset();
    const undo = await fx.cli(['undo', '--yes']);
    expect(undo.code, undo.stderr).toBe(0);
    expect(undo.stderr).toContain('"Walk"');
    expect(undo.stderr).not.toContain('Invalid');
    expect(undo.requests.filter((r) => r.method !== 'GET').every((r) => r.path.startsWith(`/habits/${walk.id}/`))).toBe(true);
    expect(await logsOf(walk.id)).toEqual([]);
    expect((await logsOf(water.id)).map((l) => l.value)).toEqual([3]);

    const doctor = await fx.cli(['doctor', '--offline', '--json']);
    const record = (JSON.parse(doctor.stdout) as { check: string }[]).find((c) => c.check === 'record');
    expect(record).toEqual({
      check: 'record', status: 'warn', detail: `3 writes recorded; 6 damaged lines skipped in ${file}`,
      fix: 'nothing is read from them, the other lines still count; remove them from the file to silence this',
    });
  });
});
