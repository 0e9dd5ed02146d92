// Startup stays lean: what a command loads is read from the bundle's metafile, not timed.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, ROOT } from './helpers/cli.js';

const RECORDER = join(ROOT, 'test/helpers/record-loads.mjs');
const tmp = mkdtempSync(join(tmpdir(), 'habits-startup-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

interface Meta {
  outputs: Record<string, { inputs: Record<string, unknown> }>;
}

/** The source files (bundle inputs) behind every dist file the command loaded. */
function sourcesLoadedBy(args: string[], env: Record<string, string> = {}): { sources: string[]; files: string[]; builtins: string[]; code: number | null; stdout: string; stderr: string } {
  const log = join(tmp, `loads-${Math.random().toString(36).slice(2)}.txt`);
  const run = spawnSync(process.execPath, ['--import', pathToFileURL(RECORDER).href, BIN, ...args], {
    env: { HOME: tmp, HABITS_CONFIG_DIR: join(tmp, 'config'), XDG_CACHE_HOME: join(tmp, 'cache'), RECORD_LOADS_FILE: log, ...env },
    encoding: 'utf8',
    timeout: 20_000,
  });
  const meta = JSON.parse(readFileSync(join(ROOT, 'dist/meta.json'), 'utf8')) as Meta;
  const urls = existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : [];
  const sources = new Set<string>();
  const builtins = new Set(urls.filter((u) => u.startsWith('node:') || u === 'process.stdin'));
  const files = new Set<string>();
  for (const url of urls) {
    if (!url.startsWith('file:')) continue;
    const rel = relative(ROOT, fileURLToPath(url));
    files.add(rel);
    const output = meta.outputs[rel];
    if (output) for (const input of Object.keys(output.inputs)) sources.add(input);
    else sources.add(rel); // loaded from outside the bundle (node_modules)
  }
  return { sources: [...sources], files: [...files], builtins: [...builtins], code: run.status, stdout: run.stdout, stderr: run.stderr };
}

const HEAVY = [
  ['undici', /node_modules\/undici\//],
  ['@inquirer', /node_modules\/@inquirer\//],
  ['cli-table3', /node_modules\/cli-table3\//],
  ['string-width', /node_modules\/string-width\//],
  ['conf', /node_modules\/conf\//],
  ['the local service', /^src\/server\//],
  ['better-sqlite3', /better-sqlite3/],
  // --jq: its chunk (which starts jq-wasm in a worker thread, reading its file there) or jq-wasm.
  ['jq', /^src\/output\/jq\.ts$|node_modules\/jq-wasm\//],
  // habits mcp: the MCP SDK (with zod) and the server on it, a chunk of its own. (The words of its
  // results, src/mcp/summary.ts, are pure functions in the on-demand chunk: McpOptions.words.)
  ['the MCP SDK', /^src\/mcp\/server\.ts$|node_modules\/(@modelcontextprotocol|zod)\//],
] as const;

function heavyIn(sources: string[]): string[] {
  return HEAVY.filter(([, re]) => sources.some((s) => re.test(s))).map(([name]) => name);
}

describe('startup', () => {
  it('habits --version and -V load cli.ts alone: not even commander', () => {
    for (const flag of ['--version', '-V']) {
      const { sources, code, stdout } = sourcesLoadedBy([flag]);
      expect(code).toBe(0);
      expect(stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
      expect(sources.filter((s) => s.startsWith('src/') || s.includes('node_modules/')).sort()).toEqual(['src/cli.ts']);
    }
  });

  it('habits __complete -- <words> loads cli.ts and complete.ts: not commander, the program, the context or undici', () => {
    const { sources, code, stdout } = sourcesLoadedBy(['__complete', '--', 'log', 'done', '--da'], { HABITS_API_KEY: 'test-key' });
    expect(code).toBe(0);
    expect(stdout).toMatch(/^--date\t.*\n:0\n$/);
    expect(sources).toContain('src/complete.ts');
    expect(sources.filter((s) => s.includes('node_modules/'))).toEqual([]);
    expect(sources.filter((s) => ['src/program.ts', 'src/command-context.ts', 'src/run.ts'].includes(s) || s.startsWith('src/commands/'))).toEqual([]);
  });

  it('habits --help loads commander and the program, and none of the heavy modules or cold nouns', () => {
    const { sources, code } = sourcesLoadedBy(['--help']);
    expect(code).toBe(0);
    expect(sources).toContain('src/program.ts');
    expect(sources.some((s) => s.includes('node_modules/commander/'))).toBe(true);
    expect(heavyIn(sources)).toEqual([]);
    expect(sources.filter((s) => s === 'src/commands/habit/index.ts' || s === 'src/commands/on-demand.ts')).toEqual([]);
  });

  it('the other nouns load when they run, with the cold chunk', () => {
    const { sources, code } = sourcesLoadedBy(['help', 'exit-codes']);
    expect(code).toBe(0);
    expect(sources).toContain('src/commands/on-demand.ts');
    expect(sources).toContain('src/commands/habit/index.ts');
  });

  it('habits log done loads undici but not inquirer, cli-table3, conf or the local service', () => {
    // Port 9 (discard) on loopback refuses the connection at once: the request path runs to the end.
    const { sources, code } = sourcesLoadedBy(['log', 'done', 'Walk'], {
      HABITS_API_KEY: 'test-key', HABITS_BASE_URL: 'http://127.0.0.1:9/v2', HABITS_TIMEOUT: '2s',
    });
    expect(code).toBe(1);
    expect(heavyIn(sources)).toEqual(['undici']);
  });

  it('habits log done with the key in a config file others can read: the warning, and still no conf', () => {
    const config = join(tmp, 'config-exposed');
    mkdirSync(config, { recursive: true });
    writeFileSync(join(config, 'config.json'), JSON.stringify({ 'api-key': 'test-key-in-file' }), { mode: 0o644 });
    chmodSync(join(config, 'config.json'), 0o644);
    const { sources, code, stderr } = sourcesLoadedBy(['log', 'done', 'Walk'], {
      HABITS_CONFIG_DIR: config, HABITS_BASE_URL: 'http://127.0.0.1:9/v2', HABITS_TIMEOUT: '2s',
    });
    expect(code).toBe(1);
    expect(stderr).toContain('holds your API key and other users can read it (mode 0644)');
    expect(heavyIn(sources)).toEqual(['undici']);
  });

  it('habits log done takes from undici only the Agent, and none of HTTP/2, TLS or the proxy agents', () => {
    const { sources, builtins, code } = sourcesLoadedBy(['log', 'done', 'Walk'], {
      HABITS_API_KEY: 'test-key', HABITS_BASE_URL: 'http://127.0.0.1:9/v2', HABITS_TIMEOUT: '2s',
    });
    expect(code).toBe(1);
    const undici = sources.filter((s) => s.includes('node_modules/undici/')).map((s) => s.replace(/^.*node_modules\/undici\//, ''));
    expect(undici).toContain('lib/dispatcher/agent.js');
    // Not its index, which brings fetch, WebSocket, the cache and the mocks; nor a proxy agent.
    expect(undici.filter((s) => s === 'index.js' || /^lib\/(mock|cache|interceptor)\/|^lib\/web\/(websocket|eventsource|cache|cookies)\//.test(s))).toEqual([]);
    expect(undici.filter((s) => /proxy-agent/.test(s))).toEqual([]);
    // client-h2.js is bundled, but its require (and node:http2's) waits for an h2 connection.
    expect(builtins.filter((b) => ['node:http2', 'node:tls'].includes(b))).toEqual([]);
  });

  it('habits log done reads few files: every one costs the ESM loader a resolve, a read and a compile', () => {
    const { files, code } = sourcesLoadedBy(['log', 'done', 'Walk'], {
      HABITS_API_KEY: 'test-key', HABITS_BASE_URL: 'http://127.0.0.1:9/v2', HABITS_TIMEOUT: '2s',
    });
    expect(code).toBe(1);
    // cli.js, the run chunk and its shared chunks, and undici's two.
    expect(files.filter((f) => f.startsWith('dist/')).length).toBeLessThanOrEqual(7);
  });

  it('built-ins load where they are used: --help and log done take none they do not need', () => {
    const help = sourcesLoadedBy(['--help']).builtins;
    expect(help.filter((b) => ['node:crypto', 'node:http', 'node:v8', 'node:child_process', 'node:fs/promises', 'node:perf_hooks'].includes(b))).toEqual([]);
    const logDone = sourcesLoadedBy(['log', 'done', 'Walk'], {
      HABITS_API_KEY: 'test-key', HABITS_BASE_URL: 'http://127.0.0.1:9/v2', HABITS_TIMEOUT: '2s',
    }).builtins;
    // It talks HTTP (http, through undici). It hashes the key for the name cache in JavaScript, not
    // with node:crypto (twenty internal modules on Node 24), and undici's internal checks take a
    // plain function, not node:assert (scripts/build.mjs).
    expect(logDone).toContain('node:http');
    expect(logDone.filter((b) => ['node:crypto', 'node:assert', 'node:child_process', 'node:fs/promises', 'node:perf_hooks'].includes(b))).toEqual([]);
  });

  it('commands that read no input leave process.stdin uncreated (a stream over the pipe costs ~1 ms)', () => {
    const remote = { HABITS_API_KEY: 'test-key', HABITS_BASE_URL: 'http://127.0.0.1:9/v2', HABITS_TIMEOUT: '2s' };
    for (const args of [['--help'], ['log', 'done', 'Walk'], ['journal']]) {
      expect(sourcesLoadedBy(args, remote).builtins, args.join(' ')).not.toContain('process.stdin');
    }
    // The check can fail: a command that does read standard input.
    expect(sourcesLoadedBy(['auth', 'login', '--with-key'], {}).builtins).toContain('process.stdin');
  });

  it('the bundle takes Node built-ins without ES module facades (which read every export, getters too)', () => {
    const meta = JSON.parse(readFileSync(join(ROOT, 'dist/meta.json'), 'utf8')) as Meta;
    const js = Object.keys(meta.outputs).filter((f) => f.endsWith('.js'));
    expect(js.length).toBeGreaterThan(3);
    for (const file of js) {
      const code = readFileSync(join(ROOT, file), 'utf8');
      expect(code.match(/^import\b[^;]*["']node:[^"']+["'];?$/gm), file).toBeNull();
    }
    expect(readFileSync(join(ROOT, 'dist/cli.js'), 'utf8')).toContain('getBuiltinModule("node:tty")');
  });

  it('jq loads for --jq only: journal --json does not take it', () => {
    const local = { HABITS_LOCAL: '1', HABITS_DATA_DIR: join(tmp, 'data') };
    const json = sourcesLoadedBy(['journal', '--json'], local);
    expect(json.code).toBe(0);
    expect(heavyIn(json.sources)).not.toContain('jq');
    const jq = sourcesLoadedBy(['journal', '--jq', 'length'], local);
    expect(jq.code).toBe(0);
    expect(jq.stdout).toBe('0\n');
    expect(heavyIn(jq.sources)).toContain('jq');
  });

  it('the recorder sees heavy modules when they do load (the check can fail)', () => {
    const { sources, code } = sourcesLoadedBy(['config', 'set', 'timezone', 'UTC']);
    expect(code).toBe(0);
    expect(heavyIn(sources)).toEqual(['conf']);
  });
});
