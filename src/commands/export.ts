// `habits export [--output FILE]`: everything the account holds as one JSON document, through the
// API only, so it works against any server and in local mode alike (docs/export-import.md).
import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { Command } from 'commander';
import type { ExportDocument } from '../api/types.js';
import type { Context } from '../context.js';
import { UsageError } from '../errors.js';
import { examples, type App } from '../program.js';
import { fetchHabits } from '../resolve/index.js';
import { collectExport, ROUND_TRIP_RULE } from './export-data.js';

/** What `habits export` was asked to do. */
export interface ExportOptions {
  /** The file to write; undefined prints the document on stdout. */
  output?: string;
}

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
      return app.run(self, (ctx) => run(ctx, options));
    });
}

export function parse(opts: { output?: string }): ExportOptions {
  if (opts.output === undefined || opts.output === '-') return {};
  if (!opts.output.trim()) throw new UsageError('--output: name a file (or - for stdout)');
  return { output: opts.output };
}

export async function run(ctx: Context, options: ExportOptions): Promise<void> {
  const api = await ctx.api();
  const habits = await fetchHabits(ctx, true);
  const doc = await collectExport({
    api,
    habits,
    today: ctx.today(),
    exportedAt: ctx.now().toISOString(),
    source: ctx.isLocal ? 'local' : ctx.settings.baseUrl.value,
  });
  if (options.output === undefined) {
    // The document is the data: it goes to stdout with or without --json.
    ctx.out.printJson(doc);
    return;
  }
  await writeAtomically(options.output, JSON.stringify(doc, null, 2) + '\n');
  const summary = summarize(doc);
  if (ctx.out.json) ctx.out.printJson({ file: options.output, ...summary });
  ctx.out.info(`Exported ${count(summary.habits, 'habit')}, ${count(summary.areas, 'area')}, ${count(summary.notes, 'note')} to ${options.output}`);
}

/** How many habits, areas and notes a document holds. */
export function summarize(doc: ExportDocument): { habits: number; areas: number; notes: number } {
  return { habits: doc.habits.length, areas: doc.areas.length, notes: doc.habits.reduce((n, h) => n + h.notes.length, 0) };
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/**
 * Writes `text` to `file` with mode 0600: into a temporary file beside it, flushed, then renamed
 * over it, so a reader never sees half a document and a failure leaves the old file as it was.
 */
export async function writeAtomically(file: string, text: string): Promise<void> {
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
    const why = code === 'ENOENT' ? 'its directory does not exist'
      : code === 'EACCES' || code === 'EPERM' ? 'permission denied'
      : code === 'EISDIR' ? 'it is a directory'
      : code === 'ENOSPC' ? 'no space left on the device'
      : (err as Error).message;
    throw new UsageError(`--output: cannot write ${file}: ${why}`);
  }
}
