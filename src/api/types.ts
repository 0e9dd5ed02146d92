// Wire types of the Habit Tracking Service API v2 (shared/spec/service-api-v2.md and api-facts.md).
// This is the only module the client and the local service (src/server/) share. It holds types and
// the spec's enumerations, and no behaviour.

/** `YYYY-MM-DD`. */
export type DateString = string;
/** ISO 8601 date-time in UTC, e.g. `2026-11-22T07:30:00.000Z`. */
export type DateTimeString = string;

export const HABIT_TYPES = ['good', 'bad'] as const;
export type HabitType = (typeof HABIT_TYPES)[number];

/** Goal unit symbols, exactly the spec's 26; case matters (`kM`, not `km`). */
export const GOAL_UNITS = [
  'm', 'kM', 'ft', 'yd', 'mi', 'floor', 'L', 'mL', 'fl oz', 'cup', 'sec', 'min', 'hr', 'ms',
  'kg', 'g', 'mg', 'oz', 'lb', 'mcg', 'J', 'kJ', 'kCal', 'cal', 'rep', 'step',
] as const;
export type GoalUnit = (typeof GOAL_UNITS)[number];

/** Longest range of days one statistics request may ask (the local service's cap; production's is not recorded). */
export const STATISTICS_MAX_DAYS = 3660;

/**
 * The dimensions a unit measures, in the words statistics' `unit.type` uses on the wire (production's
 * `duration`, `mass`, `energy`, `scalar`; ours for length and volume). Units of one dimension convert
 * into each other; `scalar` is a count (floor, rep, step), which converts into no other unit.
 */
export const UNIT_TYPES = ['duration', 'length', 'volume', 'mass', 'energy', 'scalar'] as const;
export type UnitType = (typeof UNIT_TYPES)[number];

/** What a unit measures and its size in that dimension's base unit (a count is its own base). */
export interface UnitScale {
  dim: UnitType;
  factor: number;
}

/**
 * Each unit's dimension and size in the dimension's base unit (seconds, metres, litres, kilograms,
 * joules). The one table both the CLI and the local service convert by; a Map, so that any string
 * can be looked up (`constructor` is no unit).
 */
export const UNIT_SCALE: ReadonlyMap<string, UnitScale> = new Map(Object.entries({
  ms: { dim: 'duration', factor: 0.001 }, sec: { dim: 'duration', factor: 1 }, min: { dim: 'duration', factor: 60 }, hr: { dim: 'duration', factor: 3600 },
  m: { dim: 'length', factor: 1 }, kM: { dim: 'length', factor: 1000 }, ft: { dim: 'length', factor: 0.3048 },
  yd: { dim: 'length', factor: 0.9144 }, mi: { dim: 'length', factor: 1609.344 },
  // US customary fluid ounce and cup
  L: { dim: 'volume', factor: 1 }, mL: { dim: 'volume', factor: 0.001 }, 'fl oz': { dim: 'volume', factor: 0.0295735295625 }, cup: { dim: 'volume', factor: 0.2365882365 },
  kg: { dim: 'mass', factor: 1 }, g: { dim: 'mass', factor: 0.001 }, mg: { dim: 'mass', factor: 1e-6 }, mcg: { dim: 'mass', factor: 1e-9 },
  oz: { dim: 'mass', factor: 0.028349523125 }, lb: { dim: 'mass', factor: 0.45359237 },
  // the thermochemical calorie; kCal is the food Calorie
  J: { dim: 'energy', factor: 1 }, kJ: { dim: 'energy', factor: 1000 }, cal: { dim: 'energy', factor: 4.184 }, kCal: { dim: 'energy', factor: 4184 },
  floor: { dim: 'scalar', factor: 1 }, rep: { dim: 'scalar', factor: 1 }, step: { dim: 'scalar', factor: 1 },
} satisfies Record<GoalUnit, UnitScale>));

export const PERIODICITIES = ['daily', 'weekly', 'monthly', 'yearly'] as const;
export type Periodicity = (typeof PERIODICITIES)[number];

