// The check of a config file written by hand (`habits config edit`): JSON, known keys only, and
// values the settings accept. Each problem names where it is; none quotes the API key.
import { parseApiKey } from '../api/key.js';
import { CliError, ConfigError } from '../errors.js';
import { CONFIG_KEYS, isConfigKey, isObject, parseConfigText, PROFILES_KEY, type ConfigKey } from './file.js';
import { DEFAULT_PROFILE, parseProfileName, PROFILE_KEYS } from './profiles.js';
import { normalizeConfigValue } from './settings.js';

/** What is wrong with `text` as the config file `file`; empty when nothing is. */
export function configProblems(text: string, file: string): string[] {
  let raw: Record<string, unknown>;
  try {
    raw = parseConfigText(text, file);
  } catch (err) {
    if (err instanceof ConfigError) return [err.message.replace(/; it was left untouched$/, '')];
    throw err;
  }
  const problems: string[] = [];
  for (const [key, value] of Object.entries(raw)) {
    if (key === PROFILES_KEY) problems.push(...profileProblems(value));
    else if (isConfigKey(key)) problems.push(...valueProblems(key, value, key));
    else problems.push(`unknown key "${key}" (keys: ${[...CONFIG_KEYS, PROFILES_KEY].join(', ')})`);
  }
  return problems;
}

function profileProblems(section: unknown): string[] {
  if (section === null) return [];
  if (!isObject(section)) return [`"${PROFILES_KEY}" must be an object of profiles, e.g. {"home": {"base-url": "…"}}`];
  const problems: string[] = [];
  for (const [name, body] of Object.entries(section)) {
    const where = `${PROFILES_KEY}.${name}`;
    if (name === DEFAULT_PROFILE) problems.push(`"${where}": "${DEFAULT_PROFILE}" is the top level, not a profile name`);
    else problems.push(...messageOf(() => void parseProfileName(name, `"${where}"`)));
    if (!isObject(body)) {
      problems.push(`"${where}" must be an object`);
      continue;
    }
    for (const [key, value] of Object.entries(body)) {
      if (isConfigKey(key) && PROFILE_KEYS.includes(key)) problems.push(...valueProblems(key, value, `${where}.${key}`));
      else problems.push(`unknown key "${where}.${key}" (a profile holds ${PROFILE_KEYS.join(', ')})`);
    }
  }
  return problems;
}

/** The problem of one value at `where`: a string (or number) the setting accepts; null or "" is unset. */
function valueProblems(key: ConfigKey, value: unknown, where: string): string[] {
  if (value === null || value === '') return [];
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return [`"${where}" must be a string`];
  const text = String(value);
  if (key === 'api-key') return messageOf(() => void parseApiKey(text, `"${where}"`));
  // normalizeConfigValue's messages begin with the key; here they begin with its place.
  return messageOf(() => void normalizeConfigValue(key, text)).map((m) => `"${where}"${m.startsWith(key) ? m.slice(key.length) : `: ${m}`}`);
}

function messageOf(check: () => void): string[] {
  try {
    check();
    return [];
  } catch (err) {
    if (err instanceof CliError) return [err.message];
    throw err;
  }
}
