// The glyphs of a day's status and the words they stand for: one set for every view that shows a
// day (journal, check, week, month, the heatmap of habit stats), as docs/cli-contract.md's
// vocabulary table writes them. A glyph has one meaning; its words say it for a good habit, or for
// a bad habit as a limit. Pure data.

/** The glyphs, each with one meaning, the same with and without colour. */
export const GLYPH = {
  /** The goal reached or marked done; for a bad habit, a day kept within its limit. */
  done: '✓',
  /** A good habit with an amount logged, short of its goal. */
  partial: '◐',
  /** Nothing settled yet on a due day: pending, missed once its period is over; a bad habit not over its limit. */
  open: '○',
  skipped: '»',
  /** Marked failed, or over a limit. */
  failed: '✗',
  notDue: '·',
} as const;

/** A day of time off (`habits off`): a skip mark this machine wrote for a range. Its own glyph, not a GlyphKind of the legends above. */
export const OFF_GLYPH = '~';
/** The legend entry for it, shown where an off day is. */
export const OFF_WORDS = `${OFF_GLYPH} off (time off)`;

export type GlyphKind = keyof typeof GLYPH;

/** What each glyph reads as for a good habit, in the order legends list them. */
export const GOOD_WORDS: readonly (readonly [GlyphKind, string])[] = [
  ['done', 'done'], ['partial', 'partial'], ['skipped', 'skipped'], ['failed', 'failed'], ['open', 'pending or missed'], ['notDue', 'not due'],
];

/**
 * What the glyphs read as for a bad habit (a limit). The journal says `avoided` for a day within
 * its limit with nothing logged, and `clean so far` for one under it with nothing logged.
 */
export const BAD_WORDS: readonly (readonly [GlyphKind, string])[] = [
  ['done', 'within limit'], ['open', 'under limit'], ['failed', 'over limit'],
];

/** Days to come are drawn as nothing. */
export const TO_COME = 'blank: to come';

/** `✓ done   ◐ partial   …` for help texts: glyphs and words, without colour. */
export function legendLine(words: readonly (readonly [GlyphKind, string])[]): string {
  return words.map(([kind, word]) => `${GLYPH[kind]} ${word}`).join('   ');
}
