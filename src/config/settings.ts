// Settings with their precedence: flag > environment > config file > default. Each resolved value
// remembers where it came from, so `auth status` and `config list` can say so.
import { parseApiKey } from '../api/key.js';
import { parseBaseUrl } from '../api/url.js';
import { isValidTimeZone, systemTimeZone } from '../model/dates.js';
import { formatDayStart, parseDayStart } from '../model/day-start.js';
import { ConfigError, UsageError } from '../errors.js';
import type { ConfigKey, ConfigValues } from './file.js';

export const DEFAULT_BASE_URL = 'https://api.habitify.me/v2';
export const DEFAULT_TIMEOUT_MS = 30_000;
/** `base-url` value that selects the embedded local service. */
export const LOCAL_BASE_URL = 'local';

export type Source = 'flag' | 'env' | 'config' | 'default' | 'system';

export interface Setting<T> {
  value: T;
  source: Source;
  /** The flag, variable or config key it came from, e.g. `HABITS_API_KEY`. */
  origin: string;
}

export type ColorSetting = 'auto' | 'always' | 'never';

export interface Settings {
  apiKey: Setting<string> | undefined;
  /** The remote base URL, or `local`; ignored when `local` is true. */
  baseUrl: Setting<string>;
  local: Setting<boolean>;
  timezone: Setting<string>;
  /** When the user's day begins, in minutes after midnight (model/day-start.ts); 0 by default. */
  dayStart: Setting<number>;
  timeoutMs: Setting<number>;
  color: Setting<ColorSetting>;
  /** The profile in use (config/profiles.ts): `default` is the file's top level. */
  profile: Setting<string>;
}

/** Global flags that take part in precedence. */
export interface SettingFlags {
  baseUrl?: string;
  timeout?: string;
  local?: boolean;
}

type Env = Readonly<Record<string, string | undefined>>;

/** The profile a run uses, and where its values live in the file (config/profiles.ts). */
export interface ProfileInUse {
  profile: Setting<string>;
  /** A value's place in the file when it is not its top-level key, e.g. `profiles.home.api-key`. */
  origins: Partial<Record<ConfigKey, string>>;
}

/** The settings that name the account: the key, the base URL, and local mode. */
export type AccountSettings = Pick<Settings, 'apiKey' | 'baseUrl' | 'local'>;

/** Resolves every setting from flags, environment and the config file (the profile's values). */
export function resolveSettings(flags: SettingFlags, env: Env, file: ConfigValues, configFile: string, inUse?: ProfileInUse): Settings {
  const s = settleSettings(flags, env, file, configFile, inUse);
  // A bad setting throws, the first in this order: base URL, time zone, day start, key, timeout, color.
  const [baseUrl, local, timezone, dayStart, apiKey, timeoutMs, color] = [take(s.baseUrl), take(s.local), take(s.timezone), take(s.dayStart), take(s.apiKey), take(s.timeoutMs), take(s.color)];
  return { apiKey, baseUrl, local, timezone, dayStart, timeoutMs, color, profile: take(s.profile) };
}

/**
 * The settings that name the account, as resolveSettings resolves them, and only those: completion
 * (completion/scope.ts) reads them at every Tab, and a time zone would load ICU (about 10 ms).
 */
export function resolveAccount(flags: SettingFlags, env: Env, file: ConfigValues, configFile: string, inUse?: ProfileInUse): AccountSettings {
  const s = settleAccount(flags, env, file, configFile, inUse);
  const [baseUrl, local, apiKey] = [take(s.baseUrl), take(s.local), take(s.apiKey)];
  return { apiKey, baseUrl, local };
}

/** A setting resolved, or the error that resolving it met. */
export type Settled<T> = { setting: T } | { error: unknown };

/** Every setting resolved on its own: a bad one is its error, and does not keep the others from resolving. */
export type SettledSettings = { [K in keyof Settings]: Settled<Settings[K]> };

/** The setting, or its error thrown. */
export function take<T>(settled: Settled<T>): T {
  if ('error' in settled) throw settled.error;
  return settled.setting;
}

function settle<T>(resolve: () => T): Settled<T> {
  try {
    return { setting: resolve() };
  } catch (error) {
    return { error };
  }
}

