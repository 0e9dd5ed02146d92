// The grammar of notes: moods in friendly words, photo URLs, and ids typed with or without `id:`
// (log rm takes its log id the same way). Pure functions.
import { MOOD_LEVELS, type MoodLevel } from '../api/types.js';
import { UsageError } from '../errors.js';
import { fail } from './grammar.js';

/** Words accepted for each mood, compared without case, spaces, `-` or `_`. */
const MOOD_WORDS: Record<MoodLevel, string[]> = {
  veryLow: ['verylow', '1', 'awful', 'terrible', 'verybad'],
  low: ['low', '2', 'bad', 'sad', 'down'],
  neutral: ['neutral', '3', 'ok', 'okay', 'meh', 'fine', 'normal'],
  high: ['high', '4', 'good', 'happy'],
  veryHigh: ['veryhigh', '5', 'great', 'awesome', 'excellent', 'verygood'],
};

/** One line listing what --mood accepts. */
export const MOOD_HELP = 'veryLow, low, neutral, high or veryHigh (any case, very-low/very_low too), or 1-5';

/** The wire mood for `raw`: the five levels in any case and spelling, 1-5, and a few plain words. */
export function parseMood(raw: string): MoodLevel {
  const key = raw.trim().toLowerCase().replace(/[\s_-]+/g, '');
  for (const level of MOOD_LEVELS) if (MOOD_WORDS[level].includes(key)) return level;
  return fail(`"${raw}" is not a mood; use ${MOOD_HELP}`);
}

/** Photo URLs: each an absolute http(s) URL, trimmed. */
export function parsePhotos(raws: readonly string[]): string[] {
  return raws.map((raw) => {
    const text = raw.trim();
    let url: URL | undefined;
    try {
      url = new URL(text);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) {
      return fail(`"${raw}" is not an http(s) URL, e.g. https://example.com/walk.jpg`);
    }
    return text;
  });
}

/** An id argument (`what` is e.g. `<noteId>`) as typed; `id:` in front is accepted and dropped. */
export function parseId(raw: string, what: string): string {
  const id = raw.trim().replace(/^id:/, '');
  if (!id) throw new UsageError(`${what} is empty`);
  return id;
}
