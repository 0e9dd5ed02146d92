// The JSON-lines files of the outbox and the write record: a last line cut short by a crash, at any
// byte, hides nothing else, neither the lines before it nor the next one appended.
import { appendFileSync, chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
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

describe('files of our own: 0600 in 0700, and never through a link', () => {
  const mode = (path: string) => statSync(path).mode & 0o777;

  it('a record and an outbox left 0666 and 0644 in a 0755 directory of ours are tightened by the next append', () => {
    const data = join(dir, 'data');
    mkdirSync(data, { mode: 0o755 });
    chmodSync(data, 0o755);
    const record = join(data, 'writes-0123456789abcdef0123.jsonl');
    const outbox = join(data, 'outbox-0123456789abcdef0123.jsonl');
    writeFileSync(record, '');
    chmodSync(record, 0o666);
    writeFileSync(outbox, '');
    chmodSync(outbox, 0o644);
    appendLines(record, [before]);
    appendLines(outbox, [next]);
    expect([mode(record), mode(outbox), mode(data)]).toEqual([0o600, 0o600, 0o700]);
  });

  it('a directory shared with other files keeps its mode; our file in it is still made 0600', () => {
    const shared = join(dir, 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o1777);
    writeFileSync(join(shared, 'someone-elses.txt'), 'x');
    const record = join(shared, 'writes-0123456789abcdef0123.jsonl');
    writeFileSync(record, '');
    chmodSync(record, 0o644);
    appendLines(record, [before]);
    expect(mode(record)).toBe(0o600);
    expect(statSync(shared).mode & 0o7777).toBe(0o1777);
  });

  it('a data directory reached through a symbolic link keeps its mode: no chmod through a link', () => {
    const real = join(dir, 'real');
    mkdirSync(real);
    chmodSync(real, 0o755);
    const data = join(dir, 'data');
    symlinkSync(real, data);
    const record = join(data, 'writes-0123456789abcdef0123.jsonl');
    appendLines(record, [before]);
    expect(readLines(record)).toEqual([before]);
    expect([mode(record), mode(real)]).toEqual([0o600, 0o755]);
  });

  it('a record path that is a symbolic link: refused, its target untouched', () => {
    const target = join(dir, 'index.html');
    writeFileSync(target, '<html></html>\n');
    chmodSync(target, 0o644);
    const record = join(dir, 'writes-0123456789abcdef0123.jsonl');
    symlinkSync(target, record);
    expect(() => appendLines(record, [before])).toThrow(`${record} is a symbolic link; habits writes it only as a file of its own (remove the link)`);
    expect(readFileSync(target, 'utf8')).toBe('<html></html>\n');
    expect(mode(target)).toBe(0o644);
  });
});
