// `habits note ls <habit>`: every note of a habit, oldest first, all pages.
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { renderNotes } from '../../output/notes.js';
import { examples, type App } from '../shared/app.js';
import { allNotes } from '../../api/paging.js';
import type { Deps } from '../shared/deps.js';

/** What `note ls` was asked to do. */
export interface NoteLsOptions {
  ref: string;
}

/** Registers `note ls` (alias `list`). */
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
      return app.run(cmd, (ctx) => run(options, ctx));
    });
}

/** Checks the argument before any request. */
export function parse(ref: string): NoteLsOptions {
  if (!ref.trim()) throw new UsageError('<habit> is empty');
  return { ref };
}

/** Lists the notes: blocks on a terminal, TSV in a pipe (text escaped by the TSV rule), or JSON. */
export async function run(options: NoteLsOptions, deps: Pick<Deps, 'api' | 'out' | 'resolver' | 'settings'>): Promise<void> {
  const habit = await deps.resolver.resolveHabit(options.ref);
  const notes = await allNotes(await deps.api(), habit.id);
  if (notes.length === 0) return deps.out.empty(notes, `No notes on "${habit.name}" yet.`);
  await deps.out.render({
    json: notes,
    page: true,
    tty: () => renderNotes(notes, deps.settings.timezone.value, deps.out),
    plain: () => deps.out.table({
      head: ['ID', 'CREATED', 'MOOD', 'TEXT', 'PHOTOS'],
      rows: notes.map((n) => [n.id, n.createdAt, n.moodLevel ?? '', n.content ?? '', (n.photos ?? []).join(' ')]),
    }),
  });
}
