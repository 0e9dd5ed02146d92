// CSV as Loop Habit Tracker writes it (opencsv's CSVWriter, `writeNext(row, false)`: a field is
// quoted only when it holds the separator, a quote or a line break; a quote inside is doubled).
// Pure. A malformed file throws a ForeignFormatError naming the file and the line.
import { ForeignFormatError } from './plan.js';

/** The rows of `text`; `file` names it in errors. A final line break ends the last row, not a new one. */
export function parseCsv(text: string, file: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let line = 1;
  let quotedFrom = 0;
  let i = 0;
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  let inQuotes = false;
  let any = false;
  while (i < body.length) {
    const c = body[i]!;
    if (inQuotes) {
      if (c === '"') {
        if (body[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        inQuotes = false;
        i++;
        const next = body[i];
        if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r') throw new ForeignFormatError(file, line, 'a quoted field goes on after its closing quote');
        continue;
      }
      if (c === '\n') line++;
      field += c;
      i++;
      continue;
    }
    if (c === '"' && field === '') {
      inQuotes = true;
      quotedFrom = line;
      any = true;
      i++;
      continue;
    }
    if (c === ',') {
      row.push(field);
      field = '';
      any = true;
      i++;
      continue;
    }
    if (c === '\r' || c === '\n') {
      if (any || field !== '' || row.length > 0) row.push(field);
      if (row.length > 0) rows.push(row);
      row = [];
      field = '';
      any = false;
      i += c === '\r' && body[i + 1] === '\n' ? 2 : 1;
      line++;
      continue;
    }
    field += c;
    any = true;
    i++;
  }
  if (inQuotes) throw new ForeignFormatError(file, quotedFrom, 'a quoted field is never closed');
  if (any || field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
