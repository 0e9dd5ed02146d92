// The habit-stack prompt: a list the user adds to and removes from; each stack names the habit
// whose status starts this one (chosen from the user's habits), the trigger and the timer.
import type { HabitStackInput, StackType } from '../api/types.js';
import { check } from '../model/grammar.js';
import { parseDuration } from '../model/habit-fields.js';
import { formatStack } from '../output/format.js';
import type { Named } from '../resolve/index.js';
import type { Prompter } from './prompter.js';

type Action = { kind: 'add' } | { kind: 'done' } | { kind: 'remove'; index: number };

// One object, so that select's default (compared by identity) finds it.
const DONE: Action = { kind: 'done' };

/** What the stack prompt needs besides the prompter. */
export interface StackPromptEnv {
  /** Habits that may be a stack's condition (active ones, without the habit being edited). */
  loadHabits(): Promise<Named[]>;
  /** The name of a habit id, for the list. */
  nameOf(id: string): string | undefined;
  /** Prints a note (on stderr) when there is nothing to choose from. */
  note(text: string): void;
}

/** Asks for one stack, or returns undefined when there is no other habit to stack on. */
async function promptStack(p: Prompter, env: StackPromptEnv): Promise<HabitStackInput | undefined> {
  const habits = await env.loadHabits();
  if (habits.length === 0) {
    env.note('There is no other habit to stack this one on yet.');
    return undefined;
  }
  const conditionHabitId = await p.select<string>({
    message: 'Start after which habit?',
    choices: habits.map((h) => ({ name: h.name, value: h.id })),
    pageSize: 10,
  });
  const type = await p.select<StackType>({
    message: 'When that habit is',
    choices: [
      { name: 'completed', value: 'completed' },
      { name: 'skipped', value: 'skipped' },
      { name: 'failed', value: 'failed' },
      { name: 'reminded (at its reminder)', value: 'reminder' },
    ],
    default: 'completed',
  });
  const timer = await p.select<'immediately' | 'after'>({
    message: 'Start this habit',
    choices: [{ name: 'immediately', value: 'immediately' }, { name: 'after a delay', value: 'after' }],
    default: 'immediately',
  });
  if (timer === 'immediately') return { conditionHabitId, type, timerType: 'immediately' };
  const delay = await p.input({ message: 'Delay (e.g. 30s, 10m, 1h30m)', default: '10m', validate: (v) => check(() => parseDuration(v)) });
  return { conditionHabitId, type, timerType: 'after', timerDelaySecs: parseDuration(delay) };
}

/** Edits the list of stacks, starting from `current` (kept stacks keep their ids). */
export async function promptStacks(p: Prompter, current: readonly HabitStackInput[], env: StackPromptEnv): Promise<HabitStackInput[]> {
  const list = [...current];
  const words = (s: HabitStackInput) => formatStack(s, env.nameOf);
  for (;;) {
    const action = await p.select<Action>({
      message: `Habit stacks: ${list.length ? list.map(words).join('; ') : 'none'}`,
      choices: [
        { name: list.length ? 'Done with stacks' : 'Go on without stacks', value: DONE },
        { name: 'Add a stack (start after another habit)', value: { kind: 'add' } },
        ...list.map((s, index) => ({ name: `Remove ${words(s)}`, value: { kind: 'remove' as const, index } })),
      ],
      default: DONE,
    });
    if (action.kind === 'done') return list;
    if (action.kind === 'add') {
      const stack = await promptStack(p, env);
      if (stack) list.push(stack);
      else return list;
    } else list.splice(action.index, 1);
  }
}
