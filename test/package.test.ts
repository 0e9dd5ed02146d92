// The package.json the tarball carries (scripts/pack-manifest.mjs, run by prepack and postpack):
// no lifecycle script, so `npm install -g` of it prints nothing but npm's summary (npm 11 warns of
// an install script allowScripts does not cover); the clone's own package.json is put back byte for
// byte, also after a pack cut short. `.ci/package-check.sh` installs the real tarball and fails on
// any `npm warn` line.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { restore, strip, stripped } from '../scripts/pack-manifest.mjs';
import { ROOT } from './helpers/cli.js';

/** Every script npm may run around an install or a pack. */
const LIFECYCLE = ['preinstall', 'install', 'postinstall', 'prepublish', 'preprepare', 'prepare', 'postprepare', 'prepack', 'postpack'];

describe('the packed package.json', () => {
  let dir: string | undefined;
  afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

  it('carries no lifecycle script, and everything else of the clone\'s', () => {
    const text = readFileSync(join(ROOT, 'package.json'), 'utf8');
    const clone = JSON.parse(text) as { scripts: Record<string, string> };
    // The clone builds dist/ on `npm install` (the README's quickstart), and packs through the script.
    expect(clone.scripts.prepare).toBe('node scripts/build.mjs');
    expect(clone.scripts.prepack).toBe('node scripts/build.mjs && node scripts/pack-manifest.mjs strip');
    expect(clone.scripts.postpack).toBe('node scripts/pack-manifest.mjs restore');
    const packed = JSON.parse(stripped(text)) as { scripts: Record<string, string> };
    expect(Object.keys(packed.scripts).filter((s) => LIFECYCLE.includes(s))).toEqual([]);
    const { prepare: _1, prepack: _2, postpack: _3, ...rest } = clone.scripts;
    expect(packed).toEqual({ ...clone, scripts: rest });
  });

  it('strip then restore gives the same bytes back; a pack cut short is put right by the next, a changed file refused', () => {
    const root = (dir = mkdtempSync(join(tmpdir(), 'habits-pack-')));
    const file = join(root, 'package.json');
    const kept = join(root, '.package.json.packing');
    const original = '{\n  "name": "x",\n  "scripts": { "prepare": "build", "prepack": "p", "postpack": "q", "test": "t" }\n}\n';
    writeFileSync(file, original);
    strip(root);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ name: 'x', scripts: { test: 't' } });
    restore(root);
    expect(readFileSync(file, 'utf8')).toBe(original);
    expect(existsSync(kept)).toBe(false);
    // Cut short: stripped, never restored. The next pack starts from the original.
    strip(root);
    strip(root);
    restore(root);
    expect(readFileSync(file, 'utf8')).toBe(original);
    // Cut short, then package.json edited: refused, both files left for the user to compare.
    strip(root);
    writeFileSync(file, '{"name":"edited"}\n');
    expect(() => strip(root)).toThrow(/left from a pack cut short, and package.json has changed since/);
    expect(readFileSync(kept, 'utf8')).toBe(original);
    expect(readFileSync(file, 'utf8')).toBe('{"name":"edited"}\n');
  });
});
