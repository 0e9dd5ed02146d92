// A self-signed certificate for a TLS server on loopback, made with node:crypto alone (openssl
// would do, but is not on every machine that runs Node). Shared by test/e2e/proxy.e2e.test.ts and
// .ci/proxy-check.mjs, which runs with no devDependencies: hence plain JavaScript, typed by the
// .d.mts beside it.
import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';

/** A DER element: its tag, its length, its content. */
function der(tag, ...parts) {
  const body = Buffer.concat(parts);
  const n = body.length;
  const length = n < 0x80 ? [n] : n < 0x100 ? [0x81, n] : [0x82, n >> 8, n & 0xff];
  return Buffer.concat([Buffer.from([tag, ...length]), body]);
}

const sequence = (...parts) => der(0x30, ...parts);

function oid(dotted) {
  const [first, second, ...rest] = dotted.split('.').map(Number);
  const bytes = [40 * first + second];
  for (const n of rest) {
    const groups = [n & 0x7f];
    for (let v = n >> 7; v > 0; v >>= 7) groups.unshift((v & 0x7f) | 0x80);
    bytes.push(...groups);
  }
  return der(0x06, Buffer.from(bytes));
}

/** UTCTime, `YYMMDDHHMMSSZ`. */
const utcTime = (d) => der(0x17, Buffer.from(d.toISOString().replace(/^\d\d|[-:T]|\.\d+/g, '')));

/**
 * A self-signed P-256 certificate for `host` (its subject and only name), valid from an hour ago
 * for a day. openssl would do, but is not on every machine that runs Node.
 */
export function selfSignedCert(host) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const ecdsaWithSha256 = sequence(oid('1.2.840.10045.4.3.2'));
  const name = sequence(der(0x31, sequence(oid('2.5.4.3'), der(0x0c, Buffer.from(host)))));
  const now = Date.now();
  const extensions = der(0xa3, sequence(
    // basicConstraints CA:TRUE (critical): it is its own trust anchor.
    sequence(oid('2.5.29.19'), der(0x01, Buffer.from([0xff])), der(0x04, sequence(der(0x01, Buffer.from([0xff]))))),
    // subjectAltName, a dNSName: what the client checks the host against.
    sequence(oid('2.5.29.17'), der(0x04, sequence(der(0x82, Buffer.from(host))))),
  ));
  const tbs = sequence(
    der(0xa0, der(0x02, Buffer.from([2]))),
    der(0x02, Buffer.concat([Buffer.from([1]), randomBytes(8)])),
    ecdsaWithSha256,
    name,
    sequence(utcTime(new Date(now - 3_600_000)), utcTime(new Date(now + 86_400_000))),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    extensions,
  );
  const cert = sequence(tbs, ecdsaWithSha256, der(0x03, Buffer.from([0]), sign('sha256', tbs, privateKey)));
  return {
    cert: `-----BEGIN CERTIFICATE-----\n${cert.toString('base64').match(/.{1,64}/g).join('\n')}\n-----END CERTIFICATE-----\n`,
    key: privateKey.export({ type: 'pkcs8', format: 'pem' }),
  };
}
