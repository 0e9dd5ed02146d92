// harsh's two files, read as harsh reads them (docs/import-formats.md cites the source): `habits`,
// `Name: frequency[: end date]` lines under optional `! Heading` lines (storage.LoadHabitsConfig,
// Habit.ParseHabitFrequency: `1` daily, `7` or `1w` weekly, `3/7` three times in seven days, `0`
// tracked only), and `log`, `YYYY-MM-DD : Name : y|n|s[ : comment[ : amount]]` lines
// (storage.LoadLog). `#` begins a comment line in both. Pure.
import { isValidDate } from '../dates.js';
import { ForeignFormatError, frequencyWords, scheduleOf, sortedDays, type ForeignDay, type ForeignHabit, type ForeignPlan, type Unmapped } from './plan.js';

/** A frequency word as harsh's parseDay reads it: digits, then nothing or `w` (weeks). */
function days(word: string): number | undefined {
  const m = /^(\d+)(w?)$/.exec(word.trim());
  return m ? Number(m[1]) * (m[2] ? 7 : 1) : undefined;
}

/** The plan of harsh's `habits` and `log` texts; `today` is the start date of a habit never logged. */
export function parseHarsh(habitsText: string, logText: string, today: string, files = { habits: 'habits', log: 'log' }): ForeignPlan {
  const unmapped: Unmapped[] = [];
  const habits: ForeignHabit[] = [];
  const byName = new Map<string, { habit: ForeignHabit; days: Map<string, ForeignDay>; amounts: number; comments: number }>();
  const headings = new Set<string>();
  habitsText.split(/\r?\n/).forEach((line, i) => {
    if (!line || line.startsWith('#')) return;
    if (line.startsWith('!')) {
      if (line.includes('! ')) headings.add(line.split('! ')[1]!.trim());
      return;
    }
    const parts = line.split(': ');
    const name = parts[0]!.trim();
    const frequency = (parts[1] ?? '').trim();
    if (parts.length < 2 || !name || !frequency) throw new ForeignFormatError(files.habits, i + 1, `expected "Habit name: frequency", got "${line}"`);
    const [before, after, extra] = frequency.split('/');
    let target = days(before ?? '');
    let interval = after === undefined ? undefined : days(after);
    if (target === undefined || extra !== undefined || (after !== undefined && (interval === undefined || interval === 0))) {
      throw new ForeignFormatError(files.habits, i + 1, `"${name}": "${frequency}" is not a frequency (1, 7, 1w, 3/7, 0)`);
    }
    if (interval === undefined) [target, interval] = target === 0 ? [0, 1] : [1, target];
    if (target > interval) throw new ForeignFormatError(files.habits, i + 1, `"${name}": ${frequency} asks more times than the days it counts`);
    const end = (parts[2] ?? '').trim();
    if (end && !isValidDate(end)) throw new ForeignFormatError(files.habits, i + 1, `"${name}": end date "${end}" is not YYYY-MM-DD`);
    const schedule = scheduleOf(Math.max(target, 1), interval);
    const words = target === 0 ? 'tracked, never due' : frequencyWords(target, interval);
    if (target === 0) unmapped.push({ habit: name, what: 'frequency 0', why: 'habits has no habit that is never due: imported as every day' });
    else if (!schedule.exact) unmapped.push({ habit: name, what: `frequency ${words}`, why: 'habits has no such period: imported as every day' });
    const habit: ForeignHabit = {
      name, type: 'good', description: '', occurrence: schedule.occurrence, startDate: today, archived: false, frequency: words, days: [],
      ...(schedule.periodicity ? { goal: { periodicity: schedule.periodicity, value: target, unit: 'rep' as const } } : {}),
      ...(end ? { endDate: end } : {}),
    };
    habits.push(habit);
    byName.set(name, { habit, days: new Map(), amounts: 0, comments: 0 });
  });
  if (headings.size) unmapped.push({ what: `${headings.size} headings (${[...headings].join(', ')})`, why: 'harsh groups habits under them; habits has no such grouping to import them into' });
  const strays = new Map<string, number>();
  let skippedLines = 0;
  logText.split(/\r?\n/).forEach((line) => {
    if (!line || line.startsWith('#')) return;
    const parts = line.split(' : ');
    const [date = '', name = '', result = ''] = parts.map((p, i) => (i === 2 ? p.trim() : p));
    // As harsh does, a line it cannot read is left out (and counted), not fatal.
    if (parts.length < 3 || !isValidDate(date) || !name.trim() || !['y', 'n', 's'].includes(result)) {
      skippedLines++;
      return;
    }
    const entry = byName.get(name);
    if (!entry) {
      strays.set(name, (strays.get(name) ?? 0) + 1);
      return;
    }
    if ((parts[3] ?? '').trim()) entry.comments++;
    if (Number(parts[4] ?? 0)) entry.amounts++;
    const day: ForeignDay = result === 'y' ? (entry.habit.goal ? { date, value: 1 } : { date, mark: 'completed' }) : { date, mark: result === 'n' ? 'failed' : 'skipped' };
    entry.days.set(date, day);
  });
  for (const { habit, days: d, amounts, comments } of byName.values()) {
    habit.days = sortedDays(d);
    if (habit.days[0] && habit.days[0].date < habit.startDate) habit.startDate = habit.days[0].date;
    if (habit.endDate && habit.endDate < habit.startDate) habit.startDate = habit.endDate;
    if (comments) unmapped.push({ habit: habit.name, what: `${comments} ${comments === 1 ? 'comment' : 'comments'}`, why: 'a note of habits has no day of its own, only its creation time' });
    if (amounts) unmapped.push({ habit: habit.name, what: `${amounts} ${amounts === 1 ? 'amount' : 'amounts'}`, why: 'harsh gives them no unit, and the habit has no goal to count them in' });
  }
  for (const [name, n] of strays) unmapped.push({ habit: name, what: `${n} log ${n === 1 ? 'line' : 'lines'}`, why: 'the habits file has no such habit' });
  if (skippedLines) unmapped.push({ what: `${skippedLines} log ${skippedLines === 1 ? 'line' : 'lines'}`, why: 'not "YYYY-MM-DD : habit : y|n|s": harsh skips them too' });
  return { source: 'harsh', habits, unmapped };
}
