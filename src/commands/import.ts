// `habits import FILE --local`: loads an export into the local store, directly through the store,
// which alone can keep ids and createdAt (the API gives every new record its own).
// `habits import --from loop|harsh FILE`: another tracker's history, through the API
// (import/foreign.ts).
import type { Command } from 'commander';
import { UsageError } from '../errors.js';
import { openLocalStore, readOnlyStore, storageError } from '../local.js';
import { examples, type App } from './shared/app.js';
import { readBytes } from '../stdin.js';
import { confirmDestructive } from './shared/confirm.js';
import { plural, ROUND_TRIP_RULE } from './shared/export-data.js';
import type { Deps } from './shared/deps.js';
import { escapeControls } from '../model/text.js';
import { parseSource, runForeign, type ForeignOptions } from './import/foreign.js';

type ExportDoc = ReturnType<typeof import('../server/index.js')['parseExportDocument']>;

/** What `habits import` was asked to do. */
export interface ImportOptions {
  /** The export file, or `-` for standard input. */
  file: string;
  /** Overwrite habits the store already holds without asking. */
  yes: boolean;
  /** --dry-run: say what the import would do, and write nothing. */
  dryRun: boolean;
}

/**
 * Largest document read, from a file or standard input: the whole of it is held in memory, parsed
 * and checked before anything is written (docs/export-import.md). Years of history of hundreds of
 * habits take tens of megabytes.
 */
export const MAX_DOCUMENT_BYTES = 256 * 1024 * 1024;

/** Strict UTF-8, as the API reads a request body: bad bytes are refused, never replaced with U+FFFD. */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** Registers `import`. */
export function register(cmd: Command, app: App): void {
  cmd
    .description('load a `habits export` document into the local store (needs --local), or your history from Loop or harsh (--from)')
    .argument('<file>', 'the export document, or - to read standard input; with --from, the other tracker\'s export')
    .option('--from <tracker>', 'import from another tracker: loop (Loop Habit Tracker\'s CSV export: its zip, folder or Habits.csv) or harsh (its folder, or its habits file with log beside it); a dry run unless --yes')
    .option('-y, --yes', 'overwrite habits the store already holds without asking (needed when not on a terminal); with --from, write')
    .option('--dry-run', 'say what would be imported and overwritten, and write nothing (the store is only read); with --from, the default')
    .addHelpText('after', `
Writes to the local database only ($XDG_DATA_HOME/habits/habits.db, HABITS_DATA_DIR overrides),
in one transaction. The document is held to the rules the API applies to the requests that would
create its records (ids, names, colours, values, dates; at most 256 MiB): one that breaks any
exits 2 naming the first problem's JSON path, and writes nothing. Areas, habits and notes are matched by id:
a habit the store already holds is overwritten from the document (its fields, goals, reminders,
end condition and history; notes the document lacks are kept), once confirmed or with --yes.
Habits the document does not name are left alone. Importing the same file again changes nothing.
${ROUND_TRIP_RULE}

With --from loop|harsh, the history goes through the API, local or cloud: first a dry run showing
each habit with its schedule, goal and logs, and what cannot be brought over and why; --yes
writes, at most 500 requests a minute, with a progress bar on a terminal. Each habit it creates
ends its description with "[imported from …]"; importing again leaves those alone (and finishes
one an interrupted run left "[being imported from …]"). The formats: docs/import-formats.md.
${examples([
    ['habits export -o habits.json && habits --local import habits.json', 'take your data offline'],
    ['habits --local import - < habits.json'],
    ['habits --local import habits.json --yes', 'over habits the store already holds, in a script'],
    ['HABITS_DATA_DIR=/tmp/copy habits --local import habits.json', 'into another data directory'],
    ['habits import --from loop "Loop Habits CSV 2026-11-22.zip"', 'what would come over from Loop'],
    ['habits import --from loop Loop-export/ --yes', 'bring it over'],
    ['habits import --from harsh ~/.config/harsh --yes'],
  ])}`)
    .action((file: string, opts: { yes?: boolean; dryRun?: boolean; from?: string }, self: Command) => {
      if (opts.from !== undefined) {
        const foreign = parseForeign(file, opts);
        return app.run(self, (ctx) => runForeign(foreign, ctx));
      }
      const options = parse(file, opts);
      return app.run(self, (ctx) => run(options, ctx));
    });
}

