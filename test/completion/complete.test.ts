// The completer itself (src/completion/complete.ts): words in, candidates out, on the live command
// tree. What the shells make of them: bash, zsh, fish, powershell and shells.test.ts.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { complete, formatCompletion, readLine } from '../../src/completion/complete.js';
import type { CommandSpec } from '../../src/completion/spec.js';
import { completionScope } from '../../src/completion/scope.js';
import { completionTree } from '../../src/complete.js';
import { NameCache } from '../../src/resolve/cache.js';
import { ROOT, runCli, spawnCli, tempHome } from '../helpers/cli.js';
import { NOUNS } from '../../src/program.js';

const TOP = NOUNS.filter((n) => !n.hidden).map((n) => n.name);
const HABITS = ['Drink water', 'Drink tea', 'Walk', "Mum's call", 'Work:Lunch', 'Work:Dinner', '散歩', 'Run 🏃'];
const AREAS = ['Health', 'Home'];

let tree: CommandSpec | undefined;
async function values(...words: string[]): Promise<string[]> {
  tree ??= await completionTree();
  return (await complete(tree, words, (kind) => (kind === 'habits' ? HABITS : AREAS))).candidates.map((c) => c.value);
}

describe('complete', () => {
  it('commands, subcommands and aliases; hidden commands never', async () => {
    expect(await values('')).toEqual(TOP);
    expect(await values('lo')).toEqual(['log']);
    expect(await values('__')).toEqual([]);
    expect(await values('log', '')).toEqual(['done', 'fail', 'skip', 'undo', 'add', 'set', 'ls', 'list', 'rm', 'help']);
    expect(await values('note', 'li')).toEqual(['list']);
    expect(await values('completion', '')).toEqual(['bash', 'zsh', 'fish', 'powershell', 'pwsh']);
  });

  it('flags of the command, then the global ones; --help once', async () => {
    expect(await values('check', '--da')).toEqual(['--date']);
    expect(await values('habit', 'rm', '--y')).toEqual(['--yes']);
    expect(await values('habit', 'delete', '--y')).toEqual(['--yes']);
    expect(await values('habit', 'add', 'x', '--go')).toEqual(['--goal']);
    expect(await values('habit', 'rm', '--h')).toEqual(['--help']);
    const offered = await values('log', 'done', '-');
    expect(offered.filter((o) => o === '--help')).toEqual(['--help']);
    expect(offered).toEqual(expect.arrayContaining(['--date', '--json', '-h']));
    expect((await values('habit', 'rm', '-')).slice(0, 3)).toEqual(['-y', '--yes', '--dry-run']);
  });

  it('names, ignoring case, with spaces, quotes, emoji and CJK; areas', async () => {
    expect(await values('log', 'done', 'dr')).toEqual(['Drink water', 'Drink tea']);
    expect(await values('log', 'done', 'Walk', 'Drink t')).toEqual(['Drink tea']);
    expect(await values('log', 'done', 'mum')).toEqual(["Mum's call"]);
    expect(await values('log', 'done', 'work:')).toEqual(['Work:Lunch', 'Work:Dinner']);
    expect(await values('log', 'done', '散')).toEqual(['散歩']);
    expect(await values('log', 'done', 'run 🏃')).toEqual(['Run 🏃']);
    expect(await values('note', 'list', 'Wa')).toEqual(['Walk']);
    expect(await values('log', 'add', 'Walk', '')).toEqual([]);
    expect(await values('log', 'done', '--', '-')).toEqual([]);
    expect(await values('habit', 'ls', '--area', 'H')).toEqual(['Health', 'Home']);
    expect(await values('area', 'show', 'He')).toEqual(['Health']);
  });

  it('flag values: choices, date words (also after "="), and files', async () => {
    expect(await values('log', 'add', 'Walk', '3', '--unit', 'KM')).toEqual(['kM']);
    expect(await values('log', 'add', 'Walk', '3', '--unit', 'fl')).toEqual(['floor', 'fl oz']);
    expect(await values('--json', 'log', 'done', '--date', 'y')).toEqual(['yesterday']);
    expect(await values('log', 'done', '--date=y')).toEqual(['--date=yesterday']);
    expect(await values('note', 'add', 'Walk', '--mood', 'very')).toEqual(['veryLow', 'veryHigh']);
    expect(await values('habit', 'add', 'Nap', '--time-of-day', '')).toEqual(['morning', 'afternoon', 'evening']);
    tree ??= await completionTree();
    expect(await complete(tree, ['import', ''], () => [])).toEqual({ candidates: [], directive: 2 });
  });

  it('`help` completes commands, then their subcommands, and its topics', async () => {
    expect(await values('help', '')).toEqual([...TOP, 'exit-codes', 'environment', 'formatting']);
    expect(await values('help', 'e')).toEqual(['export', 'exit-codes', 'environment']);
    expect(await values('help', 'log', 'd')).toEqual(['done']);
    expect(await values('help', 'note', 'list', '')).toEqual([]);
    expect(await values('log', 'help', 'f')).toEqual(['fail']);
  });

  it('--json: the fields of the command, one name of a comma-separated list at a time', async () => {
    expect(await values('journal', '--json', '')).toEqual(['id', 'name', 'status', 'colorHex', 'icon', 'timeOfDayIds', 'type', 'currentStreak', 'progress', 'logInfo']);
    expect(await values('journal', '--json', 'name,st')).toEqual(['name,status']);
    expect(await values('journal', '--json', 'NA')).toEqual([]);
    expect(await values('habit', 'ls', '--json', 'name,type,i')).toEqual(['name,type,id', 'name,type,icon', 'name,type,isArchived']);
    expect(await values('area', 'ls', '--json=name,c')).toEqual(['--json=name,colorHex', '--json=name,createdAt']);
    expect(await values('area', 'ls', '--json', 'icon,i')).toEqual(['icon,id']);
    expect(await values('habit', 'rm', 'Walk', '--dry-run', '--json', 'm')).toEqual(['message', 'method']);
    // The value may be left out: what the word would be without it completes too.
    expect(await values('log', 'done', '--json', 'Dr')).toEqual(['Drink water', 'Drink tea']);
    expect(await values('log', 'done', '--json', 're')).toEqual(['ref', 'result']);
    expect(await values('log', 'done', '--json', 'ok,Wa')).toEqual([]);
    expect(await values('--json', 'jou')).toEqual(['journal']);
    expect(await values('--json', 'help', 'ex')).toEqual(['export']);
    expect(await values('--json', 'name,status', 'journal', '--da')).toEqual(['--date']);
    expect(await values('log', 'done', '--json', 'ok', '--date', 'y')).toEqual(['yesterday']);
    expect(await values('log', 'add', '--json', 'Walk', '3', '--unit', 'k')).toEqual(['kM', 'kg', 'kJ', 'kCal']);
    expect(await values('log', 'add', '--json', 'message', 'Walk', '')).toEqual([]);
    // After `--`, --json is an argument.
    expect(await values('log', 'done', '--', '--json', 'W')).toEqual(['Walk', 'Work:Lunch', 'Work:Dinner']);
  });

  it('reads the word after a bare --json as the parser does (output/fields.ts, isJsonValue)', async () => {
    tree ??= await completionTree();
    const taken = (word: string) => readLine(tree!, ['--json', word]).args.length === 0 && readLine(tree!, ['--json', word]).commands.length === 1;
    expect(['name,status', 'name,', 'progress', 'message', 'help'].map(taken)).toEqual([true, true, true, true, true]);
    expect(['journal', 'check', 'status', 'Walk', 'Status', 'ok2'].map(taken)).toEqual([false, false, false, false, false, false]);
  });

  it('prints a candidate a line, with its description after a tab, then the directive', () => {
    expect(formatCompletion({ candidates: [{ value: 'log', description: 'mark\thabits' }, { value: 'Walk' }], directive: 0 })).toBe('log\tmark habits\nWalk\n:0\n');
    expect(formatCompletion({ candidates: [], directive: 2 })).toBe(':2\n');
  });
});

