// The wiring of one command, like gh's factory: lazy members for settings, output, the prompter,
// the API client and the account's files, built from the World main() was given and the command's
// declared options. Each piece is made by the module that owns it; this file only connects them.
// Commands never touch process.*, a global chalk, undici or @inquirer directly.
import { createApiClient } from './api/client.js';
import type { Middleware } from './api/pipeline.js';
import type { Api } from './api/routes.js';
import { accountScope, settingsOnce } from './config/load.js';
import { resolvePaths, type Paths } from './config/paths.js';
import { chooseProfile } from './config/profiles.js';
import { envFlag, type ColorSetting, type Settings } from './config/settings.js';
import { noApiKey } from './errors.js';
import type { Env, IO } from './io.js';
import { localGuard, startLocalService, type LocalService } from './local.js';
import { userDay } from './model/day-start.js';
import { escapeControls } from './model/text.js';
import { outputFor } from './output/for-run.js';
import type { Output } from './output/output.js';
import { SkippedItems } from './output/skipped.js';
import { requestSpinner, spinnerAllowed, type RequestSpinner } from './output/spinner.js';
import { createPrompter, type Prompter } from './prompts/prompter.js';
import { openWrites, type QueuedWrite, type Writes } from './record/index.js';
import { recordWrites } from './record/middleware.js';
import { sendOutboxFirst } from './record/outbox-first.js';
import { NameCache } from './resolve/cache.js';
import { markStale, statusFile } from './resolve/status-cache.js';
import { Resolver } from './resolve/index.js';
import { userAgent } from './version.js';
import type { GlobalFlags, RunOptions, World } from './world.js';

export type { GlobalFlags, RunOptions, World };

/** Where the API client points: a remote server, or the in-process local service. */
export interface Endpoint {
  baseUrl: string;
  apiKey: string;
  /** The in-process local service, in local mode. */
  local?: LocalService;
}

/** One value made on first use; a throw is not kept (the next use tries again), a promise is, rejected or not. */
function lazy<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

export class Context {
  readonly paths: Paths;
  readonly out: Output;
  readonly prompter: Prompter;
  readonly now: () => Date;
  private readonly closers: (() => Promise<void> | void)[] = [];
  private readonly skipped = new SkippedItems();
  private readonly spinner: RequestSpinner;
  private readonly loadSettings: ReturnType<typeof settingsOnce>;

  /** `command`: the command's words after `habits` (`habit ls`), for its --json fields. */
  constructor(readonly world: World, readonly flags: GlobalFlags, command = '', readonly declared: RunOptions = {}) {
    this.paths = resolvePaths(world.env);
    this.now = world.now;
    this.loadSettings = settingsOnce({ paths: this.paths, env: world.env, flags, createsProfile: declared.createsProfile });
    let early: string | undefined;
    const setting = (): ColorSetting => {
      try {
        return this.loadSettings((line) => (early = line)).color.value;
      } catch {
        // A corrupt config must not stop help or an error message from printing; the command that
        // needs the settings reports it.
        return 'auto';
      }
    };
    this.out = outputFor(world.io, world.env, flags, command, setting());
    if (early) this.out.warn(early);
    // --jq runs jq in a worker thread (output/jq.ts), ended with the command.
    if (flags.jq !== undefined) this.onClose(() => this.out.close());
    this.prompter = world.prompter ?? createPrompter(world.io, flags.input !== false && !envFlag(world.env.HABITS_NO_INPUT));
    this.spinner = requestSpinner(world.io.stderr, spinnerAllowed(world.io, !!flags.quiet));
    this.onClose(() => this.reportSkipped());
  }

  get io(): IO { return this.world.io; }
  get env(): Env { return this.world.env; }

  /** Settings from flags, environment and config file; read on first use. */
  get settings(): Settings { return this.loadSettings((line) => this.out.warn(line)); }
  /** The profile this run uses (--profile, HABITS_PROFILE or `default`), whether the file holds it or not. */
  get profile(): Settings['profile'] { return chooseProfile(this.flags.profile, this.env); }
  /** True when commands run against the embedded local service. */
  get isLocal(): boolean { return this.settings.local.value; }
  /** True with --verbose or HABITS_DEBUG. */
  get verbose(): boolean { return !!this.flags.verbose || envFlag(this.env.HABITS_DEBUG); }

  /**
   * The user's date: in their time zone, and the day before while the clock is before their
   * day-start (model/day-start.ts). Every "today" of a command, and the relative dates, come from here.
   */
  today(): string {
    return this.dayOf(this.now());
  }

  /** Waits `ms`: the world's sleep (tests move a clock), else a timer. */
  readonly sleep = (ms: number): Promise<void> => (this.world.sleep ?? ((t: number) => new Promise<void>((resolve) => setTimeout(resolve, t))))(ms);

  /** The user's date at an instant, as today() reads it (bound: handed on as a function). */
  readonly dayOf = (at: Date): string => userDay(at, this.settings.timezone, this.settings.dayStart.value);

