// The JSON-lines files of the outbox and the write record: a last line cut short by a crash, at any
// byte, hides nothing else, neither the lines before it nor the next one appended.
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appendLines, readLines, TORN } from '../../src/record/jsonl.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'habits-jsonl-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const before = { op: 'queue', n: 1, id: 'a', route: 'POST /habits/{habitId}/logs/complete', params: { habitId: 'h' } };
// Multi-byte UTF-8 too, so that some cuts fall inside a character.
const cut = { op: 'queue', n: 2, id: 'b', habit: { id: 'h', name: 'Café ☕ 走る' }, body: { value: 2.2, unitSymbol: 'rep' } };
const next = { op: 'queue', n: 3, id: 'c', habit: { id: 'h', name: 'Run' }, body: { value: 7 } };

describe('appendLines and readLines', () => {
  it('a last line cut at every byte: skipped, and the next append still counts, as do the lines before', () => {
    const line = Buffer.from(JSON.stringify(cut));
    const file = join(dir, 'outbox.jsonl');
    for (let bytes = 1; bytes <= line.length; bytes++) {
      writeFileSync(file, `${JSON.stringify(before)}\n`);
      appendFileSync(file, line.subarray(0, bytes));
      // Until its newline is written the line does not count, even when its JSON is whole.
      expect(readLines(file), `cut after ${bytes} bytes`).toEqual([before]);
      appendLines(file, [next]);
      expect(readLines(file), `cut after ${bytes} bytes, then an append`).toEqual([before, next]);
      // Later appends go on as usual, and the torn line stays unreadable.
      appendLines(file, [{ op: 'done', id: 'c' }]);
      expect(readLines(file), `cut after ${bytes} bytes, then two appends`).toEqual([before, next, { op: 'done', id: 'c' }]);
    }
  });

  it('a whole file gets nothing but the new lines; a torn one gets its end marked once', () => {
    const file = join(dir, 'record.jsonl');
    appendLines(file, [before]);
    appendLines(file, [next]);
    expect(readFileSync(file, 'utf8')).toBe(`${JSON.stringify(before)}\n${JSON.stringify(next)}\n`);
    appendFileSync(file, '{"op":"queue","n":9,"id":"torn');
    appendLines(file, [cut]);
    expect(readFileSync(file, 'utf8')).toBe(`${JSON.stringify(before)}\n${JSON.stringify(next)}\n{"op":"queue","n":9,"id":"torn${TORN}${JSON.stringify(cut)}\n`);
    expect(readLines(file)).toEqual([before, next, cut]);
  });

  it('a missing file reads as empty and is created 0600 on the first append', () => {
    const file = join(dir, 'new', 'writes.jsonl');
    expect(readLines(file)).toEqual([]);
    appendLines(file, [before]);
    expect(readLines(file)).toEqual([before]);
  });
});

describe('an outbox removed while a line is written to it', () => {
  it('the line is written again, to the file at that path now: nothing is lost', () => {
    const file = join(dir, 'outbox.jsonl');
    appendLines(file, [before]);
    // Another process finds nothing waiting and removes the file, after this one opened it.
    appendLines(file, [next], { afterOpen: (attempt) => attempt === 0 && rmSync(file) });
    expect(readLines(file)).toEqual([next]);
    // Replaced by a new file meanwhile: the line goes to that one.
    appendLines(file, [cut], { afterOpen: (attempt) => attempt === 0 && (rmSync(file), writeFileSync(file, `${JSON.stringify(before)}\n`)) });
    expect(readLines(file)).toEqual([before, cut]);
  });
});
