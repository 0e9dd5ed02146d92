// Loader hooks (run off the main thread) for record-loads.mjs.
import { appendFileSync } from 'node:fs';

let file;

export function initialize(data) {
  file = data.file;
}

export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  if (file) appendFileSync(file, result.url + '\n');
  return result;
}
