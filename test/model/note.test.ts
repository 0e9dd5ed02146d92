// The grammar of notes (src/model/note.ts): moods in friendly words, photo URLs, ids with `id:`.
import { describe, expect, it } from 'vitest';
import { GrammarError } from '../../src/model/grammar.js';
import { parseId, parseMood, parsePhotos } from '../../src/model/note.js';
import { UsageError } from '../../src/errors.js';

describe('mood and photo parsing', () => {
  it.each([
    ['veryLow', 'veryLow'], ['VERYLOW', 'veryLow'], ['very-low', 'veryLow'], ['very_low', 'veryLow'], ['very low', 'veryLow'], ['1', 'veryLow'],
    ['low', 'low'], ['2', 'low'], ['neutral', 'neutral'], ['ok', 'neutral'], ['3', 'neutral'],
    ['High', 'high'], ['4', 'high'], ['very-high', 'veryHigh'], ['VeryHigh', 'veryHigh'], ['5', 'veryHigh'], ['great', 'veryHigh'],
  ])('%j is %s', (raw, level) => {
    expect(parseMood(raw)).toBe(level);
  });

  it('refuses other moods and non-http photos', () => {
    expect(() => parseMood('6')).toThrow(new GrammarError('"6" is not a mood; use veryLow, low, neutral, high or veryHigh (any case, very-low/very_low too), or 1-5'));
    expect(() => parsePhotos(['example.com/a.jpg'])).toThrow('not an http(s) URL');
    expect(() => parsePhotos(['javascript:alert(1)'])).toThrow('not an http(s) URL');
    expect(parsePhotos([' https://example.com/a.jpg '])).toEqual(['https://example.com/a.jpg']);
  });
});

describe('parseId', () => {
  it('drops an id: prefix and refuses an empty id', () => {
    expect(parseId(' id:-Nx7Lq2 ', '<noteId>')).toBe('-Nx7Lq2');
    expect(parseId('abc', '<noteId>')).toBe('abc');
    expect(() => parseId('id:', '<noteId>')).toThrow(new UsageError('<noteId> is empty'));
  });
});
