// `habits note add` against the real local service: through the CLI, and its run() alone.
import { beforeEach, describe, expect, it } from 'vitest';
import type { Habit, Note } from '../../../src/api/types.js';
import { run } from '../../../src/commands/note/add.js';
import type { Deps } from '../../../src/commands/shared/deps.js';
import type { Prompter } from '../../../src/prompts/prompter.js';
import { scriptedPrompter, bufferIO } from '../../helpers/cli.js';
import { verbDeps } from '../../helpers/verb.js';
import { addHabit, useService, writes } from '../../helpers/service.js';

const fx = useService({ per: 'test' });
let walk: Habit;
beforeEach(async () => {
  walk = await addHabit(fx.svc, { name: 'Walk' });
  fx.reset();
});

describe('note add', () => {
  it('takes the text from the argument, with a mood alias and photos', async () => {
    const r = await fx.cli(['note', 'add', 'Walk', 'Round the lake', '--mood', 'very-high', '--photo', 'https://example.com/a.jpg', '--photo', 'http://example.com/b.png']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^Added a note to "Walk" for 2026-11-22 \(id:-[\w-]+\)\n$/);
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
    expect(JSON.parse(r.stdout)).toMatchObject({ id: expect.stringMatching(/^-/), content: 'hello', moodLevel: null, photos: [] });
    expect(r.stderr).toMatch(/^Added a note/);
  });
});

/** Where `note add` reads its text from: `stdin` piped (not a terminal), `prompter` and `env`. */
function input(prompter: Prompter, stdin = '', env: Record<string, string> = {}): Pick<Deps, 'prompter' | 'env' | 'io'> {
  return { prompter, env, io: bufferIO({ stdin }).io };
}

describe('note add run() alone, with its narrow dependencies', () => {
  it('reads piped stdin when it cannot ask, and prints the created note with --json', async () => {
    const verb = verbDeps(fx.svc, { json: true });
    try {
      const offline: Prompter = { ...scriptedPrompter([]), available: false };
      await run({ ref: 'walk', mood: 'high', photos: [], date: '2026-11-22' }, { ...verb.deps, ...input(offline, 'From a pipe\n\n') });
      const note = JSON.parse(verb.stdout()) as Note;
      expect(note).toMatchObject({ content: 'From a pipe', moodLevel: 'high', photos: [] });
      expect(verb.stderr()).toBe(`Added a note to "Walk" for 2026-11-22 (id:${note.id})\n`);
      expect(writes(fx.svc)).toEqual([
        { method: 'POST', path: `/habits/${walk.id}/notes`, body: { content: 'From a pipe', moodLevel: 'high' }, status: 201 },
      ]);
    } finally {
      await verb.close();
    }
  });

  it('on a terminal with $VISUAL opens the editor, and confirms on stdout', async () => {
    const verb = verbDeps(fx.svc, { tty: true });
    try {
      const editor = scriptedPrompter(['\nWritten in an editor\n']);
      await run({ ref: 'Walk', photos: ['https://e.x/a.jpg'], date: '2026-11-22' }, { ...verb.deps, ...input(editor, 'never read', { VISUAL: 'code -w' }) });
      expect(editor.calls).toEqual([{ kind: 'editor', message: 'Note on "Walk"' }]);
      expect(verb.stdout()).toMatch(/^Added a note to "Walk" for 2026-11-22 \(id:-[\w-]+\)\n$/);
      expect(verb.stderr()).toBe('');
      expect(writes(fx.svc).map((w) => w.body)).toEqual([{ content: 'Written in an editor', photos: ['https://e.x/a.jpg'] }]);
    } finally {
      await verb.close();
    }
  });
});