  /** Names the account for caches without any I/O; undefined when no key is configured. */
  scope(): string | undefined { return accountScope(this.settings, this.paths); }

  /** The endpoint the client talks to; starts the local service on first use in local mode. */
  readonly endpoint = lazy(async (): Promise<Endpoint> => {
    if (!this.isLocal) {
      const key = this.settings.apiKey;
      if (!key) throw noApiKey();
      return { baseUrl: this.settings.baseUrl.value, apiKey: key.value };
    }
    // The service's own "today" (a write without a date, streaks up to today) is the user's day too.
    const local = await startLocalService({ file: this.paths.dbFile, timezone: this.settings.timezone.value, now: this.now, today: () => this.today(), warn: (line) => this.out.warn(line) });
    this.onClose(local.close);
    return { baseUrl: local.baseUrl, apiKey: local.apiKey, local };
  });

  /** The account's record of writes and outbox (docs/outbox.md). Throws the "no API key" error without an account. */
  readonly writes = lazy((): Writes => {
    const scope = this.scope();
    if (!scope) throw noApiKey();
    const queueing = this.flags.queue !== false && !envFlag(this.env.HABITS_NO_QUEUE) && !this.isLocal;
    return openWrites(this.paths.dataDir, scope, this.now, queueing);
  });

  /**
   * The API client, built on first use, with the pipeline of this command: the outbox sent first
   * (unless declared otherwise), every write recorded, then the pipeline every
   * client has (clientFor).
   */
  readonly api = lazy(async (): Promise<Api> => {
    const endpoint = await this.endpoint();
    const info = (line: string) => this.out.info(line);
    const warn = (line: string) => this.out.warn(line);
    return this.clientFor(endpoint, [
      // Locally too: time off planned ahead waits in the outbox for its day (an empty outbox: one stat).
      this.declared.outboxFirst !== false ? sendOutboxFirst({ outbox: () => this.writes().outbox, today: () => this.today(), info, warn, sent: (writes) => this.statusSent(writes) }) : undefined,
      recordWrites({ record: () => this.writes().record, now: this.now, warn }),
    ]);
  });

  /** Queued writes of today that reached the server since the journal: the status line is marked stale. */
  statusSent(writes: readonly QueuedWrite[]): void {
    const today = this.today();
    const scope = this.scope();
    if (!scope || !writes.some((w) => (w.body as { targetDate?: unknown } | undefined)?.targetDate === today)) return;
    markStale(statusFile(this.paths.cacheDir, scope), this.now().getTime(), today);
  }

  /** Name resolution for the account this context talks to (its client and name cache). */
  get resolver(): Resolver { return this.resolverMade(); }
  private readonly resolverMade = lazy(() => new Resolver({
    api: () => this.api(),
    nameCache: async () => {
      const scope = this.scope();
      if (!scope) await this.endpoint(); // throws the "no API key" error
      return new NameCache(this.paths.cacheDir, scope!, () => this.now().getTime());
    },
  }));

  /**
   * A client for `endpoint` with this context's timeout, proxy and verbosity; its requests show a
   * spinner on a terminal after 300 ms, count skipped items, and in local mode meet the store's guard.
   */
  async clientFor(endpoint: Endpoint, outer: (Middleware | undefined)[] = []): Promise<Api> {
    const client = createApiClient({
      baseUrl: endpoint.baseUrl,
      apiKey: endpoint.apiKey,
      timeoutMs: this.settings.timeoutMs.value,
      userAgent: userAgent(),
      env: this.env,
      allowInsecure: !!this.flags.allowInsecure,
      debug: this.verbose ? (line) => this.io.stderr.write(escapeControls(line) + '\n') : undefined,
      warn: (line) => this.out.warn(`warning: ${escapeControls(line)}`),
      dispatcher: this.world.dispatcher,
      sleep: this.world.sleep,
      now: this.now,
      // --jq's filter is compiled while the command starts; no request leaves before it compiled.
      beforeFirstRequest: () => this.out.checked(),
      middleware: [...outer, this.spinner.middleware, this.skipped.middleware, endpoint.local && localGuard(endpoint.local)],
    });
    this.onClose(() => client.close());
    return client;
  }

  /** Says what list items were skipped, once (cli.ts: before an error line, which is said last). */
  reportSkipped(): void { this.skipped.report((line) => this.out.warn(line)); }

  /** Registers cleanup to run when the command ends (last registered runs first). */
  onClose(fn: () => Promise<void> | void): void { this.closers.unshift(fn); }

  /** Runs the cleanups; errors in them are ignored, the command's result already stands. */
  async close(): Promise<void> {
    this.spinner.stop();
    for (const fn of this.closers.splice(0)) {
      try {
        await fn();
      } catch {
        // Closing sockets or the local database must not change the exit code.
      }
    }
  }
}
