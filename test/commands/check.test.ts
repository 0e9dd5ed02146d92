// `habits check` against the real local service: through the CLI (what it refuses without a
// terminal), and its run() alone with a scripted prompter (the questions, the review, the writes).
// Today is 2026-11-22 in the user's zone.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Habit, JournalEntry } from '../../src/api/types.js';
import { run } from '../../src/commands/check.js';
import { CancelledError } from '../../src/errors.js';
import type { Prompter } from '../../src/prompts/prompter.js';
import { scriptedPrompter } from '../helpers/cli.js';
import { addHabit, call, logValue, mark, useService, writes } from '../helpers/service.js';
import { verbDeps } from '../helpers/verb.js';

const fx = useService({ per: 'test' });
const TTY = { stdin: true, stdout: true, stderr: true };

/** Runs check's run() with `prompter`; returns what it printed and the error it threw, if any. */
async function check(prompter: Prompter): Promise<{ stdout: string; stderr: string; error?: unknown }> {
  const verb = verbDeps(fx.svc);
  try {
    await run({ date: 'today' }, { ...verb.deps, prompter });
    return { stdout: verb.stdout(), stderr: verb.stderr() };
  } catch (error) {
    return { stdout: verb.stdout(), stderr: verb.stderr(), error };
  } finally {
    await verb.close();
  }
}

describe('habits check without a terminal', () => {
  beforeEach(async () => {
    await addHabit(fx.svc, { name: 'Walk' });
    fx.reset();
  });

  it('exits 2 pointing to the log verbs, before any request: piped, --no-input, HABITS_NO_INPUT', async () => {
    const pointer = 'error: habits check is interactive and needs a terminal; without one, use habits log done|skip|fail|add\n';
    for (const [args, opts] of [
      [['check'], {}],
      [['check', '--no-input'], { tty: TTY }],
      [['check'], { tty: TTY, env: { HABITS_NO_INPUT: '1' } }],
      [['check'], { tty: { stdin: true, stdout: true, stderr: false } }],
    ] as const) {
      const r = await fx.cli([...args], opts);
      expect(r).toMatchObject({ code: 2, stdout: '', stderr: pointer });
      expect(r.requests).toEqual([]);
    }
  });

  it('refuses --json (exit 2), naming the commands that print JSON', async () => {
    const r = await fx.cli(['check', '--json'], { tty: TTY });
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stderr)).toEqual({ error: expect.objectContaining({
      code: 'usage',
      message: 'habits check is interactive and has no --json output',
      hint: 'read the day with habits journal --json; write with habits log done|skip|fail|add --json',
    }) });
    expect(r.requests).toEqual([]);
  });
});

