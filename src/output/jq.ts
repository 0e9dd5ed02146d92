// `--jq EXPR`: jq itself (jq-wasm 1.0.1: jq 1.7.1 compiled to WebAssembly, MIT), loaded only when
// the flag is used. This file imports nothing of ours, so that its chunk shares none with the core:
// output.ts turns its answers into output and errors.
//
// jq runs in a worker thread, the only way to stop WebAssembly that does not return: each run has
// a time limit (the worker is terminated when it passes), and jq's memory is bounded (its heap by
// jq-wasm's build, its output here). Nothing Emscripten prints reaches the user: the worker's
// console and standard streams are its own, and its errors come back as answers.
//
// jq-wasm's own wrapper (raw()) is not used: it feeds standard input one byte at a time through
// `stdinBuffer = stdinBuffer.slice(1)`, and collects standard output one byte at a time into a new
// Uint8Array one byte longer, copying all before it. Both copy the whole buffer per byte, so the
// cost grew with the square of the input and of the output (50 s for a 1.7 MB export). Here the
// worker loads jq-wasm's Emscripten module itself, with one line added that hands out its file
// system (jq-wasm does not export it), and gives /dev/stdin, /dev/stdout and /dev/stderr bulk
// read and write functions: jq reads and writes whole buffers, each byte copied once.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * jq's memory limit: its heap can grow no further (jq-wasm is built with a maximum of 268435456
 * bytes, which this cannot raise), and its output is stopped there too.
 */
export const JQ_MEMORY_LIMIT = 256 * 1024 * 1024;

/** How long jq may take by default, per run (the run of the filter; loading jq is not counted). */
export const JQ_DEFAULT_TIME_LIMIT_MS = 10_000;

/**
 * What jq made of the input: its output (one compact JSON text a line), its error (on one line;
 * `syntax` for a compile error), a limit it reached, or a failure to run it at all.
 */
export type JqAnswer =
  | { output: Uint8Array }
  | { error: string; syntax: boolean }
  | { limit: 'time'; ms: number }
  | { limit: 'memory' | 'output'; bytes: number }
  | { limit: 'stack' }
  | { failure: string };

/** Any answer but output. */
export type JqFailure = Exclude<JqAnswer, { output: Uint8Array }>;

/** What the worker answers. */
type WorkerAnswer =
  | { ready: true }
  | { status: number; output: Uint8Array; stderr: string }
  | { limit: 'memory' | 'output'; bytes: number }
  | { limit: 'stack' }
  | { failure: string };

/** Loading jq (reading and compiling 1.3 MB) takes about 0.1 s; this only catches a worker that never starts. */
const LOAD_LIMIT_MS = 60_000;

/** One jq worker, started on first use; `close()` ends it. */
export class Jq {
  private worker: Worker | undefined;
  private ready: Promise<JqAnswer | undefined> | undefined;
  /** Settles the run in progress, with the worker's answer or what ended it. */
  private settle: ((answer: WorkerAnswer | JqAnswer) => void) | undefined;
  private queue: Promise<unknown> = Promise.resolve();

  private readonly timeLimitMs: number;
  private readonly outputLimit: number;

  /** `outputLimit`: jq's output is stopped there (JQ_MEMORY_LIMIT; tests lower it). */
  constructor(limits: { timeMs?: number; outputBytes?: number } = {}) {
    this.timeLimitMs = limits.timeMs ?? JQ_DEFAULT_TIME_LIMIT_MS;
    this.outputLimit = limits.outputBytes ?? JQ_MEMORY_LIMIT;
  }

  /** Compiles `expr` without running it (jq on an empty input): a compile error, or undefined. */
  async check(expr: string): Promise<JqFailure | undefined> {
    const answer = await this.run('', expr);
    return 'output' in answer ? undefined : answer;
  }

  /** `expr` applied to `json` (a JSON text, or several). */
  run(json: string, expr: string): Promise<JqAnswer> {
    const next = this.queue.then(() => this.runNow(json, expr));
    this.queue = next.catch(() => {});
    return next;
  }

