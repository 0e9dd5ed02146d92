// The three output modes, chosen in one place: --json, a terminal, or a pipe.
import type { Env, IO } from '../io.js';
import { FailureError, UsageError } from '../errors.js';
import { formatMs } from '../api/network.js';
import { parseTimeout } from '../config/settings.js';
import { escapeControls, escapeJsonText, terminalSafe } from '../model/text.js';
import { makeChalk, type ChalkInstance } from './color.js';
import { checkFields, JSON_FIELDS, keysOf, NO_JSON, selectFields } from './fields.js';
import { runPager } from './pager.js';
import { loadDisplayWidth } from './plain.js';
import { renderPlainTable, renderTtyTable, type TableSpec } from './table.js';

export type OutputMode = 'json' | 'tty' | 'plain';

/**
 * JSON text with DEL, the C1 controls, U+2028/U+2029 and the invisible characters written as `\u`
 * escapes too (model/text.ts; JSON.stringify escapes the C0 ones only): the same data, and nothing
 * a terminal would act on.
 */
export function jsonText(data: unknown, indent?: number): string {
  return escapeJsonText(JSON.stringify(data, null, indent));
}

/**
 * Where a command's words go. stdout is data; stderr is talk. Nothing a server sent reaches either
 * raw: one-line messages escape every control character, and other text every one but the line
 * breaks, tabs and colours of our own rendering (model/text.ts).
 */
export class Output {
  readonly mode: OutputMode;
  /** Colours for stdout; a no-op unless colour is on. */
  readonly c: ChalkInstance;
  /** Colours for stderr. */
  readonly ec: ChalkInstance;
  /** Terminal width for stdout (80 when unknown). */
  readonly width: number;

  constructor(
    private readonly io: IO,
    opts: {
      json: boolean; quiet: boolean; colorLevel: 0 | 1 | 2 | 3; errColorLevel: 0 | 1 | 2 | 3;
      /** `--json name,status`: only these fields; `--jq EXPR`: the filter; `command`: `habit ls`. */
      fields?: string[]; jq?: string; command?: string;
      /** HABITS_JQ_TIMEOUT, as set: the time limit of `--jq` (jq.ts has the default). */
      jqTimeout?: string;
      /** The pager for long listings on a terminal (pager.ts, choosePager); none prints directly. */
      pager?: { command: string; env: Env };
    },
  ) {
    this.fields = opts.fields;
    this.jq = opts.jq;
    this.jqTimeout = opts.jqTimeout;
    this.command = opts.command ?? '';
    this.mode = opts.json ? 'json' : io.stdoutIsTTY ? 'tty' : 'plain';
    // Piped stdout is data for scripts: never coloured, whatever FORCE_COLOR says.
    this.c = makeChalk(this.mode === 'tty' ? opts.colorLevel : 0);
    this.ec = makeChalk(opts.errColorLevel);
    this.width = io.columns && io.columns > 20 ? io.columns : 80;
    this.quiet = opts.quiet;
    this.pager = opts.pager;
  }

  private readonly pager: { command: string; env: Env } | undefined;

  /** True with -q: confirmations are not printed. */
  readonly quiet: boolean;

  get json(): boolean {
    return this.mode === 'json';
  }

  private readonly fields: string[] | undefined;
  private readonly jq: string | undefined;
  private readonly jqTimeout: string | undefined;
  /** --jq's compilation, started by prepare(). */
  private jqCheck: Promise<void> | undefined;
  /** The jq worker, once --jq has started it (jq.ts). */
  private jqRunner: Promise<import('./jq.js').Jq> | undefined;
  private readonly command: string;
  private pending: Promise<void> = Promise.resolve();

  /**
   * Before the command runs: checks `--json` fields the command declares (output/fields.ts), and
   * starts jq compiling `--jq` while the command starts (a worker's start takes 20-35 ms). Its
   * answer is awaited by checked(), before the first request and before any output, so that a
   * mistake costs no request.
   */
  async prepare(): Promise<void> {
    const declared = JSON_FIELDS[this.command];
    if (this.fields && declared) checkFields(this.fields, declared, this.command);
    if (this.fields && NO_JSON.has(this.command)) {
      throw new UsageError(`\`habits ${this.command}\` prints no JSON to pick fields from`, 'leave out the fields after --json');
    }
    if (this.jq !== undefined) {
      const jq = this.jq;
      // An invalid HABITS_JQ_TIMEOUT is a usage error now, not later.
      await this.jqTimeLimit();
      this.jqCheck = (async () => {
        const answer = await (await this.jqWorker()).check(jq);
        if (answer && !('error' in answer && !answer.syntax)) throw jqError(answer);
      })();
      // Told by checked(); not an unhandled rejection meanwhile.
      this.jqCheck.catch(() => {});
    }
  }

