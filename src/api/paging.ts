// Reading a whole list through limit/offset paging, with a hard stop. Works on the typed Api, so it
// does no I/O of its own and loads no undici.
import { FailureError } from '../errors.js';
import { sentLength } from './answers.js';
import { sendOf, type ApiRequest } from './pipeline.js';
import type { Api, ListRoute, RequestOptions, RouteResponse, Routes } from './routes.js';
import type { Note, Page } from './types.js';

/** The item type of a list route. */
export type ListItem<K extends ListRoute> = RouteResponse<K> extends Page<infer T> ? T : never;

/** Options of listAll: the route's params and filters; limit and offset are listAll's own. */
export type ListAllOptions<K extends ListRoute> = Omit<RequestOptions<K>, 'query'> & {
  query?: Omit<Routes[K]['query'], 'limit' | 'offset'>;
};

/** Page size asked of the server (the spec's maximum). */
const PAGE_LIMIT = 100;

/**
 * The hard stop of a listing: at most this many pages, and this many items. A list longer than
 * that is a server that does not stop (a huge `pagination.total`, new items on every page), not an
 * account's habits.
 */
export const MAX_PAGES = 100;
export const MAX_ITEMS = 10_000;

/** The key an item is known by: its id, else (an Api that does not check items) its whole text. */
function keyOf(item: unknown): string {
  const id = typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : undefined;
  return typeof id === 'string' ? `id:${id}` : `json:${JSON.stringify(item)}`;
}

const NOUNS: Record<ListRoute, string> = { 'GET /habits': 'habits', 'GET /areas': 'areas', 'GET /habits/{habitId}/notes': 'notes' };

function endless(route: ListRoute, why: string): FailureError {
  return new FailureError(
    `the server's list of ${NOUNS[route]} does not end: ${why} (${route.replace(/\{habitId\}/, '…')})`,
    'server',
    'the server does not page by limit and offset as the API does; is the base URL right?',
  );
}

/**
 * Every item of a list route: pages with `limit=100`, advancing `offset` by the page's length until
 * it reaches `pagination.total`. An answer without pagination is the whole list, and an empty page
 * ends it. It always ends: a page that brings only items already read (a server ignoring offset),
 * or more than MAX_PAGES pages or MAX_ITEMS items, is a FailureError (exit 1).
 */
export async function listAll<K extends ListRoute>(
  api: Api,
  route: K,
  ...args: {} extends ListAllOptions<K> ? [ListAllOptions<K>?] : [ListAllOptions<K>]
): Promise<ListItem<K>[]> {
  const { query, ...options } = (args[0] ?? {}) as Omit<ApiRequest, 'route'>;
  const send = sendOf(api);
  const items: unknown[] = [];
  const seen = new Set<string>();
  for (let offset = 0, pages = 0; ; pages++) {
    if (pages >= MAX_PAGES || items.length >= MAX_ITEMS) {
      throw endless(route, `stopped after ${pages} pages and ${items.length} items`);
    }
    const page = (await send({ ...options, route, query: { ...query, limit: PAGE_LIMIT, offset } })) as Page<unknown>;
    let fresh = 0;
    for (const item of page.data) {
      const key = keyOf(item);
      if (seen.has(key)) continue;
      seen.add(key);
      items.push(item);
      fresh++;
    }
    const sent = sentLength(page);
    if (!page.pagination || sent === 0) break;
    // A page whose items were all unusable (and skipped) brings nothing, but is not a repeat.
    if (fresh === 0 && page.data.length > 0) {
      throw endless(route, `the page at offset ${offset} repeats ${page.data.length === 1 ? 'an item' : 'items'} already read`);
    }
    offset += sent;
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
