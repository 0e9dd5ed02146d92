// The API key's one format check, as used by auth login, the settings and the client.
import { describe, expect, it } from 'vitest';
import { parseApiKey } from '../../src/api/key.js';
import { UsageError } from '../../src/errors.js';

describe('parseApiKey', () => {
  it('trims the key and keeps any printable ASCII', () => {
    expect(parseApiKey('  hb_abc-DEF.123~!$\n')).toBe('hb_abc-DEF.123~!$');
  });
  it.each([
    ['', 'no API key given'],
    [' \n', 'no API key given'],
    ['two words', 'the API key must be a single line with no spaces'],
    ['hb_a\nhb_b', 'the API key must be a single line with no spaces'],
    ['hb_ctrl\x01key', 'the API key contains characters that cannot be sent in an HTTP header'],
    ['hb_ünïcode', 'the API key contains characters that cannot be sent in an HTTP header'],
  ])('refuses %j without echoing it', (raw, message) => {
    expect(() => parseApiKey(raw)).toThrow(UsageError);
    expect(() => parseApiKey(raw)).toThrow(new RegExp(`^${message}$`));
  });
  it('names where the key came from', () => {
    expect(() => parseApiKey('hb_\x7fkey', 'HABITS_API_KEY')).toThrow(/^HABITS_API_KEY: the API key contains characters/);
  });
});
