import { describe, expect, it } from 'vitest';
import type { JournalEntry } from '../../src/api/types.js';
import { makeChalk } from '../../src/output/color.js';
import {
  journalSummary, journalTable, journalTsv, longDate, orderJournal, progressBar, progressText,
  statusLabel, streakText,
} from '../../src/output/journal.js';
import { displayWidth, stripAnsi } from '../../src/output/plain.js';
import { renderTtyTable } from '../../src/output/table.js';

const mono = makeChalk(0);
const colour = makeChalk(1);

function entry(over: Partial<JournalEntry> & Pick<JournalEntry, 'id' | 'name'>): JournalEntry {
  return { status: 'inprogress', colorHex: '#000000', icon: null, timeOfDayIds: [], type: 'good', ...over };
}

const DAY: JournalEntry[] = [
  entry({ id: 'a', name: 'Read', status: 'completed', timeOfDayIds: ['evening'], currentStreak: { length: 12, unit: 'day' }, progress: { current: 30, target: 30, unit: 'min', periodicity: 'daily' } }),
  entry({ id: 'b', name: 'Stretch', timeOfDayIds: ['evening'] }),
  entry({ id: 'c', name: 'Walk', timeOfDayIds: ['morning'], progress: { current: 12, target: 30, unit: 'min', periodicity: 'daily' }, currentStreak: { length: 1, unit: 'days' } }),
  entry({ id: 'd', name: 'Meditate', timeOfDayIds: ['afternoon'] }),
  entry({ id: 'e', name: 'Journal', status: 'skipped' }),
  entry({ id: 'f', name: 'Smoking', type: 'bad', status: 'failed' }),
  entry({ id: 'g', name: 'Drink water', timeOfDayIds: [] }),
  entry({ id: 'h', name: 'Floss', status: 'completed', timeOfDayIds: ['morning'] }),
];

describe('orderJournal', () => {
  it('puts pending first by time of day then name, then done, skipped, failed', () => {
    expect(orderJournal(DAY).map((e) => e.name)).toEqual([
      'Walk', 'Meditate', 'Stretch', 'Drink water', 'Floss', 'Read', 'Journal', 'Smoking',
    ]);
  });

  it('ranks opaque time-of-day ids by their cached names', () => {
    const entries = [
      entry({ id: '1', name: 'B', timeOfDayIds: ['t3'] }),
      entry({ id: '2', name: 'A', timeOfDayIds: ['t9'] }),
      entry({ id: '3', name: 'C', timeOfDayIds: ['t1'] }),
    ];
    const names = { t1: 'Morning', t3: 'Evening', t9: 'Late' };
    expect(orderJournal(entries, names).map((e) => e.name)).toEqual(['C', 'B', 'A']);
  });
});

describe('orderJournal on a large day', () => {
  it('orders 300 entries, with ties at every rank, as one comparison per pair would', () => {
    const statuses = ['inprogress', 'completed', 'skipped', 'failed', 'odd'];
    const times = [[], ['morning'], ['t1'], ['evening', 'morning'], ['other']];
    const names = ['Walk', 'walk', 'Wälk', 'Read', 'read', 'Éclair', '2 pushups', '10 pushups'];
    const entries = Array.from({ length: 300 }, (_, i) =>
      entry({ id: `id${(i * 7919) % 1000}`, name: names[(i * 31) % names.length]!, status: statuses[(i * 13) % 5]!, timeOfDayIds: times[(i * 17) % 5]! }));
    const tod = { t1: 'Afternoon' };
    // The ordering as first written: every comparison recomputes both entries' ranks.
    const rank = (e: JournalEntry) => {
      const s = ({ inprogress: 0, completed: 1, skipped: 2, failed: 3 } as Record<string, number>)[e.status] ?? 4;
      const ids = e.timeOfDayIds ?? [];
      const t = ids.length === 0 ? 5 : Math.min(...ids.map((id) => {
        const i = ['morning', 'afternoon', 'evening', 'night'].findIndex((p) => `${id} ${(tod as Record<string, string>)[id] ?? ''}`.toLowerCase().includes(p));
        return i === -1 ? 4 : i;
      }));
      return [s, t] as const;
    };
    const expected = [...entries].sort((a, b) => {
      const [sa, ta] = rank(a);
      const [sb, tb] = rank(b);
      return sa - sb || ta - tb || a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id.localeCompare(b.id);
    });
    expect(orderJournal(entries, tod)).toEqual(expected);
  });
});