/** Checks the arguments before anything is read. */
export function parse(file: string, opts: { yes?: boolean; dryRun?: boolean } = {}): ImportOptions {
  if (!file.trim()) throw new UsageError('<file>: name the export file, or - for standard input');
  return { file, yes: !!opts.yes, dryRun: !!opts.dryRun };
}

/** Checks the arguments of `import --from` before anything is read. */
export function parseForeign(file: string, opts: { yes?: boolean; dryRun?: boolean; from?: string }): ForeignOptions {
  const from = parseSource(opts.from ?? '');
  if (!file.trim() || file === '-') throw new UsageError(`<file>: name the ${from === 'loop' ? 'Loop export (its zip, folder or Habits.csv)' : 'harsh folder or habits file'}`);
  if (opts.yes && opts.dryRun) throw new UsageError('--yes writes and --dry-run does not: give one of them');
  return { from, file, yes: !!opts.yes };
}

async function readDocument(deps: Pick<Deps, 'io'>, file: string): Promise<unknown> {
  const source = file === '-' ? 'standard input' : file;
  let bytes: Buffer;
  if (file === '-') bytes = await readBytes(deps.io.stdin, MAX_DOCUMENT_BYTES);
  else {
    try {
      // Loaded here: the other commands, which share the CLI's one chunk, have no use for it.
      const { readFile, stat } = await import('node:fs/promises');
      const { size } = await stat(file);
      if (size > MAX_DOCUMENT_BYTES) throw new UsageError(`${file} is larger than ${MAX_DOCUMENT_BYTES} bytes, the most an import reads`);
      bytes = await readFile(file);
    } catch (err) {
      if (err instanceof UsageError) throw err;
      const code = (err as NodeJS.ErrnoException).code;
      const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : code === 'EACCES' ? 'permission denied' : (err as Error).message;
      throw new UsageError(`cannot read ${file}: ${why}`);
    }
  }
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    throw new UsageError(`${source} is not valid UTF-8 text`, 'import reads the document `habits export` writes');
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw new UsageError(`${source} is not JSON: ${(err as Error).message}`, 'import reads the document `habits export` writes');
  }
}

/** Loads the document into the local store, confirming before it overwrites habits. */
export async function run(options: ImportOptions, deps: Pick<Deps, 'io' | 'isLocal' | 'now' | 'out' | 'paths' | 'prompter' | 'resolver'>): Promise<void> {
  if (!deps.isLocal) {
    throw new UsageError('import writes to the local store only', 'run it with --local (or set HABITS_LOCAL=1, or `habits config set base-url local`)');
  }
  const input = await readDocument(deps, options.file);
  const server = await import('../server/index.js');
  const source = options.file === '-' ? 'standard input' : options.file;
  let doc;
  try {
    doc = server.parseExportDocument(input, deps.now());
  } catch (err) {
    if (err instanceof server.InvalidExportError) throw new UsageError(`${source} is not a valid habits export: ${err.message}`);
    throw err;
  }
  const file = deps.paths.dbFile;
  if (options.dryRun) return dryRun(doc, source, file, deps, server);
  const { store, readOnly } = await openLocalStore(file, (line) => deps.out.warn(line));
  let result;
  try {
    if (readOnly) throw readOnlyStore(file, readOnly);
    // Overwriting replaces a habit's fields and history: ask first, as the other destructive verbs do.
    const overwritten = doc.habits.filter((h) => server.habitExists(store, h.id)).length;
    if (overwritten > 0) {
      await confirmDestructive(deps, options.yes, `overwrite ${plural(overwritten, 'habit')} in ${file}`, 'Their fields and history are replaced from the document.');
    }
    result = server.importDocument(store, doc);
  } catch (err) {
    if (err instanceof server.InvalidExportError) throw new UsageError(`${source} does not fit the local store: ${err.message}`);
    throw storageError(err, file) ?? err;
  } finally {
    store.close();
  }
  await deps.resolver.forgetNames('habits');
  await deps.resolver.forgetNames('areas');
  for (const h of result.inexact) {
    const shown = h.dates.slice(0, 5).join(', ') + (h.dates.length > 5 ? `, and ${h.dates.length - 5} more` : '');
    deps.out.warn(`warning: "${h.name}": the rebuilt history does not reproduce the document exactly at ${shown}`);
  }
  const { inexact, ...counts } = result;
  await deps.out.result({ ...counts, file, inexact: inexact.map((h) => ({ id: h.habitId, name: h.name, at: h.dates })) }, () => '');
  deps.out.info(
    `Imported ${plural(result.habits, 'habit')} (${result.archived} archived), ${plural(result.areas, 'area')}, ${plural(result.notes, 'note')} ` +
      `and ${plural(result.days, 'day')} of history into ${file}`,
  );
}

