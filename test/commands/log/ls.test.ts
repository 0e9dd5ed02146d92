// `habits log ls`: against a server, the logs this machine wrote (the record of writes); in local
// mode, every log of the store.
import { describe, expect, it } from 'vitest';
import { runCli, useHome } from '../../helpers/cli.js';
import { addHabit, logValue, useService } from '../../helpers/service.js';

describe('log ls against a server: the logs this machine wrote', () => {
  const fx = useService({ per: 'test' });

  it('lists id, date, kind, value and when; piped as TSV, and --json with type manual; removed logs drop out', async () => {
    const run = await addHabit(fx.svc, { name: 'Run', goal: { periodicity: 'daily', value: 5, unit: 'kM' } });
    await logValue(fx.svc, run.id, 9, 'kM', '2026-11-20'); // written elsewhere: not this machine's
    const a = JSON.parse((await fx.cli(['log', 'add', 'Run', '2', '--json'])).stdout) as { logId: string };
    const b = JSON.parse((await fx.cli(['log', 'add', 'Run', '1.5', '--date', 'yesterday', '--json'])).stdout) as { logId: string };
    const d = JSON.parse((await fx.cli(['log', 'done', 'Run', '--date', '2026-11-19', '--json'])).stdout) as [{ result: { logId: string } }];
    fx.reset();
    const piped = await fx.cli(['log', 'ls', 'Run']);
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout).toBe([
      `${d[0].result.logId}\t2026-11-19\tcompleted\t\t\t2026-11-22T12:00:00.000Z\tmanual`,
      `${b.logId}\t2026-11-21\tvalue\t1.5\tkM\t2026-11-22T12:00:00.000Z\tmanual`,
      `${a.logId}\t2026-11-22\tvalue\t2\tkM\t2026-11-22T12:00:00.000Z\tmanual`,
    ].join('\n') + '\n');
    expect(fx.svc.requests.filter((r) => r.method !== 'GET')).toEqual([]);

    await fx.cli(['log', 'rm', 'Run', `id:${b.logId}`, '--yes']);
    const json = JSON.parse((await fx.cli(['log', 'ls', 'Run', '--from', '2026-11-20', '--json'])).stdout) as unknown;
    expect(json).toEqual([{ id: a.logId, type: 'manual', kind: 'value', date: '2026-11-22', value: 2, unitSymbol: 'kM', createdAt: '2026-11-22T12:00:00.000Z' }]);
    const tty = await fx.cli(['log', 'ls', 'Run', '--to', '2026-11-19'], { tty: { stdout: true }, columns: 100, env: { NO_COLOR: '1' } });
    expect(tty.stdout).toMatch(/^ID +DATE +KIND +VALUE +WRITTEN\n/);
    expect(tty.stdout).toContain(d[0].result.logId);
    expect(tty.stdout).toMatch(/2026-11-19 +completed +2026-11-22 12:00\n/);
    expect(tty.stdout).not.toContain(a.logId);
    // In the user's zone, as note ls shows times (piped and --json keep ISO).
    const tokyo = await fx.cli(['log', 'ls', 'Run', '--to', '2026-11-19'], { tty: { stdout: true }, columns: 100, env: { NO_COLOR: '1', HABITS_TIMEZONE: 'Asia/Tokyo' } });
    expect(tokyo.stdout).toMatch(/2026-11-19 +completed +2026-11-22 21:00\n/);
  });

  it('none written: a message on a terminal; piped, nothing at all; exit 0', async () => {
    await addHabit(fx.svc, { name: 'Run' });
    expect(await fx.cli(['log', 'ls', 'Run'], { tty: { stdout: true } })).toMatchObject({ code: 0, stdout: 'No logs of "Run" written from this machine.\n', stderr: '' });
    expect(await fx.cli(['log', 'ls', 'Run'])).toMatchObject({ code: 0, stdout: '', stderr: '' });
  });
});

describe('log ls in local mode: every log of the store', () => {
  const home = useHome();

  it('lists the logs through the service extension, within --from and --to', async () => {
    const local = (argv: string[]) => runCli(['--local', ...argv], { env: home.home.env });
    expect((await local(['habit', 'add', 'Run', '--goal', '5 km daily', '--start', '2026-11-01'])).code).toBe(0);
    for (const [v, date] of [['1', '2026-11-18'], ['2', '2026-11-20'], ['3', '2026-11-21']] as const) {
      expect((await local(['log', 'add', 'Run', v, '--date', date])).code).toBe(0);
    }
    const r = await local(['log', 'ls', 'Run', '--from', '2026-11-19', '--to', '2026-11-21']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n').filter(Boolean).map((l) => [...l.split('\t').slice(1, 5), l.split('\t')[6]])).toEqual([
      ['2026-11-20', 'value', '2', 'kM', 'manual'],
      ['2026-11-21', 'value', '3', 'kM', 'manual'],
    ]);
    const json = JSON.parse((await local(['log', 'ls', 'Run', '--to', '2026-11-18', '--json'])).stdout) as unknown;
    expect(json).toEqual([{ id: expect.any(String), type: 'manual', kind: 'value', date: '2026-11-18', value: 1, unitSymbol: 'kM', createdAt: expect.any(String) }]);
    expect((await local(['log', 'ls', 'Run', '--from', '2026-11-22', '--to', '2026-11-01'])).stderr).toBe('error: --from 2026-11-22 is after --to 2026-11-01\n');
  });
});
