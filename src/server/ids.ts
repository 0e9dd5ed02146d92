// Identifiers: Firebase-style push ids for records (what production ids look like: 20 characters,
// 8 encoding the time in milliseconds and 12 random, so they sort by creation and may begin with
// `-`), and API keys in the `hb_` + 32 alphanumerics form seen in the wild.
import { randomBytes, randomInt } from 'node:crypto';

const PUSH_CHARS = '-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';

/**
 * The characters of a record id that is given rather than generated (an import keeps its
 * document's ids): the push-id alphabet, which is also base64url's. Every id pushId makes is of
 * them; none needs escaping in a path, and none can be `.` or `..`, which a URL parser removes.
 */
export const ID_CHARS = /^[-0-9A-Za-z_]+$/;

/**
 * The literal words of the API's paths (the route table, http/router.ts, whose words a test holds
 * to these). No given id may be one: `GET /habits/journal` is the journal, never the habit
 * `journal`, and a word kept out of every id stays free for the routes that use it.
 */
export const PATH_WORDS: ReadonlySet<string> = new Set(['habits', 'journal', 'archive', 'statistics', 'logs', 'complete', 'failed', 'skipped', 'undo', 'notes', 'areas']);

let lastTime = -1;
const lastRandom: number[] = [];

/** A new push id for the instant `nowMs`; ids made in the same millisecond still sort in order. */
export function pushId(nowMs: number): string {
  let time = Math.max(0, Math.floor(nowMs));
  const sameMs = time === lastTime;
  lastTime = time;
  const timeChars: string[] = [];
  for (let i = 0; i < 8; i++) {
    timeChars.unshift(PUSH_CHARS.charAt(time % 64));
    time = Math.floor(time / 64);
  }
  if (!sameMs || lastRandom.length !== 12) {
    const bytes = randomBytes(12);
    for (let i = 0; i < 12; i++) lastRandom[i] = (bytes[i] ?? 0) % 64;
  } else {
    // Same millisecond: increment the random part by one, as Firebase does.
    let i = 11;
    for (; i >= 0 && lastRandom[i] === 63; i--) lastRandom[i] = 0;
    if (i >= 0) lastRandom[i] = (lastRandom[i] ?? 0) + 1;
  }
  return timeChars.join('') + lastRandom.map((n) => PUSH_CHARS.charAt(n)).join('');
}

const KEY_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A new random API key. */
export function newApiKey(): string {
  let key = 'hb_';
  for (let i = 0; i < 32; i++) key += KEY_CHARS.charAt(randomInt(KEY_CHARS.length));
  return key;
}
