// `habits import FILE --local`: the local round trip (export → import into a fresh store → export
// gives the same document), idempotence, confirming before it overwrites, and bad documents.
import { existsSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ExportDocument } from '../../src/api/types.js';
import { parse as parseImport } from '../../src/commands/import.js';
import { openStore } from '../../src/server/index.js';
import { runCli, scriptedPrompter } from '../helpers/cli.js';
import { serveFile, useRichExport, withoutExportedAt } from '../helpers/export-fixture.js';

const fx = useRichExport();
const { dataDir, envFor, local, exportDoc } = fx;

const TABLES = ['areas', 'habits', 'goals', 'habit_areas', 'habit_time_of_days', 'time_triggers', 'habit_stacks', 'end_conditions', 'notes', 'logs'];

async function rowCounts(dir: string): Promise<Record<string, number>> {
  const store = await openStore(join(dataDir(dir), 'habits.db'));
  try {
    return Object.fromEntries(TABLES.map((t) => [t, (store.db.prepare(`SELECT COUNT(*) AS n FROM ${t}`).get() as { n: number }).n]));
  } finally {
    store.close();
  }
}

/**
 * The object at `path` inside a document, to break it as no typed edit could (a required field
 * deleted, a value outside its type): the import must refuse what the types forbid.
 */
function at(doc: unknown, ...path: (string | number)[]): Record<string, unknown> {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], doc) as Record<string, unknown>;
}

describe('parse', () => {
  it('import: a file or - for stdin', () => {
    expect(parseImport('f.json')).toEqual({ file: 'f.json', yes: false, dryRun: false });
    expect(parseImport('-', { yes: true, dryRun: true })).toEqual({ file: '-', yes: true, dryRun: true });
    expect(() => parseImport(' ')).toThrow(/<file>/);
  });
});

describe('export → import → export', () => {
  it('gives the same document from a fresh store, and a second import changes nothing', async () => {
    const first = await local('b', ['import', fx.file]);
    expect(first.code).toBe(0);
    expect(first.stdout).toBe('');
    const db = join(dataDir('b'), 'habits.db');
    // 45 dates carry rebuilt logs: the seed's logged and marked days, less those whose logs count
    // for nothing (Walk's reps) or that the totals already explain (import-history.ts).
    expect(first.stderr).toBe(`Imported 8 habits (1 archived), 3 areas, 5 notes and 45 days of history into ${db}\n`);
    const again = await exportDoc('b');
    expect(withoutExportedAt(again)).toEqual(withoutExportedAt(fx.original));

    const counts = await rowCounts('b');
    const second = await local('b', ['--json', 'import', fx.file, '--yes']);
    expect(second.code).toBe(0);
    expect(JSON.parse(second.stdout)).toMatchObject({ habits: 8, archived: 1, areas: 3, notes: 5, file: db, inexact: [] });
    expect(await rowCounts('b')).toEqual(counts);
    expect(withoutExportedAt(await exportDoc('b'))).toEqual(withoutExportedAt(fx.original));
  });

  it('imported into the store it came from, overwrites each habit and still exports the same', async () => {
    const stdin = readFileSync(fx.file, 'utf8');
    const r = await local('a', ['import', '-', '--yes'], { stdin });
    expect(r.code).toBe(0);
    expect(withoutExportedAt(await exportDoc('a'))).toEqual(withoutExportedAt(fx.original));
  });

  it('leaves habits the document does not name alone, and overwrites those it names', async () => {
    const svc = await serveFile(join(dataDir('c'), 'habits.db'));
    const mine = await svc.call<{ id: string }>('POST', '/habits', { name: 'Mine', type: 'good', startDate: '2026-11-01' });
    await svc.call('POST', `/habits/${mine.id}/logs/complete`, { targetDate: '2026-11-20' });
    await svc.close();
    const doc = structuredClone(fx.original);
    doc.habits = doc.habits.filter((h) => h.name !== 'Run' && h.name !== 'Old habit'); // Run is a stack's condition
    writeFileSync(join(fx.home.home, 'part.json'), JSON.stringify(doc));
    expect((await local('c', ['import', join(fx.home.home, 'part.json')])).code).toBe(0);
    const renamed = structuredClone(doc);
    renamed.habits[0]!.name = 'Walk renamed';
    writeFileSync(join(fx.home.home, 'renamed.json'), JSON.stringify(renamed));
    expect((await local('c', ['import', join(fx.home.home, 'renamed.json'), '--yes'])).code).toBe(0);
    const after = await exportDoc('c');
    expect(after.habits.map((h) => h.name)).toEqual(['Mine', 'Walk renamed', 'Read', 'Smoking', 'Sugar', 'Cook', 'Future']);
    expect(after.habits[0]!.statistics.dailyProgress.find((d) => d.date === '2026-11-20')?.status).toBe('completed');
  });
});

