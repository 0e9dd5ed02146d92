// What the config verbs share: key checking and the effective value of a key with its source.
import { CONFIG_KEYS, isConfigKey, type ConfigKey } from '../../config/file.js';
import { maskKey, type Settings } from '../../config/settings.js';
import { UsageError } from '../../errors.js';
import { formatDayStart } from '../../model/day-start.js';

/** Checks a key typed by the user. */
export function parseKey(raw: string): ConfigKey {
  const key = raw.trim().toLowerCase();
  if (!isConfigKey(key)) throw new UsageError(`unknown config key "${raw}"`, `keys: ${CONFIG_KEYS.join(', ')}`);
  return key;
}

export interface EffectiveValue {
  key: ConfigKey;
  /** The value in use; the API key only masked. */
  value: string | null;
  source: string;
}

/** The value in use for `key`, and where it comes from. */
export function effective(settings: Settings, key: ConfigKey, configFile: string): EffectiveValue {
  const where = (s: { source: string; origin: string }) =>
    s.source === 'config' ? configFile + (s.origin.startsWith('profiles.') ? ` (${s.origin})` : '') : s.source === 'env' ? `env ${s.origin}` : s.source === 'flag' ? `flag ${s.origin}` : s.source;
  switch (key) {
    case 'api-key':
      return settings.apiKey
        ? { key, value: maskKey(settings.apiKey.value), source: where(settings.apiKey) }
        : { key, value: null, source: 'not set' };
    case 'base-url':
      return { key, value: settings.local.value ? 'local' : settings.baseUrl.value, source: where(settings.local.value ? settings.local : settings.baseUrl) };
    case 'timezone':
      return { key, value: settings.timezone.value, source: where(settings.timezone) };
    case 'day-start':
      return { key, value: formatDayStart(settings.dayStart.value), source: where(settings.dayStart) };
    case 'color':
      return { key, value: settings.color.value, source: where(settings.color) };
    case 'timeout':
      return { key, value: `${settings.timeoutMs.value / 1000}s`, source: where(settings.timeoutMs) };
  }
}
