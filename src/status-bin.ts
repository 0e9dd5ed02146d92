// What bin/habits.js runs for `habits status` without --refresh, as CommonJS (dist/status.cjs): the
// status file of the account (resolve/status-cache.ts), named as completion names it
// (completion/scope.ts: config/load.ts loadAccount and accountScope), read and printed with
// writeSync(1) and no ES module loader, no commander, no process.stdout: a prompt calls it at every
// line. Anything it does not answer the same way (--refresh, --help, a flag it does not know, an
// unknown placeholder, --json with fields) goes on to main() (dist/cli.js), which does.
import { writeStdout } from './stdout.js';
import { completionScope, type ScopeFlags } from './completion/scope.js';
import { DEFAULT_STATUS_FORMAT, formatStatus, statusJson, statusValues, unknownPlaceholder } from './output/status-line.js';
import { readStatus, statusFile } from './resolve/status-cache.js';

/** What the fast path understood of `habits status <args>`, or undefined: main() answers. */
export function parseFast(args: readonly string[]): { format: string; json: boolean; flags: ScopeFlags } | undefined {
  let format = DEFAULT_STATUS_FORMAT;
  let json = false;
  const flags: ScopeFlags = {};
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    const value = (name: string): string | undefined => (a === name ? args[++i] : a.startsWith(`${name}=`) ? a.slice(name.length + 1) : undefined);
    if (a === '--json') {
      // `--json FIELDS` selects fields: main() does that.
      if (i + 1 < args.length && !args[i + 1]!.startsWith('-')) return undefined;
      json = true;
    } else if (a === '--local') flags.local = true;
    else if (a === '--format' || a.startsWith('--format=')) {
      const v = value('--format');
      if (v === undefined) return undefined;
      format = v;
    } else if (a === '--profile' || a.startsWith('--profile=')) {
      const v = value('--profile');
      if (v === undefined) return undefined;
      flags.profile = v;
    } else if (a === '--base-url' || a.startsWith('--base-url=')) {
      const v = value('--base-url');
      if (v === undefined) return undefined;
      flags.baseUrl = v;
    } else return undefined;
  }
  if (unknownPlaceholder(format) !== undefined) return undefined;
  return { format, json, flags };
}

/** Answers `habits status <args>`; exit code 0, or main()'s. */
export async function run(args: string[]): Promise<void> {
  const fast = parseFast(args);
  if (!fast) {
    process.exitCode = await (await import('./cli.js')).main(['status', ...args]);
    return;
  }
  process.exitCode = 0;
  const where = completionScope(fast.flags, process.env);
  const data = where && readStatus(statusFile(where.cacheDir, where.scope), Date.now());
  if (!data) return;
  const values = statusValues(data);
  writeStdout(`${fast.json ? statusJson(values) : formatStatus(fast.format, values)}\n`);
}
