// A habit's notes on a terminal: a header per note, the text wrapped with its line breaks kept, and
// whatever else a server put in it shown escaped.
import { describe, expect, it } from 'vitest';
import type { Note } from '../../src/api/types.js';
import { makeChalk } from '../../src/output/color.js';
import { renderNotes } from '../../src/output/notes.js';

describe('renderNotes', () => {
  it('keeps the line breaks of the text; escape sequences, a strange mood and a photo show escaped', () => {
    const note: Note = {
      id: 'n1', createdAt: '2026-11-22T08:00:00.000Z', moodLevel: 'odd\u0007',
      content: 'Felt \u001b[2Jgreat\nthen\ttired', photos: ['https://e.x/p\u001b[H.jpg'],
    };
    expect(renderNotes([note], 'UTC', { c: makeChalk(0), width: 80 })).toBe([
      '2026-11-22 08:00  odd\\x07  id:n1',
      '  Felt \\x1b[2Jgreat',
      '  then tired',
      '  photo: https://e.x/p\\x1b[H.jpg',
      '',
    ].join('\n'));
  });
});
