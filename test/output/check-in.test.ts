// What `habits check` shows, as pure functions: the open habits grouped by time of day in the order
// of the day, the value each measurable habit offers, the questions and the review.
import { describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../src/api/types.js';
import { checkInGroups, checkInQuestion, checkInReview, choiceText, remainingValue } from '../../src/output/check-in.js';
import { displayWidth } from '../../src/output/plain.js';

function entry(name: string, over: Partial<JournalEntry> = {}): JournalEntry {
  return { id: `id-${name}`, name, status: 'inprogress', colorHex: '#000000', icon: null, timeOfDayIds: [], type: 'good', ...over };
}

const progress = (current: number, target: number, unit = 'min') => ({ progress: { current, target, unit, periodicity: 'daily' } });

describe('checkInGroups', () => {
  it('groups open habits morning, afternoon, evening, other periods, then any time; by name within a group', () => {
    const groups = checkInGroups([
      entry('Floss'),
      entry('Stretch', { timeOfDayIds: ['evening'] }),
      entry('Walk', { timeOfDayIds: ['morning'] }),
      entry('Lunch walk', { timeOfDayIds: ['p-lunch'] }),
      entry('Nap', { timeOfDayIds: ['afternoon'] }),
      entry('Aspirin', { timeOfDayIds: ['morning'] }),
      entry('Journal'),
    ], { 'p-lunch': 'Lunchtime' });
    expect(groups.map((g) => [g.label, g.entries.map((e) => e.name)])).toEqual([
      ['Morning', ['Aspirin', 'Walk']],
      ['Afternoon', ['Nap']],
      ['Evening', ['Stretch']],
      ['Other times', ['Lunch walk']],
      ['Any time', ['Floss', 'Journal']],
    ]);
  });

  it('leaves out what the day has settled; keeps a bad habit still under its limit', () => {
    const groups = checkInGroups([
      entry('Walk', { status: 'completed' }),
      entry('Run', { status: 'skipped' }),
      entry('Swim', { status: 'failed' }),
      entry('Smoking', { type: 'bad', ...progress(2, 5, 'rep') }),
      entry('Snacks', { type: 'bad', status: 'failed', ...progress(6, 5, 'rep') }),
    ]);
    expect(groups).toEqual([{ label: 'Any time', entries: [expect.objectContaining({ name: 'Smoking' })] }]);
    expect(checkInGroups([entry('Walk', { status: 'completed' })])).toEqual([]);
  });

  it('puts a habit of several periods with the earliest, and knows periods by their names', () => {
    const groups = checkInGroups([
      entry('Teeth', { timeOfDayIds: ['evening', 'morning'] }),
      entry('Tea', { timeOfDayIds: ['x7'] }),
    ], { x7: 'Afternoon' });
    expect(groups.map((g) => [g.label, g.entries.map((e) => e.name)])).toEqual([['Morning', ['Teeth']], ['Afternoon', ['Tea']]]);
  });
});

describe('remainingValue', () => {
  it('offers what remains to the goal, in its unit', () => {
    expect(remainingValue(entry('Read', progress(12, 30)))).toBe(18);
    expect(remainingValue(entry('Water', progress(0, 2000, 'mL')))).toBe(2000);
    expect(remainingValue(entry('Run', progress(0.1, 0.3, 'kM')))).toBe(0.2);
  });

  it('offers nothing without a goal, for a goal met, or for a bad habit (its target is a limit)', () => {
    expect(remainingValue(entry('Walk'))).toBeUndefined();
    expect(remainingValue(entry('Read', progress(30, 30)))).toBeUndefined();
    expect(remainingValue(entry('Read', progress(40, 30)))).toBeUndefined();
    expect(remainingValue(entry('Smoking', { type: 'bad', ...progress(2, 5, 'rep') }))).toBeUndefined();
  });
});

describe('questions and review', () => {
  it('asks with the status and progress as the journal shows them, units as people read them', () => {
    expect(checkInQuestion(entry('Walk'))).toBe('Walk (pending)');
    expect(checkInQuestion(entry('Run', progress(2, 5, 'kM')))).toBe('Run (pending, 2/5 km)');
    expect(checkInQuestion(entry('Read', progress(12, 20, 'rep')), 'pages')).toBe('Read (pending, 12/20 pages)');
    expect(checkInQuestion(entry('Smoking', { type: 'bad', ...progress(2, 5, 'rep') }))).toBe('Smoking (under limit, 2/5 rep)');
  });

  it('reviews what will be sent, aligned, and names the habits left open', () => {
    expect(choiceText({ kind: 'value', value: 18 }, 'min')).toBe('+18 min');
    expect(choiceText({ kind: 'value', value: 3 }, 'rep', 'pages')).toBe('+3 pages');
    expect(checkInReview('2026-11-22', [
      { name: 'Walk', text: 'done', leave: false },
      { name: 'Read', text: '+18 min', leave: false },
      { name: 'Floss', text: 'leave open', leave: true },
      { name: 'Meditate', text: 'skip', leave: false },
    ])).toBe(['To send for 2026-11-22:', '  Walk       done', '  Read       +18 min', '  Meditate   skip', 'Left open: Floss'].join('\n'));
  });
});

describe('the review on a narrow terminal (issue 22)', () => {
  it('cuts long and CJK names by display width so no line wraps; the answers stay whole', () => {
    const rows = [
      { name: '毎朝の読書と日記を書く習慣を続ける', text: 'done', leave: false },
      { name: 'Drink water every single morning before coffee', text: '+2 cups', leave: false },
      { name: 'Walk', text: 'skip', leave: false },
      { name: 'Stretch for ten minutes in the evening', text: '', leave: true },
    ];
    const review = checkInReview('2026-11-22', rows, 40);
    const lines = review.split('\n');
    for (const l of lines) expect(displayWidth(l), l).toBeLessThanOrEqual(40);
    // 40 columns less the margins and the longest answer leave the names 28.
    expect(lines[1]).toBe('  毎朝の読書と日記を書く習慣…    done');
    expect(lines[2]).toBe('  Drink water every single mo…   +2 cups');
    expect(lines[3]).toMatch(/^ {2}Walk\s+skip$/);
    expect(lines[4]).toBe("Left open: Stretch for ten minutes in t…");
    // Wide enough, nothing is cut.
    expect(checkInReview('2026-11-22', rows, 200)).toContain('Drink water every single morning before coffee   +2 cups');
  });
});
