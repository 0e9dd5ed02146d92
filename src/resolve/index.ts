// Turns "Drink water", an id, `id:<id>` or a unique prefix into a habit or area id: a small service
// built from the API client and the name cache, so it can be given to a command on its own.
import { listAll } from '../api/paging.js';
import { ApiError } from '../api/errors.js';
import { mayPass } from '../api/network.js';
import type { Area, Habit } from '../api/types.js';
import type { Api } from '../api/routes.js';
import { AmbiguousError, NotFoundError } from '../errors.js';
import { factsOf, type HabitFacts } from '../model/habit-facts.js';
import { escapeControls } from '../model/text.js';
import { NameCache, type CacheKind } from './cache.js';
import { matchRef, suggest, type MatchResult, type Named } from './match.js';

export type { Named };

/** What a resolver is built from: the (lazily built) client and the account's name cache. */
export interface ResolverDeps {
  api(): Promise<Api>;
  /** The name cache of the account the client talks to; throws when there is no account (no key). */
  nameCache(): Promise<NameCache>;
}

/** Options of the listings: a signal to give up early (shell completion has a short budget). */
export interface ListOptions {
  signal?: AbortSignal;
}

const named = (h: Habit): Named => ({ id: h.id, name: h.name, archived: h.isArchived, facts: factsOf(h) });

interface Source {
  kind: CacheKind;
  label: 'habit' | 'area';
  /** The active items (for areas: all of them). */
  active(): Promise<Named[]>;
  /** The archived items; areas have none. */
  archived(): Promise<Named[]>;
}

/** Name resolution and the listings that keep the name cache fresh. */
export class Resolver {
  private readonly habitSource: Source = {
    kind: 'habits',
    label: 'habit',
    active: async () => (await this.listHabits(false)).map(named),
    archived: async () => (await this.listHabits(true)).map(named),
  };

  private readonly areaSource: Source = {
    kind: 'areas',
    label: 'area',
    active: async () => (await listAll(await this.deps.api(), 'GET /areas', {})).map((a) => ({ id: a.id, name: a.name })),
    archived: async () => [],
  };

  constructor(private readonly deps: ResolverDeps) {}

  /** The name cache of the account. */
  nameCache(): Promise<NameCache> {
    return this.deps.nameCache();
  }

  /** Every habit (active, and archived too when `archived`), fetched page by page; refreshes the cache. */
  async fetchHabits(archived: boolean, opts: ListOptions = {}): Promise<Habit[]> {
    const active = await this.listHabits(false, opts);
    const all = archived ? [...active, ...(await this.listHabits(true, opts))] : active;
    (await this.nameCache()).set('habits', all.map(named), archived);
    return all;
  }

  /** Every area; refreshes the cache. */
  async fetchAreas(opts: ListOptions = {}): Promise<Area[]> {
    const areas = await listAll(await this.deps.api(), 'GET /areas', { signal: opts.signal });
    (await this.nameCache()).set('areas', areas.map((a) => ({ id: a.id, name: a.name })), true);
    return areas;
  }

  /**
   * Keeps what a listing of habits taught: time-of-day names always, and the names themselves when
   * the listing was every active habit (`complete`), which is what name lookup needs.
   */
  async rememberHabits(habits: Habit[], complete: boolean): Promise<void> {
    const cache = await this.nameCache();
    const tods: Record<string, string> = {};
    for (const h of habits) for (const t of h.timeOfDays ?? []) tods[t.id] = t.name;
    cache.learnTimeOfDays(tods);
    if (complete) cache.set('habits', habits.map(named), false);
  }

  /** Resolves several habit references; each entry is the habit or its error. */
  resolveHabits(refs: string[]): Promise<(Named | Error)[]> {
    return this.resolveMany(this.habitSource, refs);
  }

  /** Resolves one habit reference, throwing NotFoundError (exit 3) or AmbiguousError (exit 2). */
  async resolveHabit(ref: string): Promise<Named> {
    const [result] = await this.resolveMany(this.habitSource, [ref]);
    if (result instanceof Error) throw result;
    return result!;
  }

  /** Resolves one area reference. */
  async resolveArea(ref: string): Promise<Named> {
    const [result] = await this.resolveMany(this.areaSource, [ref]);
    if (result instanceof Error) throw result;
    return result!;
  }

  /** Resolves several area references, failing on the first that does not resolve. */
  async resolveAreas(refs: string[]): Promise<Named[]> {
    const results = await this.resolveMany(this.areaSource, refs);
    for (const r of results) if (r instanceof Error) throw r;
    return results as Named[];
  }

  /** The facts of one habit as the server has them now (GET /habits/{id}). */
  async freshFacts(id: string): Promise<HabitFacts> {
    return factsOf(await (await this.deps.api()).request('GET /habits/{habitId}', { params: { habitId: id } }));
  }

