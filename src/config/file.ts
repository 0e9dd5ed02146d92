// The config file: read directly (a JSON.parse, so every command starts fast), written by one
// function (writeConfigText: atomic, through conf), as a 0600 file in a 0700 directory. A file or
// directory that other users can change is never written (trust.ts); a symbolic link is written
// through, its target's mode left as it is; the directory is made 0700 only when it holds nothing
// but our files.
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { ConfigError, FailureError } from '../errors.js';
import { creationBlocker, type Paths } from './paths.js';
import { exposureOf, linkTarget, octal, sharedDirReason, tightenOwn, untrustedForWrite } from './trust.js';

/** The keys the config file may hold. */
export const CONFIG_KEYS = ['api-key', 'base-url', 'timezone', 'day-start', 'color', 'timeout'] as const;
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
  const text = readConfigText(file);
  return text === undefined ? {} : parseConfigText(text, file);
}

/** The config file's text, or undefined when there is none; one that cannot be read is a ConfigError naming it. */
export function readConfigText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    const why = code === 'EISDIR' ? 'it is a directory' : code === 'EACCES' || code === 'EPERM' ? 'permission denied' : (code ?? 'unknown error');
    throw new ConfigError(`cannot read config file ${file}: ${why}`, 'fix or remove it, then run the command again');
  }
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

/**
 * Writes the config file's text, the one way every writer takes (config set and unset, auth login
 * and logout, config edit's save, backup and restore): refused when other users can change the file
 * (exit 2), atomically through conf (a temporary file renamed over it), 0600 in a 0700 directory
 * (config/trust.ts says which directories are made private). Through a symbolic link, the text goes
 * to its target, whose mode is left as it is (`warn` says so when it is loose).
 */
export async function writeConfigText(paths: Paths, text: string, warn?: (line: string) => void): Promise<void> {
  const file = paths.configFile;
  const link = prepareWrite(paths);
  const { default: Conf } = await import('conf');
  asWriteError(file, () => {
    const conf = new Conf<Record<string, unknown>>({
      projectName: 'habits',
      cwd: dirname(file),
      configName: basename(file),
      fileExtension: '',
      // Through a link, the target keeps its mode: habits changes no mode through a link.
      configFileMode: link ? (modeOf(file) ?? 0o600) : 0o600,
      // conf is only the atomic write here: it reads nothing (the caller did), and writes `text` as it is.
      deserialize: () => ({}),
      serialize: () => text,
    });
    conf.store = {};
    if (!link) tightenOwn(file, 0o600);
  });
  if (link) warnLink(file, link, warn);
}

/**
 * Before a write: refuses a file that other users can change (exit 2) and a link to nothing, makes
 * the directory (0700 when it is ours alone). Returns where the file links to, when it is a link.
 */
function prepareWrite(paths: Paths): string | undefined {
  const exposure = exposureOf(paths.configFile);
  if (exposure) throw untrustedForWrite(exposure, paths.configFile);
  const link = linkTarget(paths.configFile);
  if (link !== undefined && modeOf(paths.configFile) === undefined) {
    throw new ConfigError(`config file ${paths.configFile} is a symbolic link to ${link}, which does not exist; it was left as it is`, `create ${link}, or remove the link`);
  }
  asWriteError(paths.configFile, () => {
    mkdirSync(paths.configDir, { recursive: true, mode: 0o700 });
    if (sharedDirReason(paths.configDir, paths.configFile) === undefined) tightenOwn(paths.configDir, 0o700);
  });
  return link;
}

/** After writing through a link: its target's mode was left as it is; said when others can read it. */
function warnLink(file: string, link: string, warn: ((line: string) => void) | undefined): void {
  const mode = modeOf(file);
  if (warn && mode !== undefined && (mode & 0o077) !== 0) {
    warn(`warning: ${file} is a symbolic link to ${link}; its mode ${octal(mode)} was left as it is (chmod 600 it if it is yours)`);
  }
}

/**
 * Runs a write of the config file; a failure of the file system is one line naming the file and the
 * cause (exit 1, code `config`): a full disk, a read-only file system, no permission.
 */
function asWriteError<T>(file: string, write: () => T): T {
  try {
    return write();
  } catch (err) {
    throw configWriteError(err, file) ?? err;
  }
}

