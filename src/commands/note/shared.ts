// What the note verbs share: moods in friendly words, photo URLs, note ids, how a mood looks.
import { MOOD_LEVELS, type MoodLevel } from '../../api/types.js';
import { UsageError } from '../../errors.js';

/** Words accepted for each mood, compared without case, spaces, `-` or `_`. */
const MOOD_WORDS: Record<MoodLevel, string[]> = {
  veryLow: ['verylow', '1', 'awful', 'terrible', 'verybad'],
  low: ['low', '2', 'bad', 'sad', 'down'],
  neutral: ['neutral', '3', 'ok', 'okay', 'meh', 'fine', 'normal'],
  high: ['high', '4', 'good', 'happy'],
  veryHigh: ['veryhigh', '5', 'great', 'awesome', 'excellent', 'verygood'],
};

/** One line listing what --mood accepts. */
export const MOOD_HELP = 'veryLow, low, neutral, high, veryHigh (any case, very-low/very_low too, or 1-5)';

/** The wire mood for `raw`: the five levels in any case and spelling, 1-5, and a few plain words. */
export function parseMood(raw: string, flag = '--mood'): MoodLevel {
  const key = raw.trim().toLowerCase().replace(/[\s_-]+/g, '');
  for (const level of MOOD_LEVELS) if (MOOD_WORDS[level].includes(key)) return level;
  throw new UsageError(`${flag}: "${raw}" is not a mood`, `moods: ${MOOD_HELP}`);
}

/** Checks each --photo: an absolute http(s) URL. */
export function parsePhotos(raws: readonly string[], flag = '--photo'): string[] {
  return raws.map((raw) => {
    const text = raw.trim();
    let url: URL | undefined;
    try {
      url = new URL(text);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) {
      throw new UsageError(`${flag}: "${raw}" is not an http(s) URL`, 'e.g. --photo https://example.com/walk.jpg');
    }
    return text;
  });
}

/** A note id as typed; `id:` in front is accepted and dropped. */
export function parseNoteId(raw: string): string {
  const id = raw.trim().replace(/^id:/, '');
  if (!id) throw new UsageError('<noteId> is empty');
  return id;
}

const FACES: Record<MoodLevel, string> = {
  veryLow: '😫',
  low: '🙁',
  neutral: '😐',
  high: '🙂',
  veryHigh: '😄',
};

/** `🙂 high`: the mood as a face and its word (the word carries it where emoji do not render). */
export function moodLabel(mood: string | null | undefined): string {
  if (!mood) return '';
  const face = (FACES as Record<string, string | undefined>)[mood];
  return face ? `${face} ${mood}` : mood;
}

/** Commander collector for repeatable options. */
export function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}