describe('export → import → export with values that went down', () => {
  it('days and periods lowered below 0 by negative logs come back exactly', async () => {
    // Written through the API: `log add` takes no value below 0.
    const svc = await serveFile(join(dataDir('neg'), 'habits.db'));
    try {
      const habit = async (body: object) => (await svc.call<{ id: string }>('POST', '/habits', { type: 'good', startDate: '2026-11-16', ...body })).id;
      const log = (id: string, value: number, unitSymbol: string, targetDate: string) => svc.call('POST', `/habits/${id}/logs`, { value, unitSymbol, targetDate });
      const walk = await habit({ name: 'Walk', goal: { periodicity: 'daily', value: 30, unit: 'min' } });
      await log(walk, 40, 'min', '2026-11-17');
      await log(walk, -50, 'min', '2026-11-17'); // -10: below 0
      await log(walk, 45, 'min', '2026-11-18');
      await log(walk, -20, 'min', '2026-11-18'); // 25: no longer the goal
      await log(walk, -1 / 3, 'hr', '2026-11-19'); // -20 min, in another unit
      await svc.call('POST', `/habits/${walk}/logs/complete`, { targetDate: '2026-11-19' }); // records 50
      const swim = await habit({ name: 'Swim', goal: { periodicity: 'weekly', value: 1, unit: 'kM' } });
      await log(swim, 1.2, 'kM', '2026-11-16');
      await log(swim, -500, 'm', '2026-11-17'); // the week falls to 0.7
      const sugar = await habit({ name: 'Sugar', type: 'bad', goal: { periodicity: 'daily', value: 30, unit: 'g' } });
      await log(sugar, 45, 'g', '2026-11-20');
      await log(sugar, -20, 'g', '2026-11-20'); // back under the limit
      const floss = await habit({ name: 'Floss', occurrence: { type: 'weekDays', days: [1] } });
      await log(floss, -2, '', '2026-11-18'); // a day that is not due, listed for its amount
    } finally {
      await svc.close();
    }
    const original = await exportDoc('neg');
    const byName = Object.fromEntries(original.habits.map((h) => [h.name, h.statistics]));
    expect(byName.Walk!.dailyProgress.filter((d) => d.date <= '2026-11-19')).toEqual([
      { date: '2026-11-16', totalLog: 0, status: 'inprogress' },
      { date: '2026-11-17', totalLog: -10, status: 'inprogress' },
      { date: '2026-11-18', totalLog: 25, status: 'inprogress' },
      { date: '2026-11-19', totalLog: 30, status: 'completed' },
    ]);
    expect(byName.Swim!.dailyProgress.slice(0, 2)).toEqual([{ date: '2026-11-16', totalLog: 1.2, status: 'inprogress' }, { date: '2026-11-17', totalLog: -0.5, status: 'inprogress' }]);
    expect(byName.Sugar!.dailyProgress.find((d) => d.date === '2026-11-20')).toEqual({ date: '2026-11-20', totalLog: 25, status: 'completed' });
    expect(byName.Floss!).toMatchObject({ totalLogs: -2, dailyProgress: expect.arrayContaining([{ date: '2026-11-18', totalLog: -2, status: 'inprogress' }]) });

    const path = join(fx.home.home, 'neg.json');
    writeFileSync(path, JSON.stringify(original));
    const imported = await local('neg2', ['--json', 'import', path]);
    expect(imported.code, imported.stderr).toBe(0);
    expect(JSON.parse(imported.stdout)).toMatchObject({ habits: 4, inexact: [] });
    expect(withoutExportedAt(await exportDoc('neg2'))).toEqual(withoutExportedAt(original));
  });
});

