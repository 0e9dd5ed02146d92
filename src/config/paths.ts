// Where the CLI keeps its files: config, cache and local data, following the XDG base directories
// on every OS (no `-nodejs` suffix).
import { accessSync, constants, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Env } from '../io.js';

export interface Paths {
  configDir: string;
  configFile: string;
  cacheDir: string;
  dataDir: string;
  /** The local service's SQLite file. */
  dbFile: string;
}

/** Resolves the directories from the environment (HABITS_* overrides, then XDG_*, then HOME). */
export function resolvePaths(env: Env): Paths {
  const home = env.HOME || homedir();
  const configDir = env.HABITS_CONFIG_DIR || join(env.XDG_CONFIG_HOME || join(home, '.config'), 'habits');
  const dataDir = env.HABITS_DATA_DIR || join(env.XDG_DATA_HOME || join(home, '.local', 'share'), 'habits');
  return {
    configDir,
    configFile: join(configDir, 'config.json'),
    cacheDir: join(env.XDG_CACHE_HOME || join(home, '.cache'), 'habits'),
    dataDir,
    dbFile: join(dataDir, 'habits.db'),
  };
}

/**
 * Why a directory cannot be created at `dir`: the error code of a write check of its nearest
 * existing ancestor (EROFS, EACCES), or undefined when that one can be written. Node's recursive
 * mkdir says ENOENT where a directory cannot be made on a read-only file system; this says why.
 */
export function creationBlocker(dir: string): string | undefined {
  let at = dir;
  for (;;) {
    try {
      statSync(at);
      break;
    } catch {
      const up = dirname(at);
      if (up === at) return undefined;
      at = up;
    }
  }
  try {
    accessSync(at, constants.W_OK);
    return undefined;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code;
  }
}
