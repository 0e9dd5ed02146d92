// Bundles src/ into dist/ with esbuild. Runs on `npm install`/`npm ci` (prepare), `npm pack`/`npm publish` (prepack) and `npm run build`.
//
// Dependencies are bundled too: importing undici and conf from one bundled file costs half of
// loading them from node_modules (measured: undici 104 -> 50 ms, conf 101 -> 31 ms on Node 20).
// better-sqlite3 stays external: it is a native addon, and optional. jq-wasm too: its 1.3 MB of
// CommonJS (jq as WebAssembly) is read from node_modules, only for --jq, by the worker thread that
// runs jq (src/output/jq.ts).
// Code splitting keeps each dynamic import() a chunk of its own, so `habits --version` loads
// dist/cli.js alone and a request loads undici's two chunks only then (test/startup.test.ts checks
// it through dist/meta.json).
import { build } from 'esbuild';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/**
 * undici's Client requires its HTTP/2 half at load time, and with it node:http2, node:tls and
 * node:crypto (about 5 ms a process), although only a connection that negotiated h2 over TLS uses it
 * (allowH2, which we never set). This defers that require to the first such connection. The build
 * fails if undici's source no longer has the line, rather than silently losing the saving.
 * Weighed again in November 2026: without it a remote `log done` takes 6 ms more on Node 20 and 22,
 * 12 ms more on Node 24.
 */
const lazyHttp2 = {
  name: 'undici-lazy-http2',
  setup(b) {
    b.onLoad({ filter: /[\\/]undici[\\/]lib[\\/]dispatcher[\\/]client\.js$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const line = "const connectH2 = require('./client-h2.js')";
      if (!source.includes(line)) throw new Error(`${args.path}: expected \`${line}\` (undici changed; update scripts/build.mjs)`);
      return { contents: source.replace(line, "const connectH2 = (client, socket) => require('./client-h2.js')(client, socket)"), loader: 'js' };
    });
  },
};

/**
 * commander requires node:child_process at load time (with node:dgram and more), for executable
 * subcommands, which this CLI has none of. The require now happens when one would run. The build
 * fails if commander's line changes. Weighed in November 2026: `habits --help` 1-2 ms faster on
 * Node 20, 22 and 24.
 */
const lazyChildProcess = {
  name: 'commander-lazy-child-process',
  setup(b) {
    b.onLoad({ filter: /[\\/]commander[\\/]lib[\\/]command\.js$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const line = "const childProcess = require('node:child_process');";
      if (!source.includes(line)) throw new Error(`${args.path}: expected \`${line}\` (commander changed; update scripts/build.mjs)`);
      return { contents: source.replace(line, "const childProcess = { spawn: (...args) => require('node:child_process').spawn(...args) };"), loader: 'js' };
    });
  },
};

/**
 * Node answers `import … from 'node:fs'` with an ES module facade of the built-in, which reads every
 * export, getters included: fs.promises loads node:fs/promises, process.stdin creates a stream over
 * standard input, and on Node 22 node:http's WebSocket and friends load Node's own copy of undici
 * (measured: the facade of node:http costs 11.5 ms there, against 0.2 ms on Node 20; node:fs's
 * 1.1-1.6 ms). process.getBuiltinModule() (Node >= 20.16) hands over the module itself, as require()
 * does. So the bundle's static imports of built-ins become declarations taking from it: the same
 * bindings, to the same objects (a built-in's default export is the module itself).
 *
 * esbuild writes each such import where its module begins; the declarations go on the first line
 * (the banner), ahead of all code as imports are, and the import's lines are left blank, so the
 * source map stays right. The build fails on a form it does not know.
 */
