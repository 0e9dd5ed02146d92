// What a command receives: io, settings, a lazily built API client, a prompter and a clock.
// Commands never touch process.*, a global chalk, undici or @inquirer directly.
import type { Dispatcher } from 'undici';
// The client and the local service's starter are small and part of the core chunk (one file less
// to load for a request); what they need that is big loads on first use: undici on the first
// request (api/undici.ts), the service itself when local mode starts (local.ts).
import { countOf } from './api/checks.js';
import { createApiClient } from './api/client.js';
import { ApiError } from './api/errors.js';
import type { Api } from './api/routes.js';
import type { Env, IO } from './io.js';
import { exposedKeyWarning, holdsKey, readConfig } from './config/file.js';
import { chooseProfile, profileValues, unknownProfile } from './config/profiles.js';
import { resolvePaths, type Paths } from './config/paths.js';
import { envFlag, resolveSettings, takesAccountFromFile, type ColorSetting, type Settings } from './config/settings.js';
import { exposureOf, untrustedForUse } from './config/trust.js';
import { dateInZone, localDate } from './model/dates.js';
import { escapeControls } from './model/text.js';
import { CliError, noApiKey } from './errors.js';
import { sha256Hex } from './hash.js';
import { readOnlyStore, startLocalService, type LocalService } from './local.js';
import { colorLevel } from './output/color.js';
import { parseFields } from './output/fields.js';
import { choosePager } from './output/pager.js';
import { Output } from './output/output.js';
import { spinnerAllowed, startSpinner } from './output/spinner.js';
import { createPrompter, type Prompter } from './prompts/prompter.js';
import { NameCache } from './resolve/cache.js';
import { Resolver } from './resolve/index.js';
import { userAgent } from './version.js';
import { fillPath } from './api/url.js';
import { countOf as countItems } from './api/checks.js';
import { describeQueued, deliver, Outbox, outboxFile, recordFile, WriteRecord, type Writes } from './record/index.js';
import { describeError } from './describe-error.js';

/** The world as main() receives it; tests pass their own. */
export interface World {
  io: IO;
  env: Env;
  now: () => Date;
  /** Replaces the @inquirer prompter (tests script answers through it). */
  prompter?: Prompter;
  /** Replaces the undici dispatcher (tests pass a MockAgent). */
  dispatcher?: Dispatcher;
  /** Replaces the retry sleep (tests do not wait). */
  sleep?: (ms: number) => Promise<void>;
}

/** Flags every command accepts (declared in program.ts). */
export interface GlobalFlags {
  /** true for a bare --json; the fields of `--json name,status` */
  json?: boolean | string;
  /** --jq EXPR (implies --json) */
  jq?: string;
  quiet?: boolean;
  verbose?: boolean;
  /** false with --no-color */
  color?: boolean;
  /** --color auto|always|never (arrives as --color-when, see program.ts normalizeColorFlag) */
  colorWhen?: 'auto' | 'always' | 'never';
  /** false with --no-input */
  input?: boolean;
  local?: boolean;
  baseUrl?: string;
  timeout?: string;
  allowInsecure?: boolean;
  /** false with --no-queue */
  queue?: boolean;
  /** false with --no-pager */
  pager?: boolean;
  /** --profile NAME: a named account of the config file (config/profiles.ts). */
  profile?: string;
}

/** Where the API client points: a remote server, or the in-process local service. */
export interface Endpoint {
  baseUrl: string;
  apiKey: string;
  /** The in-process local service, in local mode. */
  local?: LocalService;
}

/** How long a command spends on the outbox before its own first request. */
const OUTBOX_BUDGET_MS = 1500;
/** An outbox larger than this is left to `habits sync` (compacted, it is a few kilobytes). */
const OUTBOX_FIRST_MAX_BYTES = 4 * 1024 * 1024;

