// The config file: read directly (a JSON.parse, so every command starts fast), written through conf
// (atomic writes), always as a 0600 file in a 0700 directory.
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
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
 * Reads the config file's top-level values (the default profile). A missing file is an empty
 * config; a corrupt one is a ConfigError naming the file, which is left as it is for the user to mend.
 */
export function readConfigFile(file: string): ConfigValues {
  return readConfig(file).values;
}

/** The config file as a whole: the top-level values, and the named profiles (config/profiles.ts). */
export interface ConfigDocument {
  values: ConfigValues;
  profiles: Record<string, ConfigValues>;
}

/** Reads the config file: its top-level values and its `profiles` object. */
export function readConfig(file: string): ConfigDocument {
  const raw = readRaw(file);
  // No prototype: a profile named `__proto__` in the file is a key like any other.
  const profiles: Record<string, ConfigValues> = Object.create(null) as Record<string, ConfigValues>;
  const section = raw[PROFILES_KEY];
  if (section !== undefined && section !== null) {
    if (!isObject(section)) throw new ConfigError(`config file ${file}: "${PROFILES_KEY}" must be an object of profiles`, 'fix it with `habits config edit`');
    for (const [name, body] of Object.entries(section)) {
      if (!isObject(body)) throw new ConfigError(`config file ${file}: profile "${name}" must be an object`, 'fix it with `habits config edit`');
      profiles[name] = valuesOf(body, file, `${PROFILES_KEY}.${name}.`);
    }
  }
  return { values: valuesOf(raw, file, ''), profiles };
}

/** The key under which the named profiles live. */
export const PROFILES_KEY = 'profiles';

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The known keys of one object of the file (top level or a profile), as strings. */
function valuesOf(raw: Record<string, unknown>, file: string, prefix: string): ConfigValues {
  const values: ConfigValues = {};
  for (const [key, value] of Object.entries(raw)) {
    if (!isConfigKey(key) || value === null || value === undefined) continue;
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
      throw new ConfigError(`config file ${file}: "${prefix}${key}" must be a string`, 'fix it with `habits config set`');
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
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return {};
    const why = code === 'EISDIR' ? 'it is a directory' : code === 'EACCES' || code === 'EPERM' ? 'permission denied' : (code ?? 'unknown error');
    throw new ConfigError(`cannot read config file ${file}: ${why}`, 'fix or remove it, then run the command again');
  }
  return parseConfigText(text, file);
}

/**
 * The config file's text as an object. An empty (or blank) file is an empty config. A syntax error
 * names the file and the line and column, never the text: JSON.parse's message quotes the file,
 * which may hold the API key.
 */
export function parseConfigText(text: string, file: string): Record<string, unknown> {
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    const { line, column } = lineAndColumn(text, jsonErrorOffset(text) ?? text.length);
    throw new ConfigError(
      `config file ${file} is not valid JSON (line ${line}, column ${column}); it was left untouched`,
      'fix or remove the file, then run the command again',
    );
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ConfigError(`config file ${file} must hold a JSON object; it was left untouched`, 'fix or remove the file');
  }
  return parsed as Record<string, unknown>;
}

/** Writes the config file's text as it is (config edit restoring a backup): 0600, in a 0700 directory. */
export function writeConfigText(paths: Paths, text: string): void {
  mkdirSync(paths.configDir, { recursive: true, mode: 0o700 });
  chmodSync(paths.configDir, 0o700);
  writeFileSync(paths.configFile, text, { mode: 0o600 });
  chmodSync(paths.configFile, 0o600);
}

/** 1-based line and column (in characters) of `offset` in `text`. */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lines = before.split(/\r\n|\r|\n/);
  return { line: lines.length, column: (lines[lines.length - 1] ?? '').length + 1 };
}

/**
 * Where the first JSON syntax error of `text` is (undefined when it is valid JSON): a small
 * recursive-descent scanner, because JSON.parse reports no position on Node 20 (and quotes the
 * text instead).
 */
