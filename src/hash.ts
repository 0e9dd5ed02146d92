// SHA-256, for the API key's fingerprint and the file names of the name cache, the outbox and the
// write record. In JavaScript rather than node:crypto: on Node 22 and 24, loading node:crypto
// compiles about twenty of Node's internal modules, 3.6 ms of a 65 ms `habits log done` (measured
// with --cpu-prof); hashing a key of a few dozen bytes here takes microseconds. The digest is
// SHA-256's (test/hash.test.ts checks it against node:crypto), so the file names stay the same.

/** The first 32 bits of the fractional parts of the square (H) and cube (K) roots of the first primes. */
const PRIMES: number[] = [];
for (let n = 2; PRIMES.length < 64; n++) if (PRIMES.every((p) => n % p !== 0)) PRIMES.push(n);
const fraction = (x: number): number => ((x - Math.floor(x)) * 2 ** 32) >>> 0;
const H0 = PRIMES.slice(0, 8).map((p) => fraction(Math.sqrt(p)));
const K = Uint32Array.from(PRIMES, (p) => fraction(Math.cbrt(p)));

const rotr = (x: number, n: number): number => (x >>> n) | (x << (32 - n));

/** The SHA-256 digest of `text`'s UTF-8 bytes, as 64 lower-case hex digits. */
export function sha256Hex(text: string): string {
  const data = Buffer.from(text, 'utf8');
  // The message, a 1 bit, zeros, and its length in bits as 64 bits big-endian: whole 64-byte blocks.
  const length = Math.ceil((data.length + 9) / 64) * 64;
  const bytes = new Uint8Array(length);
  bytes.set(data);
  bytes[data.length] = 0x80;
  const view = new DataView(bytes.buffer);
  const bits = data.length * 8;
  view.setUint32(length - 8, Math.floor(bits / 2 ** 32));
  view.setUint32(length - 4, bits >>> 0);
  const h = Uint32Array.from(H0);
  const w = new Uint32Array(64);
  for (let block = 0; block < length; block += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(block + i * 4);
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15]!;
      const b = w[i - 2]!;
      w[i] = w[i - 16]! + (rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3)) + w[i - 7]! + (rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10));
    }
    let [a, b, c, d, e, f, g, hh] = h as unknown as [number, number, number, number, number, number, number, number];
    for (let i = 0; i < 64; i++) {
      const t1 = (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i]! + w[i]!) | 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    h[0]! += a;
    h[1]! += b;
    h[2]! += c;
    h[3]! += d;
    h[4]! += e;
    h[5]! += f;
    h[6]! += g;
    h[7]! += hh;
  }
  let hex = '';
  for (const word of h) hex += word.toString(16).padStart(8, '0');
  return hex;
}
