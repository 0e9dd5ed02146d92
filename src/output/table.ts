// Tables: a cli-table3 grid on a terminal, tab-separated rows in pipes. Pure rendering: no I/O.
import { escapeControls } from '../model/text.js';
import { displayWidth, toTsv } from './plain.js';

/**
 * A cell: plain text, or plain text plus a styled (coloured) form for terminals. Plain text may
 * hold anything (a server's names): a terminal shows its control characters escaped, a pipe by
 * the TSV rule. A styled form is written as it is: the caller escapes what goes in it.
 */
export type Cell = string | number | null | undefined | { plain: string; styled: string };

export interface TableSpec {
  head: string[];
  rows: Cell[][];
  /** Columns aligned right (numbers). */
  alignRight?: number[];
  /** The column that gives up width when the table is wider than the terminal (names). */
  flex?: number;
}

/** The plain text of a cell. */
export const plainOf = (cell: Cell): string =>
  cell === null || cell === undefined ? '' : typeof cell === 'object' ? cell.plain : String(cell);
/** A cell as one line of a terminal: control characters escaped (`New\nline`). */
const shownOf = (cell: Cell): string => escapeControls(plainOf(cell));
const styledOf = (cell: Cell): string => (typeof cell === 'object' && cell !== null ? cell.styled : shownOf(cell));

/** Tab-separated rows, no header: what scripts read. */
export function renderPlainTable(spec: TableSpec): string {
  return toTsv(spec.rows.map((row) => row.map(plainOf)));
}

const GAP = 2;
const MIN_FLEX = 8;

/** Each column's widest cell, header included, in display columns (gaps not counted). */
export function naturalWidths(spec: Pick<TableSpec, 'head' | 'rows'>): number[] {
  return spec.head.map((h, i) => Math.max(displayWidth(h), ...spec.rows.map((r) => displayWidth(shownOf(r[i])))));
}

/** The text width column `flex` gets within `width` when every other column keeps its natural width. */
export function flexRoom(spec: Pick<TableSpec, 'head' | 'rows'>, flex: number, width: number): number {
  const others = naturalWidths(spec).reduce((sum, w, i) => (i === flex ? sum : sum + w + GAP), 0);
  return width - others - GAP;
}

/**
 * A borderless aligned table for a terminal `width` columns wide; `bold` styles the header. When
 * it is too wide, the flex column gives up width (down to 8) and its cells end in `…`.
 */
export async function renderTtyTable(spec: TableSpec, width: number, bold: (s: string) => string): Promise<string> {
  const { default: Table } = await import('cli-table3');
  const widths = naturalWidths(spec).map((w) => w + GAP);
  if (spec.flex !== undefined && widths.reduce((a, b) => a + b, 0) > width) {
    widths[spec.flex] = Math.max(MIN_FLEX, flexRoom(spec, spec.flex, width)) + GAP;
  }
  const table = new Table({
    head: spec.head.map(bold),
    colWidths: widths,
    colAligns: spec.head.map((_, i) => (spec.alignRight?.includes(i) ? 'right' : 'left')),
    wordWrap: false,
    truncate: '…',
    // An empty style stops cli-table3 colouring borders and headers on its own.
    style: { head: [], border: [], 'padding-left': 0, 'padding-right': GAP },
    chars: {
      top: '', 'top-mid': '', 'top-left': '', 'top-right': '',
      bottom: '', 'bottom-mid': '', 'bottom-left': '', 'bottom-right': '',
      left: '', 'left-mid': '', mid: '', 'mid-mid': '',
      right: '', 'right-mid': '', middle: '',
    },
  });
  for (const row of spec.rows) table.push(row.map(styledOf));
  return table.toString().split('\n').map((line) => line.trimEnd()).join('\n') + '\n';
}
