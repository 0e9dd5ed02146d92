// The direction of dependencies in src/ (docs/architecture.md), read from the TypeScript sources:
// static, type-only and dynamic imports all count. Each failure names the offending import.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, test } from 'vitest';

const SRC = resolve(import.meta.dirname, '../src');

/** Every .ts file under src/, relative to it, with the src/ files it imports. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) {
        const info = ts.preProcessFile(readFileSync(path, 'utf8'), true, true);
        const targets = info.importedFiles
          .map((f) => f.fileName)
          .filter((name) => name.startsWith('.'))
          .map((name) => relative(SRC, resolve(dirname(path), name.replace(/\.js$/, '.ts'))));
        graph.set(relative(SRC, path), [...new Set(targets)]);
      }
    }
  };
  walk(SRC);
  return graph;
}

/**
 * Layers from the top; a module may import its own layer or any below it, never one above. A
 * path ending in `/` is a folder. cli.ts → program.ts → commands/ → the pieces commands use →
 * the model → api/ → base modules.
 */
const LAYERS: { name: string; members: string[] }[] = [
  { name: 'entry', members: ['cli.ts', 'run.ts', 'complete.ts', 'complete-bin.ts', 'status-bin.ts', 'man/'] },
  { name: 'program', members: ['program.ts'] },
  { name: 'commands', members: ['commands/'] },
  { name: 'context', members: ['command-context.ts', 'world.ts'] },
  { name: 'command pieces', members: ['prompts/', 'output/', 'resolve/', 'record/', 'remind/', 'mcp/', 'completion/', 'config/', 'local.ts', 'describe-error.ts'] },
  { name: 'model', members: ['model/'] },
  { name: 'api', members: ['api/'] },
  { name: 'base', members: ['errors.ts', 'io.ts', 'hash.ts', 'concurrency.ts', 'version.ts', 'stdin.ts', 'stdout.ts', 'file-modes.ts'] },
];

function layerOf(file: string): number {
  const i = LAYERS.findIndex((l) => l.members.some((m) => (m.endsWith('/') ? file.startsWith(m) : file === m)));
  return i;
}

/** Strongly connected components with more than one file: the import circles. */
function circles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w === undefined) break;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

/** One edge of each circle, to name in the failure: an import from the circle back into it. */
function circleEdges(graph: Map<string, string[]>, component: string[]): string[] {
  const members = new Set(component);
  return component.flatMap((from) => (graph.get(from) ?? []).filter((to) => members.has(to)).map((to) => `${from} → ${to}`));
}

const graph = importGraph();

/** Every middleware of the request pipeline (api/pipeline.ts), in the file of the thing it serves. */
const MIDDLEWARE: Record<string, string> = {
  'record/middleware.ts': 'recordWrites',
  'record/outbox-first.ts': 'sendOutboxFirst',
  'output/spinner.ts': 'requestSpinner',
  'output/skipped.ts': 'SkippedItems',
  'local.ts': 'localGuard',
  'commands/shared/dry-run.ts': 'dryRun',
};
const edges = [...graph].flatMap(([from, targets]) => targets.map((to) => ({ from, to })));
const inServer = (file: string): boolean => file.startsWith('server/');

describe('the import graph of src/', () => {
  test('every file of the client belongs to a layer', () => {
    const unplaced = [...graph.keys()].filter((f) => !inServer(f) && layerOf(f) < 0);
    expect(unplaced, 'files outside every layer: add them to LAYERS and docs/architecture.md').toEqual([]);
  });

  test('imports point down the layers', () => {
    const upward = edges
      .filter(({ from, to }) => !inServer(from) && !inServer(to) && layerOf(to) < layerOf(from))
      .map(({ from, to }) => `${from} imports ${to}: ${LAYERS[layerOf(from)]?.name} may not import ${LAYERS[layerOf(to)]?.name}`);
    expect(upward).toEqual([]);
  });

  test('nothing but program.ts imports commands/', () => {
    const reaching = edges
      .filter(({ from, to }) => to.startsWith('commands/') && !from.startsWith('commands/') && from !== 'program.ts')
      .map(({ from, to }) => `${from} imports ${to}`);
    expect(reaching).toEqual([]);
  });

  test("a noun's verbs import their own noun and commands/shared/, never another noun", () => {
    // commands/<noun>/... or a top-level verb file (commands/journal.ts); on-demand.ts gathers nouns for program.ts.
    const noun = (file: string): string => file.split('/')[1]?.replace(/\.ts$/, '') ?? '';
    const across = edges
      .filter(({ from, to }) => from.startsWith('commands/') && to.startsWith('commands/') && from !== 'commands/on-demand.ts')
      .filter(({ from, to }) => noun(to) !== 'shared' && noun(from) !== noun(to))
      .map(({ from, to }) => `${from} imports ${to}`);
    expect(across).toEqual([]);
  });

  test('the local service imports nothing from the client but the wire types', () => {
    const leaks = edges.filter(({ from, to }) => inServer(from) && !inServer(to) && to !== 'api/types.ts').map(({ from, to }) => `${from} imports ${to}`);
    expect(leaks).toEqual([]);
  });

  test('middleware lives with the thing it serves, never in api/', () => {
    // A file that declares middleware imports the Middleware type; each is listed here with its
    // owner, and api/ (which only composes them: pipeline.ts, client.ts) imports none of them.
    const composers = ['api/pipeline.ts', 'api/client.ts', 'command-context.ts'];
    const declaring = [...graph.keys()]
      .filter((f) => !composers.includes(f) && /import[^;]*\bMiddleware\b[^;]*from '[^']*pipeline\.js'/.test(readFileSync(join(SRC, f), 'utf8')))
      .sort();
    expect(declaring, 'a new middleware: add it to MIDDLEWARE (test/architecture.test.ts) and docs/architecture.md').toEqual(Object.keys(MIDDLEWARE).sort());
    for (const [file, name] of Object.entries(MIDDLEWARE)) {
      expect(readFileSync(join(SRC, file), 'utf8'), `${file} declares ${name}`).toMatch(new RegExp(`export (function|class) ${name}\\b`));
      expect(file.startsWith('api/'), `${file}: middleware belongs to its owner, not to api/`).toBe(false);
    }
    const intoMiddleware = edges.filter(({ from, to }) => from.startsWith('api/') && to in MIDDLEWARE).map(({ from, to }) => `${from} imports ${to}`);
    expect(intoMiddleware).toEqual([]);
  });

  test('there are no import circles', () => {
    expect(circles(graph).map((c) => `${c.length} files: ${circleEdges(graph, c).join(', ')}`)).toEqual([]);
  });
});