function builtinsWithoutFacades(code, file) {
  const decls = [];
  const gbm = (spec) => `globalThis.process.getBuiltinModule(${JSON.stringify(spec)})`;
  const blank = (text) => text.replace(/[^\n]/g, '');
  code = code.replace(/^import\s+([\w$]+\s*,\s*)?(\{[^}]*\}|\*\s+as\s+[\w$]+|[\w$]+)?\s*(?:from\s*)?"(node:[^"]+)";$/gm, (whole, first, clause, spec) => {
    const names = [first?.replace(/\s*,\s*$/, ''), clause].filter(Boolean);
    if (names.length === 0) decls.push(`${gbm(spec)};`);
    let module;
    for (const name of names) {
      if (name.startsWith('{')) {
        const bindings = name.slice(1, -1).split(',').map((b) => b.trim()).filter(Boolean).map((b) => b.replace(/^([\w$]+)\s+as\s+([\w$]+)$/, '$1: $2'));
        if (bindings.some((b) => !/^[\w$]+(: [\w$]+)?$/.test(b))) throw new Error(`${file}: cannot rewrite ${whole}`);
        decls.push(`const { ${bindings.join(', ')} } = ${module ?? gbm(spec)};`);
      } else {
        const local = name.replace(/^\*\s+as\s+/, '');
        decls.push(`const ${local} = ${gbm(spec)};`);
        module = local;
      }
    }
    return blank(whole);
  });
  if (/^import\b[^;]*["']node:/m.test(code)) throw new Error(`${file}: an import of a built-in is left (see builtinsWithoutFacades)`);
  const eol = code.indexOf('\n');
  return code.slice(0, eol) + ' ' + decls.join(' ') + code.slice(eol);
}

/**
 * undici requires node:assert in 33 files, for internal checks (`assert(cond)`, nothing else), and
 * node:assert loads five more of Node's modules (its AssertionError reads the source of a failing
 * call). A plain function serves those checks; it throws an Error named AssertionError, code
 * ERR_ASSERTION, as Node's would. The build fails if undici uses more of assert than the call.
 */
const lightAssert = {
  name: 'undici-light-assert',
  setup(b) {
    b.onResolve({ filter: /^(node:)?assert$/ }, (args) => (/[\\/]undici[\\/]/.test(args.importer) ? { path: 'assert', namespace: 'undici-assert' } : undefined));
    b.onLoad({ filter: /.*/, namespace: 'undici-assert' }, () => ({
      loader: 'js',
      contents: `module.exports = function assert(value, message) {
  if (value) return;
  if (message instanceof Error) throw message;
  throw Object.assign(new Error(message ?? 'undici: an internal assertion failed'), { name: 'AssertionError', code: 'ERR_ASSERTION' });
};`,
    }));
    b.onLoad({ filter: /[\\/]undici[\\/]lib[\\/].*\.js$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const used = source.match(/\bassert\.[A-Za-z]+/);
      if (used && /require\('(node:)?assert'\)/.test(source)) throw new Error(`${args.path}: uses ${used[0]} (undici changed; update lightAssert in scripts/build.mjs)`);
      return undefined;
    });
  },
};

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

rmSync('dist', { recursive: true, force: true });
const common = {
  outdir: 'dist',
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.18',
  // Bundled CommonJS packages call require() for Node built-ins. (Built-ins without an ES import:
  // see builtinsWithoutFacades.)
  banner: { js: "const require = globalThis.process.getBuiltinModule('node:module').createRequire(import.meta.url);" },
  sourcemap: 'linked',
  define: { __HABITS_VERSION__: JSON.stringify(pkg.version) },
  metafile: true,
  logLevel: 'warning',
};

// From the command tree, before the CLI is bundled: the man page, man/habits.1, and the tree as
// completion reads it, which dist/complete.js embeds (`habits __complete -- <words>` answers from it
// without loading commander or the program). src/man/ builds the program as the CLI does, loads
// every command and renders the tree. It is bundled on its own into a directory that is removed
// after (not a chunk of the split build, whose chunking the startup budget counts), with the same
// sources and define. The man page is dated by SOURCE_DATE_EPOCH when set (reproducible builds),
// else today.
const manBuild = 'dist/.man';
await build({ ...common, outdir: manBuild, entryPoints: { man: 'src/man/index.ts' }, external: ['better-sqlite3', 'jq-wasm'], sourcemap: false, metafile: false });
let tree;
try {
  const epoch = process.env.SOURCE_DATE_EPOCH;
  const date = (epoch ? new Date(Number(epoch) * 1000) : new Date()).toISOString().slice(0, 10);
  const { generateManPage, completionTreeJson } = await import(pathToFileURL(`${manBuild}/man.js`).href);
  mkdirSync('man', { recursive: true });
  writeFileSync('man/habits.1', await generateManPage(date));
  tree = await completionTreeJson();
} finally {
  rmSync(manBuild, { recursive: true, force: true });
}
// Everything but the entry: the command line's run (dist/run.js) and the local service (dist/server.js),
// split into chunks.
const main = await build({
  ...common,
  entryPoints: { run: 'src/run.ts', server: 'src/server/index.ts' },
  splitting: true,
  external: ['better-sqlite3', 'jq-wasm'],
  chunkNames: 'chunks/[name]-[hash]',
  plugins: [lazyHttp2, lazyChildProcess, lightAssert],
});
// The entry, dist/cli.js, on its own: in the split build it imported esbuild's runtime chunk, one
// more file for `habits --version` to load. It reaches the rest through import('./run.js').
const entry = await build({
  ...common,
  entryPoints: { cli: 'src/cli.ts' },
  plugins: [{
    name: 'run-is-external',
    setup(b) {
      b.onResolve({ filter: /^\.\/(run|complete)\.js$/ }, (args) => ({ path: args.path, external: true }));
    },
  }],
});
// dist/complete.js, on its own as well: what cli.ts imports for `habits __complete -- <words>`, the
// tree embedded as JSON text. Only a cold name cache goes on to ./run.js (through main()).
const complete = await build({
  ...common,
  entryPoints: { complete: 'src/complete.ts' },
  define: { ...common.define, __HABITS_COMPLETION_TREE__: JSON.stringify(tree) },
  plugins: [{
    name: 'run-is-external',
    setup(b) {
      b.onResolve({ filter: /^\.\/run\.js$/ }, () => ({ path: './run.js', external: true }));
    },
  }],
});
// dist/complete.cjs: the same completer as CommonJS, for bin/habits.js (itself CommonJS), so that a
// Tab starts no ES module loader (about 3 ms of Node's start-up). It reaches main() through
// import('./cli.js') only for a cold name cache. Built-ins are required as they are (no facades in
// CommonJS).
/** A CommonJS entry for bin/habits.js; `./cli.js` (and `./run.js`) stay outside, reached only when it goes on to main(). */
const cjsEntry = (name, file, define = common.define) => build({
  ...common,
  format: 'cjs',
  banner: {},
  outExtension: { '.js': '.cjs' },
  entryPoints: { [name]: file },
  define,
  plugins: [{
    name: 'cli-is-external',
    setup(b) {
      b.onResolve({ filter: /^\.\/(cli|run)\.js$/ }, (args) => ({ path: args.path, external: true }));
    },
  }],
});
const completeCjs = await cjsEntry('complete', 'src/complete-bin.ts', { ...common.define, __HABITS_COMPLETION_TREE__: JSON.stringify(tree) });
// dist/status.cjs: `habits status` for a prompt, as CommonJS for the same reason (status-bin.ts);
// anything it does not answer goes on to ./cli.js.
const statusCjs = await cjsEntry('status', 'src/status-bin.ts');
const builds = [main, entry, complete, completeCjs, statusCjs];
const result = { metafile: { inputs: Object.assign({}, ...builds.map((b) => b.metafile.inputs)), outputs: Object.assign({}, ...builds.map((b) => b.metafile.outputs)) } };
writeFileSync('dist/meta.json', JSON.stringify(result.metafile));
for (const file of Object.keys(result.metafile.outputs)) {
  if (file.endsWith('.js')) writeFileSync(file, builtinsWithoutFacades(readFileSync(file, 'utf8'), file));
}

