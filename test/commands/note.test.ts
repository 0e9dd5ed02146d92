// `habits note ls|add|edit|rm` against the real local service.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { escapeTsv } from '../../src/commands/note/ls.js';
import { parseMood, parsePhotos } from '../../src/commands/note/shared.js';
import type { Habit, Note } from '../../src/api/types.js';
import { wrapText } from '../../src/output/wrap.js';
import { displayWidth } from '../../src/output/plain.js';
import { scriptedPrompter } from '../helpers/cli.js';
import { ESC, startWorld, writes, type World } from './logging-fixtures.js';

let w: World;
let walk: Habit;
beforeEach(async () => {
  w = await startWorld();
  walk = await w.habit('Walk');
  w.reset();
});
afterEach(async () => {
  await w.close();
});

const notesOf = async (id: string) => (await w.call<{ data: Note[] }>('GET', `/habits/${id}/notes?limit=100`)).data;

describe('note add', () => {
  it('takes the text from the argument, with a mood alias and photos', async () => {
    const r = await w.run(['note', 'add', 'Walk', 'Round the lake', '--mood', 'very-high', '--photo', 'https://example.com/a.jpg', '--photo', 'http://example.com/b.png']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^Added a note to "Walk" \(id:-[\w-]+\)\n$/);
    expect(writes(w.svc)).toEqual([{
      method: 'POST',
      path: `/habits/${walk.id}/notes`,
      body: { content: 'Round the lake', moodLevel: 'veryHigh', photos: ['https://example.com/a.jpg', 'http://example.com/b.png'] },
      status: 201,
    }]);
  });

  it('reads the text from stdin when piped, keeping inner newlines', async () => {
    const r = await w.run(['note', 'add', 'Walk', '--mood', '2'], { stdin: 'First line\n\tsecond line\n\n' });
    expect(r.code).toBe(0);
    expect(writes(w.svc)[0]?.body).toEqual({ content: 'First line\n\tsecond line', moodLevel: 'low' });
  });

  it('a mood alone is a note; empty text with nothing else is a usage error', async () => {
    expect((await w.run(['note', 'add', 'Walk', '--mood', 'Neutral'], { stdin: '' })).code).toBe(0);
    expect(writes(w.svc)[0]?.body).toEqual({ moodLevel: 'neutral' });
    w.reset();
    const r = await w.run(['note', 'add', 'Walk'], { stdin: '  \n' });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^error: the note is empty\n/);
    expect(writes(w.svc)).toEqual([]);
    w.reset();
    const arg = await w.run(['note', 'add', 'Walk', '']);
    expect(arg.code).toBe(2);
    expect(w.svc.requests).toEqual([]);
  });

  it('on a terminal uses $EDITOR through the prompter, or a prompt without one', async () => {
    const editor = scriptedPrompter(['Written in vim\n']);
    const r = await w.run(['note', 'add', 'Walk'], { prompter: editor, env: { EDITOR: 'vim' }, tty: { stdin: true, stderr: true } });
    expect(r.code).toBe(0);
    expect(editor.asked).toEqual(['Note on "Walk"']);
    const prompt = scriptedPrompter(['Typed at a prompt']);
    expect((await w.run(['note', 'add', 'Walk'], { prompter: prompt })).code).toBe(0);
    expect(writes(w.svc).map((x) => x.body)).toEqual([{ content: 'Written in vim' }, { content: 'Typed at a prompt' }]);
  });

  it('bad --mood and --photo are usage errors before any request', async () => {
    const mood = await w.run(['note', 'add', 'Walk', 'x', '--mood', 'ecstatic']);
    expect(mood.code).toBe(2);
    expect(mood.stderr).toBe('error: --mood: "ecstatic" is not a mood\nhint: moods: veryLow, low, neutral, high, veryHigh (any case, very-low/very_low too, or 1-5)\n');
    const photo = await w.run(['note', 'add', 'Walk', 'x', '--photo', 'ftp://example.com/a.jpg']);
    expect(photo.code).toBe(2);
    expect(photo.stderr).toMatch(/^error: --photo: "ftp:\/\/example.com\/a.jpg" is not an http\(s\) URL\n/);
    expect(w.svc.requests).toEqual([]);
  });

  it('--json prints the created note', async () => {
    const r = await w.run(['--json', 'note', 'add', 'Walk', 'hello']);
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
    expect(() => parseMood('6')).toThrow('--mood: "6" is not a mood');
    expect(() => parsePhotos(['example.com/a.jpg'])).toThrow('not an http(s) URL');
    expect(() => parsePhotos(['javascript:alert(1)'])).toThrow('not an http(s) URL');
    expect(parsePhotos([' https://example.com/a.jpg '])).toEqual(['https://example.com/a.jpg']);
  });
});