export class Context {
  readonly paths: Paths;
  readonly out: Output;
  readonly prompter: Prompter;
  readonly now: () => Date;
  private settingsCache: Settings | undefined;
  /** The exposed-key warning once said (or '' when there was none to say). */
  private configWarning: string | undefined;
  private apiPromise: Promise<Api> | undefined;
  private endpointPromise: Promise<Endpoint> | undefined;
  private readonly closers: (() => Promise<void> | void)[] = [];
  private pending = 0;
  private stopSpinner: (() => void) | undefined;
  private resolverCache: Resolver | undefined;
  private writesCache: Writes | undefined;
  /** Whether the first request sends the outbox first (`habits sync` sends it itself). */
  outboxFirst = true;
  /** Whether a --profile the file does not hold is one this command creates (`auth login`). */
  newProfileAllowed = false;
  private readonly skippedItems = new Map<string, { what: string; where: string; seen: Set<string> }>();

  /** `command`: the command's words after `habits` (`habit ls`), for its --json fields. */
  constructor(readonly world: World, readonly flags: GlobalFlags, command = '') {
    this.paths = resolvePaths(world.env);
    this.now = world.now;
    let setting: ColorSetting = 'auto';
    try {
      setting = this.settings.color.value;
    } catch {
      // A corrupt config must not stop help or an error message from printing; the command that
      // needs the settings reports it.
    }
    this.out = new Output(world.io, {
      json: !!flags.json || flags.jq !== undefined,
      fields: typeof flags.json === 'string' ? parseFields(flags.json) : undefined,
      jq: flags.jq,
      jqTimeout: world.env.HABITS_JQ_TIMEOUT,
      command,
      quiet: !!flags.quiet,
      colorLevel: colorLevel({ flag: flags.color, when: flags.colorWhen, env: world.env, setting, isTTY: world.io.stdoutIsTTY }),
      errColorLevel: colorLevel({ flag: flags.color, when: flags.colorWhen, env: world.env, setting, isTTY: world.io.stderrIsTTY }),
      ...pagerFor(flags.pager, world),
    });
    if (this.configWarning) this.out.warn(this.configWarning);
    // --jq runs jq in a worker thread (output/jq.ts), ended with the command.
    if (flags.jq !== undefined) this.onClose(() => this.out.close());
    const inputAllowed = flags.input !== false && !envFlag(world.env.HABITS_NO_INPUT);
    this.prompter = world.prompter ?? createPrompter(world.io, inputAllowed);
  }

  get io(): IO {
    return this.world.io;
  }

  get env(): Env {
    return this.world.env;
  }

  /** Settings from flags, environment and config file; read on first use. */
  get settings(): Settings {
    if (this.settingsCache) return this.settingsCache;
    const doc = readConfig(this.paths.configFile);
    const profile = chooseProfile(this.flags.profile, this.env);
    const { values, origins, known } = profileValues(doc, profile.value);
    const flags = { baseUrl: this.flags.baseUrl, timeout: this.flags.timeout, local: this.flags.local };
    // A key or base URL from a file that others can change is refused (config/trust.ts): a few
    // stats, only when this run would take one of them from the file. The refusal says it all.
    if (takesAccountFromFile(values, flags, this.env)) {
      const exposure = exposureOf(this.paths.configFile);
      if (exposure) throw untrustedForUse(exposure, this.paths.configFile);
    }
    // A key that other users can read: said once per run (one stat, only when the file holds a key).
    if (holdsKey(doc) && this.configWarning === undefined) {
      this.configWarning = exposedKeyWarning(this.paths.configFile) ?? '';
      // Before `out` exists (the constructor reads the colour setting), the constructor says it.
      if (this.configWarning && this.out) this.out.warn(this.configWarning);
    }
    if (!known && !this.newProfileAllowed) throw unknownProfile(profile, doc, this.paths.configFile);
    this.settingsCache = resolveSettings(
      flags,
      this.env,
      values,
      this.paths.configFile,
      { profile, origins },
    );
    return this.settingsCache;
  }

