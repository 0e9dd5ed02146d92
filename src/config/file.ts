// The config file: read directly (a JSON.parse, so every command starts fast), written through conf
// (atomic writes), always as a 0600 file in a 0700 directory.
import { chmodSync, mkdirSync, readFileSync } from 'node:fs';
import { ConfigError } from '../errors.js';
import type { Paths } from './paths.js';

/** The keys the config file may hold. */
export const CONFIG_KEYS = ['api-key', 'base-url', 'timezone', 'color', 'timeout'] as const;
export type ConfigKey = (typeof CONFIG_KEYS)[number];
export type ConfigValues = Partial<Record<ConfigKey, string>>;

/** True when `key` is one of CONFIG_KEYS. */
export function isConfigKey(key: string): key is ConfigKey {
  return (CONFIG_KEYS as readonly string[]).includes(key);
}

/**
 * Reads the config file. A missing file is an empty config; a corrupt one is a ConfigError naming
 * the file, which is left as it is for the user to mend.
 */
export function readConfigFile(file: string): ConfigValues {
  const values: ConfigValues = {};
  for (const [key, value] of Object.entries(readRaw(file))) {
    if (!isConfigKey(key) || value === null || value === undefined) continue;
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
      throw new ConfigError(`config file ${file}: "${key}" must be a string`, 'fix it with `habits config set`');
    }
    values[key] = String(value);
  }
  return values;
}

function readRaw(file: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new ConfigError(`cannot read config file ${file}: ${(err as Error).message}`);
  }
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new ConfigError(
      `config file ${file} is not valid JSON (${(err as Error).message}); it was left untouched`,
      'fix or remove the file, then run the command again',
    );
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ConfigError(`config file ${file} must hold a JSON object; it was left untouched`, 'fix or remove the file');
  }
  return parsed as Record<string, unknown>;
}

/**
 * Applies `change` to the config file through conf, keeping the file 0600 and its directory 0700.
 * The file is read (and checked) first, so conf never sees, or wipes, a corrupt file.
 */
export async function updateConfigFile(paths: Paths, change: (values: ConfigValues) => void): Promise<ConfigValues> {
  // Keys this version does not know are kept as they are.
  const raw = readRaw(paths.configFile);
  const values = readConfigFile(paths.configFile);
  change(values);
  for (const key of CONFIG_KEYS) delete raw[key];
  Object.assign(raw, values);
  mkdirSync(paths.configDir, { recursive: true, mode: 0o700 });
  chmodSync(paths.configDir, 0o700);
  const { default: Conf } = await import('conf');
  const conf = new Conf<Record<string, unknown>>({
    projectName: 'habits',
    projectSuffix: '',
    cwd: paths.configDir,
    configName: 'config',
    configFileMode: 0o600,
    accessPropertiesByDotNotation: false,
  });
  conf.store = raw;
  chmodSync(paths.configFile, 0o600);
  return values;
}
