// `habits export [--output FILE]`: everything the account holds as one JSON document, through the
// API only, so it works against any server and in local mode alike (docs/export-import.md).
import { basename, dirname, join, resolve } from 'node:path';
import type { Command } from 'commander';
import type { ExportDocument } from '../api/types.js';
import { FailureError, UsageError } from '../errors.js';
import { examples, type App } from './shared/app.js';
import { collectExport, plural, ROUND_TRIP_RULE } from './shared/export-data.js';
import type { Deps } from './shared/deps.js';

/** What `habits export` was asked to do. */
export interface ExportOptions {
  /** The file to write; undefined prints the document on stdout. */
  output?: string;
}

/** Registers `export`. */
export function register(cmd: Command, app: App): void {
  cmd
    .description('export areas, habits (active and archived, every field), notes and whole-life statistics as one JSON document')
    .option('-o, --output <file>', 'write the document to FILE (mode 0600, replaced atomically) instead of stdout')
    .addHelpText('after', `
The document: {format: "habits-export", version: 1, exportedAt, source, areas, habits}, where
each habit is the habit as the server returns it plus its notes and its statistics from the
earlier of its start and creation dates to today. It is personal data: keep it private.
${ROUND_TRIP_RULE}
${examples([
    ['habits export > habits.json', 'from the service you are logged in to'],
    ['habits export --output habits.json'],
    ['habits --local export | jq ".habits | length"'],
    ['habits export -o all.json && habits --local import all.json', 'take your data offline'],
  ])}`)
    .action((opts: { output?: string }, self: Command) => {
      const options = parse(opts);
      return app.run(self, (ctx) => run(options, ctx));
    });
}

/** Checks the flags before any request. */
export function parse(opts: { output?: string }): ExportOptions {
  if (opts.output === undefined || opts.output === '-') return {};
  if (!opts.output.trim()) throw new UsageError('--output: name a file (or - for stdout)');
  return { output: opts.output };
}

/** Writes the document to stdout, or to the file atomically. */
export async function run(options: ExportOptions, deps: Pick<Deps, 'api' | 'isLocal' | 'now' | 'out' | 'resolver' | 'settings' | 'today'>): Promise<void> {
  const habits = await deps.resolver.fetchHabits(true);
  const doc = await collectExport({
    api: await deps.api(),
    habits,
    today: deps.today(),
    exportedAt: deps.now().toISOString(),
    source: deps.isLocal ? 'local' : deps.settings.baseUrl.value,
  });
  if (options.output === undefined) {
    // The document is the data: it goes to stdout with or without --json.
    deps.out.printJson(doc);
    return;
  }
  await writeAtomically(options.output, JSON.stringify(doc, null, 2) + '\n');
  const summary = summarize(doc);
  await deps.out.result({ file: options.output, ...summary }, () => '');
  deps.out.info(`Exported ${plural(summary.habits, 'habit')}, ${plural(summary.areas, 'area')}, ${plural(summary.notes, 'note')} to ${options.output}`);
}

/** How many habits, areas and notes a document holds. */
function summarize(doc: ExportDocument): { habits: number; areas: number; notes: number } {
  return { habits: doc.habits.length, areas: doc.areas.length, notes: doc.habits.reduce((n, h) => n + h.notes.length, 0) };
}

/**
 * Writes `text` to `file` with mode 0600: into a temporary file beside it, flushed, then renamed
 * over it, so a reader never sees half a document and a failure leaves the old file as it was.
 */
async function writeAtomically(file: string, text: string): Promise<void> {
  // Loaded here: the other commands, which share the CLI's one chunk, have no use for them.
  const [{ randomBytes }, { open, rename, rm }] = await Promise.all([import('node:crypto'), import('node:fs/promises')]);
  const target = resolve(file);
  const tmp = join(dirname(target), `.${basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const handle = await open(tmp, 'wx', 0o600);
    try {
      await handle.writeFile(text);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tmp, target);
  } catch (err) {
    await rm(tmp, { force: true });
    const code = (err as NodeJS.ErrnoException).code;
    // A path that names no file is the user's input (exit 2); a full disk or a refusal is not (exit 1).
    if (code === 'ENOENT') throw new UsageError(`--output: cannot write ${file}: its directory does not exist`);
    if (code === 'EISDIR') throw new UsageError(`--output: cannot write ${file}: it is a directory`);
    const why = code === 'EACCES' || code === 'EPERM' ? 'permission denied'
      : code === 'ENOSPC' ? 'no space left on the device'
      : (err as Error).message;
    throw new FailureError(`--output: cannot write ${file}: ${why}`);
  }
}
