// The settings of a run, in one place: the config file's profile, flags and environment
// (settings.ts), with the file's trust checked (trust.ts). Every command asks loadSettings once
// (settingsOnce, through the Context), completion asks loadAccount and accountScope, and doctor
// asks findSettings, which keeps each error for its check instead of throwing the first.
import { sha256Hex } from '../hash.js';
import type { Env } from '../io.js';
import { exposedKeyWarning, holdsKey, readConfig } from './file.js';
import type { Paths } from './paths.js';
import { chooseProfile, profileValues, unknownProfile } from './profiles.js';
import type { ConfigDocument, ConfigValues } from './file.js';
import {
  resolveAccount, resolveSettings, settleSettings, takesAccountFromFile,
  type AccountSettings, type ProfileInUse, type Settled, type SettledSettings, type SettingFlags, type Settings,
} from './settings.js';
import { exposureOf, untrustedForUse } from './trust.js';

export interface SettingsInput {
  paths: Paths;
  env: Env;
  flags: SettingFlags & { profile?: string };
  /** True for `auth login`: a --profile the file does not hold is one this command creates. */
  createsProfile?: boolean;
}

/** The profile's values and the flags that take part, with the file's trust checked. */
function profileOf({ paths, env, flags, createsProfile }: SettingsInput) {
  const doc = readConfig(paths.configFile);
  const profile = chooseProfile(flags.profile, env);
  const { values, origins, known } = profileValues(doc, profile.value);
  const own = { baseUrl: flags.baseUrl, timeout: flags.timeout, local: flags.local };
  // A key or base URL from a file that others can change is refused: a few stats, only when this
  // run would take one of them from the file.
  if (takesAccountFromFile(values, own, env)) {
    const exposure = exposureOf(paths.configFile);
    if (exposure) throw untrustedForUse(exposure, paths.configFile);
  }
  const refuseUnknown = (): void => {
    if (!known && !createsProfile) throw unknownProfile(profile, doc, paths.configFile);
  };
  return { doc, own, values, inUse: { profile, origins }, refuseUnknown };
}

/**
 * Resolves the settings. An unknown profile is refused unless the command creates it; a file
 * holding a key that other users can read is said to `warn`.
 */
export function loadSettings(input: SettingsInput, warn: (line: string) => void): Settings {
  const { doc, own, values, inUse, refuseUnknown } = profileOf(input);
  const warning = holdsKey(doc) ? exposedKeyWarning(input.paths.configFile) : undefined;
  if (warning) warn(warning);
  refuseUnknown();
  return resolveSettings(own, input.env, values, input.paths.configFile, inUse);
}

/**
 * Only the settings that name the account (the key, the base URL, local mode), resolved as
 * loadSettings resolves them: completion reads them at every Tab, and the time zone would load ICU.
 */
export function loadAccount(input: SettingsInput): AccountSettings {
  const { own, values, inUse, refuseUnknown } = profileOf(input);
  refuseUnknown();
  return resolveAccount(own, input.env, values, input.paths.configFile, inUse);
}

/**
 * Names the account for caches without any I/O: the local database file, or the base URL with a
 * hash of the key (never the key). Undefined when no key is configured.
 */
export function accountScope(account: AccountSettings, paths: Pick<Paths, 'dbFile'>): string | undefined {
  return scopeOf({ local: account.local.value, baseUrl: account.baseUrl.value, apiKey: account.apiKey?.value }, paths);
}

/** accountScope from the values themselves (doctor has them one by one). */
export function scopeOf(account: { local: boolean; baseUrl: string; apiKey?: string | undefined }, paths: Pick<Paths, 'dbFile'>): string | undefined {
  if (account.local) return `local:${paths.dbFile}`;
  if (!account.apiKey) return undefined;
  return `${account.baseUrl}#${sha256Hex(account.apiKey).slice(0, 16)}`;
}

/**
 * The settings of a run, resolved on first use and kept; a failure is not kept (the next use says
 * it again), but the exposed-key warning goes out once, to the `warn` of the call that met it.
 */
export function settingsOnce(input: SettingsInput): (warn: (line: string) => void) => Settings {
  let made: Settings | undefined;
  let warned = false;
  return (warn) => (made ??= loadSettings(input, (line) => {
    if (!warned) warn(line);
    warned = true;
  }));
}

/** The settings with every error kept, none thrown: what `habits doctor` checks, one check each. */
export interface FoundSettings {
  /** The config file as read, or why it could not be (its values are then none). */
  file: Settled<ConfigDocument>;
  /** The profile in use, or why it cannot be used: a bad name, one the file does not hold (its values are then none). */
  inUse: Settled<ProfileInUse>;
  /** Each setting on its own, from flags, environment and the profile's values. */
  settings: SettledSettings;
}

/**
 * For `habits doctor`: reads the config file once and resolves every setting of the profile
 * `profileFlag` (else HABITS_PROFILE) on its own, keeping each error (a broken file, an unknown
 * profile, a bad value) for the check it belongs to.
 */
export function findSettings(flags: SettingFlags, profileFlag: string | undefined, env: Env, configFile: string): FoundSettings {
  let file: Settled<ConfigDocument>;
  try {
    file = { setting: readConfig(configFile) };
  } catch (error) {
    file = { error };
  }
  const doc: ConfigDocument = 'setting' in file ? file.setting : { values: {}, profiles: {} };
  let inUse: Settled<ProfileInUse>;
  let values: ConfigValues = {};
  try {
    const profile = chooseProfile(profileFlag, env);
    const chosen = profileValues(doc, profile.value);
    if (!chosen.known) throw unknownProfile(profile, doc, configFile);
    inUse = { setting: { profile, origins: chosen.origins } };
    values = chosen.values;
  } catch (error) {
    inUse = { error };
  }
  return { file, inUse, settings: settleSettings(flags, env, values, configFile, 'setting' in inUse ? inUse.setting : undefined) };
}
