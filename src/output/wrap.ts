// Word wrapping of plain text to a terminal width, counting display columns (emoji and CJK take 2).
import { displayWidth } from './plain.js';

/**
 * Wraps `text` to lines of at most `width` columns. Line breaks in the text are kept; words longer
 * than a line are cut. Trailing spaces are dropped.
 */
export function wrapText(text: string, width: number): string[] {
  const max = Math.max(1, width);
  const lines: string[] = [];
  for (const paragraph of text.replace(/\r\n?/g, '\n').split('\n')) {
    let line = '';
    let used = 0;
    for (const word of paragraph.replace(/\t/g, '  ').split(/ +/).filter(Boolean)) {
      for (const piece of cutWord(word, max)) {
        const w = displayWidth(piece);
        if (used > 0 && used + 1 + w > max) {
          lines.push(line);
          line = '';
          used = 0;
        }
        line += (used > 0 ? ' ' : '') + piece;
        used += (used > 0 ? 1 : 0) + w;
      }
    }
    lines.push(line);
  }
  return lines;
}

/** Splits a word wider than `max` into pieces that fit. */
function cutWord(word: string, max: number): string[] {
  if (displayWidth(word) <= max) return [word];
  const pieces: string[] = [];
  let piece = '';
  let used = 0;
  for (const ch of word) {
    const w = displayWidth(ch);
    if (used + w > max && piece) {
      pieces.push(piece);
      piece = '';
      used = 0;
    }
    piece += ch;
    used += w;
  }
  if (piece) pieces.push(piece);
  return pieces;
}
