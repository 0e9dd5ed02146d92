import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { NAME_TTL_MS, NameCache } from '../../src/resolve/cache.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
function dir(): string {
  const d = mkdtempSync(join(tmpdir(), 'habits-cache-'));
  dirs.push(d);
  return join(d, 'cache');
}

describe('NameCache', () => {
  it('keeps names for the TTL and then forgets them', () => {
    let now = 1_000_000;
    const cache = new NameCache(dir(), 'https://x/v2#abc', () => now);
    cache.set('habits', [{ id: 'a', name: 'Walk' }], false);
    expect(cache.get('habits')).toEqual({ items: [{ id: 'a', name: 'Walk' }], complete: false });
    now += NAME_TTL_MS + 1;
    expect(cache.get('habits')).toBeUndefined();
    expect(cache.get('habits', Infinity)?.items).toHaveLength(1);
  });

  it('separates accounts and keeps its files private', () => {
    const d = dir();
    const a = new NameCache(d, 'https://x/v2#aaaa', () => 1);
    const b = new NameCache(d, 'https://y/v2#bbbb', () => 1);
    a.set('habits', [{ id: 'a', name: 'Walk' }], true);
    expect(b.get('habits')).toBeUndefined();
    expect(a.file).not.toBe(b.file);
    expect(statSync(a.file).mode & 0o777).toBe(0o600);
    expect(statSync(d).mode & 0o777).toBe(0o700);
  });

  it('treats a damaged file as empty and rebuilds it', () => {
    const cache = new NameCache(dir(), 's', () => 1);
    cache.set('areas', [{ id: 'x', name: 'Health' }], true);
    writeFileSync(cache.file, '{not json');
    expect(cache.get('areas')).toBeUndefined();
    cache.set('areas', [{ id: 'y', name: 'Work' }], true);
    expect(cache.get('areas')?.items).toEqual([{ id: 'y', name: 'Work' }]);
  });

  it('forget sets one kind aside (last known names only), and time-of-day names accumulate', () => {
    const cache = new NameCache(dir(), 's', () => 1);
    cache.set('habits', [{ id: 'a', name: 'Walk' }], false);
    cache.set('areas', [{ id: 'x', name: 'Health' }], true);
    cache.forget('habits');
    expect(cache.get('habits')).toBeUndefined();
    expect(cache.get('habits', Number.POSITIVE_INFINITY)).toBeUndefined();
    expect(cache.get('areas')).toBeDefined();
    // Kept only as the last known names, for when the server is out of reach; a new listing clears that.
    expect(cache.lastKnown('habits')).toEqual({ items: [{ id: 'a', name: 'Walk' }], complete: false });
    cache.set('habits', [{ id: 'b', name: 'Run' }], true);
    expect(cache.get('habits')?.items).toEqual([{ id: 'b', name: 'Run' }]);
    cache.learnTimeOfDays({ morning: 'Morning' });
    cache.learnTimeOfDays({ evening: 'Evening' });
    expect(cache.timeOfDays()).toEqual({ morning: 'Morning', evening: 'Evening' });
  });
});
