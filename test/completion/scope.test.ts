// completion/scope.ts names the account as Context.scope() does (command-context.ts), without the Context:
// the same answer for every way of choosing it, so completion reads the cache the commands fill.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { completionScope, scopeArgs, scopeFlags } from '../../src/completion/scope.js';
import { Context } from '../../src/command-context.js';
import type { GlobalFlags } from '../../src/world.js';
import { bufferIO, NOW, tempHome } from '../helpers/cli.js';

const KEY = 'hb_scopescopescopescopescopescope';

/** Context.scope() for these flags and environment, or undefined when the settings throw. */
function contextScope(flags: GlobalFlags, env: Record<string, string>): string | undefined {
  try {
    return new Context({ io: bufferIO().io, env, now: () => NOW }, flags).scope();
  } catch {
    return undefined;
  }
}

describe('completionScope', () => {
  it('agrees with Context.scope() for flags, environment, profiles and files', () => {
    const home = tempHome();
    try {
      const configDir = join(home.env.XDG_CONFIG_HOME, 'habits');
      mkdirSync(configDir, { recursive: true, mode: 0o700 });
      const config = join(configDir, 'config.json');
      const write = (doc: unknown, mode = 0o600) => {
        writeFileSync(config, JSON.stringify(doc), { mode });
        chmodSync(config, mode);
      };
      const cases: [string, GlobalFlags, Record<string, string>][] = [
        ['nothing configured', {}, {}],
        ['a key in the environment', {}, { HABITS_API_KEY: KEY }],
        ['and a base URL', {}, { HABITS_API_KEY: KEY, HABITS_BASE_URL: 'http://127.0.0.1:9/v2' }],
        ['--base-url', { baseUrl: 'https://example.com/v2/' }, { HABITS_API_KEY: KEY }],
        ['--local', { local: true }, { HABITS_API_KEY: KEY }],
        ['HABITS_LOCAL', {}, { HABITS_LOCAL: '1', HABITS_DATA_DIR: join(home.home, 'd') }],
        ['a profile', { profile: 'work' }, {}],
        ['HABITS_PROFILE', {}, { HABITS_PROFILE: 'work' }],
        ['an unknown profile', { profile: 'nope' }, {}],
        ['the file', {}, {}],
      ];
      write({ 'api-key': `${KEY}file`, profiles: { work: { 'api-key': `${KEY}work`, 'base-url': 'https://work.example/v2' } } });
      const seen = new Set<string | undefined>();
      for (const [what, flags, extra] of cases) {
        const env = { ...home.env, ...extra };
        const ours = completionScope({ local: flags.local, profile: flags.profile, baseUrl: flags.baseUrl }, env)?.scope;
        expect(ours, what).toBe(contextScope(flags, env));
        seen.add(ours);
      }
      expect(seen.size).toBeGreaterThan(5);
      // A file others can write is refused by both; a local run does not take the account from it.
      write({ 'api-key': KEY }, 0o666);
      expect(completionScope({}, home.env)).toBeUndefined();
      expect(contextScope({}, home.env)).toBeUndefined();
      expect(completionScope({ local: true }, home.env)?.scope).toBe(contextScope({ local: true }, home.env));
    } finally {
      home.cleanup();
    }
  });

  it('reads the flags that choose the account from the words, before `--`', () => {
    expect(scopeFlags(['--local', 'log', 'done', '--profile', 'work', '--base-url=http://x/v2', '--', '--profile', 'no'])).toEqual({ local: true, profile: 'work', baseUrl: 'http://x/v2' });
    expect(scopeArgs({ local: true, profile: 'work' })).toEqual(['--local', '--profile', 'work']);
    expect(scopeFlags(['log', 'done'])).toEqual({});
  });
});
