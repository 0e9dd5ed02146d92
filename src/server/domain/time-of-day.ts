// The three fixed time-of-day periods of the local service. Their ids are part of its documented
// interface (docs/local-service.md); the hours are inclusive of the whole end minute.
import type { TimeOfDay } from '../../api/types.js';

/** The periods, in the order of the day. */
export const TIME_OF_DAYS: readonly TimeOfDay[] = [
  { id: 'morning', name: 'Morning', icon: 'sunrise', startTime: '05:00:00', endTime: '11:59:59', colorHex: '#F5A623' },
  { id: 'afternoon', name: 'Afternoon', icon: 'sun', startTime: '12:00:00', endTime: '17:59:59', colorHex: '#F8C51C' },
  { id: 'evening', name: 'Evening', icon: 'moon', startTime: '18:00:00', endTime: '23:59:59', colorHex: '#5B5FC7' },
];

const BY_ID = new Map(TIME_OF_DAYS.map((t) => [t.id, t]));

/** The period with this id, or undefined. */
export function timeOfDayById(id: string): TimeOfDay | undefined {
  return BY_ID.get(id);
}
