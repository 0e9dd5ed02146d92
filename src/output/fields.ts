// `--json name,status`: the fields each command's JSON offers, declared in one place, and the
// selection of some of them. A command without a declared list offers the keys of its data.
import type { Area, Habit, JournalEntry, LogEntry, Note, Statistics } from '../api/types.js';
import { UsageError } from '../errors.js';

const JOURNAL: readonly (keyof JournalEntry)[] = ['id', 'name', 'status', 'colorHex', 'icon', 'timeOfDayIds', 'type', 'currentStreak', 'progress', 'logInfo'];
const HABIT: readonly (keyof Habit)[] = [
  'id', 'name', 'description', 'icon', 'colorHex', 'type', 'occurrence', 'startDate', 'createdAt', 'isArchived', 'logMethod',
  'challengeId', 'customUnitName', 'goal', 'goals', 'areas', 'timeOfDays', 'reminders', 'endCondition',
];
/** `habit ls` and `habit show` add whether the habit has ended (model/ending.ts, EndState). */
const HABIT_LISTED: readonly string[] = [...HABIT, 'ended', 'endedOn'];
const AREA: readonly (keyof Area)[] = ['id', 'name', 'colorHex', 'icon', 'createdAt'];
/** `area show` adds the area's habits. */
const AREA_SHOWN: readonly string[] = [...AREA, 'habits'];
const NOTE: readonly (keyof Note)[] = ['id', 'createdAt', 'content', 'moodLevel', 'photos'];
const STATISTICS: readonly (keyof Statistics)[] = [
  'id', 'name', 'type', 'totalLogs', 'skips', 'fails', 'completions', 'unit', 'periodicity', 'avg', 'dailyProgress',
  'currentStreak', 'longestStreak', 'completionRate',
];
const LOG: readonly (keyof LogEntry)[] = ['id', 'type', 'kind', 'date', 'value', 'unitSymbol', 'createdAt'];
/** One habit's outcome in `log done/fail/skip/undo` (commands/log/mark.ts, MarkEntry). */
const MARK_OUTCOME: readonly string[] = ['ref', 'habit', 'date', 'ok', 'already', 'result', 'warnings', 'left', 'error'];

/** A write's answer: 204 is `{ok: true}`, otherwise the server's `{message}`. */
const WRITE_RESULT: readonly string[] = ['ok', 'message'];
/** `--dry-run`: the requests that would be sent (commands/shared/dry-run.ts, PlannedRequest). */
const PLAN: readonly string[] = ['method', 'path', 'body'];
/** `import`'s counts (server/import, ImportResult) and the file. */
const IMPORTED: readonly string[] = ['areas', 'habits', 'archived', 'notes', 'days', 'file', 'inexact'];

/**
 * The JSON shape of a command (its key in JSON_FIELDS): its path, plus the one flag that changes
 * the shape when that variant is declared (`habit rm --dry-run`, `sync --list`).
 */
export function jsonShape(path: string, opts: Readonly<Record<string, unknown>>): string {
  for (const [flag, key] of SHAPE_FLAGS) {
    const variant = `${path} ${flag}`;
    if (opts[key] !== undefined && opts[key] !== false && JSON_FIELDS[variant]) return variant;
  }
  return path;
}

/** Flags that change what a command prints, with commander's key for each. */
const SHAPE_FLAGS: readonly (readonly [string, string])[] = [['--dry-run', 'dryRun'], ['--list', 'list'], ['--output', 'output']];

/**
 * Command path (`habit ls`), or path and shape flag (`habit rm --dry-run`) -> the fields of its
 * JSON (of each item, for a list). Every command that prints JSON is here (a test holds that), so
 * `--json help` and a mistyped field are answered before anything is sent or written.
 */
