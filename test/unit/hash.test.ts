// src/hash.ts computes SHA-256 itself (loading node:crypto costs more than its few hashes): it must
// agree with node:crypto byte for byte, or every name cache file would change name.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/hash.js';

const reference = (text: string) => createHash('sha256').update(text).digest('hex');

describe('sha256Hex', () => {
  it('matches the FIPS 180-4 examples', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe('248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1');
  });

  it('agrees with node:crypto at every length around the block boundaries, and beyond', () => {
    for (let n = 0; n <= 300; n++) {
      const text = Array.from({ length: n }, (_, i) => String.fromCharCode(33 + ((i * 7 + n) % 90))).join('');
      expect(sha256Hex(text), `length ${n}`).toBe(reference(text));
    }
    const long = 'x'.repeat(100_000);
    expect(sha256Hex(long)).toBe(reference(long));
  });

  it('hashes UTF-8, as node:crypto does with a string', () => {
    for (const text of ['é', 'Méditer 🧘', '水を飲む', '\u0000\uffff', 'https://api.habitify.me/v2#0123456789abcdef', 'hb_' + '🔑'.repeat(40)]) {
      expect(sha256Hex(text), text).toBe(reference(text));
    }
  });
});
