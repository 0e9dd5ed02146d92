// undici's own modules, imported one by one instead of through its index (see api/dispatcher.ts).
// undici publishes types for its index only; these say which class or function each module is.
declare module 'undici/lib/dispatcher/agent.js' {
  import { Agent } from 'undici';
  export default Agent;
}
declare module 'undici/lib/dispatcher/pool.js' {
  import { Pool } from 'undici';
  export default Pool;
}
declare module 'undici/lib/dispatcher/env-http-proxy-agent.js' {
  import { EnvHttpProxyAgent } from 'undici';
  export default EnvHttpProxyAgent;
}
declare module 'undici/lib/api/api-request.js' {
  import type { Dispatcher } from 'undici';
  /** Dispatcher#request, for any dispatcher (`this`): the index adds it to Dispatcher.prototype. */
  export default function request(this: Dispatcher, options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData>;
}
declare module 'undici/lib/api/api-connect.js' {
  import type { Dispatcher } from 'undici';
  /** Its options; a Pool or Client connects to its own origin, so `origin` may be left out. */
  type ConnectOptions = Omit<Dispatcher.ConnectOptions, 'origin'> & Partial<Pick<Dispatcher.ConnectOptions, 'origin'>>;
  /** Dispatcher#connect, for any dispatcher (`this`): the index adds it to Dispatcher.prototype. */
  function connect(this: Dispatcher, options: ConnectOptions, callback: (err: Error | null, data: Dispatcher.ConnectData) => void): void;
  function connect(this: Dispatcher, options: ConnectOptions): Promise<Dispatcher.ConnectData>;
  export default connect;
}
