// Going back in a walk of questions (Esc). A walk is a function of its answers, so going back one
// question runs it again from the start: the answers before that question are given back without
// asking or drawing anything, and from that question on each is asked again, pre-filled with the
// answer it had. The prompts a walk calls (goal, reminders, stacks…) need not know: they ask
// through the recording prompter, whose every question listens for Esc.
import { BackError, type Choice, type Prompter } from './prompter.js';

/** What a walk may ask of its run: whether it is still on ground the user has seen. */
export interface Replay {
  /**
   * True on a run after an Esc until its first question is asked: notes printed on the way (and
   * just before that question) were shown by the run before.
   */
  readonly replaying: boolean;
}

type Kind = 'input' | 'confirm' | 'select' | 'checkbox' | 'number';

/** One answer given, with the question it answered. */
interface Answer {
  kind: Kind;
  message: string;
  value: unknown;
}

/** Values compared as data: a select's choices are built afresh on every run. */
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * A prompter that gives back `kept` answers in order while the questions match them, then asks
 * `p` (with Esc on), pre-filling a question from `ahead` (the answer given at that place before
 * going back). Every answer lands in `given`. `rerun`: a run after an Esc.
 */
function recorder(p: Prompter, kept: Answer[], ahead: readonly (Answer | undefined)[], given: Answer[], rerun: boolean): Prompter & Replay {
  let asking = !rerun;
  async function next<T>(kind: Kind, message: string, live: (before: unknown, known: boolean) => Promise<T>): Promise<T> {
    const at = given.length;
    const old = kept[at];
    if (!asking && old && old.kind === kind && old.message === message) {
      given.push(old);
      return old.value as T;
    }
    // A question that is not the one answered here before: from here on, everything is asked.
    asking = true;
    const before = ahead[at];
    const known = !!before && before.kind === kind && before.message === message;
    const value = await live(known ? before.value : undefined, known);
    given.push({ kind, message, value });
    return value;
  }
  const withChecks = <T>(choices: Choice<T>[], values: unknown): Choice<T>[] =>
    Array.isArray(values) ? choices.map((c) => ({ ...c, checked: values.some((v) => same(v, c.value)) })) : choices;
  return {
    available: p.available,
    get replaying() {
      return !asking;
    },
    input: (o) => next('input', o.message, (before, known) => p.input({ ...o, ...(known ? { default: before as string } : {}), back: true })),
    confirm: (o) => next('confirm', o.message, (before, known) => p.confirm({ ...o, ...(known ? { default: before as boolean } : {}), back: true })),
    number: (o) => next('number', o.message, (before, known) => p.number({ ...o, ...(known && before !== undefined ? { default: before as number } : {}), back: true })),
    select: <T>(o: { message: string; choices: Choice<T>[]; default?: T; pageSize?: number }) =>
      next('select', o.message, (before, known) => {
        const choice = known ? o.choices.find((c) => same(c.value, before)) : undefined;
        return p.select<T>({ ...o, ...(choice ? { default: choice.value } : {}), back: true });
      }),
    checkbox: <T>(o: { message: string; choices: Choice<T>[]; validate?: (value: readonly T[]) => true | string; pageSize?: number }) =>
      next('checkbox', o.message, (before, known) => p.checkbox<T>({ ...o, choices: known ? withChecks(o.choices, before) : o.choices, back: true })),
    password: (o) => p.password(o),
    editor: (o) => p.editor(o),
    keys: (o) => p.keys(o),
  };
}

/**
 * Runs `walk` with Esc going back one question. `walk` must be a function of its answers: it is run
 * again from the start after each Esc, and must start from the same state each time (copy what it
 * changes). Esc at the first question asks it again (`atFirst: 'stay'`), or rejects with BackError
 * for the caller to go back further (`'leave'`).
 */
export async function walkWithBack<T>(p: Prompter, atFirst: 'stay' | 'leave', walk: (p: Prompter & Replay) => Promise<T>): Promise<T> {
  let kept: Answer[] = [];
  let ahead: (Answer | undefined)[] = [];
  for (let rerun = false; ; rerun = true) {
    const given: Answer[] = [];
    try {
      return await walk(recorder(p, kept, ahead, given, rerun));
    } catch (err) {
      if (!(err instanceof BackError)) throw err;
      // Esc at the question after the last answer: that answer is asked again, pre-filled; the
      // answers given after it before (an earlier Esc) pre-fill the questions that follow.
      const at = given.length;
      ahead = [...given, ...ahead.slice(at)];
      if (at === 0 && atFirst === 'leave') throw err;
      // The answer asked again leaves the screen: it must not show twice (its new answer follows).
      if (at > 0) p.unanswer?.();
      kept = given.slice(0, Math.max(0, at - 1));
    }
  }
}