export const JSON_FIELDS: Readonly<Record<string, readonly string[]>> = {
  journal: JOURNAL,
  'habit ls': HABIT_LISTED,
  'habit show': HABIT_LISTED,
  'habit add': HABIT,
  'habit edit': HABIT,
  'habit stats': STATISTICS,
  'area ls': AREA,
  'area show': AREA_SHOWN,
  'area add': AREA,
  'area edit': AREA,
  'note ls': NOTE,
  'note add': NOTE,
  'note edit': NOTE,
  'log done': MARK_OUTCOME,
  'log fail': MARK_OUTCOME,
  'log skip': MARK_OUTCOME,
  'log undo': MARK_OUTCOME,
  'log ls': LOG,
  'log add': ['message', 'logId'],
  'log set': ['habit', 'date', 'unitSymbol', 'total', 'was', 'sent', 'result'],
  'log rm': WRITE_RESULT,
  'log rm --dry-run': PLAN,
  'habit rm': WRITE_RESULT,
  'habit rm --dry-run': PLAN,
  'habit edit --dry-run': PLAN,
  'habit archive': ['ok', 'alreadyArchived'],
  'note rm': WRITE_RESULT,
  'note rm --dry-run': PLAN,
  'area rm': WRITE_RESULT,
  'area rm --dry-run': PLAN,
  /** `off` (commands/off/add.ts): the range and each habit's outcome (OffHabit). */
  'off add': ['id', 'from', 'to', 'reason', 'habits', 'marks', 'planned'],
  'off ls': ['id', 'from', 'to', 'reason', 'habits', 'days', 'planned', 'since'],
  'off rm': ['id', 'from', 'to', 'habits', 'undone', 'plannedDropped'],
  status: ['date', 'done', 'due', 'open', 'bestStreak', 'next', 'stale'],
  week: ['from', 'to', 'habits'],
  month: ['from', 'to', 'habits'],
  undo: ['ok', 'reverted', 'message', 'removed', 'logId', 'value', 'restored', 'notLogged', 'left'],
  /** `undo --dry-run` (commands/undo.ts, Preview): what it would revert and how. */
  'undo --dry-run': ['dryRun', 'action', 'consequence', 'revert', 'writeBack', 'notLogged', 'ok', 'reverted'],
  /** A fired reminder (remind/notify.ts, Reminder); `remind ls`: one row per reminder of the day. */
  'remind run': ['habit', 'date', 'time', 'clock', 'kind', 'alarm', 'command', 'offline', 'stack'],
  'remind ls': ['date', 'time', 'clock', 'habit', 'source', 'state', 'why', 'alarm', 'after'],
  'remind install': ['scheduler', 'written', 'files'],
  'remind uninstall': ['removed'],
  sync: ['sent', 'already', 'dropped', 'held', 'planned', 'leftAlone', 'left'],
  'sync --list': ['n', 'id', 'at', 'route', 'params', 'body', 'habit', 'why', 'held'],
  export: ['format', 'version', 'exportedAt', 'source', 'areas', 'habits'],
  'export --output': ['file', 'habits', 'areas', 'notes'],
  import: IMPORTED,
  'import --dry-run': ['dryRun', ...IMPORTED, 'overwrite'],
  doctor: ['check', 'status', 'detail', 'fix'],
  'auth login': ['saved', 'key', 'file', 'verified', 'profile'],
  'auth logout': ['removed', 'file'],
  'auth status': ['mode', 'profile', 'baseUrl', 'key', 'source', 'valid', 'error'],
  'auth token': ['key', 'source'],
  'config get': ['key', 'value', 'source'],
  'config list': ['key', 'value', 'source'],
  'config path': ['path'],
  'config set': ['key', 'value', 'file', 'profile'],
  'config unset': ['key', 'removed'],
  'config edit': ['file', 'changed'],
  completion: ['shell', 'script'],
};

/**
 * Commands that print no JSON document: fields are refused before they run. (`check` refuses
 * --json itself; `help` prints help, whatever the flags.)
 */
export const NO_JSON: ReadonlySet<string> = new Set(['serve', 'mcp']);

/** The fields `--json` completes to after a command: those of its every shape. */
export function completableFields(path: string): string[] {
  return [...new Set([path, ...SHAPE_FLAGS.map(([flag]) => `${path} ${flag}`)].flatMap((k) => JSON_FIELDS[k] ?? []))];
}

const KNOWN = new Set(Object.values(JSON_FIELDS).flat());

/** Every field any command declares: a word after a bare `--json` that is one of them is fields. */
export function knownFields(): string[] {
  return [...KNOWN];
}
const FIELD = /^[A-Za-z_]\w*$/;

/**
 * Whether the word after a bare `--json` is its value: `help`, a comma-separated list of names, or
 * one declared field name. Anything else (`habits --json journal`, `log done --json Walk`) is the
 * next argument, as before fields existed; `--json=FIELDS` is never ambiguous.
 */
export function looksLikeFields(word: string): boolean {
  if (word === 'help') return true;
  const parts = word.split(',');
  if (parts.length > 1) return parts.every((p) => p === '' || FIELD.test(p));
  return KNOWN.has(word);
}

/**
 * The `--json [fields]` word rule, the one both the parser (program.ts, normalizeJsonFlag) and
 * completion (completion/complete.ts) follow: the word after a bare `--json` is its value when it
 * reads as fields (looksLikeFields) and is not a top-level command (`isCommand`; `check` is also a
 * field of doctor). `help` always is (`habits --json help` lists the fields).
 */
export function isJsonValue(word: string, isCommand: (word: string) => boolean): boolean {
  return word === 'help' || (looksLikeFields(word) && !isCommand(word));
}

/** `name, status,,progress` -> ['name', 'status', 'progress']. */
export function parseFields(value: string): string[] {
  return [...new Set(value.split(',').map((f) => f.trim()).filter(Boolean))];
}

/** The keys of `data`'s objects (of each item, for a list), in order of first appearance. */
export function keysOf(data: unknown): string[] {
  const items = Array.isArray(data) ? data : [data];
  const keys = new Set<string>();
  for (const item of items) if (item && typeof item === 'object' && !Array.isArray(item)) for (const k of Object.keys(item)) keys.add(k);
  return [...keys];
}

/**
 * Checks `fields` against `available`: `help`, or a name not among them, is a usage error (exit 2)
 * that lists what the command offers.
 */
export function checkFields(fields: string[], available: readonly string[], command: string): void {
  const shown = `habits ${command}`.trim();
  const list = available.join(', ');
  if (fields.length === 0 || fields.includes('help')) {
    throw new UsageError(`fields of \`${shown} --json\`: ${list}`, `pick some, comma-separated: ${shown} --json ${available.slice(0, 2).join(',')}`);
  }
  const unknown = fields.filter((f) => !available.includes(f));
  if (unknown.length > 0) {
    throw new UsageError(`unknown ${unknown.length === 1 ? 'field' : 'fields'} for --json: ${unknown.join(', ')}; the fields of \`${shown}\` are: ${list}`, 'see `habits help formatting`');
  }
}

/** Only `fields` of the object, or of each object of the list; anything else is left as it is. */
export function selectFields(data: unknown, fields: readonly string[]): unknown {
  const pick = (item: unknown): unknown => {
    if (!item || typeof item !== 'object' || Array.isArray(item)) return item;
    const source = item as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const f of fields) if (f in source) out[f] = source[f];
    return out;
  };
  return Array.isArray(data) ? data.map(pick) : pick(data);
}
