// Bundles src/ into dist/ with esbuild. Runs on `npm install`/`npm ci` (prepare) and `npm run build`.
//
// Dependencies are bundled too: importing undici and conf from one bundled file costs half of
// loading them from node_modules (measured: undici 104 -> 50 ms, conf 101 -> 31 ms on Node 20).
// better-sqlite3 stays external: it is a native addon, and optional.
// Code splitting keeps each dynamic import() a chunk of its own, so `habits --version` loads
// dist/cli.js alone and a request loads undici's two chunks only then (test/startup.test.ts checks
// it through dist/meta.json).
import { build } from 'esbuild';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * undici's Client requires its HTTP/2 half at load time, and with it node:http2, node:tls and
 * node:crypto (about 5 ms a process), although only a connection that negotiated h2 over TLS uses it
 * (allowH2, which we never set). This defers that require to the first such connection. The build
 * fails if undici's source no longer has the line, rather than silently losing the saving.
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
 * `import process from 'node:process'` (chalk's supports-color has it) makes Node build an ES module
 * facade of process, which reads every property, getters included: process.stdin comes into being
 * (a stream over the pipe or file, about 1 ms) in a command that never reads it. That default
 * export is the global process, so the line becomes a plain reference to it, in the file itself (a
 * shared stand-in module would be one more chunk to load). require('node:process') (commander's)
 * gets process itself already, without a facade.
 */
const globalProcess = {
  name: 'global-process',
  setup(b) {
    b.onLoad({ filter: /[\\/]node_modules[\\/].*\.m?js$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const line = /^import (\w+) from ["']node:process["'];?$/m;
      if (!line.test(source)) return undefined;
      return { contents: source.replace(line, 'const $1 = globalThis.process;'), loader: 'js', resolveDir: dirname(args.path) };
    });
  },
};

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

rmSync('dist', { recursive: true, force: true });
const result = await build({
  entryPoints: { cli: 'src/cli.ts', server: 'src/server/index.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.18',
  external: ['better-sqlite3'],
  // Bundled CommonJS packages call require() for Node built-ins.
  banner: { js: "import { createRequire as __habitsCreateRequire } from 'node:module'; const require = __habitsCreateRequire(import.meta.url);" },
  sourcemap: 'linked',
  chunkNames: 'chunks/[name]-[hash]',
  define: { __HABITS_VERSION__: JSON.stringify(pkg.version) },
  metafile: true,
  plugins: [lazyHttp2, globalProcess],
  logLevel: 'warning',
});
writeFileSync('dist/meta.json', JSON.stringify(result.metafile));
