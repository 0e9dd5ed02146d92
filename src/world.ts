// What main() is given (the World: streams, environment, clock, and the seams tests replace) and
// the global flags every command accepts. The Context (command-context.ts) is built from these.
import type { Dispatcher } from 'undici';
import type { Env, IO } from './io.js';
import type { OutputFlags } from './output/for-run.js';
import type { Prompter } from './prompts/prompter.js';

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
export interface GlobalFlags extends OutputFlags {
  verbose?: boolean;
  /** false with --no-input */
  input?: boolean;
  local?: boolean;
  baseUrl?: string;
  timeout?: string;
  allowInsecure?: boolean;
  /** false with --no-queue */
  queue?: boolean;
  /** --profile NAME: a named account of the config file (config/profiles.ts). */
  profile?: string;
}


/** What a command declares about its run when it registers (the Context is built from it, never changed after). */
export interface RunOptions {
  /**
   * false: the outbox is not sent before the command's first request (`habits sync` sends it
   * itself, doctor only looks). Default true; a command given `--dry-run` sends nothing, so run.ts
   * sets it false for any verb that has the flag.
   */
  outboxFirst?: boolean;
  /** `auth login`: a --profile the file does not hold is one this command creates. */
  createsProfile?: boolean;
}
