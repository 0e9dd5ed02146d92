// Bundles src/ into dist/ with esbuild. Runs on `npm install`/`npm ci` (prepare) and `npm run build`.
//
// Dependencies are bundled too: importing undici and conf from one bundled file costs half of
// loading them from node_modules (measured: undici 104 -> 50 ms, conf 101 -> 31 ms on Node 20).
// better-sqlite3 stays external: it is a native addon, and optional.
// Code splitting keeps each dynamic import() a chunk of its own, so `habits --version` loads
// commander and nothing else (test/startup.test.ts checks it through dist/meta.json).
import { build } from 'esbuild';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';

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
  logLevel: 'warning',
});
writeFileSync('dist/meta.json', JSON.stringify(result.metafile));