describe('habits import over habits the store holds', () => {
  it('off a terminal refuses without --yes and changes nothing; on one it asks; --yes overwrites', async () => {
    // A fresh store needs no --yes, off a terminal as here.
    expect(await local('y', ['import', fx.file])).toMatchObject({ code: 0, stdout: '' });
    const db = join(dataDir('y'), 'habits.db');
    const before = await exportDoc('y');
    const renamed = structuredClone(fx.original);
    renamed.habits[0]!.name = 'Walk renamed';
    const path = join(fx.home.home, 'y.json');
    writeFileSync(path, JSON.stringify(renamed));

    const refused = await local('y', ['import', path]);
    expect(refused).toEqual({
      code: 2,
      stdout: '',
      stderr: `error: refusing to overwrite 8 habits in ${db} without confirmation\nhint: pass --yes to confirm when not on a terminal\n`,
    });
    const no = scriptedPrompter([false]);
    expect((await local('y', ['import', path], { prompter: no })).code).toBe(130);
    expect(no.calls).toEqual([{ kind: 'confirm', message: `Overwrite 8 habits in ${db}? Their fields and history are replaced from the document.` }]);
    expect(await exportDoc('y')).toEqual(before);

    expect((await local('y', ['import', path, '--yes'])).code).toBe(0);
    expect((await exportDoc('y')).habits.map((h) => h.name)).toEqual(['Walk renamed', ...fx.original.habits.slice(1).map((h) => h.name)]);
  });
});

describe('habits import --dry-run', () => {
  it('says what it would import and overwrite, asks nothing, and writes nothing, to a fresh or a full store', async () => {
    const fresh = await local('d', ['import', fx.file, '--dry-run']);
    const db = join(dataDir('d'), 'habits.db');
    expect(fresh.code).toBe(0);
    expect(fresh.stdout).toMatch(new RegExp(`^Would import into ${db.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(a dry run: nothing was written\\)\n  8 habits \\(\\d+ archived\\): 8 new, 0 overwritten\n  \\d+ areas?, \\d+ notes?, \\d+ days? of history\n$`));
    expect(existsSync(db)).toBe(false);

    expect((await local('e', ['import', fx.file])).code).toBe(0);
    const before = await rowCounts('e');
    const renamed = structuredClone(fx.original);
    renamed.habits[0]!.name = 'Walk renamed';
    const path = join(fx.home.home, 'dry.json');
    writeFileSync(path, JSON.stringify(renamed));
    // Off a terminal and without --yes, a dry run is not refused: it overwrites nothing.
    const full = await local('e', ['import', path, '--dry-run']);
    expect(full.code).toBe(0);
    expect(full.stdout).toContain('8 habits');
    expect(full.stdout).toMatch(/: 0 new, 8 overwritten \("Walk renamed", .*, and 3 more\)\n/);
    const json = JSON.parse((await local('e', ['--json', 'import', path, '--dry-run'])).stdout) as { dryRun: boolean; habits: number; overwrite: { name: string }[] };
    expect(json).toMatchObject({ dryRun: true, habits: 8 });
    expect(json.overwrite).toHaveLength(8);
    expect(await rowCounts('e')).toEqual(before);
    expect((await exportDoc('e')).habits[0]!.name).toBe(fx.original.habits[0]!.name);
  });
});

