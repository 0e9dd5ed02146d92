// Wrapping text to a terminal width (src/output/wrap.ts), as note ls shows a note's text.
import { describe, expect, it } from 'vitest';
import { wrapText } from '../../src/output/wrap.js';

describe('text helpers', () => {
  it('wrapText keeps paragraphs, cuts long words, counts wide characters', () => {
    expect(wrapText('aaa bbb ccc', 7)).toEqual(['aaa bbb', 'ccc']);
    expect(wrapText('one\n\ntwo', 10)).toEqual(['one', '', 'two']);
    expect(wrapText('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
    expect(wrapText('🙂🙂🙂 x', 4)).toEqual(['🙂🙂', '🙂 x']);
  });
});
