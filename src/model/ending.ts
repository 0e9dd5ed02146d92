// When a habit's end condition was met, read from its statistics, for a server that says `isMet`
// but not on which day (production sends no `metOn`). The rules are the local service's
// (docs/local-service.md, "Habits that end") as far as the days' totals and statuses tell them:
// - totalLogValue: the first day on which the running total of the days reaches the value;
// - successPeriods and streak: the goal period that met them (a period counts as completed when a
//   day of it shows `completed`; one whose days are all `skipped` neither breaks nor extends a
//   streak), on the day its running total reached the goal, else its last completed day (a bad
//   habit: the period's last day). Pure.
import type { DailyProgress } from '../api/types.js';
import { reaches } from './goal.js';
import { endedBy, periodOf, type HabitEnd, type HabitFacts } from './habit-facts.js';


const amount = (d: Pick<DailyProgress, 'totalLog'>): number => (typeof d.totalLog === 'number' && Number.isFinite(d.totalLog) ? d.totalLog : 0);

/**
 * The day `end` was met, from `days` (a habit's dailyProgress from its start, totals in the goal's
 * unit); undefined when these days do not show it met.
 */
export function metDayFromProgress(end: HabitEnd, days: readonly DailyProgress[], facts: Pick<HabitFacts, 'type' | 'goal'>): string | undefined {
  const sorted = [...days].filter((d) => typeof d.date === 'string').sort((a, b) => a.date.localeCompare(b.date));
  if (end.type === 'date') return end.lastDay;
  const value = Number(end.value);
  if (end.type === 'totalLogValue') {
    let sum = 0;
    for (const d of sorted) {
      sum += amount(d);
      if (reaches(sum, value)) return d.date;
    }
    return undefined;
  }
  const periodicity = facts.goal?.periodicity ?? 'daily';
  const periods = new Map<string, DailyProgress[]>();
  for (const d of sorted) {
    const key = periodOf(periodicity, d.date).from;
    periods.set(key, [...(periods.get(key) ?? []), d]);
  }
  let run = 0;
  let completed = 0;
  for (const list of periods.values()) {
    const statuses = list.map((d) => d.status);
    if (statuses.includes('completed')) {
      run++;
      completed++;
      if (end.type === 'streak' ? run >= value : completed >= value) return completedDay(list, facts, periodicity);
    } else if (!statuses.every((s) => s === 'skipped')) run = 0;
  }
  return undefined;
}

/** The day a completed period's goal was reached (see the rules above). */
function completedDay(list: readonly DailyProgress[], facts: Pick<HabitFacts, 'type' | 'goal'>, periodicity: NonNullable<HabitFacts['goal']>['periodicity']): string {
  const last = list[list.length - 1]!.date;
  if (facts.type === 'bad') return periodOf(periodicity, last).to;
  let sum = 0;
  for (const d of list) {
    sum += amount(d);
    if (facts.goal && reaches(sum, facts.goal.value)) return d.date;
  }
  return [...list].reverse().find((d) => d.status === 'completed')!.date;
}

/** What `habit ls` and `habit show` say of a habit's end (their `--json` fields `ended`, `endedOn`). */
export interface EndState {
  /** Over on `today`: after its last due day, or met on a day the server does not say. */
  ended: boolean;
  /** Its last due day, when it has ended and the day is known. */
  endedOn: string | null;
}

/** The end state of a habit on `today`, from its facts (see withEndDays for the unknown days). */
export function endState(facts: Pick<HabitFacts, 'end'>, today: string): EndState {
  const over = endedBy(facts, today);
  if (over === false) return { ended: false, endedOn: null };
  return { ended: true, endedOn: over === true ? facts.end!.lastDay! : null };
}