describe('statusLabel', () => {
  it('gives every status a symbol and a word', () => {
    expect(statusLabel({ status: 'completed', type: 'good' })).toMatchObject({ symbol: '✓', word: 'done' });
    expect(statusLabel({ status: 'inprogress', type: 'good' })).toMatchObject({ symbol: '○', word: 'pending' });
    expect(statusLabel({ status: 'skipped', type: 'good' })).toMatchObject({ symbol: '»', word: 'skipped' });
    expect(statusLabel({ status: 'failed', type: 'good' })).toMatchObject({ symbol: '✗', word: 'failed' });
    expect(statusLabel({ status: 'weird', type: 'good' })).toMatchObject({ symbol: '?', word: 'weird' });
  });

  it('shows an amount short of the goal as ◐ partial, the glyph week and month draw for that day', () => {
    const short = { current: 12, target: 30, unit: 'min', periodicity: 'daily' };
    expect(statusLabel({ status: 'inprogress', type: 'good', progress: short })).toMatchObject({ symbol: '◐', word: 'partial' });
    expect(statusLabel({ status: 'inprogress', type: 'good', progress: short }, true)).toMatchObject({ symbol: '◐', word: 'partial' });
    expect(statusLabel({ status: 'inprogress', type: 'good', progress: { ...short, current: 0 } })).toMatchObject({ symbol: '○', word: 'pending' });
    expect(statusLabel({ status: 'inprogress', type: 'good', progress: { ...short, current: 0 } }, true)).toMatchObject({ symbol: '○', word: 'missed' });
    // A bad habit under its limit stays ○, as week draws it.
    expect(statusLabel({ status: 'inprogress', type: 'bad', progress: { ...short, current: 12 } })).toMatchObject({ symbol: '○', word: 'under limit' });
  });

  it('words bad habits as limits', () => {
    const limit = { current: 1, target: 2, unit: 'cup', periodicity: 'daily' };
    expect(statusLabel({ status: 'inprogress', type: 'bad', progress: limit }).word).toBe('under limit');
    expect(statusLabel({ status: 'inprogress', type: 'bad' }).word).toBe('clean so far');
    expect(statusLabel({ status: 'completed', type: 'bad', progress: limit }).word).toBe('within limit');
    expect(statusLabel({ status: 'completed', type: 'bad' }).word).toBe('avoided');
    expect(statusLabel({ status: 'failed', type: 'bad', progress: limit }).word).toBe('over limit');
  });
});

describe('pieces', () => {
  it('summarises the day with its long date', () => {
    expect(longDate('2026-11-22')).toBe('Sunday 22 Nov 2026');
    // Counted in the rows' own words: the heading says partial where the table does.
    expect(journalSummary('2026-11-22', DAY, '2026-11-22')).toBe('Sunday 22 Nov 2026 (today) · 2/8 done · 1 partial · 3 pending · 1 skipped · 1 failed');
    expect(journalSummary('2026-11-21', DAY.slice(0, 1), '2026-11-22')).toBe('Saturday 21 Nov 2026 · 1/1 done');
    expect(journalSummary('2026-11-22', DAY, '2026-11-22', 70)).toBe('Sunday 22 Nov 2026 (today) · 2/8 done · 1 partial · 3 pending');
    expect(journalSummary('2026-11-22', DAY, '2026-11-22', 60)).toBe('Sunday 22 Nov 2026 (today) · 2/8 done · 1 partial');
    expect(journalSummary('2026-11-22', DAY, '2026-11-22', 30)).toBe('Sunday 22 Nov 2026 · 2/8 done');
  });

  it('draws an 8-cell bar, full at or past the target', () => {
    expect(progressBar(12, 30)).toBe('███░░░░░');
    expect(progressBar(15, 30)).toBe('████░░░░');
    expect(progressBar(0, 30)).toBe('░░░░░░░░');
    expect(progressBar(45, 30)).toBe('████████');
    expect(progressBar(1, 0)).toBe('████████');
  });

  it('reads progress and streak, tolerating their absence', () => {
    expect(progressText({ progress: { current: 2.5, target: 8, unit: 'cup', periodicity: 'daily' } })).toBe('2.5/8 cup');
    expect(progressText({})).toBeUndefined();
    expect(streakText({ currentStreak: { length: 12, unit: 'day' } })).toBe('12 days');
    expect(streakText({ currentStreak: { length: 1, unit: 'days' } })).toBe('1 day');
    expect(streakText({ currentStreak: { length: 3, unit: 'weekly' } })).toBe('3 weeks');
    // Older local services (and maybe other servers) count a weekly or monthly goal's streak in its periods.
    expect(streakText({ currentStreak: { length: 2, unit: 'week' } })).toBe('2 weeks');
    expect(streakText({ currentStreak: { length: 1, unit: 'month' } })).toBe('1 month');
    expect(streakText({})).toBeUndefined();
  });

  it('shows emoji icons and hides identifier icons, in the table too', () => {
    const rows = journalTable([
      entry({ id: 'a', name: 'Water', icon: '💧' }),
      entry({ id: 'b', name: 'Tea', icon: 'tea' }),
    ], { c: mono, width: 80 }).rows;
    expect(rows.map((r) => r[0])).toEqual(['Tea', '💧 Water']);
  });
});

