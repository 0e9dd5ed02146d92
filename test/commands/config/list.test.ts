// `habits config list`: every setting in use and where it comes from, the API key masked.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EffectiveValue } from '../../../src/commands/config/shared.js';
import { useHome } from '../../helpers/cli.js';

const fx = useHome();
const { configFile, run } = fx;

describe('config list', () => {
  it('in a pipe prints one tab-separated line per key: key, value, source', async () => {
    expect((await run(['config', 'set', 'color', 'never'])).code).toBe(0);
    const r = await run(['config', 'list'], { HABITS_API_KEY: 'hb_secret_key_1234' });
    expect(r).toEqual({
      code: 0,
      stdout: [
        'profile\tdefault\tdefault',
        'api-key\thb_…1234\tenv HABITS_API_KEY',
        'base-url\thttps://api.habitify.me/v2\tdefault',
        'timezone\tUTC\tenv HABITS_TIMEZONE',
        'day-start\t00:00\tdefault',
        `color\tnever\t${configFile()}`,
        'timeout\t30s\tdefault',
        '',
      ].join('\n'),
      stderr: '',
    });
  });

  it('with --json prints the rows; `ls` is the same command; local mode shows as the base URL', async () => {
    const r = await run(['config', 'ls', '--json', '--local']);
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.stdout) as EffectiveValue[];
    expect(rows.map((row) => row.key)).toEqual(['profile', 'api-key', 'base-url', 'timezone', 'day-start', 'color', 'timeout']);
    expect(rows[2]).toEqual({ key: 'base-url', value: 'local', source: 'flag --local' });
  });
});