  /** Resolves once `--jq` has compiled; its error (exit 2) when it has not. At once without --jq. */
  async checked(): Promise<void> {
    await this.jqCheck;
  }

  /** The time limit of --jq: HABITS_JQ_TIMEOUT, or jq.ts's default. */
  private async jqTimeLimit(): Promise<number> {
    const raw = this.jqTimeout;
    return raw === undefined || raw.trim() === '' ? (await import('./jq.js')).JQ_DEFAULT_TIME_LIMIT_MS : parseTimeout(raw, 'HABITS_JQ_TIMEOUT');
  }

  /** Loads jq.ts and starts its worker (once). */
  private jqWorker(): Promise<import('./jq.js').Jq> {
    this.jqRunner ??= (async () => {
      const timeLimit = await this.jqTimeLimit();
      return new (await import('./jq.js')).Jq({ timeMs: timeLimit });
    })();
    return this.jqRunner;
  }

  /** Ends the jq worker, if --jq started one. */
  async close(): Promise<void> {
    const runner = this.jqRunner;
    this.jqRunner = undefined;
    if (runner) await (await runner.catch(() => undefined))?.close();
  }

  /**
   * Waits for the output that --jq is still filtering (its errors are the command's), and for --jq
   * to have compiled (a command that made no request and printed no JSON learns it here).
   */
  async flush(): Promise<void> {
    await this.checked();
    await this.pending;
  }

  /** Prints one JSON document on stdout: only the `--json` fields, filtered by `--jq`. */
  printJson(data: unknown): void {
    let shaped = data;
    if (this.fields) {
      if (!JSON_FIELDS[this.command]) {
        const keys = keysOf(data);
        if (keys.length > 0 || this.fields.includes('help')) checkFields(this.fields, keys, this.command);
      }
      shaped = selectFields(data, this.fields);
    }
    const jq = this.jq;
    if (jq === undefined) {
      this.io.stdout.write(jsonText(shaped, 2) + '\n');
      return;
    }
    this.pending = this.pending.then(async () => {
      await this.checked();
      const { jqValues } = await import('./jq.js');
      const answer = await (await this.jqWorker()).run(JSON.stringify(shaped), jq);
      if (!('output' in answer)) throw jqError(answer);
      // Strings print raw (their own line breaks and tabs too, other control characters escaped);
      // other values as compact JSON, one result a line. Written a megabyte at a time, so that a
      // large output is never one more string as large.
      let chunk = '';
      for (const v of jqValues(answer.output)) {
        chunk += (typeof v === 'string' ? escapeControls(v, '\n\t') : jsonText(v)) + '\n';
        if (chunk.length >= 1 << 20) {
          this.io.stdout.write(chunk);
          chunk = '';
        }
      }
      if (chunk) this.io.stdout.write(chunk);
    });
    // Handled by flush(); this keeps a failure after the command's own error from going unhandled.
    this.pending.catch(() => {});
  }

  /** Prints the command's result: `data` as JSON with --json, otherwise what `human` renders. */
  async result(data: unknown, human: () => string | Promise<string>): Promise<void> {
    if (this.json) return this.printJson(data);
    if (this.mode === 'tty') await loadDisplayWidth();
    const text = await human();
    if (text) this.print(text);
  }

  /**
   * Prints a result in the mode chosen once: `json` as the JSON document, `plain()` in a pipe,
   * `tty()` on a terminal (each text on stdout; empty text prints nothing). `json` may be a promise,
   * so a terminal rendering can wait for it alongside requests of its own.
   */
  async render(r: {
    json: unknown;
    plain: () => string | Promise<string>;
    tty: () => string | Promise<string>;
    /** A long listing: on a terminal it goes through the pager, when there is one. */
    page?: boolean;
  }): Promise<void> {
    if (this.json) return this.printJson(await r.json);
    if (this.mode === 'tty') await loadDisplayWidth();
    const text = await (this.mode === 'tty' ? r.tty() : r.plain());
    if (!text) return;
    if (r.page && this.mode === 'tty' && this.pager) await this.paged(text);
    else this.print(text);
  }