describe('habits __complete -- <words>', () => {
  it('the build embeds the live tree in dist/complete.js (every command, alias, flag and field)', async () => {
    const built = (await import(pathToFileURL(join(ROOT, 'dist/complete.js')).href)) as { completionTree(): Promise<CommandSpec> };
    const live = await completionTree();
    expect(await built.completionTree()).toEqual(live);
    expect(live.knownFields).toEqual(expect.arrayContaining(['status', 'message', 'method']));
    expect(live.options.filter((o) => o.fields).flatMap((o) => o.names)).toEqual(['--json']);
  });

  it('answers from the name cache: names with spaces, quotes, emoji and CJK, for the account the words choose', async () => {
    const home = tempHome();
    try {
      const env = { ...home.env, HABITS_DATA_DIR: join(home.home, 'data') };
      const at = completionScope({ local: true }, env)!;
      const named = ['Drink water', "Mum's call", '散歩', 'Run 🏃', 'Old'].map((name, i) => ({ id: `h${i}`, name, archived: name === 'Old' }));
      new NameCache(at.cacheDir, at.scope, Date.now).set('habits', named, false);
      new NameCache(at.cacheDir, at.scope, Date.now).set('areas', [{ id: 'a', name: 'Health' }], false);
      const complete = (...words: string[]) => spawnCli(['__complete', '--', ...words], { env });
      expect(await complete('--local', 'log', 'done', '')).toEqual({ code: 0, stdout: "Drink water\nMum's call\nRun 🏃\n散歩\n:0\n", stderr: '' });
      expect((await complete('--local', 'log', 'done', 'ru')).stdout).toBe('Run 🏃\n:0\n');
      expect((await complete('--local', 'habit', 'ls', '--area=h')).stdout).toBe('--area=Health\n:0\n');
      // Without --local the account is another (none here): no names, and no error.
      expect(await complete('log', 'done', '')).toEqual({ code: 0, stdout: ':0\n', stderr: '' });
      expect((await complete('--local', 'import', '')).stdout).toBe(':2\n');
      expect((await complete('--local', 'log', 'd')).stdout).toBe('done\tmark habits completed for a date (default today)\n:0\n');
    } finally {
      home.cleanup();
    }
  });

  it('a cold cache takes the full path once (habits __complete habits), which fills it', async () => {
    const home = tempHome();
    try {
      const env = { ...home.env, HABITS_LOCAL: '1', HABITS_DATA_DIR: join(home.home, 'data') };
      expect((await runCli(['habit', 'add', 'Walk'], { env })).code).toBe(0);
      const at = completionScope({}, env)!;
      new NameCache(at.cacheDir, at.scope, Date.now).forget('habits');
      expect(await runCli(['__complete', '--', 'log', 'done', 'w'], { env })).toEqual({ code: 0, stdout: 'Walk\n:0\n', stderr: '' });
      expect(new NameCache(at.cacheDir, at.scope, Date.now).get('habits', Number.POSITIVE_INFINITY)?.items.map((h) => h.name)).toEqual(['Walk']);
    } finally {
      home.cleanup();
    }
  });
});
