// Where the CLI keeps its files: config, cache and local data, following the XDG base directories
// on every OS (no `-nodejs` suffix).
import { homedir } from 'node:os';
import { join } from 'node:path';
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