describe('journalTable', () => {
  it('renders a deterministic table without colour', async () => {
    const spec = journalTable(DAY, { c: mono, width: 100, timeOfDayNames: { morning: 'Morning', evening: 'Evening' } });
    const text = await renderTtyTable(spec, 100, (s) => s);
    expect(text).toMatchInlineSnapshot(`
      "HABIT        STATUS     PROGRESS            STREAK   TIME
      Walk         ◐ partial  ███░░░░░ 12/30 min  1 day    Morning
      Meditate     ○ pending  –                   –        Afternoon
      Stretch      ○ pending  –                   –        Evening
      Drink water  ○ pending  –                   –        –
      Floss        ✓ done     –                   –        Morning
      Read         ✓ done     ████████ 30/30 min  12 days  Evening
      Journal      » skipped  –                   –        –
      Smoking      ✗ failed   –                   –        –
      "
    `);
  });

  it('colours status and bar but keeps the words', async () => {
    const spec = journalTable(DAY, { c: colour, width: 100 });
    const text = await renderTtyTable(spec, 100, (s) => s);
    expect(text).toContain('\u001b[');
    expect(stripAnsi(text)).toContain('✓ done');
    expect(stripAnsi(text)).toContain('✗ failed');
  });

  it('truncates long names to fit a narrow terminal, dropping the time column first', async () => {
    const long = [entry({ id: 'x', name: 'A very long habit name that goes on and on and on', timeOfDayIds: ['morning'], progress: { current: 1, target: 2, unit: 'L', periodicity: 'daily' } })];
    const spec = journalTable(long, { c: mono, width: 50 });
    expect(spec.head).toEqual(['HABIT', 'STATUS', 'PROGRESS', 'STREAK']);
    const text = await renderTtyTable(spec, 50, (s) => s);
    for (const line of text.trimEnd().split('\n')) expect(displayWidth(line)).toBeLessThanOrEqual(50);
    expect(text).toContain('…');
    expect(text).toContain('████░░░░ 1/2 L');

    const tiny = journalTable(long, { c: mono, width: 40 });
    const tinyText = await renderTtyTable(tiny, 40, (s) => s);
    expect(tinyText).not.toContain('░');
    expect(tinyText).toContain('1/2 L');
  });

  it('keeps the whole table within the width with wide icons', async () => {
    const rows = [entry({ id: 'x', name: 'Drink water every two hours while awake', icon: '💧' })];
    const spec = journalTable(rows, { c: mono, width: 60 });
    const text = await renderTtyTable(spec, 60, (s) => s);
    expect(text).toContain('💧 Drink');
    for (const line of text.trimEnd().split('\n')) expect(displayWidth(line)).toBeLessThanOrEqual(60);
  });
});

describe('journalTsv', () => {
  it('prints the documented columns in reading order, empty where the server sent nothing', () => {
    expect(journalTsv(DAY.slice(0, 3)).split('\n')).toEqual([
      'c\tWalk\tinprogress\t12\t30\tmin\t1\tmorning',
      'b\tStretch\tinprogress\t\t\t\t\tevening',
      'a\tRead\tcompleted\t30\t30\tmin\t12\tevening',
      '',
    ]);
  });

  it('keeps tabs and newlines in names from breaking rows', () => {
    expect(journalTsv([entry({ id: 'z', name: 'a\tb\nc' })])).toBe('z\ta\\tb\\nc\tinprogress\t\t\t\t\t\n');
  });
});