  /** Ends the worker, if one is running. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.ready = undefined;
    if (worker) await worker.terminate();
  }

  private async runNow(json: string, expr: string): Promise<JqAnswer> {
    const failed = await this.start();
    if (failed) return failed;
    const worker = this.worker!;
    // Its own buffer (Buffer.from may share a pool), handed over to the worker, not copied.
    const input = new TextEncoder().encode(json);
    const answer = await new Promise<WorkerAnswer | JqAnswer>((resolve) => {
      const timer = setTimeout(() => resolve({ limit: 'time', ms: this.timeLimitMs }), this.timeLimitMs);
      this.settle = (a) => {
        clearTimeout(timer);
        resolve(a);
      };
      worker.ref();
      worker.postMessage({ input, expr }, [input.buffer as ArrayBuffer]);
    });
    this.settle = undefined;
    if ('status' in answer) {
      worker.unref();
      return interpret(answer);
    }
    // Stopped: the time limit, a limit inside jq, or a crash. jq's state is not to be trusted after
    // any of them (WebAssembly that threw midway leaves its memory as it was), so the worker goes.
    await this.close();
    return answer as JqAnswer;
  }

  /** Starts the worker and waits until jq is loaded: undefined, or why it could not be. */
  private start(): Promise<JqAnswer | undefined> {
    this.ready ??= new Promise<JqAnswer | undefined>((resolve) => {
      let jqPath: string;
      try {
        jqPath = createRequire(import.meta.url).resolve('jq-wasm/dist/build/jq.js');
      } catch {
        resolve({ failure: 'jq-wasm, which runs jq, is not installed; reinstall habits' });
        return;
      }
      const worker = new Worker(`(${jqWorker.toString()})(require);`, {
        eval: true,
        workerData: { jqPath, heapLimit: JQ_MEMORY_LIMIT, outputLimit: this.outputLimit },
        // The worker's JavaScript holds jq's code and little else (the input, output and jq's heap
        // are buffers outside this heap): this only stops a runaway.
        resourceLimits: { maxOldGenerationSizeMb: 128 },
        // Its standard streams are its own, never the user's: nothing Emscripten prints gets out.
        stdout: true,
        stderr: true,
        env: {},
      });
      this.worker = worker;
      // Events of a worker already closed (a run that passed the time limit) concern no run now.
      const current = (): boolean => this.worker === worker;
      const loading = setTimeout(() => void this.close().then(() => resolve({ failure: 'jq did not start' })), LOAD_LIMIT_MS);
      worker.on('message', (message: WorkerAnswer) => {
        if (!current()) return;
        if ('ready' in message) {
          clearTimeout(loading);
          worker.unref();
          resolve(undefined);
        } else if ('failure' in message && !this.settle) {
          clearTimeout(loading);
          void this.close();
          resolve(message);
        } else this.settle?.(message);
      });
      worker.on('error', (err: Error & { code?: string }) => {
        if (!current()) return;
        const answer: JqAnswer = err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? { limit: 'memory', bytes: JQ_MEMORY_LIMIT } : { failure: `jq stopped: ${firstLine(err.message)}` };
        clearTimeout(loading);
        if (this.settle) this.settle(answer);
        else resolve(answer);
      });
      worker.on('exit', () => {
        if (!current()) return;
        clearTimeout(loading);
        this.worker = undefined;
        this.ready = undefined;
        this.settle?.({ failure: 'jq stopped unexpectedly' });
        resolve({ failure: 'jq stopped unexpectedly' });
      });
    });
    return this.ready;
  }
}

/**
 * jq's exit: its output when it printed any (as jq-wasm answered), else its error when it failed.
 * What a successful run wrote to stderr (`debug`, `stderr`) is not an error.
 */
function interpret(answer: { status: number; output: Uint8Array; stderr: string }): JqAnswer {
  if (answer.output.length > 0 || answer.status === 0 || answer.stderr.trim() === '') return { output: answer.output };
  const text = answer.stderr.trim();
  return { error: firstLine(text), syntax: /compile error|syntax error/.test(text) };
}

function firstLine(text: string): string {
  return (text.split('\n')[0] ?? '').trim();
}

/** Each line of jq's output (compact JSON texts, one a line), parsed. */
export function* jqValues(output: Uint8Array): Generator<unknown> {
  const decoder = new TextDecoder();
  let start = 0;
  while (start < output.length) {
    let end = output.indexOf(10, start);
    if (end === -1) end = output.length;
    if (end > start) yield JSON.parse(decoder.decode(output.subarray(start, end)));
    start = end + 1;
  }
}

/**
 * The worker's code. It runs as the text of this function in a worker thread, so it refers to
 * nothing outside itself: `require` is the worker's own.
 */