describe('note ls', () => {
  it('pages beyond the first page', async () => {
    for (let i = 0; i < 105; i++) await w.note(walk.id, { content: `note ${i}` });
    w.reset();
    const r = await w.run(['note', 'ls', 'Walk', '--json']);
    expect(r.code).toBe(0);
    const notes = JSON.parse(r.stdout) as Note[];
    expect(notes).toHaveLength(105);
    expect(notes[104]?.content).toBe('note 104');
    const pages = w.svc.requests.filter((q) => q.path === `/habits/${walk.id}/notes`).map((q) => q.query);
    expect(pages).toEqual([{ limit: '100', offset: '0' }, { limit: '100', offset: '100' }]);
  });

  it('piped: TSV of id, createdAt, mood, escaped text, photos; no escape codes', async () => {
    const a = await w.note(walk.id, { content: 'two\nlines\twith tab \\ slash', moodLevel: 'high', photos: ['https://e.x/1.jpg', 'https://e.x/2.jpg'] });
    const b = await w.note(walk.id, { moodLevel: 'veryLow' });
    const r = await w.run(['note', 'ls', 'Walk'], { env: { FORCE_COLOR: '0' } });
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain(ESC);
    expect(r.stdout).toBe(
      `${a.id}\t${a.createdAt}\thigh\ttwo\\nlines\\twith tab \\\\ slash\thttps://e.x/1.jpg https://e.x/2.jpg\n` +
      `${b.id}\t${b.createdAt}\tveryLow\t\t\n`,
    );
  });

  it('on a terminal: date in the timezone, mood as face and word, text wrapped to the width', async () => {
    const long = 'The quick brown fox jumps over the lazy dog and keeps on running along the river bank';
    const n = await w.note(walk.id, { content: long, moodLevel: 'high', photos: ['https://e.x/1.jpg'] });
    const r = await w.run(['note', 'ls', 'Walk'], { tty: { stdout: true }, columns: 40, env: { HABITS_TIMEZONE: 'Asia/Tokyo', NO_COLOR: '1' } });
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(`2026-11-22 21:00  🙂 high  id:${n.id}`);
    expect(lines.slice(1, -1).join(' ').replace(/\s+/g, ' ').trim()).toBe(long);
    for (const line of lines.slice(1)) expect(displayWidth(line)).toBeLessThanOrEqual(40);
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.at(-1)).toBe('  photo: https://e.x/1.jpg');
  });

  it('an empty list says so and exits 0; --json prints []', async () => {
    const r = await w.run(['note', 'ls', 'Walk']);
    expect(r).toEqual({ code: 0, stdout: '', stderr: 'No notes on "Walk" yet.\n' });
    expect(JSON.parse((await w.run(['note', 'ls', 'Walk', '--json'])).stdout)).toEqual([]);
  });
});

describe('note edit', () => {
  it('PUTs only the flags given', async () => {
    const n = await w.note(walk.id, { content: 'old', moodLevel: 'low' });
    w.reset();
    const r = await w.run(['note', 'edit', 'Walk', `id:${n.id}`, '--mood', 'very_high', '--photo', 'https://e.x/p.jpg']);
    expect(r).toMatchObject({ code: 0, stderr: `Updated note ${n.id} of "Walk"\n` });
    expect(writes(w.svc)).toEqual([{ method: 'PUT', path: `/habits/${walk.id}/notes/${n.id}`, body: { moodLevel: 'veryHigh', photos: ['https://e.x/p.jpg'] }, status: 200 }]);
    expect((await notesOf(walk.id))[0]).toMatchObject({ content: 'old', moodLevel: 'veryHigh', photos: ['https://e.x/p.jpg'] });
    const t = await w.run(['note', 'edit', 'Walk', '--text', 'new words', '--json', '--', n.id]);
    expect(JSON.parse(t.stdout)).toMatchObject({ id: n.id, content: 'new words' });
  });

  it('with no change flags is a usage error; an unknown note exits 3', async () => {
    const r = await w.run(['note', 'edit', 'Walk', 'abc']);
    expect(r).toMatchObject({ code: 2, stderr: 'error: nothing to change\nhint: pass --text, --mood or --photo\n' });
    expect(w.svc.requests).toEqual([]);
    expect((await w.run(['note', 'edit', 'Walk', 'abc', '--text', 'x'])).code).toBe(3);
  });
});

describe('note rm', () => {
  it('refuses without --yes off a terminal, deletes with it', async () => {
    const n = await w.note(walk.id, { content: 'bye' });
    w.reset();
    const r = await w.run(['note', 'rm', 'Walk', `id:${n.id}`]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('refusing to delete note');
    expect(w.svc.requests).toEqual([]);
    expect(await notesOf(walk.id)).toHaveLength(1);
    const ok = await w.run(['note', 'rm', 'Walk', `id:${n.id}`, '--yes', '--json']);
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

  it('escapeTsv makes one line of any text', () => {
    expect(escapeTsv('a\nb\r\nc\td\\')).toBe('a\\nb\\nc\\td\\\\');
  });
});
