// `habits __complete -- <words...>`: the candidates for a command line, for the completion scripts
// (docs/cli-contract.md). A shell waits on it at every Tab, so cli.ts comes here without loading
// commander, the program or the context: the command tree is data the build embeds
// (scripts/build.mjs), and names come from the name cache file. Only a cold cache takes the full
// path, `habits __complete habits|areas` (commands/complete.ts), which asks the server once.
import type { World } from './world.js';
import { complete, formatCompletion, type NameKind } from './completion/complete.js';
import { offeredNames } from './completion/names.js';
import { completionScope, scopeArgs, scopeFlags } from './completion/scope.js';
import type { CommandSpec } from './completion/spec.js';
import { NameCache } from './resolve/cache.js';

export { complete, formatCompletion } from './completion/complete.js';

/** The command tree as JSON text, set by the build (scripts/build.mjs); absent when run from src/. */
declare const __HABITS_COMPLETION_TREE__: string | undefined;

/** main(), for the cold path. */
type Main = (argv: string[], world: World) => Promise<number>;

/** The command tree: embedded by the build, else (tests, run from src/) built from the program. */
export async function completionTree(): Promise<CommandSpec> {
  if (typeof __HABITS_COMPLETION_TREE__ === 'string') return JSON.parse(__HABITS_COMPLETION_TREE__) as CommandSpec;
  const { buildProgram, completionTree: live } = await import('./run.js');
  const { PassThrough } = await import('node:stream');
  const io = { stdin: new PassThrough(), stdout: new PassThrough(), stderr: new PassThrough(), stdinIsTTY: false, stdoutIsTTY: false, stderrIsTTY: false };
  return live(buildProgram({ run: async () => {} }, io));
}

/**
 * The names of `kind` for the account the words choose (`--local`, `--profile`, `--base-url`, or
 * the settings): from the cache however old, else through `main` (one request, which fills it).
 */
export async function cachedNames(kind: NameKind, words: readonly string[], world: World, main: Main): Promise<string[]> {
  const flags = scopeFlags(words);
  const at = completionScope(flags, world.env);
  if (!at) return [];
  const cached = new NameCache(at.cacheDir, at.scope, () => world.now().getTime()).get(kind, Number.POSITIVE_INFINITY);
  if (cached) return offeredNames(cached.items);
  const { PassThrough } = await import('node:stream');
  const stdout = new PassThrough();
  let text = '';
  stdout.on('data', (c: Buffer) => (text += c.toString()));
  await main([...scopeArgs(flags), '__complete', kind], { ...world, io: { ...world.io, stdout, stderr: new PassThrough(), stdinIsTTY: false, stdoutIsTTY: false, stderrIsTTY: false } });
  return text.split('\n').filter(Boolean);
}

/** The text to print for `words` (the words after `--`): the candidates and the directive line. */
export async function answer(words: string[], world: World, main: Main): Promise<string> {
  try {
    const tree = await completionTree();
    return formatCompletion(await complete(tree, words.length ? words : [''], (kind) => cachedNames(kind, words.slice(0, -1), world, main)));
  } catch {
    // Nothing to offer is the only failure a shell can show.
    return ':0\n';
  }
}
