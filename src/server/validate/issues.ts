// How validation reports problems. Each check records one detail per problem, naming the field
// path (`occurrence.days[2]`), and returns the value when it is valid, undefined otherwise, so one
// pass reports every problem. Nothing here knows about HTTP: the service turns an InvalidInput into
// a 400 at its boundary (http/server.ts), the importer into an InvalidExportError.

/** One problem: the field path and what is wrong with it. */
export interface Detail {
  field: string;
  message: string;
}

/** Input that failed validation, with one detail per problem. */
export class InvalidInput extends Error {
  constructor(readonly details: readonly Detail[]) {
    super(details.map((d) => `${d.field} ${d.message}`).join('; '));
    this.name = 'InvalidInput';
  }
}

/** Collects problems; `done()` throws an InvalidInput when there are any. */
export class Issues {
  readonly list: Detail[] = [];

  /** Records a problem; returns undefined so a check can `return issues.add(...)`. */
  add(field: string, message: string): undefined {
    this.list.push({ field, message });
    return undefined;
  }

  /** Whether no problem was recorded. */
  get ok(): boolean {
    return this.list.length === 0;
  }

  /** Throws the problems recorded so far, if any. */
  done(): void {
    if (this.list.length > 0) throw new InvalidInput(this.list);
  }
}

/** A JSON object being validated. */
export type Obj = Record<string, unknown>;

/** A plain object (not null, not an array). */
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
