// Whether to colour, decided in one place. chalk does not read NO_COLOR itself, and a chalk
// instance we build never looks at process state: we choose its level here.
import { Chalk, type ChalkInstance } from 'chalk';
import type { ColorSetting } from '../config/settings.js';

export type { ChalkInstance };

/**
 * Colour level for a stream, from most to least specific: `--no-color`, NO_COLOR, FORCE_COLOR,
 * CLICOLOR_FORCE, CLICOLOR=0, config `color`, TERM=dumb, then whether the stream is a terminal.
 * 0 means no colour. (Piped stdout is never coloured whatever this says: Output decides that.)
 */
export function colorLevel(opts: {
  flag: boolean | undefined;
  /** --color auto|always|never: a flag, so it beats the environment and the config file. */
  when?: 'auto' | 'always' | 'never';
  env: Readonly<Record<string, string | undefined>>;
  setting: ColorSetting;
  isTTY: boolean;
}): 0 | 1 | 2 | 3 {
  const { env } = opts;
  if (opts.flag === false || opts.when === 'never') return 0;
  if (opts.when === 'always') return Math.max(1, terminalLevel(env)) as 1 | 2 | 3;
  if (opts.when === 'auto') return env.TERM === 'dumb' || !opts.isTTY ? 0 : terminalLevel(env);
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return 0;
  const force = env.FORCE_COLOR;
  if (force !== undefined) {
    if (force === '0' || force.toLowerCase() === 'false') return 0;
    const n = Number(force);
    return n === 2 || n === 3 ? n : Math.max(1, terminalLevel(env)) as 1 | 2 | 3;
  }
  // CLICOLOR_FORCE: set and not 0 forces colour; CLICOLOR=0 turns it off (bixense.com/clicolors).
  const clicolorForce = env.CLICOLOR_FORCE;
  if (clicolorForce !== undefined && clicolorForce !== '' && clicolorForce !== '0') return Math.max(1, terminalLevel(env)) as 1 | 2 | 3;
  if (env.CLICOLOR === '0') return 0;
  if (opts.setting === 'never') return 0;
  if (opts.setting === 'always') return Math.max(1, terminalLevel(env)) as 1 | 2 | 3;
  if (env.TERM === 'dumb') return 0;
  return opts.isTTY ? terminalLevel(env) : 0;
}

function terminalLevel(env: Readonly<Record<string, string | undefined>>): 1 | 2 | 3 {
  const colorterm = env.COLORTERM?.toLowerCase();
  if (colorterm === 'truecolor' || colorterm === '24bit') return 3;
  if (env.TERM?.includes('256')) return 2;
  return 1;
}

/** A chalk instance at a fixed level; level 0 returns text unchanged. */
export function makeChalk(level: 0 | 1 | 2 | 3): ChalkInstance {
  return new Chalk({ level });
}
