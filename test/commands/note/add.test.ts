// `habits note ls|add|edit|rm` against the real local service.
import { beforeEach, describe, expect, it } from 'vitest';
import { parseMood, parsePhotos } from '../../../src/model/note.js';
import { GrammarError } from '../../../src/model/grammar.js';
import type { Habit, Note } from '../../../src/api/types.js';
import { wrapText } from '../../../src/output/wrap.js';
import { displayWidth } from '../../../src/output/plain.js';
import { runCli, scriptedPrompter } from '../../helpers/cli.js';
import { addHabit, addNote, call, useService, writes } from '../../helpers/service.js';

const fx = useService({ per: 'test' });
let walk: Habit;
beforeEach(async () => {
  walk = await addHabit(fx.svc, { name: 'Walk' });
  fx.reset();
});

const notesOf = (id: string) => call<Note[]>(fx.svc, 'GET', `/habits/${id}/notes?limit=100`);

describe('note add', () => {
  it('takes the text from the argument, with a mood alias and photos', async () => {
    const r = await fx.cli(['note', 'add', 'Walk', 'Round the lake', '--mood', 'very-high', '--photo', 'https://example.com/a.jpg', '--photo', 'http://example.com/b.png']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^Added a note to "Walk" \(id:-[\w-]+\)\n$/);
    expect(writes(fx.svc)).toEqual([{
      method: 'POST',
      path: `/habits/${walk.id}/notes`,
      body: { content: 'Round the lake', moodLevel: 'veryHigh', photos: ['https://example.com/a.jpg', 'http://example.com/b.png'] },
      status: 201,
    }]);
  });

  it('reads the text from stdin when piped, keeping inner newlines', async () => {
    const r = await fx.cli(['note', 'add', 'Walk', '--mood', '2'], { stdin: 'First line\n\tsecond line\n\n' });
    expect(r.code).toBe(0);
    expect(writes(fx.svc)[0]?.body).toEqual({ content: 'First line\n\tsecond line', moodLevel: 'low' });
  });

  it('a mood alone is a note; empty text with nothing else is a usage error', async () => {
    expect((await fx.cli(['note', 'add', 'Walk', '--mood', 'Neutral'], { stdin: '' })).code).toBe(0);
    expect(writes(fx.svc)[0]?.body).toEqual({ moodLevel: 'neutral' });
    fx.reset();
    const r = await fx.cli(['note', 'add', 'Walk'], { stdin: '  \n' });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: the note is empty\n/);
    expect(writes(fx.svc)).toEqual([]);
    fx.reset();
    const arg = await fx.cli(['note', 'add', 'Walk', '']);
    expect(arg.code).toBe(2);
    expect(fx.svc.requests).toEqual([]);
  });

  it('on a terminal uses $EDITOR through the prompter, or a prompt without one', async () => {
    const editor = scriptedPrompter(['Written in vim\n']);
    const r = await fx.cli(['note', 'add', 'Walk'], { prompter: editor, env: { EDITOR: 'vim' }, tty: { stdin: true, stderr: true } });
    expect(r.code).toBe(0);
    expect(editor.calls).toEqual([{ kind: 'editor', message: 'Note on "Walk"' }]);
    const prompt = scriptedPrompter(['Typed at a prompt']);
    expect((await fx.cli(['note', 'add', 'Walk'], { prompter: prompt })).code).toBe(0);
    expect(prompt.calls).toEqual([{ kind: 'input', message: 'Note on "Walk"' }]);
    expect(writes(fx.svc).map((x) => x.body)).toEqual([{ content: 'Written in vim' }, { content: 'Typed at a prompt' }]);
  });

  it('bad --mood and --photo are usage errors before any request', async () => {
    const mood = await fx.cli(['note', 'add', 'Walk', 'x', '--mood', 'ecstatic']);
    expect(mood.code).toBe(2);
    expect(mood.stderr).toBe('error: --mood: "ecstatic" is not a mood; use veryLow, low, neutral, high or veryHigh (any case, very-low/very_low too), or 1-5\n');
    const photo = await fx.cli(['note', 'add', 'Walk', 'x', '--photo', 'ftp://example.com/a.jpg']);
    expect(photo.code).toBe(2);
    expect(photo.stderr).toBe('error: --photo: "ftp://example.com/a.jpg" is not an http(s) URL, e.g. https://example.com/walk.jpg\n');
    expect(fx.svc.requests).toEqual([]);
  });

  it('--json prints the created note', async () => {
    const r = await fx.cli(['--json', 'note', 'add', 'Walk', 'hello']);
    expect(JSON.parse(r.stdout)).toMatchObject({ id: expect.any(String), content: 'hello', moodLevel: null, photos: [] });
    expect(r.stderr).toMatch(/^Added a note/);
  });
});

