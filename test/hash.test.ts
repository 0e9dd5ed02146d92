// sha256Hex is SHA-256: the same digests as node:crypto, so the cache, outbox and record file
// names written by earlier versions are found again.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../src/hash.js';

const reference = (text: string): string => createHash('sha256').update(text).digest('hex');

describe('sha256Hex', () => {
  it('gives the standard test vectors', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe('248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1');
  });

  it('agrees with node:crypto at every length around the block boundaries, and on any text', () => {
    for (let n = 0; n <= 200; n++) expect(sha256Hex('k'.repeat(n)), `${n} bytes`).toBe(reference('k'.repeat(n)));
    // Multi-byte UTF-8, lone surrogates (encoded as U+FFFD by both) and long texts.
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (text) => sha256Hex(text) === reference(text)), { seed: 20261126, numRuns: 2000 });
    expect(sha256Hex('x'.repeat(100_000))).toBe(reference('x'.repeat(100_000)));
  });
});
