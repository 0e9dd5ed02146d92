// A forward proxy and a TLS front on loopback, and the self-signed certificate the front needs
// (made with node:crypto alone: openssl would do, but is not on every machine that runs Node).
// Shared by test/e2e/proxy.e2e.test.ts and .ci/proxy-check.mjs, which runs with no
// devDependencies: hence plain JavaScript, typed by the .d.mts beside it.
import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import tls from 'node:tls';

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

/** Listens on a free loopback port; counts the connections; `close()` destroys the open sockets first. */
export async function listen(server) {
  const sockets = new Set();
  let connections = 0;
  server.on('connection', (s) => {
    connections++;
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise((done, fail) => server.once('error', fail).listen(0, '127.0.0.1', done));
  return {
    port: server.address().port,
    connections: () => connections,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise((done) => server.close(() => done()));
    },
  };
}

/** Pipes two sockets both ways; an error on either ends both. */
function splice(a, b) {
  const end = () => {
    a.destroy();
    b.destroy();
  };
  a.on('error', end);
  b.on('error', end);
  a.pipe(b).pipe(a);
}

/** Terminates TLS with `pair` and passes the plain bytes to the loopback `port`. */
export function startTlsFront(port, pair) {
  return listen(tls.createServer(pair, (socket) => splice(socket, net.connect(port, '127.0.0.1'))));
}

/**
 * A forward proxy: CONNECT tunnels, and plain-http requests in absolute form (HTTP_PROXY), each to
 * the loopback port `routes` names for the `host:port` asked; anything else gets 502. With
 * `refuse`, every CONNECT is answered with that status instead (403: not allowed; 407: a login).
 * `seen` records what it was asked, with the headers.
 */
export async function startProxy(routes, refuse) {
  const seen = [];
  const server = http.createServer((req, res) => {
    seen.push({ kind: 'absolute', target: req.url ?? '', headers: req.headers });
    const url = URL.canParse(req.url ?? '') ? new URL(req.url ?? '') : undefined;
    const port = url && routes[`${url.hostname}:${url.port || 80}`];
    if (!url || !port) return void res.writeHead(502).end();
    const { 'proxy-authorization': _auth, 'proxy-connection': _conn, ...headers } = req.headers;
    const upstream = http.request({ host: '127.0.0.1', port, method: req.method, path: url.pathname + url.search, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  server.on('connect', (req, client, head) => {
    seen.push({ kind: 'connect', target: req.url ?? '', headers: req.headers });
    const port = routes[req.url ?? ''];
    client.on('error', () => {});
    if (refuse || !port) {
      const status = refuse ?? 502;
      const challenge = status === 407 ? 'Proxy-Authenticate: Basic realm="proxy"\r\n' : '';
      client.end(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n${challenge}Content-Length: 0\r\n\r\n`);
      return;
    }
    const upstream = net.connect(port, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      splice(client, upstream);
    });
    upstream.on('error', () => client.destroy());
  });
  const listening = await listen(server);
  return { ...listening, url: `http://127.0.0.1:${listening.port}`, seen };
}
