// Profiles: named accounts in one config file, side by side with the top level (the `default`
// profile). A profile holds its own base URL and key, and may hold a timezone and a timeout:
//
//   { "api-key": "…", "timezone": "Europe/Paris",
//     "profiles": { "home": { "base-url": "http://127.0.0.1:8080/v2", "api-key": "…" } } }
//
// The account (base-url, api-key) is the profile's alone: a profile without a key has none, so the
// top-level key is never sent to the profile's server. timezone and timeout fall back to the top
// level; color is a property of the terminal, top level only. Flags and the environment still beat
// the profile, as they beat the file.
import { UsageError } from '../errors.js';
import type { Env } from '../io.js';
import type { ConfigDocument, ConfigKey, ConfigValues } from './file.js';
import type { Setting } from './settings.js';

/** The name of the top level. */
export const DEFAULT_PROFILE = 'default';
/** The keys a named profile may hold. */
export const PROFILE_KEYS: readonly ConfigKey[] = ['api-key', 'base-url', 'timezone', 'day-start', 'timeout'];
/** The keys a profile never takes from the top level. */
const ACCOUNT_KEYS: readonly ConfigKey[] = ['api-key', 'base-url'];

/** A profile name: a letter or digit, then letters, digits, `-` and `_`. */
export function parseProfileName(raw: string, where: string): string {
  const name = raw.trim();
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/.test(name)) {
    throw new UsageError(`${where}: "${raw}" is not a profile name`, 'use letters, digits, - and _ (e.g. home, work-2)');
  }
  return name;
}

/** Which profile this run uses: --profile, else HABITS_PROFILE, else the default. */
export function chooseProfile(flag: string | undefined, env: Env): Setting<string> {
  if (flag !== undefined) return { value: parseProfileName(flag, '--profile'), source: 'flag', origin: '--profile' };
  const fromEnv = env.HABITS_PROFILE?.trim();
  if (fromEnv) return { value: parseProfileName(fromEnv, 'HABITS_PROFILE'), source: 'env', origin: 'HABITS_PROFILE' };
  return { value: DEFAULT_PROFILE, source: 'default', origin: 'default' };
}

/** The profile's name for writing: undefined for the top level. */
export function profileTarget(profile: Setting<string>): string | undefined {
  return profile.value === DEFAULT_PROFILE ? undefined : profile.value;
}

/** The values a profile's settings come from, and where each lives in the file. */
export interface ProfileValues {
  values: ConfigValues;
  /** Each value's place in the file, e.g. `profiles.home.base-url` (absent: the top-level key). */
  origins: Partial<Record<ConfigKey, string>>;
  /** False for a named profile the file does not hold (yet). */
  known: boolean;
}

/** The values of the chosen profile, laid over the top level as described above. */
export function profileValues(doc: ConfigDocument, profile: string): ProfileValues {
  if (profile === DEFAULT_PROFILE) return { values: doc.values, origins: {}, known: true };
  const own = ownProfile(doc, profile);
  const values: ConfigValues = {};
  const origins: Partial<Record<ConfigKey, string>> = {};
  for (const [key, value] of Object.entries(doc.values) as [ConfigKey, string][]) {
    if (!ACCOUNT_KEYS.includes(key)) values[key] = value;
  }
  for (const [key, value] of Object.entries(own ?? {}) as [ConfigKey, string][]) {
    if (!PROFILE_KEYS.includes(key)) continue;
    values[key] = value;
    origins[key] = `profiles.${profile}.${key}`;
  }
  return { values, origins, known: own !== undefined };
}

/**
 * The profile `name` of the file, or undefined: its own property only, so that `toString` or
 * `constructor` is a profile the file does not hold, not one of Object.prototype's methods.
 */
export function ownProfile(doc: ConfigDocument, name: string): ConfigValues | undefined {
  return Object.hasOwn(doc.profiles, name) ? doc.profiles[name] : undefined;
}

/** The error for a profile the file does not hold (exit 2), listing those it does. */
export function unknownProfile(profile: Setting<string>, doc: ConfigDocument, configFile: string): UsageError {
  const known = [DEFAULT_PROFILE, ...Object.keys(doc.profiles).sort()];
  return new UsageError(
    `unknown profile "${profile.value}" (from ${profile.origin}) in ${configFile}`,
    `known profiles: ${known.join(', ')}; create one with \`habits config set --profile ${profile.value} base-url URL\` or \`habits auth login --profile ${profile.value}\``,
  );
}

/**
 * Where a change that needs an existing profile goes (`config unset`, `auth logout`): undefined
 * for the top level; a named profile the file does not hold is the unknown-profile error.
 */
export function existingProfileTarget(profile: Setting<string>, doc: ConfigDocument, configFile: string): string | undefined {
  const target = profileTarget(profile);
  if (target !== undefined && ownProfile(doc, target) === undefined) throw unknownProfile(profile, doc, configFile);
  return target;
}

/** ` (profile home)` for a named profile, nothing for the top level: for messages. */
export function inProfile(profile: Setting<string>): string {
  return profile.value === DEFAULT_PROFILE ? '' : ` (profile ${profile.value})`;
}
