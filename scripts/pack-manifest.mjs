// The package.json that goes into the tarball: without the lifecycle scripts only a clone needs.
// `prepare` builds dist/ on `npm install` in a clone (the README's quickstart); in the package it
// would only make npm 11 warn on `npm install -g habits-cli-0.1.0.tgz` ("install scripts not yet
// covered by allowScripts … Run `npm install -g --allow-scripts=habits-cli`"), for a script that
// has nothing to run (dist/ is built, scripts/ is not packed). So `npm pack` and `npm publish`
// run, around the packing:
//   prepack:  node scripts/build.mjs && node scripts/pack-manifest.mjs strip
//   postpack: node scripts/pack-manifest.mjs restore
// `strip` keeps package.json's bytes in PACKING, then writes it without prepare, prepack and
// postpack (npm runs postpack from the manifest it read before prepack); `restore` puts the kept
// bytes back. A pack cut short between the two leaves PACKING: the next `strip` restores it when
// package.json is still what `strip` wrote, and refuses otherwise (nothing is lost either way).
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The scripts a clone runs and the package never does. */
const CLONE_ONLY = ['prepare', 'prepack', 'postpack'];

/** `text` (a package.json) without the clone-only scripts, formatted as npm formats it. */
export function stripped(text) {
  const manifest = JSON.parse(text);
  const scripts = Object.fromEntries(Object.entries(manifest.scripts ?? {}).filter(([name]) => !CLONE_ONLY.includes(name)));
  return `${JSON.stringify({ ...manifest, scripts }, null, 2)}\n`;
}

const files = (root) => ({ manifest: join(root, 'package.json'), packing: join(root, '.package.json.packing') });

/** prepack: keeps package.json's bytes aside and writes it stripped. */
export function strip(root) {
  const { manifest, packing } = files(root);
  let text = readFileSync(manifest, 'utf8');
  if (existsSync(packing)) {
    const kept = readFileSync(packing, 'utf8');
    if (text !== stripped(kept)) {
      throw new Error(`${packing} is left from a pack cut short, and package.json has changed since: compare them, then remove ${packing} (or move it over package.json)`);
    }
    renameSync(packing, manifest);
    text = kept;
  }
  writeFileSync(packing, text);
  writeFileSync(`${manifest}.tmp`, stripped(text));
  renameSync(`${manifest}.tmp`, manifest);
}

/** postpack: puts the kept bytes back. */
export function restore(root) {
  const { manifest, packing } = files(root);
  if (existsSync(packing)) renameSync(packing, manifest);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  const verb = process.argv[2];
  try {
    if (verb === 'strip') strip(root);
    else if (verb === 'restore') restore(root);
    else throw new Error(`usage: node scripts/pack-manifest.mjs strip|restore (got ${verb ?? 'nothing'})`);
  } catch (err) {
    process.stderr.write(`pack-manifest: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  }
}
