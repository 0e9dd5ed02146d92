// `habits note ls <habit>`: every note of a habit, oldest first, all pages.
import type { Command } from 'commander';
import { listAll } from '../../api/paging.js';
import type { Note } from '../../api/types.js';
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import type { Output } from '../../output/output.js';
import { formatTimestamp } from '../../output/time.js';
import { wrapText } from '../../output/wrap.js';
import { examples, type App } from '../../program.js';
import { resolveHabit } from '../../resolve/index.js';
import { moodLabel } from './shared.js';

export interface NoteLsOptions {
  ref: string;
}

export function register(parent: Command, app: App): void {
  parent
    .command('ls')
    .alias('list')
    .description("list a habit's notes: date, mood and text")
    .argument('<habit>', 'habit name, id, id:<id> or unique prefix')
    .addHelpText('after', examples([
      ['habits note ls Walk'],
      ['habits note ls Walk | cut -f3', 'moods only (piped: id, createdAt, mood, text, photos)'],
      ['habits note ls Walk --json'],
    ]))
    .action((ref: string, _opts, cmd: Command) => {
      const options = parse(ref);
      return app.run(cmd, (ctx) => run(ctx, options));
    });
}

export function parse(ref: string): NoteLsOptions {
  if (!ref.trim()) throw new UsageError('<habit> is empty');
  return { ref };
}

export async function run(ctx: Context, options: NoteLsOptions): Promise<void> {
  const habit = await resolveHabit(ctx, options.ref);
  const notes = await listAll(await ctx.api(), 'GET /habits/{habitId}/notes', { params: { habitId: habit.id } });
  if (notes.length === 0 && !ctx.out.json) {
    ctx.out.info(`No notes on "${habit.name}" yet.`);
    return;
  }
  const zone = ctx.settings.timezone.value;
  await ctx.out.result(notes, () => (ctx.out.mode === 'tty' ? renderNotes(notes, zone, ctx.out) : ctx.out.table(tsvSpec(notes))));
}

/** Newlines, tabs and backslashes as `\n`, `\t`, `\\`, so one note stays one TSV line. */
export function escapeTsv(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\r\n|\n|\r/g, '\\n').replace(/\t/g, '\\t');
}

function tsvSpec(notes: Note[]) {
  return {
    head: ['ID', 'CREATED', 'MOOD', 'TEXT', 'PHOTOS'],
    rows: notes.map((n) => [n.id, n.createdAt, n.moodLevel ?? '', escapeTsv(n.content ?? ''), (n.photos ?? []).join(' ')]),
  };
}

const INDENT = '  ';

/** Notes for a terminal: a header line (date, mood, id) and the text wrapped to the width. */
export function renderNotes(notes: Note[], zone: string, out: Pick<Output, 'c' | 'width'>): string {
  const { c } = out;
  const blocks = notes.map((n) => {
    const head = [c.bold(formatTimestamp(n.createdAt, zone)), moodLabel(n.moodLevel), c.dim(`id:${n.id}`)].filter(Boolean).join('  ');
    const body = n.content ? wrapText(n.content, out.width - INDENT.length).map((l) => (l ? INDENT + l : '')) : [];
    const photos = (n.photos ?? []).map((p) => `${INDENT}${c.cyan('photo:')} ${p}`);
    return [head, ...body, ...photos].join('\n');
  });
  return blocks.join('\n\n') + '\n';
}