  /** The profile this run uses (--profile, HABITS_PROFILE or `default`), whether the file holds it or not. */
  get profile(): Settings['profile'] {
    return chooseProfile(this.flags.profile, this.env);
  }

  /** True when commands run against the embedded local service. */
  get isLocal(): boolean {
    return this.settings.local.value;
  }

  /** True with --verbose or HABITS_DEBUG. */
  get verbose(): boolean {
    return !!this.flags.verbose || envFlag(this.env.HABITS_DEBUG);
  }

  /** Today's date in the user's timezone. */
  today(): string {
    const zone = this.settings.timezone;
    // The system's zone is the one Date's local getters use: no need to name it (see settings.ts).
    return zone.source === 'system' ? localDate(this.now()) : dateInZone(this.now(), zone.value);
  }

  /** The endpoint the client talks to; starts the local service on first use in local mode. */
  endpoint(): Promise<Endpoint> {
    this.endpointPromise ??= this.openEndpoint();
    return this.endpointPromise;
  }

  private async openEndpoint(): Promise<Endpoint> {
    if (this.isLocal) {
      const local = await startLocalService({
        file: this.paths.dbFile,
        timezone: this.settings.timezone.value,
        now: this.now,
        warn: (line) => this.out.warn(line),
      });
      this.onClose(local.close);
      return { baseUrl: local.baseUrl, apiKey: local.apiKey, local };
    }
    const key = this.settings.apiKey;
    if (!key) throw noApiKey();
    return { baseUrl: this.settings.baseUrl.value, apiKey: key.value };
  }

  /**
   * Names the account for caches without any I/O: the local database file, or the base URL with a
   * hash of the key (never the key). Undefined when no key is configured.
   */
  scope(): string | undefined {
    if (this.isLocal) return `local:${this.paths.dbFile}`;
    const key = this.settings.apiKey;
    if (!key) return undefined;
    const keyHash = sha256Hex(key.value).slice(0, 16);
    return `${this.settings.baseUrl.value}#${keyHash}`;
  }

  /** Name resolution for the account this context talks to (its client and name cache). */
  get resolver(): Resolver {
    this.resolverCache ??= new Resolver({
      api: () => this.api(),
      nameCache: async () => {
        const scope = this.scope();
        if (!scope) await this.endpoint(); // throws the "no API key" error
        return new NameCache(this.paths.cacheDir, scope!, () => this.now().getTime());
      },
    });
    return this.resolverCache;
  }

  /** The API client, built on first use. Requests show a spinner on a terminal (stderr and stdout) after 300 ms. */
  api(): Promise<Api> {
    this.apiPromise ??= this.openApi();
    return this.apiPromise;
  }

  private async openApi(): Promise<Api> {
    const api = this.recorded(await this.clientFor(await this.endpoint()));
    if (this.outboxFirst && !this.isLocal) await this.sendOutboxFirst(api);
    return api;
  }

  /** The account's record of writes and outbox (docs/outbox.md). Throws the "no API key" error without an account. */
  writes(): Writes {
    if (this.writesCache) return this.writesCache;
    const scope = this.scope();
    if (!scope) throw noApiKey();
    const queueing = this.flags.queue !== false && !envFlag(this.env.HABITS_NO_QUEUE) && !this.isLocal;
    this.writesCache = {
      record: new WriteRecord(recordFile(this.paths.dataDir, scope)),
      outbox: new Outbox(outboxFile(this.paths.dataDir, scope), this.now),
      queueing,
    };
    return this.writesCache;
  }

