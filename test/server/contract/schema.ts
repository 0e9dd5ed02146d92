// A small typed JSON schema for the response contract: what each answer may hold, checked value by
// value. Objects are closed (a field the schema does not name is a failure), so a shape cannot
// drift, grow or lose a field without the contract test failing. No dependency: the few keywords
// the contract needs (types, enums, patterns, ranges, closed objects, unions, tagged unions).

/** A schema of one JSON value. */
export type Schema =
  | { kind: 'string'; pattern?: RegExp; oneOf?: readonly string[]; what?: string }
  | { kind: 'number'; integer?: boolean; min?: number; max?: number }
  | { kind: 'boolean' }
  | { kind: 'null' }
  | { kind: 'array'; items: Schema; minItems?: number }
  | { kind: 'object'; required: Readonly<Record<string, Schema>>; optional: Readonly<Record<string, Schema>> }
  | { kind: 'anyOf'; of: readonly Schema[] }
  | { kind: 'tagged'; tag: string; variants: Readonly<Record<string, Schema>> }
  | { kind: 'absent' };

/** Any string, or one matching `pattern` (`what` names the form in failures). */
export const str = (pattern?: RegExp, what?: string): Schema => ({ kind: 'string', ...(pattern ? { pattern } : {}), ...(what ? { what } : {}) });
/** One of these strings. */
export const oneOf = (values: readonly string[]): Schema => ({ kind: 'string', oneOf: values });
/** A `YYYY-MM-DD` date. */
export const date = str(/^\d{4}-\d{2}-\d{2}$/, 'a YYYY-MM-DD date');
/** An ISO 8601 date-time with a zone. */
export const dateTime = str(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/, 'an ISO 8601 date-time');
/** A number, within bounds. */
export const num = (min?: number, max?: number): Schema => ({ kind: 'number', ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) });
/** An integer, within bounds. */
export const int = (min?: number, max?: number): Schema => ({ kind: 'number', integer: true, ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) });
export const bool: Schema = { kind: 'boolean' };
export const nul: Schema = { kind: 'null' };
/** No body at all (204). */
export const absent: Schema = { kind: 'absent' };
/** An array of `items`. */
export const arr = (items: Schema, minItems?: number): Schema => ({ kind: 'array', items, ...(minItems !== undefined ? { minItems } : {}) });
/** A closed object: `required` fields must be there, `optional` ones may be, nothing else may. */
export const obj = (required: Record<string, Schema>, optional: Record<string, Schema> = {}): Schema => ({ kind: 'object', required, optional });
/** Any one of the schemas. */
export const anyOf = (...of: Schema[]): Schema => ({ kind: 'anyOf', of });
/** `schema` or null. */
export const orNull = (schema: Schema): Schema => anyOf(schema, nul);
/** Objects told apart by the string field `tag`: each value of it has its own schema. */
export const tagged = (tag: string, variants: Record<string, Schema>): Schema => ({ kind: 'tagged', tag, variants });

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function describe(schema: Schema): string {
  switch (schema.kind) {
    case 'string':
      return schema.oneOf ? `one of ${schema.oneOf.map((v) => JSON.stringify(v)).join(', ')}` : (schema.what ?? 'a string');
    case 'number':
      return schema.integer ? 'an integer' : 'a number';
    case 'boolean':
      return 'a boolean';
    case 'null':
      return 'null';
    case 'array':
      return 'an array';
    case 'object':
    case 'tagged':
      return 'an object';
    case 'anyOf':
      return schema.of.map(describe).join(' or ');
    case 'absent':
      return 'no body';
  }
}

/** The failures of `value` against `schema`, each `path: problem`; none when it conforms. */
export function validate(schema: Schema, value: unknown, path = '$'): string[] {
  const fail = (problem: string): string[] => [`${path}: ${problem}`];
  const got = (): string => `got ${value === undefined ? 'nothing' : JSON.stringify(value)?.slice(0, 60) ?? kindOf(value)}`;
  switch (schema.kind) {
    case 'absent':
      return value === undefined ? [] : fail(`expected no body, ${got()}`);
    case 'string':
      if (typeof value !== 'string') return fail(`expected ${describe(schema)}, ${got()}`);
      if (schema.oneOf && !schema.oneOf.includes(value)) return fail(`expected ${describe(schema)}, ${got()}`);
      if (schema.pattern && !schema.pattern.test(value)) return fail(`expected ${describe(schema)}, ${got()}`);
      return [];
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return fail(`expected ${describe(schema)}, ${got()}`);
      if (schema.integer && !Number.isInteger(value)) return fail(`expected an integer, ${got()}`);
      if (schema.min !== undefined && value < schema.min) return fail(`expected at least ${schema.min}, ${got()}`);
      if (schema.max !== undefined && value > schema.max) return fail(`expected at most ${schema.max}, ${got()}`);
      return [];
    case 'boolean':
      return typeof value === 'boolean' ? [] : fail(`expected a boolean, ${got()}`);
    case 'null':
      return value === null ? [] : fail(`expected null, ${got()}`);
    case 'array': {
      if (!Array.isArray(value)) return fail(`expected an array, ${got()}`);
      if (schema.minItems !== undefined && value.length < schema.minItems) return fail(`expected at least ${schema.minItems} items, got ${value.length}`);
      return value.flatMap((item, i) => validate(schema.items, item, `${path}[${i}]`));
    }
    case 'object': {
      if (kindOf(value) !== 'object') return fail(`expected an object, ${got()}`);
      const o = value as Record<string, unknown>;
      const out: string[] = [];
      for (const [key, s] of Object.entries(schema.required)) {
        if (!(key in o)) out.push(`${path}.${key}: is missing`);
        else out.push(...validate(s, o[key], `${path}.${key}`));
      }
      for (const [key, v] of Object.entries(o)) {
        if (key in schema.required) continue;
        const s = schema.optional[key];
        if (!s) out.push(`${path}.${key}: is not part of the contract`);
        else out.push(...validate(s, v, `${path}.${key}`));
      }
      return out;
    }
    case 'anyOf': {
      const tries = schema.of.map((s) => validate(s, value, path));
      if (tries.some((t) => t.length === 0)) return [];
      // The closest alternative explains best: the one with the fewest failures.
      return tries.reduce((a, b) => (b.length < a.length ? b : a));
    }
    case 'tagged': {
      if (kindOf(value) !== 'object') return fail(`expected an object, ${got()}`);
      const tag = (value as Record<string, unknown>)[schema.tag];
      const variant = typeof tag === 'string' ? schema.variants[tag] : undefined;
      if (!variant) return [`${path}.${schema.tag}: expected one of ${Object.keys(schema.variants).map((v) => JSON.stringify(v)).join(', ')}, got ${JSON.stringify(tag)}`];
      return validate(variant, value, path);
    }
  }
}
