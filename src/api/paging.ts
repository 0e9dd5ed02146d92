// Reading a whole list through limit/offset paging. Works on the typed Api, so it does no I/O of its
// own and loads no undici.
import type { Api, ListRoute, RequestOptions, RouteKey, RouteResponse, Routes } from './routes.js';
import type { Note, Page } from './types.js';

/** The item type of a list route. */
export type ListItem<K extends ListRoute> = RouteResponse<K> extends Page<infer T> ? T : never;

/** Options of listAll: the route's params and filters; limit and offset are listAll's own. */
export type ListAllOptions<K extends ListRoute> = Omit<RequestOptions<K>, 'query'> & {
  query?: Omit<Routes[K]['query'], 'limit' | 'offset'>;
};

/** Page size asked of the server (the spec's maximum). */
const PAGE_LIMIT = 100;

type LooseRequest = (route: RouteKey, options: object) => Promise<Page<unknown>>;

function idOf(item: unknown): string | undefined {
  const id = typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : undefined;
  return typeof id === 'string' ? id : undefined;
}

/**
 * Every item of a list route: pages with `limit=100`, advancing `offset` by the page's length until
 * it reaches `pagination.total`. An answer without pagination is the whole list. It stops on an
 * empty page, or on a page that brings nothing new (a server ignoring offset), so it always ends.
 */
export async function listAll<K extends ListRoute>(
  api: Api,
  route: K,
  ...args: {} extends ListAllOptions<K> ? [ListAllOptions<K>?] : [ListAllOptions<K>]
): Promise<ListItem<K>[]> {
  const options = (args[0] ?? {}) as { query?: object } & Record<string, unknown>;
  const request = api.request.bind(api) as unknown as LooseRequest;
  const items: unknown[] = [];
  const seen = new Set<string>();
  for (let offset = 0; ; ) {
    const page = await request(route, { ...options, query: { ...options.query, limit: PAGE_LIMIT, offset } });
    let fresh = 0;
    for (const item of page.data) {
      const id = idOf(item);
      if (id !== undefined) {
        if (seen.has(id)) continue;
        seen.add(id);
      }
      items.push(item);
      fresh++;
    }
    if (!page.pagination || page.data.length === 0 || fresh === 0) break;
    offset += page.data.length;
    if (offset >= page.pagination.total) break;
  }
  return items as ListItem<K>[];
}

/** Every note of a habit (all pages), oldest first; ties keep the server's order. */
export async function allNotes(api: Api, habitId: string): Promise<Note[]> {
  const notes = await listAll(api, 'GET /habits/{habitId}/notes', { params: { habitId } });
  return notes.map((n, i) => ({ n, i })).sort((a, b) => cmp(a.n.createdAt, b.n.createdAt) || a.i - b.i).map((x) => x.n);
}

function cmp(a: unknown, b: unknown): number {
  const x = String(a ?? '');
  const y = String(b ?? '');
  return x < y ? -1 : x > y ? 1 : 0;
}