/** A setting by precedence: flag, environment variable, the file's value, else `fallback`. */
function picker(env: Env, file: ConfigValues, configFile: string, inUse?: ProfileInUse) {
  const originOf = (key: ConfigKey): string => inUse?.origins[key] ?? key;
  return <T>(
    key: ConfigKey,
    flag: { value: string | undefined; name: string } | undefined,
    envName: string | undefined,
    parse: (raw: string, where: string) => T,
    fallback: Setting<T>,
  ): Setting<T> => {
    if (flag?.value !== undefined) return { value: parse(flag.value, flag.name), source: 'flag', origin: flag.name };
    const fromEnv = envName ? env[envName] : undefined;
    if (fromEnv) return { value: parse(fromEnv, envName!), source: 'env', origin: envName! };
    const fromFile = file[key];
    if (fromFile !== undefined && fromFile !== '') {
      return { value: parse(fromFile, `"${originOf(key)}" in ${configFile}`), source: 'config', origin: originOf(key) };
    }
    return fallback;
  };
}

/** The account's settings (base URL, local mode, key), each on its own. */
function settleAccount(flags: SettingFlags, env: Env, file: ConfigValues, configFile: string, inUse?: ProfileInUse): Pick<SettledSettings, 'baseUrl' | 'local' | 'apiKey'> {
  const pick = picker(env, file, configFile, inUse);
  const originOf = (key: ConfigKey): string => inUse?.origins[key] ?? key;
  const baseUrl = settle(() => pick('base-url', { value: flags.baseUrl, name: '--base-url' }, 'HABITS_BASE_URL', parseBaseUrlSetting, {
    value: DEFAULT_BASE_URL, source: 'default', origin: 'default',
  }));

  // Local mode is read from the base URL too: a bad base URL is its error as well.
  const local = settle((): Setting<boolean> => {
    const base = take(baseUrl);
    return flags.local
      ? { value: true, source: 'flag', origin: '--local' }
      : envFlag(env.HABITS_LOCAL)
        ? { value: true, source: 'env', origin: 'HABITS_LOCAL' }
        : { value: base.value === LOCAL_BASE_URL, source: base.source, origin: base.origin };
  });

  const apiKeyEnv = env.HABITS_API_KEY?.trim();
  const apiKeyFile = file['api-key']?.trim();
  const apiKey = settle((): Setting<string> | undefined => apiKeyEnv
    ? { value: asConfigError(() => parseApiKey(apiKeyEnv, 'HABITS_API_KEY')), source: 'env', origin: 'HABITS_API_KEY' }
    : apiKeyFile
      ? { value: asConfigError(() => parseApiKey(apiKeyFile, `"${originOf('api-key')}" in ${configFile}`)), source: 'config', origin: originOf('api-key') }
      : undefined);
  return { baseUrl, local, apiKey };
}

/** resolveSettings, each setting on its own (`habits doctor` checks each). */
export function settleSettings(flags: SettingFlags, env: Env, file: ConfigValues, configFile: string, inUse?: ProfileInUse): SettledSettings {
  const pick = picker(env, file, configFile, inUse);
  return {
    ...settleAccount(flags, env, file, configFile, inUse),
    timezone: settle(() => pick('timezone', undefined, 'HABITS_TIMEZONE', parseTimeZone, unconfiguredZone(env))),
    dayStart: settle(() => pick('day-start', undefined, 'HABITS_DAY_START', parseDayStartSetting, { value: 0, source: 'default', origin: 'default' })),
    timeoutMs: settle(() => pick('timeout', { value: flags.timeout, name: '--timeout' }, 'HABITS_TIMEOUT', parseTimeout, {
      value: DEFAULT_TIMEOUT_MS, source: 'default', origin: 'default',
    })),
    color: settle(() => pick('color', undefined, undefined, parseColor, { value: 'auto', source: 'default', origin: 'default' })),
    profile: { setting: inUse?.profile ?? { value: 'default', source: 'default', origin: 'default' } },
  };
}

/**
 * Whether a run with these flags and environment takes the key or the base URL from the file's
 * `values` (those of the profile in use): neither when local mode is forced (--local,
 * HABITS_LOCAL), nor a value that a flag or variable beats. The precedence of resolveSettings.
 */
export function takesAccountFromFile(values: ConfigValues, flags: SettingFlags, env: Env): boolean {
  if (flags.local || envFlag(env.HABITS_LOCAL)) return false;
  const key = !!values['api-key']?.trim() && !env.HABITS_API_KEY?.trim();
  const base = values['base-url'] !== undefined && values['base-url'] !== '' && flags.baseUrl === undefined && !env.HABITS_BASE_URL;
  return key || base;
}

