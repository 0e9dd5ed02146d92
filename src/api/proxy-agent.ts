// The dispatcher for a configured proxy, loaded only when the environment names one: undici's
// EnvHttpProxyAgent, with timeouts on every inner pool and a proxy that hangs up made an error.
import type { Dispatcher } from 'undici';
import connect from 'undici/lib/api/api-connect.js';
import EnvHttpProxyAgent from 'undici/lib/dispatcher/env-http-proxy-agent.js';
import Pool from 'undici/lib/dispatcher/pool.js';
import type { ProxySettings } from './proxy.js';

/**
 * The pool to the proxy, which ProxyAgent asks for each CONNECT through `connect()`.
 *
 * undici's index is what puts `connect()` (with request(), stream() and the rest) on
 * Dispatcher.prototype. Loaded by module, as here, a Pool has none: every https request through a
 * proxy would fail ("(intermediate value).connect is not a function") before reaching it. So this
 * pool calls undici's connect function on itself, as undici.ts does for request(). A test that loads
 * undici's index (for MockAgent) patches the prototype for its whole process and cannot see this;
 * test/e2e/proxy.e2e.test.ts runs the built CLI, which never loads the index.
 *
 * And when a proxy drops a CONNECT without answering, undici reports a socket error that it treats
 * as recoverable and reconnects at once, forever (thousands of connections a second, and the
 * request cannot be aborted). Renaming that error (to `closedCode`) makes undici fail the request.
 */
class ProxyPool extends Pool {
  constructor(origin: string | URL, options: Pool.Options, private readonly closedCode: string) {
    super(origin, options);
  }

  // Returns `any`: undici declares connect with overloads a single override cannot restate. Only
  // the promise form (the one ProxyAgent uses) changes.
  override connect(options: Parameters<Pool['connect']>[0], callback?: (err: Error | null, data: Dispatcher.ConnectData<null>) => void): any {
    // Reflect.apply: `.call` on an overloaded function sees only its last overload (the promise form).
    if (callback) return Reflect.apply(connect, this, [options, callback]);
    return connect.call(this, options).catch((err: unknown) => {
      if ((err as { code?: unknown } | null)?.code !== 'UND_ERR_SOCKET') throw err;
      throw Object.assign(new Error('the proxy closed the connection instead of opening a tunnel', { cause: err }), { code: this.closedCode });
    });
  }
}

/** What the proxy agent is built with. */
export interface ProxyAgentOptions {
  /** Put on every inner pool, as on the agent. */
  limits: { headersTimeout: number; bodyTimeout: number; maxResponseSize: number };
  timeoutMs: number;
  /**
   * The code of the error for a proxy that hung up on a CONNECT (network.ts's PROXY_CLOSED, passed
   * in so that this chunk shares no module with the rest of the client).
   */
  closedCode: string;
}

/** An EnvHttpProxyAgent whose settings all come from `proxies`. */
export function buildProxyAgent(proxies: ProxySettings, { limits, timeoutMs, closedCode }: ProxyAgentOptions): Dispatcher {
  // undici builds some inner pools (to the proxy, and for absolute-form requests) without the
  // agent's timeouts; these factories put them back, so a hung proxy cannot hang us.
  const pool = (origin: string | URL, opts: object): Dispatcher => new Pool(origin, { ...limits, ...opts });
  const proxyPool = (origin: string | URL, opts: object): Dispatcher => new ProxyPool(origin, { ...limits, ...opts }, closedCode);
  return new EnvHttpProxyAgent({
    connect: { timeout: timeoutMs },
    ...limits,
    // '' rather than undefined: undici would otherwise fall back to process.env.
    httpProxy: proxies.httpProxy?.href ?? '',
    httpsProxy: proxies.httpsProxy?.href ?? '',
    noProxy: proxies.noProxy,
    // Plain-http targets go as absolute-form requests (as curl does); https ones through CONNECT.
    proxyTunnel: false,
    proxyTls: { timeout: timeoutMs },
    clientFactory: proxyPool,
    factory: pool,
  });
}
