// The outbox file: read line by line at any size, compacted to what waits without changing a
// number or losing a line appended meanwhile.
import { appendFileSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appendLines, eachLine, MAX_LINE_BYTES, readLines } from '../../src/record/jsonl.js';
import { COMPACT_BYTES, Outbox, outboxFile, outboxFiles } from '../../src/record/outbox.js';

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'habits-outbox-'));
  file = join(dir, 'outbox-0123456789abcdef0123.jsonl');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/**
 * What a long-unreachable server leaves: `count` writes queued, as queue() writes them, all
 * delivered but those `waiting` names. Written at once, not through queue() (an fsync each).
 */
function history(count: number, waiting: (i: number) => boolean): void {
  const lines: string[] = [];
  for (let i = 1; i <= count; i++) {
    lines.push(JSON.stringify({ op: 'queue', n: 0, id: `w${i}`, at: '2026-11-26T08:00:00.000Z', ...write(i) }));
    if (!waiting(i)) lines.push(JSON.stringify({ op: 'done', id: `w${i}`, status: 201 }));
  }
  writeFileSync(file, `${lines.join('\n')}\n`);
}

const write = (i: number) => ({ route: 'POST /habits/{habitId}/logs' as const, params: { habitId: 'h1' }, body: { value: i, unitSymbol: 'rep', targetDate: '2026-11-26' }, habit: { id: 'h1', name: 'Run' }, why: 'connection refused' });

describe('eachLine', () => {
  it('reads lines across any chunk size as one read would, and skips a line too long to be ours', () => {
    const lines = [{ a: 1 }, { b: 'é☕'.repeat(50) }, { c: [1, 2, 3] }];
    writeFileSync(file, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n{"x":"${'y'.repeat(MAX_LINE_BYTES)}"}\n{"d":4}\n{"cut`);
    for (const chunk of [13, 64, 4099, 1 << 16]) {
      const got: unknown[] = [];
      eachLine(file, (v) => got.push(v), chunk);
      expect(got, `chunks of ${chunk} bytes`).toEqual([...lines, { d: 4 }]);
    }
  });
});

describe('compact', () => {
  it('rewrites a grown file to what waits: numbers and held states stay, and the next write counts on', () => {
    const outbox = new Outbox(file, () => new Date('2026-11-26T08:00:00Z'));
    history(1500, (i) => i % 500 === 0 || i === 1499);
    const held = outbox.pending().find((w) => w.n === 1000)!;
    outbox.note('send', held.id);
    const before = outbox.pending();
    expect(before.map((w) => [w.n, w.held])).toEqual([[500, false], [1000, true], [1499, false], [1500, false]]);
    expect(statSync(file).size).toBeGreaterThan(COMPACT_BYTES);
    outbox.compact();
    expect(statSync(file).size).toBeLessThan(4096);
    expect(outbox.pending()).toEqual(before);
    expect(outbox.queue(write(1501), false).n).toBe(1501);
    expect(outbox.pending().map((w) => w.n)).toEqual([500, 1000, 1499, 1500, 1501]);
  });

  it('a line appended while it compacts is kept (copied to the new file), as is a torn one cut short', () => {
    const outbox = new Outbox(file, () => new Date('2026-11-26T08:00:00Z'));
    history(1200, () => false);
    const waiting = outbox.queue(write(1201), false);
    outbox.compact({
      afterScan: () => {
        // Another process queues, and a third is cut short mid-line: both after the scan read the file.
        appendLines(file, [{ op: 'queue', n: 0, id: 'late', at: '2026-11-26T08:00:01Z', ...write(1202) }]);
        appendFileSync(file, '{"op":"queue","n":0,"id":"torn"');
      },
    });
    expect(outbox.pending().map((w) => [w.n, w.id])).toEqual([[1201, waiting.id], [1202, 'late']]);
    expect(readLines(file).length).toBeLessThan(10);
  });

  it('a small file is left as it is', () => {
    const outbox = new Outbox(file, () => new Date('2026-11-26T08:00:00Z'));
    outbox.queue(write(1), false);
    const size = statSync(file).size;
    outbox.compact();
    expect(statSync(file).size).toBe(size);
  });
});

describe('a queued log set', () => {
  it('keeps its intent through pending() and compaction; a set field that is not whole is not a set', () => {
    const outbox = new Outbox(file, () => new Date('2026-11-26T08:00:00.000Z'));
    const set = { total: 5, unit: 'cup', goalUnit: 'cup', was: 6 };
    outbox.queue({ ...write(1), body: { value: -1, unitSymbol: 'cup', targetDate: '2026-11-26' }, set }, false);
    appendFileSync(file, JSON.stringify({ op: 'queue', n: 0, id: 'bad', at: 'x', ...write(2), set: { total: '5', unit: 'cup' } }) + '\n');
    expect(outbox.pending().map((w) => [w.n, w.set])).toEqual([[1, set], [2, undefined]]);
    // Grown past the compaction size by delivered writes: the set is kept as it was.
    appendFileSync(file, `${JSON.stringify({ op: 'note', pad: 'x'.repeat(COMPACT_BYTES) })}\n`);
    outbox.compact();
    expect(statSync(file).size).toBeLessThan(2000);
    expect(outbox.pending().map((w) => [w.n, w.set, w.held])).toEqual([[1, set, false], [2, undefined, false]]);
  });
});

describe('outboxFiles', () => {
  it("lists each account's outbox in the data directory, nothing else; none when there is no directory", () => {
    const home = outboxFile(dir, 'https://api.example/v2#0123456789abcdef');
    for (const name of [home, file, join(dir, 'writes-0123456789abcdef0123.jsonl'), `${file}.lock`, join(dir, 'outbox-abc.jsonl')]) writeFileSync(name, '');
    expect(outboxFiles(dir).sort()).toEqual([home, file].sort());
    expect(outboxFiles(join(dir, 'missing'))).toEqual([]);
  });
});
