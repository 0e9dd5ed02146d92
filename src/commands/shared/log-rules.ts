// What a log write checks before it is sent, so that it never reports success for a log that will
// not count (docs/cli-contract.md, "Every write changes what you see, or says why not"):
// - a date before the habit's start date is refused (exit 2), with the edit that allows it;
// - an archived habit, a day that is not due, or one after the habit's end, is a warning on stderr,
//   or a refusal with --strict.
// The facts come with the habit's name (the listing that resolved it, or the name cache). When they
// show a problem and may be stale, they are read again from the server before anything is said, so
// a warm, healthy write still costs one request.
import { UsageError } from '../../errors.js';
import { countsOn, endedBy, type HabitFacts } from '../../model/habit-facts.js';
import { escapeControls } from '../../model/text.js';
import { formatOccurrence, shellWord } from '../../output/format.js';
import { unreachable, type Named } from '../../resolve/index.js';
import type { Deps } from './deps.js';

/** One finding: a refusal, or a warning that --strict turns into one. */
interface Finding {
  refuse: boolean;
  message: string;
  hint?: string;
}

function findings(habit: Named, facts: HabitFacts, date: string): Finding[] {
  // One line in a warning or an error: a line break in the name shows as \n (as everywhere).
  const name = `"${escapeControls(habit.name)}"`;
  if (facts.startDate && date < facts.startDate) {
    return [{
      refuse: true,
      message: `${name} starts on ${facts.startDate}, so a log for ${date} would never count`,
      hint: `to backfill, move its start first: habits habit edit ${shellWord(habit.name)} --start ${date}`,
    }];
  }
  const found: Finding[] = [];
  if (facts.archived) {
    found.push({ refuse: false, message: `${name} is archived: the log is kept, but the journal does not show the habit` });
  }
  if (endedBy(facts, date) === true) {
    // Not due after its last day; a log there still adds to a total (an end by total reads it).
    found.push({ refuse: false, message: `${name} ended on ${facts.end!.lastDay} (its end condition was met), so it is no longer due on ${date}: the log is kept, but settles nothing` });
  } else if (countsOn(facts, date) === false) {
    const period = facts.goal?.periodicity ?? 'daily';
    const when = period === 'daily' ? `is not due on ${date}` : `has no due day in the ${period.replace(/ly$/, '')} of ${date}`;
    found.push({
      refuse: false,
      message: `${name} ${when} (it is due ${formatOccurrence(facts.occurrence)}), so the log is kept but counts for nothing`,
    });
  }
  return found;
}

/**
 * Checks a log write of `habit` on `date`. Returns the warnings to print; throws a UsageError
 * (exit 2) for a refusal, and for any finding when `strict`.
 */
export async function applyLogRules(habit: Named, date: string, strict: boolean, deps: Pick<Deps, 'resolver'>): Promise<{ warnings: string[]; facts: HabitFacts; fresh: boolean }> {
  let facts = habit.facts;
  let fresh = false;
  let found = facts ? findings(habit, facts, date) : [];
  // No facts (an id the cache never saw), or a finding from facts that may be minutes old: ask.
  if (!facts || found.length > 0) {
    const known = facts;
    // The server out of reach: the cached facts are all there is (the write may wait in the outbox).
    const read = await deps.resolver.freshFacts(habit.id).then((f) => [f, true] as const, (err: unknown) => {
      if (known && unreachable(err)) return [known, false] as const;
      throw err;
    });
    [facts, fresh] = read;
    found = findings(habit, facts, date);
  }
  const refusal = found.find((f) => f.refuse) ?? (strict ? found[0] : undefined);
  if (refusal) throw new UsageError(refusal.message, refusal.hint ?? (strict ? 'without --strict this is a warning and the log is sent' : undefined));
  return { warnings: found.map((f) => f.message), facts, fresh };
}
