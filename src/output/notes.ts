// A habit's notes for a terminal: a header line per note (time, mood, id), then its text wrapped to
// the width and its photos. Pure: the caller prints.
import type { Note } from '../api/types.js';
import type { Output } from './output.js';
import { formatTimestamp } from './time.js';
import { wrapText } from './wrap.js';

const FACES: Record<string, string> = {
  veryLow: '😫',
  low: '🙁',
  neutral: '😐',
  high: '🙂',
  veryHigh: '😄',
};

/** `🙂 high`: the mood as a face and its word (the word carries it where emoji do not render). */
export function moodLabel(mood: string | null | undefined): string {
  if (!mood) return '';
  const face = FACES[mood];
  return face ? `${face} ${mood}` : mood;
}

const INDENT = '  ';

/** Notes as blocks separated by a blank line, times in `zone`, text wrapped to `out.width`. */
export function renderNotes(notes: readonly Note[], zone: string, out: Pick<Output, 'c' | 'width'>): string {
  const { c } = out;
  const blocks = notes.map((n) => {
    const head = [c.bold(formatTimestamp(n.createdAt, zone)), moodLabel(n.moodLevel), c.dim(`id:${n.id}`)].filter(Boolean).join('  ');
    const body = n.content ? wrapText(n.content, out.width - INDENT.length).map((l) => (l ? INDENT + l : '')) : [];
    const photos = (n.photos ?? []).map((p) => `${INDENT}${c.cyan('photo:')} ${p}`);
    return [head, ...body, ...photos].join('\n');
  });
  return blocks.join('\n\n') + '\n';
}
