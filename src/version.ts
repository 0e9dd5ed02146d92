// The package version, fixed at build time by esbuild (and by vitest's define in tests).
declare const __HABITS_VERSION__: string;

export const VERSION: string = __HABITS_VERSION__;

/** Sent on every request: production's Cloudflare rejects generic library user agents. */
export function userAgent(): string {
  return `habits-cli/${VERSION} node/${process.versions.node}`;
}
