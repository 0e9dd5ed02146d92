// The Output of one run, from its global flags, environment and colour setting: the mode, colours
// for stdout and stderr, --json fields, --jq and the pager, each decided here once.
import type { Env, IO } from '../io.js';
import type { ColorSetting } from '../config/settings.js';
import { colorLevel } from './color.js';
import { parseFields } from './fields.js';
import { Output } from './output.js';
import { choosePager } from './pager.js';

/** The global flags that shape output (program.ts declares them). */
export interface OutputFlags {
  /** true for a bare --json; the fields of `--json name,status` */
  json?: boolean | string;
  jq?: string;
  quiet?: boolean;
  /** false with --no-color */
  color?: boolean;
  colorWhen?: 'auto' | 'always' | 'never';
  /** false with --no-pager */
  pager?: boolean;
}

/** `command`: the command's words after `habits` (`habit ls`), for its --json fields. */
export function outputFor(io: IO, env: Env, flags: OutputFlags, command: string, setting: ColorSetting): Output {
  const level = (isTTY: boolean) => colorLevel({ flag: flags.color, when: flags.colorWhen, env, setting, isTTY });
  const pager = choosePager({ flag: flags.pager, env, stdinIsTTY: io.stdinIsTTY, stdoutIsTTY: io.stdoutIsTTY });
  return new Output(io, {
    json: !!flags.json || flags.jq !== undefined,
    fields: typeof flags.json === 'string' ? parseFields(flags.json) : undefined,
    jq: flags.jq,
    jqTimeout: env.HABITS_JQ_TIMEOUT,
    command,
    quiet: !!flags.quiet,
    colorLevel: level(io.stdoutIsTTY),
    errColorLevel: level(io.stderrIsTTY),
    ...(pager ? { pager: { command: pager, env } } : {}),
  });
}
