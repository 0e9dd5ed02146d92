// `habits note edit` against the real local service: through the CLI, and its run() alone.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Habit } from '../../../src/api/types.js';
import { run } from '../../../src/commands/note/edit.js';
import { verbDeps } from '../../helpers/verb.js';
import { addHabit, addNote, useService, writes, notesOf } from '../../helpers/service.js';

const fx = useService({ per: 'test' });
let walk: Habit;
beforeEach(async () => {
  walk = await addHabit(fx.svc, { name: 'Walk' });
  fx.reset();
});

describe('note edit', () => {
  it('PUTs only the flags given', async () => {
    const n = await addNote(fx.svc, walk.id, { content: 'old', moodLevel: 'low' });
    fx.reset();
    const r = await fx.cli(['note', 'edit', 'Walk', `id:${n.id}`, '--mood', 'very_high', '--photo', 'https://e.x/p.jpg']);
    expect(r).toMatchObject({ code: 0, stderr: `Updated note ${n.id} of "Walk": mood low → veryHigh, photos (1)\n` });
    expect(writes(fx.svc)).toEqual([{ method: 'PUT', path: `/habits/${walk.id}/notes/${n.id}`, body: { moodLevel: 'veryHigh', photos: ['https://e.x/p.jpg'] }, status: 200 }]);
    expect((await notesOf(fx.svc, walk.id))[0]).toMatchObject({ content: 'old', moodLevel: 'veryHigh', photos: ['https://e.x/p.jpg'] });
    const t = await fx.cli(['note', 'edit', 'Walk', '--text', 'new words', '--json', '--', n.id]);
    expect(JSON.parse(t.stdout)).toMatchObject({ id: n.id, content: 'new words' });
  });

  it('an edit that would change nothing sends nothing and says so (exit 0); --json prints the note', async () => {
    const n = await addNote(fx.svc, walk.id, { content: 'same', moodLevel: 'high' });
    fx.reset();
    const r = await fx.cli(['note', 'edit', 'Walk', `id:${n.id}`, '--mood', 'high', '--text', 'same']);
    expect(r).toMatchObject({ code: 0, stdout: '', stderr: `No change: note ${n.id} of "Walk" already holds that text and mood\n` });
    expect(writes(fx.svc)).toEqual([]);
    const json = await fx.cli(['note', 'edit', 'Walk', `id:${n.id}`, '--mood', 'high', '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ id: n.id, content: 'same', moodLevel: 'high' });
    expect(writes(fx.svc)).toEqual([]);
    // One field that differs is enough: it is sent, and named.
    const changed = await fx.cli(['note', 'edit', 'Walk', `id:${n.id}`, '--mood', 'high', '--text', 'other']);
    expect(changed).toMatchObject({ code: 0, stderr: `Updated note ${n.id} of "Walk": text\n` });
    expect(writes(fx.svc).map((w) => w.body)).toEqual([{ moodLevel: 'high', content: 'other' }]);
  });

  it('with no change flags is a usage error; an unknown note exits 3', async () => {
    const r = await fx.cli(['note', 'edit', 'Walk', 'abc']);
    expect(r).toMatchObject({ code: 2, stderr: 'error: nothing to change\nhint: pass --text, --mood or --photo\n' });
    expect(fx.svc.requests).toEqual([]);
    expect((await fx.cli(['note', 'edit', 'Walk', 'abc', '--text', 'x'])).code).toBe(3);
  });
});

describe('note edit run() alone, with its narrow dependencies', () => {
  it('sends the body it was given and confirms on stderr', async () => {
    const n = await addNote(fx.svc, walk.id, { content: 'old' });
    fx.reset();
    const verb = verbDeps(fx.svc);
    try {
      await run({ ref: 'Walk', noteId: n.id, body: { content: 'new' } }, verb.deps);
      expect(verb.stdout()).toBe('');
      expect(verb.stderr()).toBe(`Updated note ${n.id} of "Walk": text\n`);
      expect(writes(fx.svc)).toEqual([{ method: 'PUT', path: `/habits/${walk.id}/notes/${n.id}`, body: { content: 'new' }, status: 200 }]);
    } finally {
      await verb.close();
    }
  });
});
