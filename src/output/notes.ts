// A habit's notes for a terminal: a header line per note (time, mood, id), then its text wrapped to
// the width and its photos. Pure: the caller prints.
import type { Note } from '../api/types.js';
import { escapeControls } from '../model/text.js';
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
  return face ? `${face} ${mood}` : escapeControls(mood);
}

const INDENT = '  ';

/**
 * Notes as blocks separated by a blank line, times in `zone`, text wrapped to `out.width`. The
 * text keeps its line breaks; any other control character in it shows escaped (`\x1b`).
 */
export function renderNotes(notes: readonly Note[], zone: string, out: Pick<Output, 'c' | 'width'>): string {
  const { c } = out;
  const blocks = notes.map((n) => {
    const head = [c.bold(formatTimestamp(n.createdAt, zone)), moodLabel(n.moodLevel), c.dim(`id:${escapeControls(n.id)}`)].filter(Boolean).join('  ');
    const body = n.content ? wrapText(escapeControls(n.content, '\n\r\t'), out.width - INDENT.length).map((l) => (l ? INDENT + l : '')) : [];
    const photos = (n.photos ?? []).map((p) => `${INDENT}${c.cyan('photo:')} ${escapeControls(p)}`);
    return [head, ...body, ...photos].join('\n');
  });
  return blocks.join('\n\n') + '\n';
}
