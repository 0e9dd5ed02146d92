// `habits status [--format F] [--refresh]`: one line for a shell prompt, tmux or a status bar, read
// from the status file that journal, check and remind keep (resolve/status-cache.ts): no request.
// `--refresh` fetches today's journal first (for a timer). bin/habits.js answers `habits status`
// without --refresh through dist/status.cjs (status-bin.ts), without loading this program; this
// verb answers the rest, and the same way.
import type { Command } from 'commander';
import type { JournalEntry } from '../api/types.js';
import { UsageError } from '../errors.js';
import { DEFAULT_STATUS_FORMAT, formatStatus, STATUS_PLACEHOLDERS, statusValues, unknownPlaceholder } from '../output/status-line.js';
import { readStatus, statusFile } from '../resolve/status-cache.js';
import { examples, type App } from './shared/app.js';
import type { Deps } from './shared/deps.js';
import { withoutEnded } from './shared/endings.js';
import { keepStatus } from './shared/status.js';

export interface StatusOptions {
  format: string;
  refresh: boolean;
}

/** Registers `status`. */
export function register(cmd: Command, app: App): void {
  cmd
    .option('--format <format>', `the line, with placeholders ${STATUS_PLACEHOLDERS.map((p) => `{${p}}`).join(' ')} (default "${DEFAULT_STATUS_FORMAT}")`)
    .option('--refresh', "fetch today's journal first (one request), for a timer; otherwise no request is made")
    .addHelpText('after', `
The line is read from a small file that journal, check and remind keep each time they see
today's journal; status itself never asks the server (but with --refresh), so a prompt can call
it at every line. With no data for today (nothing seen yet today, no account), it prints nothing
and exits 0.

Placeholders:
  {done}         habits completed today (a bad habit: within its limit)
  {due}          habits due today: the journal's, less the skipped ones (time off too)
  {open}         good habits still open today
  {best_streak}  the longest current streak among today's habits
  {next}         the first open habit in the journal's order (morning, afternoon, evening, other
                 times, any time; by name within), empty when none is open
  {stale}        "?" when a write since the journal could not be followed, else empty
--json prints {date, done, due, open, bestStreak, next, stale}.

log done, fail, skip, undo, add and set (and check, habits undo, habits off and off rm) update
the line from what the file holds of the habit (its goal, the day's total): no request. A write it cannot tell the outcome of keeps
the line, marked with {stale}, until the next journal.
${examples([
  ['habits status', '3/7 ✓  🔥12'],
  ["habits status --format '{open} open, next: {next}'"],
  ['habits status --refresh', 'from a timer: fetch, then print'],
  ['habits status --json'],
])}`)
    .action((opts: { format?: string; refresh?: boolean }, command: Command) => {
      const options = parse(opts);
      return app.run(command, (ctx) => run(options, ctx), { outboxFirst: !!opts.refresh });
    });
}

/** Checks --format before anything is read. */
export function parse(opts: { format?: string; refresh?: boolean }): StatusOptions {
  const format = opts.format ?? DEFAULT_STATUS_FORMAT;
  const unknown = unknownPlaceholder(format);
  if (unknown) throw new UsageError(`--format: unknown placeholder ${unknown}`, `the placeholders are ${STATUS_PLACEHOLDERS.map((p) => `{${p}}`).join(', ')}`);
  return { format, refresh: !!opts.refresh };
}

/** Prints the line (or the JSON) from the status file; with --refresh, after fetching today's journal. */
export async function run(options: StatusOptions, deps: Pick<Deps, 'out' | 'api' | 'resolver' | 'today' | 'now' | 'scope' | 'paths' | 'settings' | 'io'>): Promise<void> {
  if (options.refresh) {
    const date = deps.today();
    const entries: JournalEntry[] = await (await deps.api()).request('GET /habits/journal', { query: { date } });
    keepStatus(deps, date, await withoutEnded(Array.isArray(entries) ? entries : [], date, deps));
  }
  const scope = deps.scope();
  const data = scope === undefined ? undefined : readStatus(statusFile(deps.paths.cacheDir, scope), deps.now().getTime());
  if (!data) return;
  const values = statusValues(data);
  // Written as it is: the line is the user's own format, and --json's fields the declared ones.
  if (deps.out.json) return deps.out.printJson(values);
  deps.io.stdout.write(`${formatStatus(options.format, values)}\n`);
}
