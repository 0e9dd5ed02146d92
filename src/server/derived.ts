// Memoised timelines. Building one reads every log of a habit, which is too slow to repeat for 300
// habits on every journal request, so each habit's timeline is kept until its data changes:
// - writes through this process call store.touch(habitId) and bump the habit's version;
// - commits by other processes change PRAGMA data_version, which bumps store.generation;
// - a new "today" rebuilds it (bad-habit periods close as days pass).
// A size budget (periods + logged days held) evicts the least recently used timelines.
import { type Day, parseDate } from './domain/dates.js';
import { DayAccumulator, type Timeline, buildTimeline } from './domain/timeline.js';
import type { HabitRow } from './repo/habits.js';
import { habitLogRows } from './repo/logs.js';
import { activeGoal } from './repo/parts.js';
import type { Store } from './store.js';

interface Entry {
  version: number;
  generation: number;
  today: Day;
  timeline: Timeline;
  size: number;
}

/** A per-store cache of habit timelines. */
export class DerivedCache {
  private readonly entries = new Map<string, Entry>();
  private held = 0;

  constructor(
    private readonly store: Store,
    private readonly budget = 3_000_000,
  ) {}

  /** The timeline of `habit` as of `today`; call inside a store read or write transaction. */
  timeline(habit: HabitRow, today: Day): Timeline {
    const version = this.store.versionOf(habit.id);
    const generation = this.store.generation;
    const hit = this.entries.get(habit.id);
    if (hit) {
      this.entries.delete(habit.id);
      if (hit.version === version && hit.generation === generation && hit.today === today) {
        this.entries.set(habit.id, hit);
        return hit.timeline;
      }
      this.held -= hit.size;
    }
    const timeline = this.build(habit, today);
    const size = timeline.count + timeline.days.size + 1;
    this.entries.set(habit.id, { version, generation, today, timeline, size });
    this.held += size;
    for (const [id, entry] of this.entries) {
      if (this.held <= this.budget || id === habit.id) break;
      this.entries.delete(id);
      this.held -= entry.size;
    }
    return timeline;
  }

  // Stored dates repeat across habits (a few thousand distinct ones); parse each once.
  private readonly days = new Map<string, Day>();

  private day(date: string): Day {
    let day = this.days.get(date);
    if (day === undefined) {
      day = parseDate(date) ?? 0;
      if (this.days.size > 100_000) this.days.clear();
      this.days.set(date, day);
    }
    return day;
  }

  private build(habit: HabitRow, today: Day): Timeline {
    const goal = activeGoal(this.store, habit.id);
    const acc = new DayAccumulator(goal?.unit ?? null);
    for (const [date, kind, value, unit] of habitLogRows(this.store, habit.id)) acc.add(this.day(date), kind, value, unit);
    const rules = { type: habit.type, occurrence: habit.occurrence, startDate: parseDate(habit.startDate) ?? 0, goal };
    return buildTimeline(rules, acc.days, today);
  }
}
