// Validation primitives. Each check records one detail per problem, naming the field path
// (`occurrence.days[2]`), and returns the value when it is valid, undefined otherwise.
import { MAX_YEAR, MIN_YEAR, parseDate } from './domain/dates.js';
import { type Detail, validationError } from './http.js';

/** Collects problems; `done()` throws a 400 when there are any. */
export class Issues {
  readonly list: Detail[] = [];

  add(field: string, message: string): undefined {
    this.list.push({ field, message });
    return undefined;
  }

  get ok(): boolean {
    return this.list.length === 0;
  }

  done(): void {
    if (this.list.length > 0) throw validationError(this.list);
  }
}

export type Obj = Record<string, unknown>;

export function isObject(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `a.b` for a key under a path (the root path is ''). */
export function at(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

/** The request body as an object, or a `body` detail. */
export function bodyObject(body: unknown, issues: Issues, required = true): Obj | undefined {
  if (body === undefined) return required ? issues.add('body', 'is required (a JSON object)') : {};
  if (!isObject(body)) return issues.add('body', 'must be a JSON object');
  return body;
}

export function text(value: unknown, field: string, issues: Issues, opts: { max: number; nonEmpty?: boolean }): string | undefined {
  if (typeof value !== 'string') return issues.add(field, 'must be a string');
  if (opts.nonEmpty && value.trim() === '') return issues.add(field, 'must not be empty');
  if (value.length > opts.max) return issues.add(field, `must be at most ${opts.max} characters`);
  return value;
}

export function integer(value: unknown, field: string, issues: Issues, min: number, max: number): number | undefined {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    return issues.add(field, `must be an integer between ${min} and ${max}`);
  }
  return value;
}

/** A finite number greater than 0 and at most `max`. */
export function positive(value: unknown, field: string, issues: Issues, max: number): number | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return issues.add(field, 'must be a number');
  if (value <= 0 || value > max) return issues.add(field, `must be greater than 0 and at most ${max}`);
  return value;
}

export function oneOf<T extends string>(value: unknown, field: string, issues: Issues, allowed: readonly T[]): T | undefined {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    return issues.add(field, `must be one of: ${allowed.join(', ')}`);
  }
  return value as T;
}

export function boolean(value: unknown, field: string, issues: Issues): boolean | undefined {
  if (typeof value !== 'boolean') return issues.add(field, 'must be a boolean');
  return value;
}

/** A `YYYY-MM-DD` string naming a real calendar date between MIN_YEAR and MAX_YEAR. */
export function date(value: unknown, field: string, issues: Issues): string | undefined {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return issues.add(field, 'must be a date in YYYY-MM-DD form');
  if (parseDate(value) === null) {
    const year = Number(value.slice(0, 4));
    if (year < MIN_YEAR || year > MAX_YEAR) return issues.add(field, `must be between ${MIN_YEAR}-01-01 and ${MAX_YEAR}-12-31`);
    return issues.add(field, 'is not a valid calendar date');
  }
  return value;
}

/** `#RRGGBB` or `#RGB`, either case. */
export function colorHex(value: unknown, field: string, issues: Issues): string | undefined {
  if (typeof value !== 'string' || !/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(value)) {
    return issues.add(field, 'must be a hex color like #RRGGBB or #RGB');
  }
  return value;
}

export function array(value: unknown, field: string, issues: Issues, min: number, max: number): unknown[] | undefined {
  if (!Array.isArray(value)) return issues.add(field, 'must be an array');
  if (value.length < min || value.length > max) {
    return issues.add(field, min === max ? `must have ${min} items` : min === 0 ? `must have at most ${max} items` : `must have between ${min} and ${max} items`);
  }
  return value;
}

/** An array of unique integers in [lo, hi] with between `min` and `max` items. */
export function uniqueIntegers(value: unknown, field: string, issues: Issues, lo: number, hi: number, min: number, max: number): number[] | undefined {
  const items = array(value, field, issues, min, max);
  if (!items) return undefined;
  const before = issues.list.length;
  const seen = new Set<number>();
  items.forEach((item, i) => {
    const n = integer(item, `${field}[${i}]`, issues, lo, hi);
    if (n === undefined) return;
    if (seen.has(n)) issues.add(`${field}[${i}]`, `duplicates the value ${n}; items must be unique`);
    seen.add(n);
  });
  return issues.list.length === before ? (items as number[]) : undefined;
}

/** An array of unique non-empty strings. */
export function uniqueStrings(value: unknown, field: string, issues: Issues, max: number): string[] | undefined {
  const items = array(value, field, issues, 0, max);
  if (!items) return undefined;
  const before = issues.list.length;
  const seen = new Set<string>();
  items.forEach((item, i) => {
    const s = text(item, `${field}[${i}]`, issues, { max: 200, nonEmpty: true });
    if (s === undefined) return;
    if (seen.has(s)) issues.add(`${field}[${i}]`, `duplicates "${s}"; items must be unique`);
    seen.add(s);
  });
  return issues.list.length === before ? (items as string[]) : undefined;
}
