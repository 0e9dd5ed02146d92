// `habits serve` as its own process (the built CLI), for tests that meet the service as a user's
// second program would: over loopback, started on a free port, stopped with SIGTERM.
import { spawn } from 'node:child_process';
import { BIN, ROOT } from './cli.js';

export interface ServeProcess {
  /** `http://127.0.0.1:<port>/v2`, as the service prints it. */
  url: string;
  /** SIGTERM, and waits for the exit. */
  stop(): Promise<void>;
}

/** Starts `habits serve --port 0 --data FILE` with `env`, and resolves once it is listening. */
export function startServeProcess(data: string, env: Record<string, string>): Promise<ServeProcess> {
  const server = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--quiet', '--data', data], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  let log = '';
  return new Promise<ServeProcess>((resolve, reject) => {
    server.stderr!.on('data', (c: Buffer) => {
      log += c.toString();
      const m = /listening on (\S+)/.exec(log);
      if (m) resolve({ url: m[1]!, stop: async () => { server.kill('SIGTERM'); await exited; } });
    });
    server.on('exit', (code) => reject(new Error(`habits serve exited ${code}: ${log}`)));
  });
}