  /** The facts the name cache holds, whatever their age (for display: a unit name), by habit id. */
  async cachedFacts(): Promise<Map<string, HabitFacts>> {
    const cached = (await this.nameCache()).get('habits', Number.POSITIVE_INFINITY);
    return new Map((cached?.items ?? []).flatMap((i) => (i.facts ? [[i.id, i.facts] as const] : [])));
  }

  /**
   * The active habit, or the area, already called `name` (ignoring case and surrounding space),
   * other than `exceptId`; asks the server, so a name just taken elsewhere is seen.
   */
  async sameName(kind: CacheKind, name: string, exceptId?: string): Promise<Named | undefined> {
    const items: Named[] = kind === 'habits' ? (await this.fetchHabits(false)).map(named) : (await this.fetchAreas()).map((a) => ({ id: a.id, name: a.name }));
    const key = name.trim().toLowerCase();
    return items.find((i) => i.id !== exceptId && typeof i.name === 'string' && i.name.trim().toLowerCase() === key);
  }

  /** After a command created, renamed or removed habits or areas: the next lookup asks the server. */
  async forgetNames(kind: CacheKind): Promise<void> {
    (await this.nameCache()).forget(kind);
  }

  /** One GET /habits listing (all pages); learns the names of time-of-day ids on the way. */
  private async listHabits(archived: boolean, opts: ListOptions = {}): Promise<Habit[]> {
    const habits = await listAll(await this.deps.api(), 'GET /habits', { query: { archived }, signal: opts.signal });
    await this.rememberHabits(habits, false);
    return habits;
  }

  /**
   * Resolves several references with at most one lookup per kind of listing. An `id:` reference
   * needs none: it is an id, or the unique start of one the name cache knows (what `habit ls`
   * shows), else it goes to the server as typed, which says whether it exists.
   * Each result is the item or the error for that reference, so bulk commands can report
   * each and go on.
   */
  private async resolveMany(source: Source, refs: string[]): Promise<(Named | Error)[]> {
    const cache = await this.nameCache();
    const cached = cache.get(source.kind);
    let items = cached?.items;
    let complete = cached?.complete ?? false;
    let fresh = false;
    const refresh = async (withArchived: boolean) => {
      try {
        const active = fresh && items ? items.filter((i) => !i.archived) : await source.active();
        // A server that ignores `archived` lists a habit in both: it is still one habit.
        items = withArchived ? uniqueById([...active, ...(await source.archived())]) : active;
      } catch (err) {
        // The server out of reach: names it listed before, however old, still say which habit is
        // meant (a mark that cannot be sent then waits in the outbox).
        const stale = unreachable(err) ? cache.lastKnown(source.kind) : undefined;
        if (!stale) throw err;
        [items, complete, fresh] = [stale.items, true, true];
        return items;
      }
      complete = withArchived;
      fresh = true;
      cache.set(source.kind, items, complete);
      return items;
    };

    const results: (Named | Error)[] = [];
    for (const raw of refs) {
      if (raw.startsWith('id:') && raw.length > 3) {
        const id = raw.slice(3);
        // Ids do not change: the cache, however old, says which habit an id (or its start) is.
        const known = items ?? cache.lastKnown(source.kind)?.items ?? [];
        const hit = known.find((i) => i.id === id);
        const prefixed = hit ? [] : known.filter((i) => i.id.startsWith(id));
        if (hit || prefixed.length === 1) results.push(hit ?? prefixed[0]!);
        // `habit ls` shows ids cut to 8 characters: the start of one id stands for it.
        else if (prefixed.length > 1) {
          results.push(new AmbiguousError(`"${raw}" is the start of ${prefixed.length} ${source.label} ids`, prefixed.slice(0, 8).map((i) => `"${escapeControls(i.name)}" (id:${i.id})`), prefixed[0]!.id));
        }
        // Not known here: the server says whether the id exists.
        else results.push({ id, name: id });
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
}

/** The items, each id once (the first listing of it wins). */
function uniqueById(items: Named[]): Named[] {
  const seen = new Set<string>();
  return items.filter((i) => !seen.has(i.id) && !!seen.add(i.id));
}

/** True for a failure that may pass by itself: no answer, a 5xx, a 429. */
export function unreachable(err: unknown): boolean {
  if (!(err instanceof ApiError)) return false;
  return err.kind === 'http' ? err.status === 429 || err.status >= 500 : mayPass(err);
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
      m.items.slice(0, 8).map((i) => `"${escapeControls(i.name)}" (id:${i.id})`),
      m.items[0]!.id,
    );
  }
  const close = suggest(items, ref);
  return new NotFoundError(
    `no ${label} matches "${ref}"`,
    // Names as they are shown everywhere: a line break as \n, which is also how they can be typed.
    close.length ? `did you mean ${close.map((i) => `"${escapeControls(i.name)}"`).join(', ')}?` : `list them with \`habits ${label} ls\``,
  );
}