describe('habits check run()', () => {
  let walk: Habit, read: Habit, floss: Habit, stretch: Habit;
  beforeEach(async () => {
    walk = await addHabit(fx.svc, { name: 'Walk', timeOfDayIds: ['morning'] });
    read = await addHabit(fx.svc, { name: 'Read', goal: { value: 30, unit: 'min', periodicity: 'daily' }, timeOfDayIds: ['evening'] });
    floss = await addHabit(fx.svc, { name: 'Floss' });
    stretch = await addHabit(fx.svc, { name: 'Stretch', timeOfDayIds: ['afternoon'] });
    await logValue(fx.svc, read.id, 12, 'min', '2026-11-22');
    fx.reset();
  });

  it('asks in the order of the day, pre-fills what remains, reviews, then sends with the log verbs\' words', async () => {
    // Walk: done; Stretch: skip; Read: a value, the pre-filled 18 kept; Floss: Enter (leave).
    const prompter = scriptedPrompter(['d', 's', 'v', undefined, undefined, undefined]);
    const r = await check(prompter);
    expect(r.error).toBeUndefined();
    expect(prompter.calls).toEqual([
      { kind: 'keys', message: 'Walk (pending)' },
      { kind: 'keys', message: 'Stretch (pending)' },
      { kind: 'keys', message: 'Read (partial, 12/30 min)' },
      { kind: 'number', message: 'How much for Read (min)?' },
      { kind: 'keys', message: 'Floss (pending)' },
      { kind: 'confirm', message: 'Send these 3?' },
    ]);
    expect(prompter.prompts[3]!.default).toBe(18);
    expect(prompter.prompts[5]!.default).toBe(true);
    const lines = r.stderr.split('\n');
    expect(lines.slice(lines.indexOf('To send for 2026-11-22:'))).toEqual([
      'To send for 2026-11-22:',
      '  Walk      done',
      '  Stretch   skip',
      '  Read      +18 min',
      'Left open: Floss',
      'Marked "Walk" completed for 2026-11-22',
      'Marked "Stretch" skipped for 2026-11-22',
      expect.stringMatching(/^Logged 18 min to "Read" for 2026-11-22 \(log id:-[\w-]+\)$/),
      '',
    ]);
    expect(r.stderr).toMatch(/Morning\n[^]*Afternoon\n[^]*Evening\n[^]*Any time\n/);
    const byPath = (a: [string, unknown], b: [string, unknown]) => a[0].localeCompare(b[0]);
    expect(writes(fx.svc).map((w): [string, unknown] => [w.path, w.body]).sort(byPath)).toEqual(([
      [`/habits/${read.id}/logs`, { value: 18, unitSymbol: 'min', targetDate: '2026-11-22' }],
      [`/habits/${stretch.id}/logs/skipped`, { targetDate: '2026-11-22' }],
      [`/habits/${walk.id}/logs/complete`, { targetDate: '2026-11-22' }],
    ] as [string, unknown][]).sort(byPath));
    const journal = await call<JournalEntry[]>(fx.svc, 'GET', '/habits/journal?date=2026-11-22');
    expect(Object.fromEntries(journal.map((e) => [e.name, e.status]))).toEqual({ Walk: 'completed', Stretch: 'skipped', Read: 'completed', Floss: 'inprogress' });
  });

  it('says before the first question that nothing is sent until the review; answers, amounts too, are marked →, not ✔', async () => {
    const prompter = scriptedPrompter(['d', 's', 'v', 12, undefined, false]);
    const marks: (string | undefined)[] = [];
    const { keys, number } = prompter;
    prompter.keys = (o) => (marks.push(o.answered), keys(o));
    prompter.number = (o) => (marks.push(o.answered), number(o));
    const r = await check(prompter);
    expect(r.stderr.split('\n').slice(0, 2)).toEqual([
      'Check-in for Sunday 22 Nov 2026: 4 open',
      'Nothing is sent until the review.',
    ]);
    expect(marks).toEqual(['→', '→', '→', '→', '→']);
  });

  it('Ctrl-C at the third habit says nothing was sent: the two answered before are not sent (exit 130)', async () => {
    const r = await check(scriptedPrompter(['d', 's', new CancelledError()]));
    expect(r.error).toBeInstanceOf(CancelledError);
    expect((r.error as Error).message).toBe('cancelled; nothing was sent (2 answers dropped)');
    expect(writes(fx.svc)).toEqual([]);
    const journal = await call<JournalEntry[]>(fx.svc, 'GET', '/habits/journal?date=2026-11-22');
    expect(journal.map((e) => e.status)).toEqual(['inprogress', 'inprogress', 'inprogress', 'inprogress']);
  });

  it('Ctrl-C at a value\'s amount, or at the review, says the same', async () => {
    const amount = await check(scriptedPrompter(['d', 's', 'v', new CancelledError()]));
    expect((amount.error as Error).message).toBe('cancelled; nothing was sent (2 answers dropped)');
    const review = await check(scriptedPrompter(['d', 's', undefined, 'd', new CancelledError()]));
    expect((review.error as Error).message).toBe('cancelled; nothing was sent');
    expect(writes(fx.svc)).toEqual([]);
  });

  it('declining the review sends nothing (exit 130)', async () => {
    const r = await check(scriptedPrompter(['d', 'f', 'd', 'd', false]));
    expect(r.error).toBeInstanceOf(CancelledError);
    expect((r.error as Error).message).toBe('cancelled; nothing was sent');
    expect(writes(fx.svc)).toEqual([]);
  });

  it('a day left open everywhere sends nothing and asks nothing more', async () => {
    const prompter = scriptedPrompter([undefined, undefined, undefined, undefined]);
    const r = await check(prompter);
    expect(r.error).toBeUndefined();
    expect(prompter.calls.map((c) => c.kind)).toEqual(['keys', 'keys', 'keys', 'keys']);
    expect(r.stderr).toContain('Left open: Walk, Stretch, Read, Floss\nNothing to send: every habit was left open.\n');
    expect(writes(fx.svc)).toEqual([]);
  });

  it('a mark made meanwhile is "already" (success); a habit gone meanwhile fails alone, the others are sent', async () => {
    const script = scriptedPrompter(['d', 'd', undefined, 'd']);
    const prompter: Prompter = {
      ...script,
      // Between the review and the writes: Walk is completed elsewhere, Floss is deleted.
      confirm: async () => {
        await mark(fx.svc, walk.id, 'complete', '2026-11-22');
        await call(fx.svc, 'DELETE', `/habits/${floss.id}`);
        return true;
      },
    };
    const r = await check(prompter);
    expect(r.error).toMatchObject({ name: 'PartialFailure', failed: 1, total: 3 });
    expect(r.stderr).toContain([
      '"Walk" was already completed for 2026-11-22',
      'Marked "Stretch" completed for 2026-11-22',
      `error: "Floss": not found: Habit ${floss.id} not found (POST /habits/${floss.id}/logs/complete)`,
    ].join('\n'));
    expect(writes(fx.svc).filter((w) => w.path.endsWith('/logs/complete')).map((w) => [w.path, w.status]).sort()).toEqual([
      [`/habits/${floss.id}/logs/complete`, 404],
      [`/habits/${stretch.id}/logs/complete`, 201],
      [`/habits/${walk.id}/logs/complete`, 201],
      [`/habits/${walk.id}/logs/complete`, 409],
    ].sort());
  });
});

describe('habits check on a quiet day', () => {
  it('no habits: the journal\'s line, exit 0, nothing asked', async () => {
    const prompter = scriptedPrompter([]);
    const r = await check(prompter);
    expect(r.error).toBeUndefined();
    expect(r.stderr).toBe('No habits due on 2026-11-22.\n');
    expect(prompter.calls).toEqual([]);
  });

  it('every habit settled: a friendly line, exit 0, nothing asked', async () => {
    const walk = await addHabit(fx.svc, { name: 'Walk' });
    await mark(fx.svc, walk.id, 'complete', '2026-11-22');
    const prompter = scriptedPrompter([]);
    const r = await check(prompter);
    expect(r.error).toBeUndefined();
    expect(r.stderr).toBe('Nothing open on 2026-11-22: every habit is done, skipped or failed.\n');
    expect(prompter.calls).toEqual([]);
  });
});
