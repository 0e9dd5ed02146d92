// Timestamps shown to people: in the user's timezone, to the minute.
import { dateInZone } from '../model/dates.js';

/** `2026-11-22 14:05` for an ISO timestamp in `zone`; the input unchanged when it is not a date. */
export function formatTimestamp(iso: string | null | undefined, zone: string): string {
  if (!iso) return '';
  const t = new Date(iso);
  if (Number.isNaN(t.getTime())) return iso;
  const time = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(t);
  return `${dateInZone(t, zone)} ${time}`;
}