  /**
   * Before a command's first request: what waits in the outbox, for at most 1.5 s (a request still
   * running then is abandoned and its write kept). An empty outbox costs one stat and no request.
   */
  private async sendOutboxFirst(api: Api): Promise<void> {
    const { outbox } = this.writes();
    if (!outbox.exists()) return;
    // Read whole only by `habits sync`, which compacts it: a command is not slowed by an outbox
    // grown large (a server out of reach for months, or a file that is not ours).
    const size = outbox.size();
    if (size > OUTBOX_FIRST_MAX_BYTES) {
      this.out.warn(`warning: the outbox is ${(size / (1024 * 1024)).toFixed(1)} MB, too large to send before this command: \`habits sync\` sends it (${outbox.file})`);
      return;
    }
    let attempt;
    try {
      attempt = await outbox.locked(() => deliver(outbox, api, { signal: AbortSignal.timeout(OUTBOX_BUDGET_MS) }));
    } catch (err) {
      // An outbox that cannot be read (a symbolic link) is `habits sync`'s to report; this command goes on.
      if (!(err instanceof CliError)) throw err;
      this.out.warn(`warning: the outbox was not sent: ${escapeControls(err.message)}`);
      return;
    }
    // Another habits command is sending it (its lock is checked: lock.ts): nothing to do here.
    if ('busy' in attempt) return;
    const delivery = attempt.done;
    const done = delivery.sent.length + delivery.already.length;
    if (done > 0) this.out.info(`Sent ${countItems(done, 'queued write')} from the outbox`);
    for (const { write, error } of delivery.dropped) {
      this.out.warn(`warning: the server refused the queued ${describeQueued(write)}, which was dropped from the outbox: ${escapeControls(describeError(error).message)}`);
    }
    if (delivery.held.length > 0) {
      this.out.warn(`warning: ${countItems(delivery.held.length, 'write')} held in the outbox, the server may have ${delivery.held.length === 1 ? 'it' : 'them'}: see \`habits sync\``);
    }
  }

  /** `api` with every write it sends appended to the record of writes (what, when, the answer). */
  private recorded(api: Api): Api {
    type Loose = (route: string, opts?: { params?: Record<string, unknown>; body?: unknown; onStatus?: (s: number) => void; note?: Record<string, unknown> }) => Promise<unknown>;
    const send = api.request as unknown as Loose;
    const request: Loose = (route, opts = {}) => {
      if (route.startsWith('GET ')) return send(route, opts);
      let status = 0;
      const note = (answer: unknown, err?: unknown): void => {
        if (err instanceof ApiError && !status) status = err.status;
        this.recordWrite(route, opts, status, answer, err);
      };
      return send(route, { ...opts, onStatus: (s) => { status = s; opts.onStatus?.(s); } }).then(
        (answer) => (note(answer), answer),
        (err: unknown) => {
          // Only what was sent: a write refused before it left (a read-only store) is not recorded.
          if (err instanceof ApiError) note(undefined, err);
          throw err;
        },
      );
    };
    return { request: request as unknown as Api['request'] };
  }

  private recordWarned = false;

  private recordWrite(route: string, opts: { params?: Record<string, unknown>; body?: unknown; note?: Record<string, unknown> }, status: number, answer: unknown, err: unknown): void {
    try {
      const space = route.indexOf(' ');
      const logId = (answer as { logId?: unknown } | undefined)?.logId;
      const kind = err instanceof ApiError && err.kind !== 'http' ? err.kind : undefined;
      this.writes().record.append({
        at: this.now().toISOString(),
        method: route.slice(0, space),
        path: fillPath(route.slice(space + 1), opts.params),
        ...(opts.body === undefined ? {} : { body: opts.body }),
        status,
        ...(typeof logId === 'string' ? { logId } : {}),
        ...(kind ? { error: kind } : {}),
        ...(typeof opts.note?.reverts === 'string' ? { reverts: opts.note.reverts } : {}),
      });
    } catch (e) {
      // The write itself stands; only this machine's memory of it is missing.
      if (!this.recordWarned) this.out.warn(`warning: could not add to the record of writes: ${escapeControls(e instanceof Error ? e.message : String(e))}`);
      this.recordWarned = true;
    }
  }

