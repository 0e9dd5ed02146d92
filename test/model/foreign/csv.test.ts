import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../../src/model/foreign/csv.js';

describe('parseCsv (opencsv CSVWriter, quotes only where needed)', () => {
  it('reads plain and quoted fields: commas, doubled quotes and line breaks inside quotes; CRLF; a final empty field', () => {
    expect(parseCsv('Date,Value,Notes\r\n2015-01-23,YES_AUTO,"Forgot to do it, really"\n2015-01-19,YES_AUTO,"""Vacation"""\n2015-01-18,NO,"two\nlines"\n', 'f')).toEqual([
      ['Date', 'Value', 'Notes'],
      ['2015-01-23', 'YES_AUTO', 'Forgot to do it, really'],
      ['2015-01-19', 'YES_AUTO', '"Vacation"'],
      ['2015-01-18', 'NO', 'two\nlines'],
    ]);
    expect(parseCsv('Date,Meditate,\n2015-01-25,UNKNOWN,', 'f')).toEqual([['Date', 'Meditate', ''], ['2015-01-25', 'UNKNOWN', '']]);
  });

  it('a quote never closed, or text after a closing quote, names the file and the line', () => {
    expect(() => parseCsv('a,b\n1,"open\n', 'Habits.csv')).toThrow('Habits.csv:2: a quoted field is never closed');
    expect(() => parseCsv('a,b\n1,"x"y\n', 'Habits.csv')).toThrow('Habits.csv:2: a quoted field goes on after its closing quote');
  });
});
