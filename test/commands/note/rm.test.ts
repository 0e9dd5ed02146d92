// `habits note rm` against the real local service: through the CLI, and its run() alone.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Habit } from '../../../src/api/types.js';
import { run } from '../../../src/commands/note/rm.js';
import { CancelledError } from '../../../src/errors.js';
import { scriptedPrompter } from '../../helpers/cli.js';
import { verbDeps } from '../../helpers/verb.js';
import { addHabit, addNote, useService, writes, notesOf } from '../../helpers/service.js';

const fx = useService({ per: 'test' });
let walk: Habit;
beforeEach(async () => {
  walk = await addHabit(fx.svc, { name: 'Walk' });
  fx.reset();
});

describe('note rm', () => {
  it('refuses without --yes off a terminal, deletes with it', async () => {
    const n = await addNote(fx.svc, walk.id, { content: 'bye' });
    fx.reset();
    const r = await fx.cli(['note', 'rm', 'Walk', `id:${n.id}`]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('refusing to delete note');
    expect(fx.svc.requests).toEqual([]);
    expect(await notesOf(fx.svc, walk.id)).toHaveLength(1);
    const ok = await fx.cli(['note', 'rm', 'Walk', `id:${n.id}`, '--yes', '--json']);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toEqual({ ok: true });
    expect(await notesOf(fx.svc, walk.id)).toHaveLength(0);
  });
});

describe('note rm run() alone, with its narrow dependencies', () => {
  it('asks through the prompter: no changes nothing, yes deletes', async () => {
    const n = await addNote(fx.svc, walk.id, { content: 'bye' });
    fx.reset();
    const verb = verbDeps(fx.svc);
    try {
      const prompter = scriptedPrompter([false, true]);
      await expect(run({ ref: 'Walk', noteId: n.id, yes: false }, { ...verb.deps, prompter })).rejects.toThrow(CancelledError);
      expect(writes(fx.svc)).toEqual([]);
      await run({ ref: 'Walk', noteId: n.id, yes: false }, { ...verb.deps, prompter });
      expect(prompter.asked).toEqual([`Delete note ${n.id} of "Walk"? This cannot be undone.`, `Delete note ${n.id} of "Walk"? This cannot be undone.`]);
      expect(verb.stderr()).toBe(`Deleted note ${n.id} of "Walk"\n`);
      expect(writes(fx.svc).map((w) => [w.method, w.path])).toEqual([['DELETE', `/habits/${walk.id}/notes/${n.id}`]]);
      expect(await notesOf(fx.svc, walk.id)).toEqual([]);
    } finally {
      await verb.close();
    }
  });
});