describe('mood and photo parsing', () => {
  it.each([
    ['veryLow', 'veryLow'], ['VERYLOW', 'veryLow'], ['very-low', 'veryLow'], ['very_low', 'veryLow'], ['very low', 'veryLow'], ['1', 'veryLow'],
    ['low', 'low'], ['2', 'low'], ['neutral', 'neutral'], ['ok', 'neutral'], ['3', 'neutral'],
    ['High', 'high'], ['4', 'high'], ['very-high', 'veryHigh'], ['VeryHigh', 'veryHigh'], ['5', 'veryHigh'], ['great', 'veryHigh'],
  ])('%j is %s', (raw, level) => {
    expect(parseMood(raw)).toBe(level);
  });

  it('refuses other moods and non-http photos', () => {
    expect(() => parseMood('6')).toThrow(new GrammarError('"6" is not a mood; use veryLow, low, neutral, high or veryHigh (any case, very-low/very_low too), or 1-5'));
    expect(() => parsePhotos(['example.com/a.jpg'])).toThrow('not an http(s) URL');
    expect(() => parsePhotos(['javascript:alert(1)'])).toThrow('not an http(s) URL');
    expect(parsePhotos([' https://example.com/a.jpg '])).toEqual(['https://example.com/a.jpg']);
  });
});

describe('note ls', () => {
  it('pages beyond the first page', async () => {
    for (let i = 0; i < 105; i++) await addNote(fx.svc, walk.id, { content: `note ${i}` });
    fx.reset();
    const r = await fx.cli(['note', 'ls', 'Walk', '--json']);
    expect(r.code).toBe(0);
    const notes = JSON.parse(r.stdout) as Note[];
    expect(notes).toHaveLength(105);
    expect(notes[104]?.content).toBe('note 104');
    const pages = fx.svc.requests.filter((q) => q.path === `/habits/${walk.id}/notes`).map((q) => q.query);
    expect(pages).toEqual([{ limit: '100', offset: '0' }, { limit: '100', offset: '100' }]);
  });

  it('lists oldest first, whatever order the server answers in', async () => {
    const { MockAgent } = await import('undici');
    const agent = new MockAgent();
    agent.disableNetConnect();
    const note = (id: string, createdAt: string) => ({ id, createdAt, content: id, moodLevel: null, photos: [] });
    const data = [note('c', '2026-11-22T09:00:00Z'), note('a', '2026-11-20T09:00:00Z'), note('b', '2026-11-21T09:00:00Z')];
    agent.get('https://api.test').intercept({ path: (p) => p.startsWith('/v2/habits/h1/notes?'), method: 'GET' })
      .reply(200, { data, pagination: { total: 3, limit: 100, offset: 0 } });
    try {
      const r = await runCli(['note', 'ls', 'id:h1', '--json'], {
        env: { ...fx.home.env, HABITS_BASE_URL: 'https://api.test/v2', HABITS_API_KEY: 'hb_test' }, dispatcher: agent,
      });
      expect(r.stderr).toBe('');
      expect((JSON.parse(r.stdout) as Note[]).map((n) => n.id)).toEqual(['a', 'b', 'c']);
    } finally {
      await agent.close();
    }
  });

  it('piped: TSV of id, createdAt, mood, escaped text, photos; no escape codes', async () => {
    const a = await addNote(fx.svc, walk.id, { content: 'two\nlines\twith tab \\ slash', moodLevel: 'high', photos: ['https://e.x/1.jpg', 'https://e.x/2.jpg'] });
    const b = await addNote(fx.svc, walk.id, { moodLevel: 'veryLow' });
    const r = await fx.cli(['note', 'ls', 'Walk'], { env: { FORCE_COLOR: '0' } });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain('\x1b');
    expect(r.stdout).toBe(
      `${a.id}\t${a.createdAt}\thigh\ttwo\\nlines\\twith tab \\\\ slash\thttps://e.x/1.jpg https://e.x/2.jpg\n` +
      `${b.id}\t${b.createdAt}\tveryLow\t\t\n`,
    );
  });

  it('on a terminal: date in the timezone, mood as face and word, text wrapped to the width', async () => {
    const long = 'The quick brown fox jumps over the lazy dog and keeps on running along the river bank';
    const n = await addNote(fx.svc, walk.id, { content: long, moodLevel: 'high', photos: ['https://e.x/1.jpg'] });
    const r = await fx.cli(['note', 'ls', 'Walk'], { tty: { stdout: true }, columns: 40, env: { HABITS_TIMEZONE: 'Asia/Tokyo', NO_COLOR: '1' } });
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(`2026-11-22 21:00  🙂 high  id:${n.id}`);
    expect(lines.slice(1, -1).join(' ').replace(/\s+/g, ' ').trim()).toBe(long);
    for (const line of lines.slice(1)) expect(displayWidth(line)).toBeLessThanOrEqual(40);
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.at(-1)).toBe('  photo: https://e.x/1.jpg');
  });

  it('an empty list says so and exits 0; --json prints []', async () => {
    const r = await fx.cli(['note', 'ls', 'Walk']);
    expect(r).toMatchObject({ code: 0, stdout: '', stderr: 'No notes on "Walk" yet.\n' });
    expect(JSON.parse((await fx.cli(['note', 'ls', 'Walk', '--json'])).stdout)).toEqual([]);
  });
});