  /** Shows `text` through the pager; prints it directly when the pager cannot be started. */
  private async paged(text: string): Promise<void> {
    const safe = terminalSafe(text);
    const shown = await runPager(this.pager!.command, safe.endsWith('\n') ? safe : safe + '\n', this.io, this.pager!.env);
    if (!shown) this.print(text);
  }

  /**
   * An empty result: with --json the document `json` (an empty list, say), on a terminal `message`
   * as info; in a pipe nothing at all, on stdout or stderr (`habits journal | wc -l` reads 0, and
   * cron mails nothing for an empty day).
   */
  empty(json: unknown, message: string): void {
    if (this.json) this.printJson(json);
    else if (this.mode === 'tty') this.info(message);
  }

  /** Writes human text to stdout, control characters escaped but its own line breaks, tabs and colours. */
  print(text: string): void {
    const safe = terminalSafe(text);
    this.io.stdout.write(safe.endsWith('\n') ? safe : safe + '\n');
  }

  /**
   * A confirmation ("Marked Walk completed for 2026-11-22"): on stdout when it is a terminal and
   * not --json, else on stderr; nothing with --quiet.
   */
  info(message: string): void {
    if (this.quiet) return;
    const toStdout = this.mode === 'tty';
    // One line: a line break in a name shows as `\n`.
    (toStdout ? this.io.stdout : this.io.stderr).write(escapeControls(message) + '\n');
  }

  /**
   * One item's line in a bulk command (`Marked "Walk" completed ...`): as info, but nothing with
   * --json, whose document carries every item's outcome. `failed` lines go to stderr even with -q.
   */
  item(message: string, failed = false): void {
    if (this.json) return;
    if (failed) this.io.stderr.write(escapeControls(message) + '\n');
    else this.info(message);
  }

  /** A warning or note on stderr, shown even with --quiet; it may span lines. */
  warn(message: string): void {
    this.io.stderr.write(terminalSafe(message) + '\n');
  }

  /** A table: aligned on a terminal, tab-separated in a pipe. Not for --json (print data instead). */
  async table(spec: TableSpec): Promise<string> {
    if (this.mode === 'tty') await loadDisplayWidth();
    return this.mode === 'tty' ? renderTtyTable(spec, this.width, (s) => this.c.bold(s)) : renderPlainTable(spec);
  }
}

/** What --jq answered instead of output, as the command's error. */
function jqError(answer: import('./jq.js').JqFailure): Error {
  if ('error' in answer) return answer.syntax ? new UsageError(`--jq: ${answer.error}`) : new FailureError(`--jq: ${answer.error}`, 'jq');
  if ('failure' in answer) return new FailureError(`--jq: ${answer.failure}`, 'jq');
  switch (answer.limit) {
    case 'time':
      return new FailureError(`--jq: stopped after ${formatMs(answer.ms)} (the time limit)`, 'jq_limit', 'a filter that does not end (repeat, recursion, range over a huge count) never will; to give one that does more time, set HABITS_JQ_TIMEOUT, e.g. HABITS_JQ_TIMEOUT=60s');
    case 'memory': {
      const mb = `${Math.round(answer.bytes / 2 ** 20)} MB`;
      return new FailureError(`--jq: stopped at ${mb} of memory (the memory limit)`, 'jq_limit', `jq cannot use more than ${mb}: build less in the filter, or give it less data (--json FIELDS, a narrower command)`);
    }
    case 'output':
      return new FailureError(`--jq: stopped at ${Math.round(answer.bytes / 2 ** 20)} MB of output (the memory limit)`, 'jq_limit', 'print less: select or count in the filter, or give it less data (--json FIELDS, a narrower command)');
    case 'stack':
      return new FailureError('--jq: stopped: the data or the filter nests too deeply (the stack limit)', 'jq_limit', 'a recursion that does not stop never will; otherwise nest the data or the filter less deeply');
  }
}
