// `habits log done|fail|skip|undo`: bulk marking against the real local service, and runMark() alone.
import { describe, expect, it } from 'vitest';
import { DONE } from '../../../src/commands/log/done.js';
import { parseMark, runMark } from '../../../src/commands/log/mark.js';
import { UNDO } from '../../../src/commands/log/undo.js';
import { dateInZone, systemTimeZone } from '../../../src/model/dates.js';
import { UsageError } from '../../../src/errors.js';
import { verbDeps } from '../../helpers/verb.js';
import { addHabit, call, slowProxy, useService, writes } from '../../helpers/service.js';

const fx = useService({ per: 'test' });

describe('log done', () => {
  it('marks one habit for today and names it and the date', async () => {
    const walk = await addHabit(fx.svc, { name: 'Walk' });
    fx.reset();
    const r = await fx.cli(['log', 'done', 'Walk']);
    expect(r).toMatchObject({ code: 0, stdout: '' });
    expect(r.stderr).toBe('Marked "Walk" completed for 2026-11-22\n');
    expect(writes(fx.svc)).toEqual([
      { method: 'POST', path: `/habits/${walk.id}/logs/complete`, body: { targetDate: '2026-11-22' }, status: 201 },
    ]);
  });

  it('prints the confirmation on stdout when it is a terminal', async () => {
    await addHabit(fx.svc, { name: 'Walk' });
    const r = await fx.cli(['log', 'done', 'walk'], { tty: { stdout: true } });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('Marked "Walk" completed for 2026-11-22\n');
  });

  it('bulk with one unknown habit: marks the others, reports each, exits 3', async () => {
    const a = await addHabit(fx.svc, { name: 'Alpha' });
    const b = await addHabit(fx.svc, { name: 'Bravo' });
    fx.reset();
    const r = await fx.cli(['log', 'done', 'Alpha', 'Nope', 'Bravo']);
    expect(r.code).toBe(3);
    expect(writes(fx.svc)).toEqual(expect.arrayContaining([
      { method: 'POST', path: `/habits/${a.id}/logs/complete`, body: { targetDate: '2026-11-22' }, status: 201 },
      { method: 'POST', path: `/habits/${b.id}/logs/complete`, body: { targetDate: '2026-11-22' }, status: 201 },
    ]));
    expect(writes(fx.svc)).toHaveLength(2);
    const lines = r.stderr.trim().split('\n');
    expect(lines[0]).toBe('Marked "Alpha" completed for 2026-11-22');
    expect(lines[1]).toBe('error: no habit matches "Nope"');
    expect(lines).toContain('Marked "Bravo" completed for 2026-11-22');
    expect(lines.indexOf('Marked "Bravo" completed for 2026-11-22')).toBeGreaterThan(1);
    expect(r.stderr.endsWith('error: 1 of 3 failed\n')).toBe(true);
    // The state holds both marks.
    const journal = await call<{ id: string; status: string }[]>(fx.svc, 'GET', '/habits/journal?date=2026-11-22');
    expect(journal.filter((e) => e.status === 'completed').map((e) => e.id).sort()).toEqual([a.id, b.id].sort());
  });

  it('an ambiguous reference exits 2 and lists the candidates; the others are still marked', async () => {
    await addHabit(fx.svc, { name: 'Read book' });
    await addHabit(fx.svc, { name: 'Read news' });
    const s = await addHabit(fx.svc, { name: 'Stretch' });
    fx.reset();
    const r = await fx.cli(['log', 'done', 'Read', 'Stretch']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('error: "Read" matches 2 habits\n  hint: candidates: "Read book"');
    expect(r.stderr).toContain('"Read book"');
    expect(writes(fx.svc)).toEqual([{ method: 'POST', path: `/habits/${s.id}/logs/complete`, body: { targetDate: '2026-11-22' }, status: 201 }]);
  });

  it('a lone unknown habit is one error with a suggestion, exit 3', async () => {
    await addHabit(fx.svc, { name: 'Meditate' });
    fx.reset();
    const r = await fx.cli(['log', 'done', 'Meditat3']);
    expect(r.code).toBe(3);
    expect(r.stderr).toBe('error: no habit matches "Meditat3"\nhint: did you mean "Meditate"?\n');
    expect(writes(fx.svc)).toEqual([]);
  });

  it('a repeated log done exits 0 and says already', async () => {
    await addHabit(fx.svc, { name: 'Walk' });
    fx.reset();
    expect((await fx.cli(['log', 'done', 'Walk'])).code).toBe(0);
    const again = await fx.cli(['log', 'done', 'Walk']);
    expect(again.code).toBe(0);
    expect(again.stderr).toBe('"Walk" was already completed for 2026-11-22\n');
    expect(writes(fx.svc).map((x) => x.status)).toEqual([201, 409]);
  });

  it('--date yesterday is resolved in HABITS_TIMEZONE and sent explicitly', async () => {
    const walk = await addHabit(fx.svc, { name: 'Walk' });
    fx.reset();
    // 12:00 UTC on the 22nd is already the 23rd in Kiritimati (UTC+14): yesterday is the 22nd there.
    const r = await fx.cli(['log', 'skip', 'Walk', '--date', 'yesterday'], { env: { HABITS_TIMEZONE: 'Pacific/Kiritimati' } });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('Marked "Walk" skipped for 2026-11-22\n');
    const r2 = await fx.cli(['log', 'fail', 'Walk', '--date', 'yesterday'], { env: { HABITS_TIMEZONE: 'America/Los_Angeles' } });
    expect(r2.stderr).toBe('Marked "Walk" failed for 2026-11-21\n');
    expect(writes(fx.svc)).toEqual([
      { method: 'POST', path: `/habits/${walk.id}/logs/skipped`, body: { targetDate: '2026-11-22' }, status: 201 },
      { method: 'POST', path: `/habits/${walk.id}/logs/failed`, body: { targetDate: '2026-11-21' }, status: 201 },
    ]);
  });

  it("without a configured zone, today is the system zone's date", async () => {
    const walk = await addHabit(fx.svc, { name: 'Walk' });
    fx.reset();
    const now = new Date('2026-11-22T23:30:00Z');
    const r = await fx.cli(['log', 'done', 'Walk'], { env: { HABITS_TIMEZONE: '' }, now: () => now });
    expect(r.code).toBe(0);
    const today = dateInZone(now, systemTimeZone());
    expect(writes(fx.svc)).toEqual([{ method: 'POST', path: `/habits/${walk.id}/logs/complete`, body: { targetDate: today }, status: 201 }]);
  });

  it('a bad --date is a usage error before any request', async () => {
    await addHabit(fx.svc, { name: 'Walk' });
    fx.reset();
    const r = await fx.cli(['log', 'done', 'Walk', '--date', 'someday']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('error: --date: expected YYYY-MM-DD, today, yesterday, tomorrow, -N (N days ago) or a weekday (mon, monday), got "someday"\n');
    // tomorrow is a date, and a log for it is refused as in the future.
    const later = await fx.cli(['log', 'done', 'Walk', '--date', 'tomorrow']);
    expect(later).toMatchObject({ code: 2, stderr: expect.stringMatching(/^error: --date: 2026-11-23 is in the future \(today is 2026-11-22 in your time zone\)\n/) });
    expect(fx.svc.requests).toEqual([]);
  });

  it('--json prints one array with an entry per habit, in order', async () => {
    const a = await addHabit(fx.svc, { name: 'Alpha' });
    await fx.cli(['log', 'done', 'Alpha']);
    const r = await fx.cli(['--json', 'log', 'done', 'Nope', 'Alpha', '--date', '2026-11-22']);
    expect(r.code).toBe(3);
    const out = JSON.parse(r.stdout) as unknown[];
    expect(out).toEqual([
      { ref: 'Nope', habit: null, date: '2026-11-22', ok: false, error: { code: 'not_found', message: 'no habit matches "Nope"', status: null } },
      { ref: 'Alpha', habit: { id: a.id, name: 'Alpha' }, date: '2026-11-22', ok: true, already: true },
    ]);
    expect(JSON.parse(r.stderr)).toMatchObject({ error: { code: 'not_found', message: '1 of 2 failed' } });
    const ok = await fx.cli(['log', 'undo', 'Alpha', '--json']);
    expect(JSON.parse(ok.stdout)).toEqual([
      { ref: 'Alpha', habit: { id: a.id, name: 'Alpha' }, date: '2026-11-22', ok: true, result: { message: 'Removed 1 log for 2026-11-22', removed: 1 } },
    ]);
    expect(ok.stderr).toBe('');
  });

  it('undo clears the date, and marking again works', async () => {
    const walk = await addHabit(fx.svc, { name: 'Walk' });
    await fx.cli(['log', 'done', 'Walk']);
    const r = await fx.cli(['log', 'undo', 'Walk']);
    expect(r).toMatchObject({ code: 0, stderr: 'Cleared 1 log of "Walk" for 2026-11-22\n' });
    const journal = await call<{ id: string; status: string }[]>(fx.svc, 'GET', '/habits/journal?date=2026-11-22');
    expect(journal.find((e) => e.id === walk.id)?.status).toBe('inprogress');
    expect((await fx.cli(['log', 'done', 'Walk'])).stderr).toBe('Marked "Walk" completed for 2026-11-22\n');
  });

  it('an id that begins with "-" works after -- and as id:', async () => {
    const walk = await addHabit(fx.svc, { name: 'Walk' });
    expect(walk.id.startsWith('-')).toBe(true);
    const r = await fx.cli(['log', 'done', '--', walk.id]);
    expect(r).toMatchObject({ code: 0, stderr: 'Marked "Walk" completed for 2026-11-22\n' });
    const r2 = await fx.cli(['log', 'skip', `id:${walk.id}`]);
    expect(r2).toMatchObject({ code: 0, stderr: 'Marked "Walk" skipped for 2026-11-22\n' });
  });

  it('the same habit named twice is marked once', async () => {
    await addHabit(fx.svc, { name: 'Walk' });
    fx.reset();
    const r = await fx.cli(['log', 'done', 'Walk', 'walk']);
    expect(r.code).toBe(0);
    expect(writes(fx.svc)).toHaveLength(1);
    expect(r.stderr).toBe('Marked "Walk" completed for 2026-11-22\n'.repeat(2));
  });

  it('never has more than 4 requests in flight, and keeps argument order', async () => {
    const names = Array.from({ length: 10 }, (_, i) => `Habit ${String(i).padStart(2, '0')}`);
    for (const n of names) await addHabit(fx.svc, { name: n });
    const proxy = await slowProxy(fx.svc.url, 60);
    try {
      fx.reset();
      const r = await fx.cli(['log', 'done', ...names], { env: { HABITS_BASE_URL: proxy.url } });
      expect(r.code).toBe(0);
      expect(proxy.maxInFlight()).toBe(4);
      expect(writes(fx.svc)).toHaveLength(10);
      expect(r.stderr.trim().split('\n')).toEqual(names.map((n) => `Marked "${n}" completed for 2026-11-22`));
    } finally {
      await proxy.close();
    }
  });

  it('a 404 from the server on one habit is reported, exit 3; the others go on', async () => {
    const a = await addHabit(fx.svc, { name: 'Alpha' });
    const b = await addHabit(fx.svc, { name: 'Bravo' });
    await call(fx.svc, 'DELETE', `/habits/${a.id}`);
    // id: skips the lookup, so the POST itself answers 404 (exit 3); Bravo is still marked.
    const r = await fx.cli(['log', 'done', `id:${a.id}`, 'Bravo']);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/^error: "-[^"]+": not found: /m);
    expect(r.stderr).toContain('Marked "Bravo" completed');
    expect(writes(fx.svc).filter((x) => x.path === `/habits/${b.id}/logs/complete`)).toHaveLength(1);
  });
});

describe('the summary of a bulk failure', () => {
  it("keeps the first failure's HTTP status in --json (exit 3), after one entry per habit", async () => {
    const a = await addHabit(fx.svc, { name: 'Alpha' });
    const b = await addHabit(fx.svc, { name: 'Bravo' });
    await call(fx.svc, 'DELETE', `/habits/${a.id}`);
    const r = await fx.cli(['--json', 'log', 'done', `id:${a.id}`, 'Bravo']);
    expect(r.code).toBe(3);
    expect(JSON.parse(r.stderr)).toEqual({ error: { code: 'not_found', message: '1 of 2 failed', status: 404 } });
    const entries = JSON.parse(r.stdout) as { ok: boolean; error?: { status: number | null } }[];
    expect(entries.map((e) => [e.ok, e.error?.status])).toEqual([[false, 404], [true, undefined]]);
    expect(writes(fx.svc).filter((x) => x.path === `/habits/${b.id}/logs/complete`)).toHaveLength(1);
  });
});

describe('parseMark', () => {
  it('rejects an empty reference', () => {
    expect(() => parseMark(['Walk', ' '], {})).toThrow(new UsageError('<habit> 2 is empty'));
    expect(parseMark(['Walk'], { date: 'yesterday' })).toEqual({ refs: ['Walk'], date: 'yesterday', strict: false });
  });
});

describe('runMark alone, with its narrow dependencies', () => {
  const fx = useService({ per: 'test' });

  it('marks each habit once, says so on stderr in a pipe, and a repeat is success', async () => {
    const walk = await addHabit(fx.svc, { name: 'Walk' });
    const read = await addHabit(fx.svc, { name: 'Read' });
    fx.reset();
    const run = verbDeps(fx.svc, { today: '2026-11-22' });
    try {
      await runMark(DONE, { refs: ['Walk', 'id:' + walk.id, 'Read'], date: 'today', strict: false }, run.deps);
      await runMark(DONE, { refs: ['Walk'], date: 'today', strict: false }, run.deps);
      expect(run.stdout()).toBe('');
      expect(run.stderr()).toBe([
        'Marked "Walk" completed for 2026-11-22', 'Marked "Walk" completed for 2026-11-22', 'Marked "Read" completed for 2026-11-22',
        '"Walk" was already completed for 2026-11-22', '',
      ].join('\n'));
      expect(writes(fx.svc).map((w) => [w.path, w.body])).toEqual([
        [`/habits/${walk.id}/logs/complete`, { targetDate: '2026-11-22' }],
        [`/habits/${read.id}/logs/complete`, { targetDate: '2026-11-22' }],
        [`/habits/${walk.id}/logs/complete`, { targetDate: '2026-11-22' }],
      ]);
    } finally {
      await run.close();
    }
  });

  it('with --json prints one document of outcomes and no lines; undo treats 409 as a failure', async () => {
    const walk = await addHabit(fx.svc, { name: 'Walk' });
    const run = verbDeps(fx.svc, { json: true, today: '2026-11-22' });
    try {
      await runMark(UNDO, { refs: ['Walk'], date: '2026-11-21', strict: false }, run.deps);
      expect(JSON.parse(run.stdout())).toEqual([
        { ref: 'Walk', habit: { id: walk.id, name: 'Walk' }, date: '2026-11-21', ok: true, result: { message: 'Nothing to undo on 2026-11-21', removed: 0 } },
      ]);
      expect(run.stderr()).toBe('');
    } finally {
      await run.close();
    }
  });
});

describe('help of log undo (issue 22)', () => {
  it('is log undo\'s alone: one Examples block, its own --yes, not the top-level undo\'s text', async () => {
    for (const argv of [['help', 'log', 'undo'], ['log', 'undo', '--help']]) {
      const r = await fx.cli(argv);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout.match(/Examples:/g), argv.join(' ')).toHaveLength(1);
      expect(r.stdout).toContain('-y, --yes');
      expect(r.stdout).not.toContain('revert');
    }
  });
});

describe('the words of a bad habit\'s completed day (issue 22)', () => {
  it('read as the journal reads them: avoided, or within limit with a limit', async () => {
    await addHabit(fx.svc, { name: 'Smoking', type: 'bad' });
    await addHabit(fx.svc, { name: 'Sugar', type: 'bad', goal: { periodicity: 'daily', value: 30, unit: 'g' } });
    const r = await fx.cli(['log', 'done', 'Smoking', 'Sugar']);
    expect(r).toMatchObject({ code: 0, stderr: 'Marked "Smoking" avoided for 2026-11-22\nMarked "Sugar" within limit for 2026-11-22\n' });
    expect((await fx.cli(['log', 'done', 'Smoking'])).stderr).toBe('"Smoking" was already avoided for 2026-11-22\n');
    const journal = await fx.cli(['journal'], { tty: { stdout: true }, columns: 100, env: { NO_COLOR: '1' } });
    expect(journal.stdout).toMatch(/✓ avoided/);
    expect(journal.stdout).toMatch(/✓ within limit/);
  });
});
