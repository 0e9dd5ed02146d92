// Turns "Drink water", an id, `id:<id>` or a unique prefix into a habit or area id.
import { listAll } from '../api/paging.js';
import type { Habit } from '../api/types.js';
import type { Context } from '../context.js';
import { AmbiguousError, NotFoundError } from '../errors.js';
import { NameCache, type CacheKind } from './cache.js';
import { matchRef, suggest, type MatchResult, type Named } from './match.js';

export type { Named };

/** The name cache of the account the context talks to. */
export async function nameCache(ctx: Context): Promise<NameCache> {
  const scope = ctx.scope();
  if (!scope) await ctx.endpoint(); // throws the "no API key" error
  return new NameCache(ctx.paths.cacheDir, scope!, () => ctx.now().getTime());
}

/** Every habit (active, and archived too when `archived`), fetched page by page; refreshes the cache. */
export async function fetchHabits(ctx: Context, archived: boolean): Promise<Habit[]> {
  const api = await ctx.api();
  const active = await listAll(api, 'GET /habits', { query: { archived: false } });
  const all = archived ? [...active, ...(await listAll(api, 'GET /habits', { query: { archived: true } }))] : active;
  const cache = await nameCache(ctx);
  cache.set('habits', all.map((h) => ({ id: h.id, name: h.name, archived: h.isArchived })), archived);
  const tods: Record<string, string> = {};
  for (const h of all) for (const t of h.timeOfDays ?? []) tods[t.id] = t.name;
  cache.learnTimeOfDays(tods);
  return all;
}

async function fetchAreas(ctx: Context): Promise<Named[]> {
  const areas = (await listAll(await ctx.api(), 'GET /areas', {})).map((a) => ({ id: a.id, name: a.name }));
  (await nameCache(ctx)).set('areas', areas, true);
  return areas;
}

interface Source {
  kind: CacheKind;
  label: 'habit' | 'area';
  /** Loads the items; `complete` asks for archived habits too. */
  fetch(ctx: Context, complete: boolean): Promise<Named[]>;
}

const HABITS: Source = {
  kind: 'habits',
  label: 'habit',
  fetch: async (ctx, complete) => (await fetchHabits(ctx, complete)).map((h) => ({ id: h.id, name: h.name, archived: h.isArchived })),
};

const AREAS: Source = { kind: 'areas', label: 'area', fetch: (ctx) => fetchAreas(ctx) };

/**
 * Resolves several references with one lookup. Each result is the item or the error for that
 * reference, so bulk commands can report each and go on.
 */
async function resolveMany(ctx: Context, source: Source, refs: string[]): Promise<(Named | Error)[]> {
  const cache = await nameCache(ctx);
  const cached = cache.get(source.kind);
  let items = cached?.items;
  let complete = cached?.complete ?? false;
  let fresh = !cached;
  if (!items) {
    items = await source.fetch(ctx, false);
    complete = source.kind === 'areas';
  }
  const results: (Named | Error)[] = [];
  for (const raw of refs) {
    if (raw.startsWith('id:') && raw.length > 3) {
      const id = raw.slice(3);
      results.push(items.find((i) => i.id === id) ?? { id, name: id });
      continue;
    }
    let m = matchActive(items, raw);
    if (m.kind === 'none' && !fresh) {
      // A warm cache may predate the habit: look again at the server before giving up.
      items = await source.fetch(ctx, complete);
      fresh = true;
      m = matchActive(items, raw);
    }
    if (m.kind === 'none' && !complete) {
      items = await source.fetch(ctx, true);
      complete = fresh = true;
      m = matchActive(items, raw);
    }
    results.push(outcome(source.label, raw, m, items));
  }
  return results;
}

/** Active items win; archived ones match only when no active one does. */
function matchActive(items: Named[], ref: string): MatchResult<Named> {
  const active = matchRef(items.filter((i) => !i.archived), ref);
  return active.kind === 'none' ? matchRef(items, ref) : active;
}

function outcome(label: string, ref: string, m: MatchResult<Named>, items: Named[]): Named | Error {
  if (m.kind === 'one') return m.item;
  if (m.kind === 'many') {
    return new AmbiguousError(
      `"${ref}" matches ${m.items.length} ${label}s`,
      m.items.slice(0, 8).map((i) => `"${i.name}" (id:${i.id})`),
    );
  }
  const close = suggest(items, ref);
  return new NotFoundError(
    `no ${label} matches "${ref}"`,
    close.length ? `did you mean ${close.map((i) => `"${i.name}"`).join(', ')}?` : `list them with \`habits ${label} ls\``,
  );
}

/** Resolves several habit references; each entry is the habit or its error. */
export function resolveHabits(ctx: Context, refs: string[]): Promise<(Named | Error)[]> {
  return resolveMany(ctx, HABITS, refs);
}

/** Resolves one habit reference, throwing NotFoundError (exit 3) or AmbiguousError (exit 2). */
export async function resolveHabit(ctx: Context, ref: string): Promise<Named> {
  const [result] = await resolveMany(ctx, HABITS, [ref]);
  if (result instanceof Error) throw result;
  return result!;
}

/** Resolves one area reference. */
export async function resolveArea(ctx: Context, ref: string): Promise<Named> {
  const [result] = await resolveMany(ctx, AREAS, [ref]);
  if (result instanceof Error) throw result;
  return result!;
}

/** Resolves several area references, failing on the first that does not resolve. */
export async function resolveAreas(ctx: Context, refs: string[]): Promise<Named[]> {
  const results = await resolveMany(ctx, AREAS, refs);
  for (const r of results) if (r instanceof Error) throw r;
  return results as Named[];
}

/** After a command created, renamed or removed habits or areas: the next lookup asks the server. */
export async function forgetNames(ctx: Context, kind: CacheKind): Promise<void> {
  (await nameCache(ctx)).forget(kind);
}