describe('habits import errors', () => {
  const write = (name: string, content: string) => {
    const path = join(fx.home.home, name);
    writeFileSync(path, content);
    return path;
  };
  // Built when the test runs: the original document exists only after beforeAll.
  const bad = (mutate: (doc: ExportDocument) => void) => () => {
    const doc = structuredClone(fx.original);
    mutate(doc);
    return JSON.stringify(doc);
  };

  it('refuses without local mode, before reading anything', async () => {
    const r = await runCli(['import', fx.file], { env: { ...fx.home.env, HABITS_API_KEY: 'hb_x', HABITS_BASE_URL: 'http://127.0.0.1:9/v2' } });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('error: import writes to the local store only\nhint: run it with --local (or set HABITS_LOCAL=1, or `habits config set base-url local`)\n');
    expect((await runCli(['import', fx.file], { env: envFor('h', { HABITS_LOCAL: '1' }) })).code).toBe(0);
  });

  it.each([
    ['not JSON', () => '{"format": "habits-export",', /is not JSON: /],
    ['not an object', () => '[1, 2]', /is not a valid habits export: \$: must be a JSON object/],
    ['a wrong format', bad((d) => (at(d).format = 'other')), /\$\.format: must be "habits-export", not "other"/],
    ['a wrong version', bad((d) => (at(d).version = 2)), /\$\.version: must be 1, not 2/],
    ['a habit without an id', bad((d) => delete at(d, 'habits', 3).id), /\$\.habits\[3\]\.id: is required$/m],
    ['a habit without statistics', bad((d) => delete at(d, 'habits', 1).statistics), /\$\.habits\[1\]\.statistics: is required/],
    ['a bad day status', bad((d) => (at(d, 'habits', 0, 'statistics', 'dailyProgress', 2).status = 'done')), /\$\.habits\[0\]\.statistics\.dailyProgress\[2\]\.status: must be one of/],
    ['a duplicate note id', bad((d) => (at(d, 'habits', 1, 'notes', 0).id = at(d, 'habits', 0, 'notes', 0).id)), /\$\.habits\[1\]\.notes\[0\]\.id: duplicates the note id/],
    ['a bad goal unit', bad((d) => (at(d, 'habits', 0, 'goals', 1).unit = 'km')), /\$\.habits\[0\]\.goals\[1\]\.unit: must be one of/],
    ['a stack on a habit that exists nowhere', bad((d) => (at(d, 'habits', 1, 'reminders', 'habitStacks', 0).conditionHabitId = 'ghost')), /\$\.habits\[1\]\.reminders\.habitStacks\[0\]\.conditionHabitId: no habit has the id "ghost"/],
  ])('a document with %s: exit 2, one line naming the place, nothing written', async (_what, content, message) => {
    const before = await rowCounts('b');
    const path = write('bad.json', content());
    // --yes: the store holds these habits, and the document's faults are what is under test.
    const r = await local('b', ['import', path, '--yes']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.split('\n')[0]).toMatch(/^error: /);
    expect(r.stderr).toMatch(message);
    expect(await rowCounts('b')).toEqual(before);
  });

  it('a missing file is a usage error, and a bad document never creates the database', async () => {
    const r = await local('fresh', ['import', join(fx.home.home, 'missing.json')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('cannot read');
    expect((await local('fresh', ['import', write('v.json', bad((d) => (at(d).version = 0))())])).code).toBe(2);
    expect(existsSync(dataDir('fresh'))).toBe(false);
  });

  it('imports a history it cannot reproduce exactly, and names the days it could not', async () => {
    const doc = structuredClone(fx.original);
    const day = doc.habits[0]!.statistics.dailyProgress.find((d) => d.date === '2026-11-20')!;
    expect(day).toEqual({ date: '2026-11-20', totalLog: 40, status: 'completed' });
    day.status = 'failed'; // a good habit cannot fail a day that reached its goal
    const r = await local('w', ['import', write('w.json', JSON.stringify(doc))]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^warning: "Walk": the rebuilt history does not reproduce the document exactly at 2026-11-20\nImported 8 habits/);
    const json = await local('w', ['--json', 'import', write('w.json', JSON.stringify(doc)), '--yes']);
    expect((JSON.parse(json.stdout) as { inexact: unknown }).inexact).toEqual([{ id: fx.ids.walk, name: 'Walk', at: ['2026-11-20'] }]);
  });

  it('with --json, errors are JSON on stderr', async () => {
    const r = await local('b', ['--json', 'import', write('x.json', 'nope')]);
    expect(r.code).toBe(2);
    expect(JSON.parse(r.stderr)).toMatchObject({ error: { code: 'usage', message: expect.stringContaining('is not JSON') } });
  });
});

describe('habits import holds the document to the API\'s rules (hardening issue, item 10)', () => {
  const write = (name: string, content: string | Buffer) => {
    const path = join(fx.home.home, name);
    writeFileSync(path, content);
    return path;
  };
  const edited = (mutate: (doc: ExportDocument) => void): ExportDocument => {
    const doc = structuredClone(fx.original);
    mutate(doc);
    return doc;
  };
  /** The one line an invalid document gets, for the real import and the dry run alike. */
  const refusal = (path: string, problem: string) => `error: ${path} is not a valid habits export: ${problem}\n`;
  /** Imports `doc` into `dir` (with --yes, and with --dry-run), expecting exit 2, `stderr`, and nothing written. */
  async function refused(dir: string, doc: ExportDocument | Buffer, stderr: (path: string) => string) {
    // The store holds the rich data set: the import must leave it exactly as it was.
    if (!existsSync(join(dataDir(dir), 'habits.db'))) expect((await local(dir, ['import', fx.file])).code).toBe(0);
    const before = await rowCounts(dir);
    const exported = await exportDoc(dir);
    const path = write(`${dir}.json`, Buffer.isBuffer(doc) ? doc : JSON.stringify(doc));
    for (const argv of [['import', path, '--yes'], ['import', path, '--dry-run']]) {
      expect(await local(dir, argv), argv.join(' ')).toEqual({ code: 2, stdout: '', stderr: stderr(path) });
    }
    expect(await rowCounts(dir)).toEqual(before);
    expect(await exportDoc(dir)).toEqual(exported);
  }

  it('refuses a habit id "journal", which `habit show` would read as GET /habits/journal', async () => {
    const doc = edited((d) => (d.habits[3]!.id = 'journal'));
    await refused('r1', doc, (path) => refusal(path, '$.habits[3].id: "journal" is a reserved word of the API\'s paths'));
  });

  it('refuses a value of 1e308, where the API takes at most 1e9', async () => {
    const doc = edited((d) => (d.habits[0]!.statistics.dailyProgress[2]!.totalLog = 1e308));
    await refused('r2', doc, (path) => refusal(path, '$.habits[0].statistics.dailyProgress[2].totalLog: must be a number from -1000000000 to 1000000000'));
  });

  it('refuses a habit id equal to an area id, in the document or in the store', async () => {
    const areaId = fx.original.areas[0]!.id;
    const inDocument = edited((d) => (d.habits[4]!.id = areaId));
    await refused('r3', inDocument, (path) => refusal(path, `$.habits[4].id: duplicates the area id "${areaId}" of $.areas[0].id`));
    // Sugar alone, under the id of an area the store holds and the document does not list.
    const inStore = edited((d) => {
      d.areas = [];
      d.habits = [{ ...d.habits[4]!, id: areaId }];
    });
    await refused('r3', inStore, (path) => `error: ${path} does not fit the local store: $.habits[0].id: "${areaId}" is the id of an area in the store; an id names one record\n`);
  });

  it('names the first problem and counts the others', async () => {
    const doc = edited((d) => {
      d.habits[1]!.name = 'Run\u001b[2J';
      d.habits[2]!.colorHex = 'blue';
      d.habits[2]!.notes = [{ ...d.habits[0]!.notes[0]!, id: 'a/b' }];
    });
    await refused('r4', doc, (path) => refusal(path, '$.habits[1].name: must be one line of printable text, without control characters (found \\x1b) (and 2 more problems)'));
  });

  it('refuses bytes that are not UTF-8, which it used to import as U+FFFD', async () => {
    const bytes = Buffer.from(JSON.stringify(fx.original));
    const at = bytes.indexOf('"name":"Walk"') + '"name":"W'.length;
    const bad = Buffer.concat([bytes.subarray(0, at), Buffer.from([0xff]), bytes.subarray(at)]);
    await refused('r5', bad, (path) => `error: ${path} is not valid UTF-8 text\nhint: import reads the document \`habits export\` writes\n`);
  });

  it('refuses a document over 256 MiB before reading it', async () => {
    const path = write('huge.json', '');
    truncateSync(path, 256 * 1024 * 1024 + 1);
    expect(await local('fresh2', ['import', path])).toEqual({ code: 2, stdout: '', stderr: `error: ${path} is larger than 268435456 bytes, the most an import reads\n` });
    expect(existsSync(dataDir('fresh2'))).toBe(false);
  });

  it('--dry-run takes a stack on a habit only the store holds, as the import does', async () => {
    // Run's stack sits on Walk, which only the store holds once the document leaves Walk out.
    const doc = edited((d) => (d.habits = d.habits.filter((h) => h.name !== 'Walk')));
    expect((await local('r6', ['import', fx.file])).code).toBe(0);
    const path = write('r6.json', JSON.stringify(doc));
    const dry = await local('r6', ['import', path, '--dry-run']);
    expect(dry).toMatchObject({ code: 0, stderr: '' });
    expect(dry.stdout).toContain('7 habits (1 archived): 0 new, 7 overwritten');
    expect((await local('r6', ['import', path, '--yes'])).code).toBe(0);
  });
});