describe('note edit', () => {
  it('PUTs only the flags given', async () => {
    const n = await addNote(fx.svc, walk.id, { content: 'old', moodLevel: 'low' });
    fx.reset();
    const r = await fx.cli(['note', 'edit', 'Walk', `id:${n.id}`, '--mood', 'very_high', '--photo', 'https://e.x/p.jpg']);
    expect(r).toMatchObject({ code: 0, stderr: `Updated note ${n.id} of "Walk"\n` });
    expect(writes(fx.svc)).toEqual([{ method: 'PUT', path: `/habits/${walk.id}/notes/${n.id}`, body: { moodLevel: 'veryHigh', photos: ['https://e.x/p.jpg'] }, status: 200 }]);
    expect((await notesOf(walk.id))[0]).toMatchObject({ content: 'old', moodLevel: 'veryHigh', photos: ['https://e.x/p.jpg'] });
    const t = await fx.cli(['note', 'edit', 'Walk', '--text', 'new words', '--json', '--', n.id]);
    expect(JSON.parse(t.stdout)).toMatchObject({ id: n.id, content: 'new words' });
  });

  it('with no change flags is a usage error; an unknown note exits 3', async () => {
    const r = await fx.cli(['note', 'edit', 'Walk', 'abc']);
    expect(r).toMatchObject({ code: 2, stderr: 'error: nothing to change\nhint: pass --text, --mood or --photo\n' });
    expect(fx.svc.requests).toEqual([]);
    expect((await fx.cli(['note', 'edit', 'Walk', 'abc', '--text', 'x'])).code).toBe(3);
  });
});

describe('note rm', () => {
  it('refuses without --yes off a terminal, deletes with it', async () => {
    const n = await addNote(fx.svc, walk.id, { content: 'bye' });
    fx.reset();
    const r = await fx.cli(['note', 'rm', 'Walk', `id:${n.id}`]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('refusing to delete note');
    expect(fx.svc.requests).toEqual([]);
    expect(await notesOf(walk.id)).toHaveLength(1);
    const ok = await fx.cli(['note', 'rm', 'Walk', `id:${n.id}`, '--yes', '--json']);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toEqual({ ok: true });
    expect(await notesOf(walk.id)).toHaveLength(0);
  });
});

describe('text helpers', () => {
  it('wrapText keeps paragraphs, cuts long words, counts wide characters', () => {
    expect(wrapText('aaa bbb ccc', 7)).toEqual(['aaa bbb', 'ccc']);
    expect(wrapText('one\n\ntwo', 10)).toEqual(['one', '', 'two']);
    expect(wrapText('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
    expect(wrapText('🙂🙂🙂 x', 4)).toEqual(['🙂🙂', '🙂 x']);
  });
});
