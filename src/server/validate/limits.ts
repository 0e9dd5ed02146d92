// Limits the spec leaves open, chosen for the local service and listed in docs/local-service.md.
import { STATISTICS_MAX_DAYS } from '../../api/types.js';

export const LIMITS = {
  /** Record ids sent in bodies, queries and export documents. */
  id: 200,
  habitName: 200,
  description: 5000,
  icon: 100,
  customUnitName: 50,
  areaName: 100,
  noteContent: 10_000,
  photos: 20,
  photoUrl: 2048,
  areaIds: 100,
  timeTriggers: 50,
  habitStacks: 50,
  /** Largest goal value, log value and end-condition total. */
  amount: 1e9,
  interval: 3650,
  streakLength: 100_000,
  timerDelaySecs: 86_400,
  /** Longest statistics range, in days. */
  statisticsDays: STATISTICS_MAX_DAYS,
  /** How far after today an undo may reach (writes stop at today: see validate/log.ts). */
  futureLogDays: 366,
  /** Days of history an import takes, summed over its habits (each from its start to today). */
  importDays: 10_000_000,
} as const;

/** Colour of a habit created without one. */
export const DEFAULT_HABIT_COLOR = '#7B61FF';
/** Colour of an area created without one. */
export const DEFAULT_AREA_COLOR = '#4A90E2';
/** Icon of an area created without one: none. */
export const DEFAULT_AREA_ICON = '';
