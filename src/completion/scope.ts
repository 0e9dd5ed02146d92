// Which account's name cache completion reads, without the Context: the settings that name the
// account, read as every command reads them (config/load.ts, loadAccount and accountScope), but
// with none of what a command needs besides (output, prompts, the API client, the time zone).
// test/completion/scope.test.ts holds the answers to the Context's.
import { accountScope, loadAccount } from '../config/load.js';
import { resolvePaths } from '../config/paths.js';
import type { Env } from '../io.js';

/** The global flags typed on the command line that choose the account. */
export interface ScopeFlags {
  local?: boolean;
  profile?: string;
  baseUrl?: string;
}

/** `--local`, `--profile NAME`, `--base-url URL` (or `=`) among `words`, before `--`. */
export function scopeFlags(words: readonly string[]): ScopeFlags {
  const flags: ScopeFlags = {};
  const end = words.indexOf('--');
  const head = end === -1 ? words : words.slice(0, end);
  for (let i = 0; i < head.length; i++) {
    const word = head[i]!;
    if (word === '--local') flags.local = true;
    for (const [name, key] of [['--profile', 'profile'], ['--base-url', 'baseUrl']] as const) {
      if (word === name && i + 1 < head.length) flags[key] = head[++i];
      else if (word.startsWith(`${name}=`)) flags[key] = word.slice(name.length + 1);
    }
  }
  return flags;
}

/** The flags as words for habits, before a command (the cold path runs `habits … __complete habits`). */
export function scopeArgs(flags: ScopeFlags): string[] {
  return [...(flags.local ? ['--local'] : []), ...(flags.profile !== undefined ? ['--profile', flags.profile] : []), ...(flags.baseUrl !== undefined ? ['--base-url', flags.baseUrl] : [])];
}

/**
 * The account (as the Context names it, config/load.ts accountScope) and the cache directory;
 * undefined without a key, or when the account's settings cannot be read (a command would fail:
 * completion offers nothing).
 */
export function completionScope(flags: ScopeFlags, env: Env): { scope: string; cacheDir: string } | undefined {
  try {
    const paths = resolvePaths(env);
    const scope = accountScope(loadAccount({ paths, env, flags }), paths);
    return scope === undefined ? undefined : { scope, cacheDir: paths.cacheDir };
  } catch {
    return undefined;
  }
}
