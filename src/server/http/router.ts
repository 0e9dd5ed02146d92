// The route table of API v2 (paths relative to /v2) and path matching. The most specific pattern
// wins (`/habits/journal` over `/habits/:habitId`); a known path with another method gets 405.
import type { Handler } from '../context.js';
import { createArea, deleteAreaHandler, getAreaHandler, listAreasHandler, updateArea } from '../handlers/areas.js';
import { archiveHabit, createHabit, deleteHabitHandler, getHabitHandler, listHabitsHandler, updateHabit } from '../handlers/habits.js';
import { journal, statistics } from '../handlers/journal.js';
import { deleteLog, listLogsHandler, logValue, markCompleted, markFailed, markSkipped, undoLogs } from '../handlers/logs.js';
import { createNote, deleteNoteHandler, listNotesHandler, updateNote } from '../handlers/notes.js';
import { HttpError, notFound } from './errors.js';

const TABLE: [method: string, pattern: string, handler: Handler][] = [
  ['GET', '/habits', listHabitsHandler],
  ['POST', '/habits', createHabit],
  ['GET', '/habits/journal', journal],
  ['GET', '/habits/:habitId', getHabitHandler],
  ['PUT', '/habits/:habitId', updateHabit],
  ['DELETE', '/habits/:habitId', deleteHabitHandler],
  ['POST', '/habits/:habitId/archive', archiveHabit],
  ['GET', '/habits/:habitId/statistics', statistics],
  ['GET', '/habits/:habitId/logs', listLogsHandler],
  ['POST', '/habits/:habitId/logs', logValue],
  ['POST', '/habits/:habitId/logs/complete', markCompleted],
  ['POST', '/habits/:habitId/logs/failed', markFailed],
  ['POST', '/habits/:habitId/logs/skipped', markSkipped],
  ['POST', '/habits/:habitId/logs/undo', undoLogs],
  ['DELETE', '/habits/:habitId/logs/:logId', deleteLog],
  ['GET', '/habits/:habitId/notes', listNotesHandler],
  ['POST', '/habits/:habitId/notes', createNote],
  ['PUT', '/habits/:habitId/notes/:noteId', updateNote],
  ['DELETE', '/habits/:habitId/notes/:noteId', deleteNoteHandler],
  ['GET', '/areas', listAreasHandler],
  ['POST', '/areas', createArea],
  ['GET', '/areas/:areaId', getAreaHandler],
  ['PUT', '/areas/:areaId', updateArea],
  ['DELETE', '/areas/:areaId', deleteAreaHandler],
];

/** Every route as `METHOD /path/{param}`, in the table's order (the contract test covers each). */
export const ROUTES: readonly string[] = TABLE.map(([method, path]) => `${method} ${path.replace(/:(\w+)/g, '{$1}')}`);

interface Pattern {
  segments: string[];
  literals: number;
  methods: Map<string, Handler>;
}

const PATTERNS: Pattern[] = [];
for (const [method, path, handler] of TABLE) {
  let pattern = PATTERNS.find((p) => p.segments.join('/') === path.slice(1));
  if (!pattern) {
    const segments = path.slice(1).split('/');
    pattern = { segments, literals: segments.filter((s) => !s.startsWith(':')).length, methods: new Map() };
    PATTERNS.push(pattern);
  }
  pattern.methods.set(method, handler);
}

/** The handler a request goes to, with its path parameters. */
export interface Match {
  handler: Handler;
  params: Record<string, string>;
}

/** The handler for a method and a path below /v2, or a 404/405 HttpError. */
export function route(method: string, path: string): Match {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  let parts: string[];
  try {
    parts = trimmed.slice(1).split('/').map(decodeURIComponent);
  } catch {
    throw notFound(`No endpoint at ${path}`);
  }
  let best: Pattern | undefined;
  for (const p of PATTERNS) {
    if (p.segments.length !== parts.length) continue;
    const fits = p.segments.every((s, i) => s.startsWith(':') ? (parts[i] ?? '') !== '' : s === parts[i]);
    if (fits && (!best || p.literals > best.literals)) best = p;
  }
  if (!best) throw notFound(`No endpoint at ${path}`);
  const handler = best.methods.get(method);
  if (!handler) {
    const allow = [...best.methods.keys()].join(', ');
    throw new HttpError(405, { error: 'Method Not Allowed', message: `${method} is not supported on ${path}; use ${allow}` }, { allow });
  }
  const params: Record<string, string> = {};
  best.segments.forEach((s, i) => {
    if (s.startsWith(':')) params[s.slice(1)] = parts[i] ?? '';
  });
  return { handler, params };
}