export function jsonErrorOffset(text: string): number | undefined {
  let i = 0;
  class Stop extends Error {}
  const fail = (): never => {
    throw new Stop();
  };
  const ws = (): void => {
    while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++;
  };
  const literal = (word: string): void => {
    for (const ch of word) {
      if (text[i] !== ch) fail();
      i++;
    }
  };
  const string = (): void => {
    i++; // the opening quote
    for (;;) {
      if (i >= text.length) fail();
      const ch = text.charCodeAt(i);
      if (ch === 0x22) {
        i++;
        return;
      }
      if (ch < 0x20) fail();
      if (ch === 0x5c) {
        i++;
        const e = text[i];
        if (e === 'u') {
          for (let k = 1; k <= 4; k++) {
            if (!/[0-9a-fA-F]/.test(text[i + k] ?? '')) {
              i += k;
              fail();
            }
          }
          i += 5;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i++;
        else fail();
      } else i++;
    }
  };
  const number = (): void => {
    const m = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i));
    if (!m || m[0] === '-' || m[0] === '') fail();
    i += m![0].length;
  };
  const value = (): void => {
    ws();
    const ch = text[i];
    if (ch === '{') {
      i++;
      ws();
      if (text[i] === '}') return void i++;
      for (;;) {
        ws();
        if (text[i] !== '"') fail();
        string();
        ws();
        if (text[i] !== ':') fail();
        i++;
        value();
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === '}') return void i++;
        else fail();
      }
    }
    if (ch === '[') {
      i++;
      ws();
      if (text[i] === ']') return void i++;
      for (;;) {
        value();
        ws();
        if (text[i] === ',') i++;
        else if (text[i] === ']') return void i++;
        else fail();
      }
    }
    if (ch === '"') return string();
    if (ch === 't') return literal('true');
    if (ch === 'f') return literal('false');
    if (ch === 'n') return literal('null');
    if (ch === '-' || (ch !== undefined && ch >= '0' && ch <= '9')) return number();
    fail();
  };
  try {
    value();
    ws();
    if (i < text.length) fail();
    return undefined;
  } catch {
    // A Stop, or a RangeError from nesting deeper than the stack: either way, here.
    return Math.min(i, text.length);
  }
}

/** The permission bits of `path` (0o644), or undefined when it does not exist or cannot be read. */
export function modeOf(path: string): number | undefined {
  try {
    return statSync(path).mode & 0o777;
  } catch {
    return undefined;
  }
}

/** Whether the file holds an API key, at the top level or in a profile. */
export function holdsKey(doc: ConfigDocument): boolean {
  return !!doc.values['api-key'] || Object.values(doc.profiles).some((p) => !!p['api-key']);
}

/** The one-line warning for a config file that holds the key with group or other bits set, else undefined: one stat. */
export function exposedKeyWarning(file: string): string | undefined {
  const mode = modeOf(file);
  if (mode === undefined || (mode & 0o077) === 0) return undefined;
  return `warning: ${file} holds your API key and other users can read it (mode ${octal(mode)}): run \`habits doctor --fix\` (or chmod 600 it)`;
}

/** A mode as `0644`. */
export function octal(mode: number): string {
  return '0' + mode.toString(8).padStart(3, '0');
}

/**
 * Applies `change` to the config file through conf, keeping the file 0600 and its directory 0700.
 * The file is read (and checked) first, so conf never sees, or wipes, a corrupt file.
 */
export async function updateConfigFile(
  paths: Paths,
  change: (values: ConfigValues) => void,
  /** A named profile to change (created when missing); undefined: the top level. */
  profile?: string,
): Promise<ConfigValues> {
  // Keys this version does not know are kept as they are.
  const raw = readRaw(paths.configFile);
  readConfig(paths.configFile); // checks the shape of every value and profile first
  let target = raw;
  let prefix = '';
  if (profile !== undefined) {
    const section = isObject(raw[PROFILES_KEY]) ? raw[PROFILES_KEY] : (raw[PROFILES_KEY] = {});
    // Own properties only: `toString` is a profile name, not Object.prototype's.
    const own = Object.hasOwn(section, profile) ? section[profile] : undefined;
    target = isObject(own) ? own : (section[profile] = {});
    prefix = `${PROFILES_KEY}.${profile}.`;
  }
  const values = valuesOf(target, paths.configFile, prefix);
  change(values);
  for (const key of CONFIG_KEYS) delete target[key];
  Object.assign(target, values);
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
    // conf reads the file when it starts: an empty one is an empty config here too, and a corrupt
    // one (changed since readRaw) the same ConfigError, never JSON.parse's message.
    deserialize: (text: string) => parseConfigText(text, paths.configFile),
  });
  conf.store = raw;
  chmodSync(paths.configFile, 0o600);
  return values;
}