  /** A client for `endpoint` with this context's timeout, proxy, verbosity and spinner. */
  async clientFor(endpoint: Endpoint): Promise<Api> {
    const client = createApiClient({
      baseUrl: endpoint.baseUrl,
      apiKey: endpoint.apiKey,
      timeoutMs: this.settings.timeoutMs.value,
      userAgent: userAgent(),
      env: this.env,
      allowInsecure: !!this.flags.allowInsecure,
      debug: this.verbose ? (line) => this.io.stderr.write(escapeControls(line) + '\n') : undefined,
      warn: (line) => this.out.warn(`warning: ${escapeControls(line)}`),
      skipped: (what, items, where) => this.noteSkipped(what, items, where),
      dispatcher: this.world.dispatcher,
      sleep: this.world.sleep,
      now: this.now,
      // --jq's filter is compiled while the command starts; no request leaves before it compiled.
      beforeFirstRequest: () => this.out.checked(),
    });
    this.onClose(() => client.close());
    const local = endpoint.local;
    if (!local) return { request: ((...args: Parameters<Api['request']>) => this.track(client.request(...args))) as Api['request'] };
    return {
      request: ((...args: Parameters<Api['request']>) => {
        // A read-only store still answers reads; a write is refused here, in one line, unsent.
        if (local.readOnly && !args[0].startsWith('GET ')) return Promise.reject(readOnlyStore(local.file, local.readOnly));
        return this.track(
          client.request(...args).catch((err: unknown) => {
            // The service answers a full disk or a damaged file with a bare 500: say what it was.
            const fault = err instanceof ApiError && err.status === 500 ? local.fault() : undefined;
            throw fault ?? err;
          }),
        );
      }) as Api['request'],
    };
  }

  /**
   * Counts list items the client skipped as unusable, each distinct item once however many pages
   * or listings sent it; one warning line per listing when the command ends (reportSkipped).
   */
  private noteSkipped(what: string, items: unknown[], where: string): void {
    const key = `${what}\u0000${where}`;
    let entry = this.skippedItems.get(key);
    if (!entry) {
      entry = { what, where, seen: new Set() };
      if (this.skippedItems.size === 0) this.onClose(() => this.reportSkipped());
      this.skippedItems.set(key, entry);
    }
    for (const item of items) entry.seen.add(JSON.stringify(item) ?? String(item));
  }

  /**
   * Says what list items were skipped, once: when the command ends, before its error line if it
   * failed (cli.ts), so the error is the last thing said.
   */
  reportSkipped(): void {
    for (const e of this.skippedItems.values()) {
      this.out.warn(`warning: skipped ${countOf(e.seen.size, e.what)} the server sent without a usable id or name (${escapeControls(e.where)})`);
    }
    this.skippedItems.clear();
  }

  private async track<T>(work: Promise<T>): Promise<T> {
    if (this.pending++ === 0 && spinnerAllowed(this.io, !!this.flags.quiet)) {
      this.stopSpinner = startSpinner(this.io.stderr, 'working…');
    }
    try {
      return await work;
    } finally {
      if (--this.pending === 0) {
        this.stopSpinner?.();
        this.stopSpinner = undefined;
      }
    }
  }

  /** Registers cleanup to run when the command ends (last registered runs first). */
  onClose(fn: () => Promise<void> | void): void {
    this.closers.unshift(fn);
  }

  /** Runs the cleanups; errors in them are ignored, the command's result already stands. */
  async close(): Promise<void> {
    this.stopSpinner?.();
    for (const fn of this.closers.splice(0)) {
      try {
        await fn();
      } catch {
        // Closing sockets or the local database must not change the exit code.
      }
    }
  }
}

/** The pager Output uses for long listings, if any. */
function pagerFor(flag: boolean | undefined, world: World): { pager?: { command: string; env: Env } } {
  const command = choosePager({ flag, env: world.env, stdinIsTTY: world.io.stdinIsTTY, stdoutIsTTY: world.io.stdoutIsTTY });
  return command ? { pager: { command, env: world.env } } : {};
}
