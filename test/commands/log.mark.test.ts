// `habits log done|fail|skip|undo`: bulk marking against the real local service.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseMark, mapLimit } from '../../src/commands/log/mark.js';
import { UsageError } from '../../src/errors.js';
import { startWorld, slowProxy, writes, type World } from './logging-fixtures.js';

let w: World;
beforeEach(async () => {
  w = await startWorld();
});
afterEach(async () => {
  await w.close();
});

describe('log done', () => {
  it('marks one habit for today and names it and the date', async () => {
    const walk = await w.habit('Walk');
    w.reset();
    const r = await w.run(['log', 'done', 'Walk']);
    expect(r).toMatchObject({ code: 0, stdout: '' });
    expect(r.stderr).toBe('Marked "Walk" completed for 2026-11-22\n');
    expect(writes(w.svc)).toEqual([
      { method: 'POST', path: `/habits/${walk.id}/logs/complete`, body: { targetDate: '2026-11-22' }, status: 201 },
    ]);
  });

  it('prints the confirmation on stdout when it is a terminal', async () => {
    await w.habit('Walk');
    const r = await w.run(['log', 'done', 'walk'], { tty: { stdout: true } });
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('Marked "Walk" completed for 2026-11-22\n');
  });

  it('bulk with one unknown habit: marks the others, reports each, exits 3', async () => {
    const a = await w.habit('Alpha');
    const b = await w.habit('Bravo');
    w.reset();
    const r = await w.run(['log', 'done', 'Alpha', 'Nope', 'Bravo']);
    expect(r.code).toBe(3);
    expect(writes(w.svc)).toEqual(expect.arrayContaining([
      { method: 'POST', path: `/habits/${a.id}/logs/complete`, body: { targetDate: '2026-11-22' }, status: 201 },
      { method: 'POST', path: `/habits/${b.id}/logs/complete`, body: { targetDate: '2026-11-22' }, status: 201 },
    ]));
    expect(writes(w.svc)).toHaveLength(2);
    const lines = r.stderr.trim().split('\n');
    expect(lines[0]).toBe('Marked "Alpha" completed for 2026-11-22');
    expect(lines[1]).toBe('error: no habit matches "Nope"');
    expect(lines).toContain('Marked "Bravo" completed for 2026-11-22');
    expect(lines.indexOf('Marked "Bravo" completed for 2026-11-22')).toBeGreaterThan(1);
    expect(r.stderr.endsWith('error: 1 of 3 failed\n')).toBe(true);
    // The state holds both marks.
    const journal = await w.call<{ id: string; status: string }[]>('GET', '/habits/journal?date=2026-11-22');
    expect(journal.filter((e) => e.status === 'completed').map((e) => e.id).sort()).toEqual([a.id, b.id].sort());
  });

  it('an ambiguous reference exits 2 and lists the candidates; the others are still marked', async () => {
    await w.habit('Read book');
    await w.habit('Read news');
    const s = await w.habit('Stretch');
    w.reset();
    const r = await w.run(['log', 'done', 'Read', 'Stretch']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('error: "Read" matches 2 habits\n  hint: candidates: "Read book"');
    expect(r.stderr).toContain('"Read book"');
    expect(writes(w.svc)).toEqual([{ method: 'POST', path: `/habits/${s.id}/logs/complete`, body: { targetDate: '2026-11-22' }, status: 201 }]);
  });

  it('a lone unknown habit is one error with a suggestion, exit 3', async () => {
    await w.habit('Meditate');
    w.reset();
    const r = await w.run(['log', 'done', 'Meditat3']);
    expect(r.code).toBe(3);
    expect(r.stderr).toBe('error: no habit matches "Meditat3"\nhint: did you mean "Meditate"?\n');
    expect(writes(w.svc)).toEqual([]);
  });

  it('a repeated log done exits 0 and says already', async () => {
    await w.habit('Walk');
    w.reset();
    expect((await w.run(['log', 'done', 'Walk'])).code).toBe(0);
    const again = await w.run(['log', 'done', 'Walk']);
    expect(again.code).toBe(0);
    expect(again.stderr).toBe('"Walk" was already completed for 2026-11-22\n');
    expect(writes(w.svc).map((x) => x.status)).toEqual([201, 409]);
  });

  it('--date yesterday is resolved in HABITS_TIMEZONE and sent explicitly', async () => {
    const walk = await w.habit('Walk');
    w.reset();
    // 12:00 UTC on the 22nd is already the 23rd in Kiritimati (UTC+14): yesterday is the 22nd there.
    const r = await w.run(['log', 'skip', 'Walk', '--date', 'yesterday'], { env: { HABITS_TIMEZONE: 'Pacific/Kiritimati' } });
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('Marked "Walk" skipped for 2026-11-22\n');
    const r2 = await w.run(['log', 'fail', 'Walk', '--date', 'yesterday'], { env: { HABITS_TIMEZONE: 'America/Los_Angeles' } });
    expect(r2.stderr).toBe('Marked "Walk" failed for 2026-11-21\n');
    expect(writes(w.svc)).toEqual([
      { method: 'POST', path: `/habits/${walk.id}/logs/skipped`, body: { targetDate: '2026-11-22' }, status: 201 },
      { method: 'POST', path: `/habits/${walk.id}/logs/failed`, body: { targetDate: '2026-11-21' }, status: 201 },
    ]);
  });

  it('a bad --date is a usage error before any request', async () => {
    await w.habit('Walk');
    w.reset();
    const r = await w.run(['log', 'done', 'Walk', '--date', 'tomorrow']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('error: --date: expected YYYY-MM-DD, today or yesterday, got "tomorrow"\n');
    expect(w.svc.requests).toEqual([]);
  });

  it('--json prints one array with an entry per habit, in order', async () => {
    const a = await w.habit('Alpha');
    await w.run(['log', 'done', 'Alpha']);
    const r = await w.run(['--json', 'log', 'done', 'Nope', 'Alpha', '--date', '2026-11-22']);
    expect(r.code).toBe(3);
    const out = JSON.parse(r.stdout) as unknown[];
    expect(out).toEqual([
      { ref: 'Nope', habit: null, date: '2026-11-22', ok: false, error: { code: 'not_found', message: 'no habit matches "Nope"', status: null } },
      { ref: 'Alpha', habit: { id: a.id, name: 'Alpha' }, date: '2026-11-22', ok: true, already: true },
    ]);
    expect(JSON.parse(r.stderr)).toMatchObject({ error: { code: 'not_found', message: '1 of 2 failed' } });
    const ok = await w.run(['log', 'undo', 'Alpha', '--json']);
    expect(JSON.parse(ok.stdout)).toEqual([
      { ref: 'Alpha', habit: { id: a.id, name: 'Alpha' }, date: '2026-11-22', ok: true, result: { message: 'Removed 1 log for 2026-11-22' } },
    ]);
    expect(ok.stderr).toBe('');
  });

  it('undo clears the date, and marking again works', async () => {
    const walk = await w.habit('Walk');
    await w.run(['log', 'done', 'Walk']);
    const r = await w.run(['log', 'undo', 'Walk']);
    expect(r).toMatchObject({ code: 0, stderr: 'Cleared the logs of "Walk" for 2026-11-22\n' });
    const journal = await w.call<{ id: string; status: string }[]>('GET', '/habits/journal?date=2026-11-22');
    expect(journal.find((e) => e.id === walk.id)?.status).toBe('inprogress');
    expect((await w.run(['log', 'done', 'Walk'])).stderr).toBe('Marked "Walk" completed for 2026-11-22\n');
  });

  it('an id that begins with "-" works after -- and as id:', async () => {
    const walk = await w.habit('Walk');
    expect(walk.id.startsWith('-')).toBe(true);
    const r = await w.run(['log', 'done', '--', walk.id]);
    expect(r).toMatchObject({ code: 0, stderr: 'Marked "Walk" completed for 2026-11-22\n' });
    const r2 = await w.run(['log', 'skip', `id:${walk.id}`]);
    expect(r2).toMatchObject({ code: 0, stderr: 'Marked "Walk" skipped for 2026-11-22\n' });
  });

  it('the same habit named twice is marked once', async () => {
    await w.habit('Walk');
    w.reset();
    const r = await w.run(['log', 'done', 'Walk', 'walk']);
    expect(r.code).toBe(0);
    expect(writes(w.svc)).toHaveLength(1);
    expect(r.stderr).toBe('Marked "Walk" completed for 2026-11-22\n'.repeat(2));
  });

  it('never has more than 4 requests in flight, and keeps argument order', async () => {
    const names = Array.from({ length: 10 }, (_, i) => `Habit ${String(i).padStart(2, '0')}`);
    for (const n of names) await w.habit(n);
    const proxy = await slowProxy(w.svc.url, 60);
    try {
      w.reset();
      const r = await w.run(['log', 'done', ...names], { env: { HABITS_BASE_URL: proxy.url } });
      expect(r.code).toBe(0);
      expect(proxy.maxInFlight()).toBe(4);
      expect(writes(w.svc)).toHaveLength(10);
      expect(r.stderr.trim().split('\n')).toEqual(names.map((n) => `Marked "${n}" completed for 2026-11-22`));
    } finally {
      await proxy.close();
    }
  });

  it('a 404 from the server on one habit is reported, exit 3; the others go on', async () => {
    const a = await w.habit('Alpha');
    const b = await w.habit('Bravo');
    await w.call('DELETE', `/habits/${a.id}`);
    // id: skips the lookup, so the POST itself answers 404 (exit 3); Bravo is still marked.
    const r = await w.run(['log', 'done', `id:${a.id}`, 'Bravo']);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/^error: "-[^"]+": not found: /m);
    expect(r.stderr).toContain('Marked "Bravo" completed');
    expect(writes(w.svc).filter((x) => x.path === `/habits/${b.id}/logs/complete`)).toHaveLength(1);
  });
});

describe('parseMark and mapLimit', () => {
  it('rejects an empty reference', () => {
    expect(() => parseMark('done', ['Walk', ' '], {})).toThrow(new UsageError('<habit> 2 is empty'));
    expect(parseMark('skip', ['Walk'], { date: 'yesterday' })).toEqual({ action: 'skip', refs: ['Walk'], date: 'yesterday' });
  });

  it('mapLimit bounds the calls pending', async () => {
    let now = 0;
    let max = 0;
    const seen: number[] = [];
    await mapLimit([...Array(9).keys()], 3, async (i) => {
      max = Math.max(max, ++now);
      await new Promise((r) => setTimeout(r, 5 + (i % 3)));
      seen.push(i);
      now--;
    });
    expect(max).toBe(3);
    expect(seen.sort()).toEqual([...Array(9).keys()]);
  });
});
