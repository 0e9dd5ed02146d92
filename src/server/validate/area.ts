// Area bodies, and the area fields the importer checks the same way.
import type { AreaBody } from '../../api/types.js';
import { colorHex, text, trimmedName } from './fields.js';
import { Issues, type Obj, at, bodyObject } from './issues.js';
import { LIMITS } from './limits.js';

/** An area's icon: one line of printable text. */
function areaIcon(value: unknown, field: string, issues: Issues): string | undefined {
  return text(value, field, issues, { max: LIMITS.icon, printable: 'line' });
}

/**
 * The fields of an area body under `path` (the root for a request); `name` is required on create.
 * Shared by the API and the importer.
 */
export function areaFields(obj: Obj, path: string, issues: Issues, create: boolean): AreaBody {
  const out: AreaBody = {};
  if (obj.name !== undefined || create) out.name = trimmedName(obj.name, at(path, 'name'), issues, LIMITS.areaName);
  if (obj.colorHex !== undefined) out.colorHex = colorHex(obj.colorHex, at(path, 'colorHex'), issues);
  if (obj.icon !== undefined) out.icon = areaIcon(obj.icon, at(path, 'icon'), issues);
  return out;
}

/** An area body; `name` is required on create. */
export function parseArea(body: unknown, create: boolean): AreaBody {
  const issues = new Issues();
  const obj = bodyObject(body, issues);
  if (!obj) return issues.done() as never;
  const out = areaFields(obj, '', issues, create);
  issues.done();
  return out;
}