/** The one line for a file-system error met writing the config file `file`, or undefined for another error. */
export function configWriteError(err: unknown, file: string): FailureError | undefined {
  const e = err as NodeJS.ErrnoException | undefined;
  const code = e?.code;
  if (typeof code !== 'string') return undefined;
  const fail = (why: string, hint: string): FailureError =>
    new FailureError(`cannot write config file ${file}: ${why}; nothing was changed`, 'config', hint);
  if (code === 'ENOSPC' || code === 'EDQUOT') return fail(code === 'ENOSPC' ? 'no space left on its device' : 'your disk quota is used up', 'free some space, then run the command again');
  if (code === 'EROFS') return fail('it is on a read-only file system', 'set HABITS_CONFIG_DIR to a writable directory, or use HABITS_* variables instead of the file');
  if (code === 'EACCES' || code === 'EPERM') return fail('permission denied', 'make it and its directory writable by you, or set HABITS_CONFIG_DIR to a directory of your own');
  if (code === 'ENOTDIR' || code === 'EEXIST') return fail('a file stands where its directory should be', 'move that file away, or set HABITS_CONFIG_DIR to another directory');
  if (code === 'ENOENT' && e?.syscall === 'mkdir') {
    // Node's recursive mkdir reports ENOENT where the directory cannot be made: find out why.
    const why = creationBlocker(dirname(file));
    if (why === 'EROFS') return fail('it is on a read-only file system', 'set HABITS_CONFIG_DIR to a writable directory, or use HABITS_* variables instead of the file');
    if (why === 'EACCES' || why === 'EPERM') return fail('permission denied', 'make its directory writable by you, or set HABITS_CONFIG_DIR to a directory of your own');
    return fail('its directory cannot be created', 'set HABITS_CONFIG_DIR to a writable directory');
  }
  if (code === 'EIO') return fail('a disk I/O error', 'check the disk and the file system, then run the command again');
  return undefined;
}

/** 1-based line and column (in characters) of `offset` in `text`. */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lines = before.split(/\r\n|\r|\n/);
  return { line: lines.length, column: (lines[lines.length - 1] ?? '').length + 1 };
}

/**
 * Where the first JSON syntax error of `text` is (undefined when it is valid JSON), from JSON.parse
 * without its message, which quotes the text. Most messages say `at position N` (Node 22 and 24 add
 * the line and column); "Unexpected token" says no position on any Node, and "Unexpected end of JSON
 * input" means the end: then the error is where the longest prefix that JSON.parse reads to its end
 * stops, found by halving. A number cut short (`-`, `1.`, `1e+`) is pointed at its `-`, `.` or `e`.
 */
export function jsonErrorOffset(text: string): number | undefined {
  /** Where JSON.parse stops on `s`: undefined when it parses, -1 before its end without saying where. */
  const stop = (s: string): { at: number | undefined; message: string } => {
    try {
      JSON.parse(s);
      return { at: undefined, message: '' };
    } catch (err) {
      const message = String((err as Error).message);
      const at = /at position (\d+)/.exec(message)?.[1];
      return { at: at !== undefined ? Number(at) : /end of JSON input/.test(message) ? s.length : -1, message };
    }
  };
  const { at, message } = stop(text);
  if (at === undefined) return undefined;
  if (at >= 0) return /minus sign|fractional number|Exponent part/.test(message) ? at - (/[eE][+-]$/.test(text.slice(0, at)) ? 2 : 1) : at;
  let [good, bad] = [0, text.length];
  while (bad - good > 1) {
    const mid = (good + bad) >> 1;
    const cut = stop(text.slice(0, mid)).at;
    if (cut === undefined || cut >= mid) good = mid;
    else bad = mid;
  }
  return good;
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

/**
 * Applies `change` to the config file's values (the top level, or a named profile), written by
 * writeConfigText. The file is read (and checked) first, so a corrupt file is never written over.
 */
export async function updateConfigFile(
  paths: Paths,
  change: (values: ConfigValues) => void,
  /** A named profile to change (created when missing); undefined: the top level. */
  profile?: string,
  /** Told of a link's target whose loose mode was left as it is. */
  warn?: (line: string) => void,
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
  // As conf has always written it: tab-indented, no final newline.
  await writeConfigText(paths, JSON.stringify(raw, undefined, '\t'), warn);
  return values;
}