function jqWorker(require: NodeJS.Require): void {
  const { parentPort, workerData } = require('node:worker_threads') as typeof import('node:worker_threads');
  const { readFileSync } = require('node:fs') as typeof import('node:fs');
  const { dirname } = require('node:path') as typeof import('node:path');
  const { createRequire } = require('node:module') as typeof import('node:module');
  const { runInThisContext } = require('node:vm') as typeof import('node:vm');
  const { jqPath, heapLimit, outputLimit } = workerData as { jqPath: string; heapLimit: number; outputLimit: number };
  const port = parentPort!;

  interface StreamOps {
    read(stream: unknown, buffer: Int8Array, offset: number, length: number): number;
    write(stream: unknown, buffer: Int8Array, offset: number, length: number): number;
  }
  interface JqModule {
    callMain(args: string[]): number;
    HEAPU8: Uint8Array;
    FS: { lookupPath(path: string): { node: { rdev: number } }; getDevice(dev: number): { stream_ops: StreamOps } };
  }
  /** Thrown from jq's write to stop it: WebAssembly unwinds, and the run ends with this. */
  class OutputLimit extends Error {}

  // Emscripten prints its own messages (`Aborted()`) with console.error: they go nowhere.
  for (const name of ['log', 'info', 'warn', 'error', 'debug'] as const) console[name] = () => {};

  let input: Uint8Array = new Uint8Array(0);
  let inputAt = 0;
  let output = new Uint8Array(64 * 1024);
  let outputLength = 0;
  let stderr = '';

  const bytes = (buffer: Int8Array, offset: number, length: number): Uint8Array => new Uint8Array(buffer.buffer, buffer.byteOffset + offset, length);

  function load(): Promise<JqModule> {
    let source = readFileSync(jqPath, 'utf8');
    // jq-wasm keeps Emscripten's file system to itself; one line hands it out.
    const anchor = 'Module["callMain"] = callMain;';
    if (source.split(anchor).length !== 2) throw new Error(`jq-wasm is not the version habits was built for (${jqPath})`);
    source = source.replace(anchor, `${anchor} Module["FS"] = FS;`);
    const wrapper = runInThisContext(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, { filename: jqPath }) as (...args: unknown[]) => void;
    const module = { exports: {} as unknown };
    wrapper(module.exports, createRequire(jqPath), module, jqPath, dirname(jqPath));
    return (module.exports as (moduleArg: object) => Promise<JqModule>)({});
  }

  function attach(jq: JqModule): void {
    const device = (path: string): StreamOps => jq.FS.getDevice(jq.FS.lookupPath(path).node.rdev).stream_ops;
    device('/dev/stdin').read = (_stream, buffer, offset, length) => {
      const n = Math.min(length, input.length - inputAt);
      bytes(buffer, offset, n).set(input.subarray(inputAt, inputAt + n));
      inputAt += n;
      return n;
    };
    device('/dev/stdout').write = (_stream, buffer, offset, length) => {
      const needed = outputLength + length;
      if (needed > outputLimit) throw new OutputLimit();
      if (needed > output.length) {
        const grown = new Uint8Array(Math.min(outputLimit, Math.max(needed, output.length * 2)));
        grown.set(output.subarray(0, outputLength));
        output = grown;
      }
      output.set(bytes(buffer, offset, length), outputLength);
      outputLength = needed;
      return length;
    };
    // jq's messages: its error, or what `debug` and `stderr` print (kept to their beginning).
    device('/dev/stderr').write = (_stream, buffer, offset, length) => {
      if (stderr.length < 4096) stderr += Buffer.from(bytes(buffer, offset, length)).toString('utf8');
      return length;
    };
  }

  let jq: JqModule;
  load()
    .then((loaded) => {
      jq = loaded;
      attach(jq);
      port.postMessage({ ready: true });
    })
    .catch((err: unknown) => port.postMessage({ failure: `jq could not be loaded: ${err instanceof Error ? err.message : String(err)}` }));

  port.on('message', (job: { input: Uint8Array; expr: string }) => {
    input = job.input;
    inputAt = 0;
    outputLength = 0;
    stderr = '';
    try {
      // -M: no colour; -c: one result a line; `--`: the filter is never read as an option.
      const status = jq.callMain(['-M', '-c', '--', job.expr, '/dev/stdin']);
      const out = output;
      output = new Uint8Array(64 * 1024);
      port.postMessage({ status, output: out.subarray(0, outputLength), stderr }, [out.buffer]);
    } catch (err) {
      if (err instanceof OutputLimit) port.postMessage({ limit: 'output', bytes: outputLimit });
      // jq prints this when malloc fails, then aborts: its heap is at jq-wasm's maximum.
      else if (stderr.includes('cannot allocate memory') || jq.HEAPU8.length >= heapLimit) port.postMessage({ limit: 'memory', bytes: heapLimit });
      // Deep recursion: the thread's stack (a RangeError), or first jq's own stack in its memory
      // (64 kB, placed first: going past its end reads below address 0, which traps).
      else if (err instanceof RangeError || (err instanceof Error && err.name === 'RuntimeError' && /out of bounds/.test(err.message))) port.postMessage({ limit: 'stack' });
      else port.postMessage({ failure: 'jq stopped unexpectedly' });
    }
  });
}
