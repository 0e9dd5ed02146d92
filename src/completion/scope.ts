// Which account's name cache completion reads, without the Context: the same answer as
// Context.scope() (context.ts), from the same settings, read the same way (config file, profile,
// flags, environment; config/settings.ts, resolveAccount), but with none of what a command needs
// besides (output, prompts, the API client, the time zone). test/completion/scope.test.ts holds the
// two to the same answers.
import { readConfig } from '../config/file.js';
import { resolvePaths } from '../config/paths.js';
import { chooseProfile, profileValues } from '../config/profiles.js';
import { resolveAccount, takesAccountFromFile } from '../config/settings.js';
import { exposureOf } from '../config/trust.js';
import { sha256Hex } from '../hash.js';
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
 * The account (as Context.scope() names it: `local:<db file>`, or the base URL and a hash of the
 * key) and the cache directory; undefined without a key, or when the account's settings cannot be
 * read (a command would fail: completion offers nothing).
 */
export function completionScope(flags: ScopeFlags, env: Env): { scope: string; cacheDir: string } | undefined {
  try {
    const paths = resolvePaths(env);
    const doc = readConfig(paths.configFile);
    const profile = chooseProfile(flags.profile, env);
    const { values, origins, known } = profileValues(doc, profile.value);
    const settingFlags = { baseUrl: flags.baseUrl, local: flags.local };
    if (takesAccountFromFile(values, settingFlags, env) && exposureOf(paths.configFile)) return undefined;
    if (!known) return undefined;
    const settings = resolveAccount(settingFlags, env, values, paths.configFile, { profile, origins });
    if (settings.local.value) return { scope: `local:${paths.dbFile}`, cacheDir: paths.cacheDir };
    if (!settings.apiKey) return undefined;
    return { scope: `${settings.baseUrl.value}#${sha256Hex(settings.apiKey.value).slice(0, 16)}`, cacheDir: paths.cacheDir };
  } catch {
    return undefined;
  }
}
