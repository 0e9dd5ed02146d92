// day-start in processes of their own, their clock set by libfaketime: the built CLI in local mode,
// as a user at 01:30 runs it, and across the night Paris sets its clocks back (2026-10-25).
import { expect, it } from 'vitest';
import { faketimeCli, useHome, type CliResult } from '../helpers/cli.js';
import { withTools } from '../helpers/tools.js';

const home = useHome();

/** The built CLI under faketime at `time` (UTC), in local mode, in Paris. */
function at(time: string, argv: string[], env: Record<string, string> = {}): Promise<CliResult> {
  return faketimeCli(time, argv, { ...home.home.env, TZ: 'UTC', HABITS_TIMEZONE: 'Europe/Paris', HABITS_LOCAL: '1', ...env });
}

withTools('faketime').describe('day-start under libfaketime', () => {
  it('at 01:30 with day-start 04:00, habits log done Walk marks the evening before', async () => {
    expect((await home.run(['config', 'set', 'day-start', '04:00'])).code).toBe(0);
    expect((await at('2026-11-20 10:00:00', ['habit', 'add', 'Walk', '--daily', '--start', '2026-11-20'])).code).toBe(0);
    expect(await at('2026-11-26 00:30:00', ['log', 'done', 'Walk'])).toEqual({ code: 0, stdout: '', stderr: 'Marked "Walk" completed for 2026-11-25\n' });
    expect((await at('2026-11-26 00:31:00', ['journal', '--json'])).stdout).toMatch(/"status": "completed"/);
  });

  it('Paris, 2026-10-25, day-start 02:30: 02:15 CEST is the 24th, 02:30 CEST the 25th, and 02:15 CET (the repeat) still the 25th', async () => {
    const env = { HABITS_DAY_START: '02:30' };
    expect((await at('2026-10-20 10:00:00', ['habit', 'add', 'Walk', '--daily', '--start', '2026-10-20'], env)).code).toBe(0);
    expect((await at('2026-10-25 00:15:00', ['log', 'done', 'Walk'], env)).stderr).toBe('Marked "Walk" completed for 2026-10-24\n');
    expect((await at('2026-10-25 00:30:00', ['log', 'skip', 'Walk'], env)).stderr).toBe('Marked "Walk" skipped for 2026-10-25\n');
    expect((await at('2026-10-25 01:15:00', ['log', 'skip', 'Walk'], env)).stderr).toBe('"Walk" was already skipped for 2026-10-25\n');
  });
});
