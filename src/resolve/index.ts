// Turns "Drink water", an id, `id:<id>` or a unique prefix into a habit or area id.
import { listAll } from '../api/paging.js';
import type { Area, Habit } from '../api/types.js';
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

/** Options of the listings: a signal to give up early (shell completion has a short budget). */
export interface ListOptions {
  signal?: AbortSignal;
}

/** Every habit (active, and archived too when `archived`), fetched page by page; refreshes the cache. */
export async function fetchHabits(ctx: Context, archived: boolean, opts: ListOptions = {}): Promise<Habit[]> {
  const active = await listHabits(ctx, false, opts);
  const all = archived ? [...active, ...(await listHabits(ctx, true, opts))] : active;
  (await nameCache(ctx)).set('habits', all.map(named), archived);
  return all;
}

/** Every area; refreshes the cache. */
export async function fetchAreas(ctx: Context, opts: ListOptions = {}): Promise<Area[]> {
  const areas = await listAll(await ctx.api(), 'GET /areas', { signal: opts.signal });
  (await nameCache(ctx)).set('areas', areas.map((a) => ({ id: a.id, name: a.name })), true);
  return areas;
}

/**
 * Keeps what a listing of habits taught: time-of-day names always, and the names themselves when
 * the listing was every active habit (`complete`), which is what name lookup needs.
 */
export async function rememberHabits(ctx: Context, habits: Habit[], complete: boolean): Promise<void> {
  const cache = await nameCache(ctx);
  const tods: Record<string, string> = {};
  for (const h of habits) for (const t of h.timeOfDays ?? []) tods[t.id] = t.name;
  cache.learnTimeOfDays(tods);
  if (complete) cache.set('habits', habits.map(named), false);
}

/** One GET /habits listing (all pages); learns the names of time-of-day ids on the way. */
async function listHabits(ctx: Context, archived: boolean, opts: ListOptions = {}): Promise<Habit[]> {
  const habits = await listAll(await ctx.api(), 'GET /habits', { query: { archived }, signal: opts.signal });
  await rememberHabits(ctx, habits, false);
  return habits;
}

const named = (h: Habit): Named => ({ id: h.id, name: h.name, archived: h.isArchived });

interface Source {
  kind: CacheKind;
  label: 'habit' | 'area';
  /** The active items (for areas: all of them). */
  active(ctx: Context): Promise<Named[]>;
  /** The archived items; areas have none. */
  archived(ctx: Context): Promise<Named[]>;
}

const HABITS: Source = {
  kind: 'habits',
  label: 'habit',
  active: async (ctx) => (await listHabits(ctx, false)).map(named),
  archived: async (ctx) => (await listHabits(ctx, true)).map(named),
};

const AREAS: Source = {
  kind: 'areas',
  label: 'area',
  active: async (ctx) => (await listAll(await ctx.api(), 'GET /areas', {})).map((a) => ({ id: a.id, name: a.name })),
  archived: async () => [],
};

/**
 * Resolves several references with at most one lookup per kind of listing. `id:` references need
 * none. Each result is the item or the error for that reference, so bulk commands can report
 * each and go on.
 */
async function resolveMany(ctx: Context, source: Source, refs: string[]): Promise<(Named | Error)[]> {
  const cache = await nameCache(ctx);
  const cached = cache.get(source.kind);
  let items = cached?.items;
  let complete = cached?.complete ?? false;
  let fresh = false;
  const refresh = async (withArchived: boolean) => {
    const active = fresh && items ? items.filter((i) => !i.archived) : await source.active(ctx);
    items = withArchived ? [...active, ...(await source.archived(ctx))] : active;
    complete = withArchived;
    fresh = true;
    cache.set(source.kind, items, complete);
    return items;
  };

  const results: (Named | Error)[] = [];
  for (const raw of refs) {
    if (raw.startsWith('id:') && raw.length > 3) {
      // The server says whether the id exists; a known name only makes the confirmation nicer.
      const id = raw.slice(3);
      results.push(items?.find((i) => i.id === id) ?? { id, name: id });
      continue;
    }
    let list = items ?? (await refresh(false));
    let m = matchActive(list, raw);
    // A warm cache may predate the habit: look again at the server before giving up.
    if (m.kind === 'none' && !fresh) m = matchActive((list = await refresh(complete)), raw);
    if (m.kind === 'none' && !complete) m = matchActive((list = await refresh(true)), raw);
    results.push(outcome(source.label, raw, m, list));
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
