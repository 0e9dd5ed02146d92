// Relative dates through the CLI: `--date -1`, `--date=-1` (a value that begins with "-" after an
// option that needs one), and weekdays, resolved against the fixed clock (Sunday 2026-11-22).
import { describe, expect, it } from 'vitest';
import { addHabit, useService, writes } from '../../helpers/service.js';

const fx = useService({ per: 'test' });

describe('log writes with relative dates', () => {
  it('log done Walk --date -1 and --date=-3 mark one and three days ago', async () => {
    const walk = await addHabit(fx.svc, { name: 'Walk', startDate: '2026-11-01' });
    fx.reset();
    const spaced = await fx.cli(['log', 'done', 'Walk', '--date', '-1']);
    expect(spaced).toMatchObject({ code: 0, stderr: 'Marked "Walk" completed for 2026-11-21\n' });
    const joined = await fx.cli(['log', 'done', '--date=-3', 'Walk']);
    expect(joined).toMatchObject({ code: 0, stderr: 'Marked "Walk" completed for 2026-11-19\n' });
    expect(writes(fx.svc).map((w) => [w.path, w.body])).toEqual([
      [`/habits/${walk.id}/logs/complete`, { targetDate: '2026-11-21' }],
      [`/habits/${walk.id}/logs/complete`, { targetDate: '2026-11-19' }],
    ]);
  });

  it('--date mon is the Monday before this Sunday; --date sun is today', async () => {
    await addHabit(fx.svc, { name: 'Walk', startDate: '2026-11-01' });
    expect((await fx.cli(['log', 'skip', 'Walk', '--date', 'mon'])).stderr).toBe('Marked "Walk" skipped for 2026-11-16\n');
    expect((await fx.cli(['log', 'add', 'Walk', '2', '--unit', 'km', '--date', 'Sunday'])).stderr).toMatch(/ for 2026-11-22\b/);
  });

  it('a relative date that is not one is a usage error naming the flag and the forms, before any request', async () => {
    await addHabit(fx.svc, { name: 'Walk' });
    fx.reset();
    const r = await fx.cli(['log', 'done', 'Walk', '--date', '-1x']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('error: --date: expected YYYY-MM-DD, today, yesterday, tomorrow, -N (N days ago) or a weekday (mon, monday), got "-1x"\n');
    expect(writes(fx.svc)).toEqual([]);
  });

  it('the help of a command with --date lists the forms', async () => {
    for (const argv of [['log', 'done', '--help'], ['log', 'add', '--help'], ['journal', '--help'], ['habit', 'stats', '--help'], ['habit', 'add', '--help']]) {
      const r = await fx.cli(argv);
      expect(r.stdout.replace(/\s+/g, ' '), argv.join(' ')).toContain('-N (N days ago) or a weekday (mon, monday)');
    }
  });
});
