// `habits note ls` against the real local service (and a MockAgent for the order of the answer).
import { beforeEach, describe, expect, it } from 'vitest';
import type { Habit, Note } from '../../../src/api/types.js';
import { run } from '../../../src/commands/note/ls.js';
import { resolveSettings } from '../../../src/config/settings.js';
import { displayWidth } from '../../../src/output/plain.js';
import { runCli } from '../../helpers/cli.js';
import { verbDeps } from '../../helpers/verb.js';
import { addHabit, addNote, useService } from '../../helpers/service.js';

const fx = useService({ per: 'test' });
let walk: Habit;
beforeEach(async () => {
  walk = await addHabit(fx.svc, { name: 'Walk' });
  fx.reset();
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

  it('an empty list says so on a terminal, prints nothing piped, and exits 0; --json prints []', async () => {
    expect(await fx.cli(['note', 'ls', 'Walk'], { tty: { stdout: true } })).toMatchObject({ code: 0, stdout: 'No notes on "Walk" yet.\n', stderr: '' });
    expect(await fx.cli(['note', 'ls', 'Walk'])).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(JSON.parse((await fx.cli(['note', 'ls', 'Walk', '--json'])).stdout)).toEqual([]);
  });
});

describe('note ls run() alone, with its narrow dependencies', () => {
  // note ls reads only the timezone of the settings, for the terminal's dates.
  const settings = resolveSettings({}, { HABITS_TIMEZONE: 'Asia/Tokyo' }, {}, 'config.toml');

  it('on a terminal: blocks with dates in the zone of the settings', async () => {
    const n = await addNote(fx.svc, walk.id, { content: 'hello', moodLevel: 'neutral' });
    const verb = verbDeps(fx.svc, { tty: true });
    try {
      await run({ ref: 'Walk' }, { ...verb.deps, settings });
      expect(verb.stdout()).toBe(`2026-11-22 21:00  😐 neutral  id:${n.id}\n  hello\n`);
      expect(verb.stderr()).toBe('');
    } finally {
      await verb.close();
    }
  });

  it('piped: TSV; no notes prints nothing, and --json prints []', async () => {
    const n = await addNote(fx.svc, walk.id, { content: 'hello' });
    await addHabit(fx.svc, { name: 'Read' });
    const piped = verbDeps(fx.svc);
    const json = verbDeps(fx.svc, { json: true });
    try {
      await run({ ref: 'Walk' }, { ...piped.deps, settings });
      await run({ ref: 'Read' }, { ...piped.deps, settings });
      expect(piped.stdout()).toBe(`${n.id}\t${n.createdAt}\t\thello\t\n`);
      expect(piped.stderr()).toBe('');
      await run({ ref: 'Read' }, { ...json.deps, settings });
      expect(JSON.parse(json.stdout())).toEqual([]);
      expect(json.stderr()).toBe('');
    } finally {
      await piped.close();
      await json.close();
    }
  });
});