export const OCCURRENCE_TYPES = ['daily', 'weekDays', 'monthDays', 'intervalDays'] as const;

/** Recurrence schedule. weekDays `days` run 0-6 with 0 = Sunday; monthDays `days` run 1-31. */
export type Occurrence =
  | { type: 'daily' }
  | { type: 'weekDays'; days: number[] }
  | { type: 'monthDays'; days: number[] }
  | { type: 'intervalDays'; interval: number };

/** The goal as sent on create/update. */
export interface GoalInput {
  periodicity: Periodicity;
  value: number;
  unit: GoalUnit;
}

/** A goal as returned inside a habit's `goals`; the current one has `isActive: true`. */
export interface Goal {
  id: string;
  createdAt: DateTimeString;
  periodicity: Periodicity | string;
  value: number;
  unit: GoalUnit | string;
  isActive: boolean;
}

export interface TimeTrigger {
  time: { hour: number; minute: number };
  /** weekDays here run 1-7 with 1 = Sunday (unlike occurrence days). */
  occurrenceFilter?: { weekDays: number[] };
  showLiveActivity?: boolean;
  showAsAlarm?: boolean;
}

export const STACK_TYPES = ['completed', 'skipped', 'failed', 'reminder'] as const;
export type StackType = (typeof STACK_TYPES)[number];
export const TIMER_TYPES = ['immediately', 'after'] as const;
export type TimerType = (typeof TIMER_TYPES)[number];

/** A habit stack as sent: `id` names an existing stack on update, and is omitted to create one. */
export interface HabitStackInput {
  id?: string;
  conditionHabitId: string;
  type: StackType;
  timerType: TimerType;
  /** Required when timerType is `after`. */
  timerDelaySecs?: number;
}

/** A habit stack as returned: type and timerType come back as plain strings. */
export interface HabitStack {
  id: string;
  conditionHabitId: string;
  type: StackType | string;
  timerType: TimerType | string;
  timerDelaySecs: number;
}

export interface RemindersInput {
  timeTriggers?: TimeTrigger[];
  habitStacks?: HabitStackInput[];
}

export interface Reminders {
  timeTriggers?: TimeTrigger[];
  habitStacks?: HabitStack[];
}

export const END_CONDITION_TYPES = ['date', 'streak', 'successPeriods', 'totalLogValue'] as const;

export type EndConditionInput =
  | { type: 'date'; date: DateString }
  | { type: 'streak'; streakLength: number }
  | { type: 'successPeriods'; totalPeriods: number }
  | { type: 'totalLogValue'; totalLogValue: number };

interface EndConditionMeta {
  id: string;
  createdAt: DateTimeString;
  isMet: boolean;
  /**
   * The day the condition was met, the habit's last due day: an addition of the local service,
   * sent once `isMet` is true (docs/local-service.md, "Habits that end"). Production sends none.
   */
  metOn?: DateString;
}

/** An end condition as returned; streak and successPeriods carry the goal's `periodType`. */
export type EndCondition =
  | (EndConditionMeta & { type: 'date'; date: DateString })
  | (EndConditionMeta & { type: 'streak'; streakLength: number; periodType?: Periodicity | string })
  | (EndConditionMeta & { type: 'successPeriods'; totalPeriods: number; periodType?: Periodicity | string })
  | (EndConditionMeta & { type: 'totalLogValue'; totalLogValue: number });

/** A time-of-day period. There is no endpoint for them; they appear inside habits. */
export interface TimeOfDay {
  id: string;
  name: string;
  icon: string | null;
  /** `HH:MM:SS` */
  startTime: string;
  endTime: string;
  colorHex: string;
}

export interface Area {
  id: string;
  name: string;
  colorHex: string;
  icon: string;
  createdAt: DateTimeString;
}

export const LOG_METHODS = ['manual', 'auto'] as const;

