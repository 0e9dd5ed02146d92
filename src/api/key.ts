// The API key's one format check, shared by `auth login`, the settings and the client, so a key that
// cannot be sent is refused where it is typed or read, not on every later request.
import { UsageError } from '../errors.js';

/**
 * Trims a key and checks it is one token of printable ASCII (what a header can carry). The
 * UsageError starts with `where` when given (`HABITS_API_KEY: …`) and never echoes the key.
 */
export function parseApiKey(raw: string, where?: string): string {
  const fail = (message: string): never => {
    throw new UsageError(where ? `${where}: ${message}` : message);
  };
  const key = raw.trim();
  if (!key) fail('no API key given');
  if (/\s/.test(key)) fail('the API key must be a single line with no spaces');
  if (!/^[\x21-\x7e]+$/.test(key)) fail('the API key contains characters that cannot be sent in an HTTP header');
  return key;
}
