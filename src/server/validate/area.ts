// Area bodies.
import type { AreaBody } from '../../api/types.js';
import { colorHex, text, trimmedName } from './fields.js';
import { Issues, bodyObject } from './issues.js';
import { LIMITS } from './limits.js';

/** An area's icon: one line of printable text. */
function areaIcon(value: unknown, field: string, issues: Issues): string | undefined {
  return text(value, field, issues, { max: LIMITS.icon, printable: 'line' });
}

/** An area body; `name` is required on create. */
export function parseArea(body: unknown, create: boolean): AreaBody {
  const issues = new Issues();
  const obj = bodyObject(body, issues);
  if (!obj) return issues.done() as never;
  const out: AreaBody = {};
  if (obj.name !== undefined || create) out.name = trimmedName(obj.name, 'name', issues, LIMITS.areaName);
  if (obj.colorHex !== undefined) out.colorHex = colorHex(obj.colorHex, 'colorHex', issues);
  if (obj.icon !== undefined) out.icon = areaIcon(obj.icon, 'icon', issues);
  issues.done();
  return out;
}