describe('note add --date', () => {
  it('note add --date yesterday sends createdAt on that day, and the note is listed on it', async () => {
    const r = await fx.cli(['note', 'add', 'Walk', 'Sore legs', '--date', 'yesterday']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^Added a note to "Walk" for 2026-11-21 \(id:-[\w-]+\)\n$/);
    // The same time of day, a day back (the clock is 12:00 UTC, the zone UTC).
    expect(writes(fx.svc).map((w) => w.body)).toEqual([{ content: 'Sore legs', createdAt: '2026-11-21T12:00:00.000Z' }]);
    const day = await fx.call<{ data: Note[] }>('GET', `/habits/${walk.id}/notes?from=2026-11-21&to=2026-11-21`);
    expect(day.body.data.map((n) => n.content)).toEqual(['Sore legs']);
  });

  it('--date today (and -0, and no --date) sends no createdAt; a later date is refused before any request', async () => {
    expect((await fx.cli(['note', 'add', 'Walk', 'a', '--date', 'today'])).code).toBe(0);
    expect((await fx.cli(['note', 'add', 'Walk', 'b', '--date=-0'])).code).toBe(0);
    expect(writes(fx.svc).map((w) => w.body)).toEqual([{ content: 'a' }, { content: 'b' }]);
    fx.reset();
    const future = await fx.cli(['note', 'add', 'Walk', 'c', '--date', '2026-11-23']);
    expect(future.code).toBe(2);
    expect(future.stderr).toMatch(/^error: --date: 2026-11-23 is in the future \(today is 2026-11-22 in your time zone\)\n/);
    expect(fx.svc.requests).toEqual([]);
  });

  it('in another zone, the weekday is read in that zone and the time of day is kept', async () => {
    // 12:00 UTC is 02:00 on Sunday the 22nd in Honolulu (UTC-10): sat is the 21st, 02:00 there.
    const r = await fx.cli(['note', 'add', 'Walk', 'x', '--date', 'sat'], { env: { HABITS_TIMEZONE: 'Pacific/Honolulu' } });
    expect(r.stderr).toMatch(/ for 2026-11-21 /);
    expect(writes(fx.svc)[0]?.body).toEqual({ content: 'x', createdAt: '2026-11-21T12:00:00.000Z' });
  });

  it('against a server that ignores createdAt, says which day the note got and how to remove it', async () => {
    const verb = verbDeps(fx.svc);
    try {
      const real = await verb.deps.api();
      // A server that drops the field, as one that does not know it would.
      const ignoring: typeof real = Object.assign(Object.create(real) as typeof real, {
        request: ((route: string, opts: { body?: Record<string, unknown> }) => {
          const { createdAt: _dropped, ...body } = opts.body ?? {};
          return real.request(route as 'POST /habits/{habitId}/notes', { ...opts, body } as never);
        }) as typeof real.request,
      });
      const offline: Prompter = { ...scriptedPrompter([]), available: false };
      const options = { ref: 'Walk', text: 'late', photos: [], date: '2026-11-20', createdAt: '2026-11-20T12:00:00.000Z' };
      await run(options, { ...verb.deps, api: async () => ignoring, ...input(offline) }, (d) => d.toISOString().slice(0, 10));
      const lines = verb.stderr().split('\n');
      expect(lines[0]).toMatch(/^Added a note to "Walk" for 2026-11-22 \(id:(-[\w-]+)\)$/);
      const id = /id:(-[\w-]+)/.exec(lines[0] ?? '')?.[1];
      expect(lines[1]).toBe(`warning: the server dated the note 2026-11-22, not 2026-11-20: it does not take a note's date (createdAt; the local service does). \`habits note rm id:${walk.id} ${id}\` removes it`);
    } finally {
      await verb.close();
    }
  });
});

describe('note add: what it prints', () => {
  it('piped: the new id alone on stdout, with or without -q; -q silences only the confirmation', async () => {
    const r = await fx.cli(['note', 'add', 'Walk', 'Windy']);
    const id = /\(id:(-[\w-]+)\)/.exec(r.stderr)?.[1];
    expect(id).toBeDefined();
    expect(r).toMatchObject({ code: 0, stdout: `${id}\n`, stderr: `Added a note to "Walk" for 2026-11-22 (id:${id})\n` });
    const q = await fx.cli(['note', 'add', 'Walk', 'Calm', '-q']);
    expect(q).toMatchObject({ code: 0, stderr: '' });
    expect(writes(fx.svc)).toHaveLength(2);
    expect(q.stdout).toMatch(/^-[\w-]+\n$/);
    expect(q.stdout).not.toBe(r.stdout);
  });

  it('on a terminal: the confirmation only, as before', async () => {
    const r = await fx.cli(['note', 'add', 'Walk', 'Windy'], { tty: { stdout: true } });
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout).toMatch(/^Added a note to "Walk" for 2026-11-22 \(id:-[\w-]+\)\n$/);
  });
});
