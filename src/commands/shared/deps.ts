// What a verb's run() may be given. Each verb takes only the members it uses, as
// `Pick<Deps, 'out' | 'api' | ...>`, so it can be run alone in a test with buffers and the local
// service (test/helpers/verb.ts); program.ts hands it the command's Context, which has them all
// (the compiler checks that Context satisfies Deps at every `run(options, ctx)`).
import type { Api } from '../../api/routes.js';
import type { Paths } from '../../config/paths.js';
import type { Settings } from '../../config/settings.js';
import type { Env, IO } from '../../io.js';
import type { Output } from '../../output/output.js';
import type { Prompter } from '../../prompts/prompter.js';
import type { Resolver } from '../../resolve/index.js';
import type { Writes } from '../../record/index.js';

/** Everything a verb can ask for. */
export interface Deps {
  /** The output sink, its mode chosen once (json, terminal, pipe). */
  out: Output;
  /** The API client, built (and in local mode the service started) on first use. */
  api(): Promise<Api>;
  /** Names, ids and prefixes to habits and areas, with the name cache. */
  resolver: Resolver;
  /** Interactive questions; refuses when input is not allowed. */
  prompter: Prompter;
  /** The user's date, YYYY-MM-DD in their zone, the day before while the clock is before their day-start. */
  today(): string;
  /** The user's date at an instant, as today() reads it. */
  dayOf(at: Date): string;
  now(): Date;
  /** Waits `ms` (the world's sleep: tests pass one that moves their clock): pacing bulk writes within the rate limit. */
  sleep(ms: number): Promise<void>;
  /** For the verbs about the CLI itself (auth, config, serve): streams, environment, settings, files. */
  io: IO;
  env: Env;
  settings: Settings;
  /** The profile chosen by --profile or HABITS_PROFILE (`default` otherwise), even one not yet in the file. */
  profile: Settings['profile'];
  paths: Paths;
  isLocal: boolean;
  /** A client for another key or URL: auth login checks a key before saving it. */
  clientFor(endpoint: { baseUrl: string; apiKey: string }): Promise<Api>;
  /** The account's record of writes and outbox; throws without an account (no key). */
  writes(): Writes;
  /** The account's cache scope without any I/O, or undefined with no key (completion). */
  scope(): string | undefined;
}