/**
 * --dry-run: the document is imported into a store in memory, which gives the exact counts (and
 * any day the rebuilt history would not reproduce), while the local store is only read: to check
 * the document against it as the import would (storeProblems: ids held by another kind of record,
 * stacks on habits found nowhere) and to name the habits the import would overwrite. Nothing is
 * written anywhere.
 */
async function dryRun(doc: ExportDoc, source: string, file: string, deps: Pick<Deps, 'out'>, server: typeof import('../server/index.js')): Promise<void> {
  let present: string[];
  let result;
  try {
    const inspection = await server.inspectStore(file, { habitIds: doc.habits.map((h) => h.id), check: (holds) => server.storeProblems(doc, holds) });
    present = inspection?.present ?? [];
    const problems = inspection?.problems ?? server.storeProblems(doc, () => false);
    const [first] = problems;
    if (first) throw new server.InvalidExportError(first.field, first.message, problems.length - 1);
    // The memory store lacks the local store's habits, on which some stacks may sit: they were
    // checked above, and count for nothing in what a dry run reports.
    const inDocument = new Set(doc.habits.map((h) => h.id));
    const alone = {
      ...doc,
      habits: doc.habits.map((h) => ({ ...h, reminders: { ...h.reminders, habitStacks: (h.reminders?.habitStacks ?? []).filter((s) => inDocument.has(s.conditionHabitId)) } })),
    };
    const memory = await server.openStore(':memory:');
    try {
      result = server.importDocument(memory, alone);
    } finally {
      memory.close();
    }
  } catch (err) {
    if (err instanceof server.InvalidExportError) throw new UsageError(`${source} does not fit the local store: ${err.message}`);
    throw storageError(err, file) ?? err;
  }
  const overwrite = doc.habits.filter((h) => present.includes(h.id)).map((h) => ({ id: h.id, name: h.name }));
  const { inexact, ...counts } = result;
  for (const h of inexact) deps.out.warn(`warning: "${h.name}": the rebuilt history would not reproduce the document exactly at ${h.dates.slice(0, 5).join(', ')}${h.dates.length > 5 ? ', …' : ''}`);
  const names = overwrite.slice(0, 5).map((h) => `"${escapeControls(h.name)}"`).join(', ') + (overwrite.length > 5 ? `, and ${overwrite.length - 5} more` : '');
  const text = [
    `Would import into ${file} (a dry run: nothing was written)`,
    `  ${plural(counts.habits, 'habit')} (${counts.archived} archived): ${counts.habits - overwrite.length} new, ${overwrite.length} overwritten${overwrite.length ? ` (${names})` : ''}`,
    `  ${plural(counts.areas, 'area')}, ${plural(counts.notes, 'note')}, ${plural(counts.days, 'day')} of history`,
  ].join('\n') + '\n';
  await deps.out.render({ json: { dryRun: true, file, ...counts, overwrite, inexact: inexact.map((h) => ({ id: h.habitId, name: h.name, at: h.dates })) }, plain: () => text, tty: () => text });
}
