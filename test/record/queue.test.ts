// queueFailed: a write that can neither be sent nor kept in the outbox says so in one line (exit 1),
// never as an unexpected error, and nothing is written through a link.
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.js';
import { describeError } from '../../src/describe-error.js';
import { Outbox, queueFailed, WriteRecord } from '../../src/record/index.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'habits-queue-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it('an outbox that is a symbolic link: the mark is neither sent nor kept, and the line says why', () => {
  const target = join(dir, 'index.html');
  writeFileSync(target, '<html></html>\n');
  const file = join(dir, 'outbox-0123456789abcdef0123.jsonl');
  symlinkSync(target, file);
  const writes = { record: new WriteRecord(join(dir, 'writes-0123456789abcdef0123.jsonl')), outbox: new Outbox(file, () => new Date('2026-11-26T08:00:00Z')), queueing: true };
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
  const err = new ApiError({ kind: 'network', status: 0, method: 'POST', path: '/habits/h1/logs/complete', serverMessage: 'connection refused by 127.0.0.1:9', cause: refused });
  let thrown: unknown;
  try {
    queueFailed(writes, err, { route: 'POST /habits/{habitId}/logs/complete', params: { habitId: 'h1' }, body: { targetDate: '2026-11-26' }, habit: { id: 'h1', name: 'Walk' } });
  } catch (e) {
    thrown = e;
  }
  const said = describeError(thrown);
  expect(said.exitCode).toBe(1);
  expect(said.message).toMatch(new RegExp(`^log done "Walk" for 2026-11-26 could not be sent \\(.+\\), nor kept in the outbox: ${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} is a symbolic link; habits writes it only as a file of its own \\(remove the link\\)$`));
  expect(said.hint).toBe('run the command again once the server can be reached');
  expect(readFileSync(target, 'utf8')).toBe('<html></html>\n');
});
