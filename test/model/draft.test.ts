// A habit as a draft: what edit sends (only what changed, stack ids kept) and what add creates.
import { describe, expect, it } from 'vitest';
import type { Habit } from '../../src/api/types.js';
import { applyFlags, createBody, defaultDraft, diffDrafts, draftFromHabit, keepStackIds } from '../../src/model/draft.js';

const TODAY = '2026-11-22';

const HABIT: Habit = {
  id: '-H1', name: 'Walk', icon: null, colorHex: '#7B61FF', type: 'good', description: 'Outside', occurrence: { type: 'weekDays', days: [5, 1, 3] },
  startDate: '2026-11-01', createdAt: '2026-11-01T08:00:00.000Z', isArchived: false, logMethod: 'manual',
  goals: [
    { id: 'g1', createdAt: '2026-11-01T08:00:00.000Z', periodicity: 'daily', value: 20, unit: 'min', isActive: false },
    { id: 'g2', createdAt: '2026-11-02T08:00:00.000Z', periodicity: 'daily', value: 30, unit: 'min', isActive: true },
  ],
  customUnitName: null,
  areas: [{ id: 'a1', name: 'Health', colorHex: '#000000', icon: '', createdAt: '2026-11-01T08:00:00.000Z' }],
  timeOfDays: [{ id: 'morning', name: 'Morning', icon: null, startTime: '05:00:00', endTime: '11:59:59', colorHex: '#F5A623' }],
  reminders: {
    timeTriggers: [{ time: { hour: 7, minute: 30 }, occurrenceFilter: { weekDays: [2, 3] }, showAsAlarm: true, showLiveActivity: false }],
    habitStacks: [{ id: 's1', conditionHabitId: '-M', type: 'completed', timerType: 'after', timerDelaySecs: 600 }],
  },
  endCondition: { id: 'e1', type: 'streak', createdAt: '2026-11-01T08:00:00.000Z', streakLength: 5, periodType: 'daily', isMet: false },
};

describe('edit diff', () => {
  const current = draftFromHabit(HABIT);

  it('reads the current goal (isActive), not goals[0]', () => {
    expect(current.goal).toEqual({ value: 30, unit: 'min', periodicity: 'daily' });
  });

  it('sends nothing when the flags repeat what the habit has', () => {
    const next = applyFlags(current, {
      name: 'Walk', description: 'Outside', colorHex: '#7b61ff', occurrence: { type: 'weekDays', days: [1, 3, 5] },
      goal: { value: 30, unit: 'min', periodicity: 'daily' }, areaIds: ['a1'], timeOfDayIds: ['morning'],
      timeTriggers: [{ time: { hour: 7, minute: 30 }, occurrenceFilter: { weekDays: [3, 2] }, showAsAlarm: true, showLiveActivity: false }],
      habitStacks: [{ conditionHabitId: '-M', type: 'completed', timerType: 'after', timerDelaySecs: 600 }],
      endCondition: { type: 'streak', streakLength: 5 }, startDate: '2026-11-01',
    });
    expect(diffDrafts(current, next)).toEqual({});
  });

  it('sends only the changed fields, nulls for cleared ones', () => {
    const next = applyFlags(current, { name: 'Evening walk', goal: null, description: null, icon: '🚶', endCondition: { type: 'streak', streakLength: 6 } });
    expect(diffDrafts(current, next)).toEqual({
      name: 'Evening walk', description: null, icon: '🚶', goal: null, endCondition: { type: 'streak', streakLength: 6 },
    });
  });

  it('a reminder change sends both lists, and a re-sent stack keeps its id', () => {
    const next = applyFlags(current, { timeTriggers: [] });
    expect(diffDrafts(current, next)).toEqual({
      reminders: { timeTriggers: [], habitStacks: [{ id: 's1', conditionHabitId: '-M', type: 'completed', timerType: 'after', timerDelaySecs: 600 }] },
    });
  });

  it('a reminder on all seven days is the same as one without days: nothing is sent', () => {
    const daily = applyFlags(current, { timeTriggers: [{ time: { hour: 7, minute: 30 }, showAsAlarm: true, showLiveActivity: false }] });
    const allDays = applyFlags(current, { timeTriggers: [{ time: { hour: 7, minute: 30 }, occurrenceFilter: { weekDays: [1, 2, 3, 4, 5, 6, 7] }, showAsAlarm: true, showLiveActivity: false }] });
    expect(diffDrafts(allDays, daily)).toEqual({});
    expect(diffDrafts(daily, allDays)).toEqual({});
    expect(diffDrafts(current, daily)).toHaveProperty('reminders');
  });

  it('a changed delay updates the same stack; a new stack has no id', () => {
    expect(keepStackIds(current.habitStacks, [
      { conditionHabitId: '-N', type: 'failed', timerType: 'immediately' },
      { conditionHabitId: '-M', type: 'completed', timerType: 'after', timerDelaySecs: 60 },
    ])).toEqual([
      { conditionHabitId: '-N', type: 'failed', timerType: 'immediately' },
      { id: 's1', conditionHabitId: '-M', type: 'completed', timerType: 'after', timerDelaySecs: 60 },
    ]);
  });

  it('areas and time of day compare as sets; a new order is no change', () => {
    const two = applyFlags(current, { areaIds: ['a2', 'a1'] });
    expect(diffDrafts(two, applyFlags(two, { areaIds: ['a1', 'a2'] }))).toEqual({});
    expect(diffDrafts(current, two)).toEqual({ areaIds: ['a2', 'a1'] });
  });
});

describe('create body', () => {
  it('leaves unset fields out and always sends the start date and schedule', () => {
    expect(createBody(defaultDraft('Walk', TODAY))).toEqual({ name: 'Walk', type: 'good', occurrence: { type: 'daily' }, startDate: TODAY });
  });
});