/** A habit as returned. Fields marked optional are missing on some servers; read them tolerantly. */
export interface Habit {
  id: string;
  name: string;
  icon: string | null;
  colorHex: string;
  type: HabitType;
  description: string | null;
  occurrence: Occurrence;
  startDate: DateString;
  createdAt: DateTimeString;
  isArchived: boolean;
  logMethod: 'manual' | 'auto' | string;
  challengeId?: string | null;
  reminders?: Reminders | null;
  endCondition: EndCondition | null;
  /** The active goal (local service), or missing (production lists `goals` only). */
  goal?: Goal | null;
  goals?: Goal[];
  customUnitName?: string | null;
  areas?: Area[];
  timeOfDays?: TimeOfDay[];
}

/** Body of POST /habits. */
export interface CreateHabitBody {
  name: string;
  type: HabitType;
  description?: string;
  occurrence?: Occurrence;
  startDate?: DateString;
  icon?: string;
  colorHex?: string;
  customUnitName?: string;
  areaIds?: string[];
  timeOfDayIds?: string[];
  goal?: GoalInput;
  reminders?: RemindersInput;
  endCondition?: EndConditionInput;
}

/**
 * Body of PUT /habits/{habitId}: only the fields present change; `type` is not updatable.
 * `null` clears an optional field (description, icon, customUnitName, goal, endCondition); this is
 * a local-service extension the spec does not forbid.
 */
export interface UpdateHabitBody {
  name?: string;
  description?: string | null;
  occurrence?: Occurrence;
  startDate?: DateString;
  icon?: string | null;
  colorHex?: string;
  customUnitName?: string | null;
  areaIds?: string[];
  timeOfDayIds?: string[];
  goal?: GoalInput | null;
  reminders?: RemindersInput;
  endCondition?: EndConditionInput | null;
}

export const JOURNAL_STATUSES = ['completed', 'skipped', 'failed', 'inprogress'] as const;
export type JournalStatus = (typeof JOURNAL_STATUSES)[number];

/** One habit in the daily journal. `progress` and `currentStreak` may be missing. */
export interface JournalEntry {
  id: string;
  name: string;
  status: JournalStatus | string;
  colorHex: string;
  icon: string | null;
  timeOfDayIds: string[];
  type: HabitType | string;
  currentStreak?: { length: number; unit: string };
  progress?: { current: number; target: number; unit: string; periodicity: Periodicity | string };
  logInfo?: { type: string };
}

/** One day of a habit's statistics. */
export interface DailyProgress {
  date: DateString;
  totalLog: number;
  status: JournalStatus | string;
}

/**
 * The statistics unit as the local service sends it, for every habit: all four fields any client
 * reads (production was seen sending `{symbol, type}`; the spec and typed clients say `{id, name,
 * symbol}`). `id` is stable per unit (`unit-min`, `unit-fl-oz`); `name` is the habit's
 * customUnitName, else the unit's plain name (`minutes`). A habit without a goal counts: `rep`.
 */
export interface StatisticsUnit {
  id: string;
  name: string;
  symbol: GoalUnit;
  type: UnitType;
}

/**
 * GET /habits/{habitId}/statistics. `unit` is a symbol string, an object with some of the fields
 * of StatisticsUnit, or null, depending on the server.
 */
export interface Statistics {
  id: string;
  name: string;
  type: HabitType | string;
  totalLogs: number;
  skips: number;
  fails: number;
  completions: number;
  unit: string | StatisticsUnit | { symbol: string; type?: string; id?: string; name?: string } | null;
  periodicity: Periodicity | string | null;
  avg: number;
  dailyProgress: DailyProgress[];
  /** Local-service additions; production omits them. */
  currentStreak?: number;
  longestStreak?: number;
  /** Completed due periods over due periods, 0..1. */
  completionRate?: number;
}

export const MOOD_LEVELS = ['veryLow', 'low', 'neutral', 'high', 'veryHigh'] as const;
export type MoodLevel = (typeof MOOD_LEVELS)[number];

export interface Note {
  id: string;
  createdAt: DateTimeString;
  content: string | null;
  moodLevel: MoodLevel | string | null;
  photos: string[];
}

