// `habits habit show <habit>`: every field of one habit in readable form.
import type { Command } from 'commander';
import { UsageError } from '../../errors.js';
import { examples, type App } from '../shared/app.js';
import { habitText } from '../../resolve/habit-refs.js';
import type { Deps } from '../shared/deps.js';
import { withEndDays } from '../shared/endings.js';
import { endState } from '../../model/ending.js';
import { factsOf } from '../../model/habit-facts.js';

/** Which habit `habit show` prints. */
export interface ShowOptions {
  ref: string;
}

/** Registers `habit show`. */
export function register(parent: Command, app: App): void {
  parent
    .command('show')
    .description('show every field of a habit: schedule, goal, reminders, stacks, end condition, …')
    .argument('<habit>', 'name, unique prefix, id, or id:<id>')
    .addHelpText('after', examples([
      ['habits habit show Walk'],
      ['habits habit show "drink w"', 'a unique prefix of the name'],
      ['habits habit show id:-Nab3xY', 'an id (ids may begin with "-")'],
      ['habits habit show Walk --json', 'the habit as the server returns it, with "ended" and "endedOn"'],
    ]))
    .action((ref: string, _opts, cmd: Command) => {
      const options = parse(ref);
      return app.run(cmd, (ctx) => run(options, ctx));
    });
}

/** Checks the arguments of `habit show`. */
export function parse(ref: string): ShowOptions {
  if (!ref.trim()) throw new UsageError('<habit>: name the habit to show');
  return { ref };
}

/** Fetches the habit and prints it, with whether its end condition has ended it (shared/endings.ts). */
export async function run({ ref }: ShowOptions, deps: Pick<Deps, 'api' | 'out' | 'resolver' | 'settings' | 'today'>): Promise<void> {
  const { id } = await deps.resolver.resolveHabit(ref);
  const habit = await (await deps.api()).request('GET /habits/{habitId}', { params: { habitId: id } });
  const facts = await withEndDays(new Map([[habit.id, factsOf(habit)]]), [habit.id], deps);
  const end = endState(facts.get(habit.id) ?? {}, deps.today());
  await deps.out.render({ json: { ...habit, ...end }, tty: () => habitText(deps, habit, true, undefined, end), plain: () => habitText(deps, habit, false, undefined, end) });
}
