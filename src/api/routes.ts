// The route table: every endpoint of Service API v2, typed, plus how its answer is unwrapped.
import type {
  Area, AreaBody, CreateHabitBody, DateString, Habit, HabitListQuery, JournalEntry, LogEntry, LogValueBody,
  MarkBody, MessageResult, Note, NoteBody, Ok, Page, PageQuery, Statistics, UpdateHabitBody,
} from './types.js';

type HabitId = { habitId: string };

/** A time-off range (`habits off`), carried by each skip mark it writes into the record of writes. */
export interface OffNote {
  /** The range's id: stable for the same dates and habits (so running it again extends it). */
  id: string;
  from: DateString;
  to: DateString;
  reason?: string;
}

/** What a write adds to its line in the record of writes; never sent. */
export interface WriteNote {
  /** `habits undo` of a value by its opposite, or of a mark by its day's undo: the `at` of the write it reverts. */
  reverts?: string;
  /** A value `habits undo` wrote back after a day's undo cleared it: the `at` of the values it restores. */
  restores?: string[];
  /** A skip mark written by `habits off`: its range. */
  off?: OffNote;
}

/** Request and response types per route, keyed `METHOD /path/{param}`. */
export interface Routes {
  'GET /habits': { params: {}; query: HabitListQuery; body: never; response: Page<Habit> };
  /** `{ok: true}` when the server accepted it but its answer could not be read (client.ts). */
  'POST /habits': { params: {}; query: {}; body: CreateHabitBody; response: Habit | Ok };
  'GET /habits/journal': { params: {}; query: { date?: DateString }; body: never; response: JournalEntry[] };
  'GET /habits/{habitId}': { params: HabitId; query: {}; body: never; response: Habit };
  /** Servers answer `{data: Habit}`, `{message, data}` or only `{message}`; unwrapped, any of these. */
  'PUT /habits/{habitId}': { params: HabitId; query: {}; body: UpdateHabitBody; response: Habit | MessageResult | Ok };
  'DELETE /habits/{habitId}': { params: HabitId; query: {}; body: never; response: Ok | MessageResult };
  'POST /habits/{habitId}/archive': { params: HabitId; query: {}; body: never; response: Ok | MessageResult };
  'GET /habits/{habitId}/statistics': {
    params: HabitId; query: { startDate?: DateString; endDate?: DateString }; body: never; response: Statistics;
  };
  'POST /habits/{habitId}/logs': { params: HabitId; query: {}; body: LogValueBody; response: MessageResult };
  'POST /habits/{habitId}/logs/complete': { params: HabitId; query: {}; body: MarkBody; response: MessageResult };
  'POST /habits/{habitId}/logs/failed': { params: HabitId; query: {}; body: MarkBody; response: MessageResult };
  'POST /habits/{habitId}/logs/skipped': { params: HabitId; query: {}; body: MarkBody; response: MessageResult };
  'POST /habits/{habitId}/logs/undo': { params: HabitId; query: {}; body: MarkBody; response: MessageResult };
  /** A local-service extension (docs/local-service.md, "Extension: listing logs"); production has none. */
  'GET /habits/{habitId}/logs': {
    params: HabitId; query: { date?: DateString; from?: DateString; to?: DateString }; body: never; response: LogEntry[];
  };
  'DELETE /habits/{habitId}/logs/{logId}': {
    params: HabitId & { logId: string }; query: {}; body: never; response: MessageResult | Ok;
  };
  // from/to (dates or date-times): honoured by the local service, not known of production.
  'GET /habits/{habitId}/notes': { params: HabitId; query: PageQuery & { from?: string; to?: string }; body: never; response: Page<Note> };
  'POST /habits/{habitId}/notes': { params: HabitId; query: {}; body: NoteBody; response: Note };
  'PUT /habits/{habitId}/notes/{noteId}': {
    params: HabitId & { noteId: string }; query: {}; body: NoteBody; response: Note;
  };
  'DELETE /habits/{habitId}/notes/{noteId}': {
    params: HabitId & { noteId: string }; query: {}; body: never; response: Ok | MessageResult;
  };
  'GET /areas': { params: {}; query: PageQuery; body: never; response: Page<Area> };
  'POST /areas': { params: {}; query: {}; body: AreaBody & { name: string }; response: Area };
  'GET /areas/{areaId}': { params: { areaId: string }; query: {}; body: never; response: Area };
  'PUT /areas/{areaId}': { params: { areaId: string }; query: {}; body: AreaBody; response: Area };
  'DELETE /areas/{areaId}': { params: { areaId: string }; query: {}; body: never; response: Ok | MessageResult };
}

export type RouteKey = keyof Routes;

/**
 * How an answer is unwrapped:
 * - `item`: `{data: X}` becomes X, a bare X stays X; an empty body becomes `{ok: true}`.
 * - `list`: `{data: [...], pagination?}` and a bare array both become a `Page`.
 */
export type ResponseShape = 'item' | 'list';

/** The routes that answer a Page; the one list of them (paging and unwrapping both derive from it). */
export const LIST_ROUTES = ['GET /habits', 'GET /habits/{habitId}/notes', 'GET /areas'] as const satisfies readonly RouteKey[];

/** A route that answers a Page. */
export type ListRoute = (typeof LIST_ROUTES)[number];

/** How the answer of `route` is unwrapped. */
export function responseShape(route: RouteKey): ResponseShape {
  return (LIST_ROUTES as readonly RouteKey[]).includes(route) ? 'list' : 'item';
}

type Opt<T, K extends string> = {} extends T ? { [P in K]?: T } : { [P in K]: T };

/** Options of one request: path params, query and body as the route declares them. */
export type RequestOptions<K extends RouteKey> = Opt<Routes[K]['params'], 'params'> &
  Opt<Routes[K]['query'], 'query'> &
  ([Routes[K]['body']] extends [never] ? { body?: never } : { body: Routes[K]['body'] }) & {
    signal?: AbortSignal;
    /** Fields added to this write's line in the record of writes (`reverts`, `off`); never sent. */
    note?: WriteNote;
  };

export type RouteResponse<K extends RouteKey> = Routes[K]['response'];

/** The one typed request function every command uses. */
export interface Api {
  request<K extends RouteKey>(route: K, ...options: {} extends RequestOptions<K> ? [RequestOptions<K>?] : [RequestOptions<K>]): Promise<RouteResponse<K>>;
}