/** Body of POST /habits/{id}/notes and PUT .../notes/{noteId}: at least one field. */
export interface NoteBody {
  content?: string;
  moodLevel?: MoodLevel;
  photos?: string[];
  /**
   * POST only, the local service's extension: the note's creation time (ISO 8601, past), which
   * makes it the note of that day. Other servers may ignore it.
   */
  createdAt?: string;
}

/** Body of POST /habits/{id}/logs: adds `value` to the day's total. */
export interface LogValueBody {
  value: number;
  unitSymbol: GoalUnit;
  targetDate?: DateString;
}

/** What a log records, in GET /habits/{id}/logs (a local-service extension): an amount, or a mark. */
export const LOG_KINDS = ['value', 'completed', 'failed', 'skipped'] as const;
export type LogKind = (typeof LOG_KINDS)[number];

/**
 * How a log was made, in GET /habits/{id}/logs: the words of a habit's `logMethod`. `manual` is a
 * log written through the app or this API; `auto` one from an integrated service.
 */
export const LOG_TYPES = LOG_METHODS;
export type LogType = (typeof LOG_TYPES)[number];

/**
 * One log as GET /habits/{id}/logs lists it (a local-service extension; production lists no logs).
 * `type` is how it was made (the one client that lists logs reads `manual | auto`), `kind` what it
 * records. `value` is the amount (for a complete mark, what it recorded); `unitSymbol` is null for
 * a mark on a habit without a goal and for a value logged without a unit.
 */
export interface LogEntry {
  id: string;
  type: LogType;
  kind: LogKind;
  date: DateString;
  value: number;
  unitSymbol: GoalUnit | string | null;
  createdAt: DateTimeString;
  /** createdAt in ms since the epoch: one client sorts logs by this name. */
  localLastModifiedDate: number;
}

/** Body of POST .../logs/complete|failed|skipped|undo. */
export interface MarkBody {
  targetDate?: DateString;
}

/** Answer of log writes; `logId` is a local-service addition. */
export interface MessageResult {
  message: string;
  logId?: string;
  /** Undo: how many logs it removed (the local service's addition). */
  removed?: number;
}

export interface Pagination {
  total: number;
  limit: number;
  offset: number;
}

/** A list response, normalised by the client: `pagination` is missing where the server has none. */
export interface Page<T> {
  data: T[];
  pagination?: Pagination;
}

export interface AreaBody {
  name?: string;
  colorHex?: string;
  icon?: string;
}

export interface HabitListQuery {
  archived?: boolean;
  areaId?: string;
  type?: HabitType;
  timeOfDay?: string;
  limit?: number;
  offset?: number;
}

export interface PageQuery {
  limit?: number;
  offset?: number;
}

/** Error bodies. The local service always answers in these shapes; other servers vary. */
export interface ErrorBody {
  error?: string;
  message?: string;
  details?: { field: string; message: string }[];
}

/** What a 204 (or an empty 2xx body) becomes on the client. */
export interface Ok {
  ok: true;
}

/** `format` of the document `habits export` writes and `habits import` reads. */
export const EXPORT_FORMAT = 'habits-export';
/** The export document version this build writes and reads. */
export const EXPORT_VERSION = 1;

/** One habit in an export: the habit as returned, its notes and its statistics over its whole life. */
export type ExportedHabit = Habit & {
  /** Every note, oldest first. */
  notes: Note[];
  /** From the earlier of startDate and the creation date to the export day; the history is rebuilt from dailyProgress. */
  statistics: Statistics;
};

/** Everything an account holds, as `habits export` writes it (docs/export-import.md). */
export interface ExportDocument {
  format: typeof EXPORT_FORMAT;
  version: typeof EXPORT_VERSION;
  exportedAt: DateTimeString;
  /** `local`, or the base URL of the server the data came from. */
  source: string;
  /** Every area, in the server's order. */
  areas: Area[];
  /** Active habits, then archived ones, each in the server's order. */
  habits: ExportedHabit[];
}
