// Types of scripts/pack-manifest.mjs, for test/package.test.ts.
/** `text` (a package.json) without the clone-only scripts (prepare, prepack, postpack). */
export function stripped(text: string): string;
/** prepack: keeps `root`/package.json's bytes aside and writes it stripped. */
export function strip(root: string): void;
/** postpack: puts the kept bytes back. */
export function restore(root: string): void;