/**
 * The zone when neither HABITS_TIMEZONE nor the file names one: TZ when it is a valid zone, else the
 * system's. The system's (source `system`) is the zone Date's local getters use, so "today" needs no
 * name for it (dates.ts, localDate); its name is looked up only when asked, because that loads
 * ICU's date formatting (about 10 ms, more than the rest of a `habits log done`).
 */
function unconfiguredZone(env: Env): Setting<string> {
  if (env.TZ && isValidTimeZone(env.TZ)) return { value: env.TZ, source: 'env', origin: 'TZ' };
  let name: string | undefined;
  return {
    get value() {
      name ??= systemTimeZone();
      return name;
    },
    source: 'system',
    origin: 'system',
  };
}

/** A boolean environment variable: set, and not empty, `0`, `false`, `no` or `off`. */
export function envFlag(value: string | undefined): boolean {
  return value !== undefined && !['', '0', 'false', 'no', 'off'].includes(value.trim().toLowerCase());
}

/**
 * Runs one of the client's own parsers (they name `where` in their messages), turning its
 * UsageError into a ConfigError: a bad setting is a configuration problem.
 */
function asConfigError<T>(parse: () => T): T {
  try {
    return parse();
  } catch (err) {
    if (err instanceof UsageError) throw new ConfigError(err.message, err.hint);
    throw err;
  }
}

/** A base URL setting: `local`, or a URL the client accepts (api/url.ts), trailing slash removed. */
function parseBaseUrlSetting(raw: string, where: string): string {
  if (raw.trim().toLowerCase() === LOCAL_BASE_URL) return LOCAL_BASE_URL;
  const base = asConfigError(() => parseBaseUrl(raw, where, 'https://api.habitify.me/v2, or `local`'));
  return base.origin + base.pathPrefix;
}

/** Parses a timeout: seconds (`30`), or with a unit (`500ms`, `30s`, `2m`). At most 10 minutes. */
export function parseTimeout(raw: string, where: string): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m)?\s*$/i.exec(raw);
  if (!m) throw new ConfigError(`${where}: "${raw}" is not a duration`, 'use seconds, e.g. 30, or 500ms, 30s, 2m');
  const n = Number(m[1]);
  const unit = (m[2] ?? 's').toLowerCase();
  const ms = unit === 'ms' ? n : unit === 'm' ? n * 60_000 : n * 1000;
  if (ms < 1 || ms > 600_000) throw new ConfigError(`${where}: ${raw} is out of range (1ms to 10m)`);
  return Math.round(ms);
}

function parseTimeZone(raw: string, where: string): string {
  const zone = raw.trim();
  if (!isValidTimeZone(zone)) {
    throw new ConfigError(`${where}: "${raw}" is not a known time zone`, 'use an IANA name such as Europe/Paris or America/New_York');
  }
  return zone;
}

function parseDayStartSetting(raw: string, where: string): number {
  return asConfigError(() => parseDayStart(raw, where));
}

function parseColor(raw: string, where: string): ColorSetting {
  const v = raw.trim().toLowerCase();
  if (v === 'auto' || v === 'always' || v === 'never') return v;
  throw new ConfigError(`${where}: "${raw}" must be auto, always or never`);
}

/**
 * Checks and normalises a value for `habits config set`. The API key is refused here: a value on
 * the command line is visible to other users in `ps`.
 */
export function normalizeConfigValue(key: ConfigKey, raw: string): string {
  const where = key;
  try {
    switch (key) {
      case 'api-key':
        throw new UsageError('the API key is not set from the command line (it would show in `ps`)', 'run `habits auth login`, or `habits auth login --with-key < keyfile`');
      case 'base-url':
        return parseBaseUrlSetting(raw, where);
      case 'timezone':
        return parseTimeZone(raw, where);
      case 'day-start':
        return formatDayStart(parseDayStartSetting(raw, where));
      case 'color':
        return parseColor(raw, where);
      case 'timeout':
        parseTimeout(raw, where);
        return raw.trim();
    }
  } catch (err) {
    // A bad value typed on the command line is a usage error, not a broken file.
    if (err instanceof ConfigError) throw new UsageError(err.message, err.hint);
    throw err;
  }
}

/** A key shown safely: its first three and last four characters, e.g. `hb_…9f2c`. */
export function maskKey(key: string): string {
  if (key.length <= 8) return '…' + key.slice(-2);
  return `${key.slice(0, 3)}…${key.slice(-4)}`;
}
