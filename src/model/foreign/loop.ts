// Loop Habit Tracker's CSV export, read as its exporter writes it (docs/import-formats.md cites the
// source): `Habits.csv`, one row per habit (HabitList.writeCSV), and a folder per habit,
// `NNN Name/Checkmarks.csv` with `Date,Value,Notes` rows (HabitsCSVExporter.writeEntries), whose
// NNN is the habit's Position. Values are Entry.formattedValue: YES_MANUAL, YES_AUTO, NO, SKIP,
// UNKNOWN, or for a numerical habit the amount times 1000. Pure.
import { parseUnit } from '../grammar.js';
import { isValidDate } from '../dates.js';
import { ForeignFormatError, frequencyWords, scheduleOf, sortedDays, type ForeignDay, type ForeignHabit, type ForeignPlan, type Unmapped } from './plan.js';
import { parseCsv } from './csv.js';

/** The columns Habits.csv must have; the others are read when present. */
const REQUIRED = ['Position', 'Name', 'FrequencyNumerator', 'FrequencyDenominator'] as const;

/**
 * The plan of a Loop export: `files` maps each path inside the export (`Habits.csv`,
 * `001 Walk/Checkmarks.csv`) to its text; `today` bounds the start date of a habit without days.
 */
export function parseLoop(files: ReadonlyMap<string, string>, today: string): ForeignPlan {
  const habitsText = files.get('Habits.csv');
  if (habitsText === undefined) throw new ForeignFormatError('Habits.csv', undefined, 'not found: a Loop export holds Habits.csv beside a folder per habit');
  const rows = parseCsv(habitsText, 'Habits.csv');
  const header = rows[0] ?? [];
  const col = (name: string): number => header.indexOf(name);
  for (const name of REQUIRED) if (col(name) === -1) throw new ForeignFormatError('Habits.csv', 1, `no "${name}" column (the header is: ${header.join(',') || 'empty'})`);
  const unmapped: Unmapped[] = [];
  const habits: ForeignHabit[] = [];
  const folders = new Map<string, string>();
  for (const path of files.keys()) {
    const m = /^(\d{3}) [^/]*\/Checkmarks\.csv$/.exec(path);
    if (m) folders.set(m[1]!, path);
  }
  rows.slice(1).forEach((row, i) => {
    const line = i + 2;
    const get = (name: string): string => (col(name) === -1 ? '' : (row[col(name)] ?? '').trim());
    if (row.length < header.length - 1) throw new ForeignFormatError('Habits.csv', line, `${row.length} fields where the header has ${header.length}`);
    const name = get('Name');
    if (!name) throw new ForeignFormatError('Habits.csv', line, 'a habit without a name');
    const [target, interval] = [Number(get('FrequencyNumerator')), Number(get('FrequencyDenominator'))];
    if (!Number.isInteger(target) || !Number.isInteger(interval) || target < 1 || interval < 1) {
      throw new ForeignFormatError('Habits.csv', line, `"${name}": frequency ${get('FrequencyNumerator')}/${get('FrequencyDenominator')} is not two whole numbers above 0`);
    }
    const numerical = get('Type') === 'NUMERICAL';
    const schedule = scheduleOf(numerical ? 1 : Math.min(target, interval), numerical ? (interval === 1 ? 1 : interval) : interval);
    const frequency = numerical ? `${get('Target Type') === 'AT_MOST' ? 'at most' : 'at least'} ${get('Target Value')} ${get('Unit')} ${interval === 1 ? 'a day' : interval === 7 ? 'a week' : `in ${interval} days`}` : frequencyWords(target, interval);
    if (!schedule.exact || (numerical && interval !== 1 && !schedule.periodicity)) {
      unmapped.push({ habit: name, what: `frequency ${frequency}`, why: 'habits has no such period: imported as every day' });
    }
    const habit: ForeignHabit = {
      name, type: numerical && get('Target Type') === 'AT_MOST' ? 'bad' : 'good',
      description: [get('Question'), get('Description')].filter(Boolean).join('\n\n'),
      occurrence: numerical ? { type: 'daily' } : schedule.occurrence,
      startDate: today, archived: get('Archived?') === 'true', frequency, days: [],
      ...(/^#[0-9A-Fa-f]{6}$/.test(get('Color')) ? { colorHex: get('Color').toUpperCase() } : {}),
    };
    const periodicity = numerical ? (interval === 1 ? 'daily' : (schedule.periodicity ?? 'daily')) : schedule.periodicity;
    if (numerical) {
      const unit = get('Unit');
      const goalValue = Number(get('Target Value'));
      let symbol: ReturnType<typeof parseUnit> = 'rep';
      try {
        symbol = parseUnit(unit);
      } catch {
        if (unit) habit.customUnitName = unit.slice(0, 50);
      }
      if (Number.isFinite(goalValue) && goalValue > 0) habit.goal = { periodicity: periodicity!, value: goalValue, unit: symbol };
      else unmapped.push({ habit: name, what: `target ${get('Target Value') || '(none)'}`, why: 'a goal needs a value above 0: its amounts are left out' });
    } else if (periodicity) {
      habit.goal = { periodicity, value: Math.min(target, interval), unit: 'rep' };
    }
    const position = get('Position').padStart(3, '0');
    const path = folders.get(position);
    if (path === undefined) {
      unmapped.push({ habit: name, what: 'its checkmarks', why: `no folder "${position} …" with a Checkmarks.csv in the export` });
    } else {
      readCheckmarks(habit, parseCsv(files.get(path)!, path), path, numerical, unmapped);
    }
    if (habit.days[0] && habit.days[0].date < habit.startDate) habit.startDate = habit.days[0].date;
    habits.push(habit);
  });
  return { source: 'loop', habits, unmapped };
}

/** A habit's Checkmarks.csv rows into its days; what has no equivalent counted in `unmapped`. */
function readCheckmarks(habit: ForeignHabit, rows: string[][], file: string, numerical: boolean, unmapped: Unmapped[]): void {
  if (rows[0]?.[0] !== 'Date' || rows[0]?.[1] !== 'Value') throw new ForeignFormatError(file, 1, `expected the header Date,Value,Notes, got ${rows[0]?.join(',') ?? 'nothing'}`);
  const days = new Map<string, ForeignDay>();
  const left = { auto: 0, notes: 0, tiny: 0 };
  rows.slice(1).forEach((row, i) => {
    const [date = '', value = '', notes = ''] = row;
    if (!isValidDate(date)) throw new ForeignFormatError(file, i + 2, `"${date}" is not a date (YYYY-MM-DD)`);
    if (notes.trim()) left.notes++;
    switch (value) {
      case 'UNKNOWN':
        return;
      case 'YES_AUTO':
        // Loop fills the days its frequency lets off; habits works them out from the schedule.
        if (!numerical) left.auto++;
        else left.tiny++;
        return;
      case 'SKIP':
        days.set(date, { date, mark: 'skipped' });
        return;
      case 'NO':
        if (!numerical) days.set(date, { date, mark: 'failed' });
        return;
      case 'YES_MANUAL':
        if (numerical) left.tiny++;
        else days.set(date, habit.goal ? { date, value: 1 } : { date, mark: 'completed' });
        return;
      default: {
        const n = /^-?\d+$/.test(value) ? Number(value) : NaN;
        if (!numerical || !Number.isFinite(n)) throw new ForeignFormatError(file, i + 2, `"${value}" is not a checkmark (YES_MANUAL, YES_AUTO, NO, SKIP, UNKNOWN${numerical ? ' or an amount times 1000' : ''})`);
        if (n > 0 && habit.goal) days.set(date, { date, value: n / 1000 });
      }
    }
  });
  habit.days = sortedDays(days);
  if (left.auto) unmapped.push({ habit: habit.name, what: `${left.auto} YES_AUTO ${left.auto === 1 ? 'day' : 'days'}`, why: 'Loop fills them in from the frequency; habits works out which days are due itself' });
  if (left.notes) unmapped.push({ habit: habit.name, what: `${left.notes} day ${left.notes === 1 ? 'note' : 'notes'}`, why: 'a note of habits has no day of its own, only its creation time' });
  if (left.tiny) unmapped.push({ habit: habit.name, what: `${left.tiny} amounts written as YES_MANUAL or YES_AUTO`, why: 'Loop writes the amounts 0.002 and 0.001 under these words: ambiguous' });
}
