// What a verb's run() may be given. Each verb takes only the members it uses, as
// `Pick<Deps, 'out' | 'api' | ...>`, so it can be run alone in a test with buffers, a MockAgent or
// the local service; program.ts hands it the command's Context, which has them all.
import type { Context } from '../../context.js';

/**
 * - out: the output sink, its mode chosen once (json, terminal, pipe);
 * - api(): the API client, built (and in local mode the service started) on first use;
 * - resolver: names, ids and prefixes to habits and areas, with the name cache;
 * - prompter: interactive questions (refuses when input is not allowed);
 * - today() / now(): the user's date (YYYY-MM-DD in their zone) and the clock;
 * - io, env, settings, paths, isLocal: for the few verbs about the CLI itself (auth, config, serve);
 * - clientFor(endpoint): a client for another key or URL (auth login checks a key before saving it);
 * - scope(): the account's cache scope without any I/O, or undefined with no key (completion).
 */
export type Deps = Pick<
  Context,
  'out' | 'api' | 'resolver' | 'prompter' | 'today' | 'now' | 'io' | 'env' | 'settings' | 'paths' | 'isLocal' | 'clientFor' | 'scope'
>;
