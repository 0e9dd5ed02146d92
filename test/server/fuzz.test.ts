// Fuzzing the local service (issue 11): thousands of generated requests across every route, from a
// fixed seed, over one keep-alive connection. Mutated and random bodies, every boundary of the
// Limits table, unicode and control characters, lone surrogates, invalid UTF-8, huge strings, deep
// nesting, random query strings and wrong methods. No answer may be a 5xx, every answer must be in
// the response contract (test/server/contract/), and afterwards the store keeps its invariants.
import { Agent, request } from 'node:http';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { GOAL_UNITS, MOOD_LEVELS, PERIODICITIES, STACK_TYPES, TIMER_TYPES } from '../../src/api/types.js';
import { type Listening, type Store, createServer, openStore } from '../../src/server/index.js';
import { ROUTES } from '../../src/server/http/router.js';
import { LIMITS } from '../../src/server/validate/limits.js';
import { responseSchema, routeOf } from './contract/responses.js';
import { validate } from './contract/schema.js';
import { fakeClock } from './fixtures.js';

const SEED = 20_261_122;
const REQUESTS = 5_200;
const KEY = 'hb_fuzzkey';
const TODAY = '2026-03-10';

let store: Store;
let listening: Listening;
let agent: Agent;

beforeAll(async () => {
  store = await openStore(':memory:');
  // Rate limits off: the fuzzer sends thousands of requests, some without a key, from one address.
  const server = createServer({ db: store, apiKey: KEY, timezone: 'UTC', clock: fakeClock(`${TODAY}T12:00:00Z`), rateLimit: false, authFailureLimit: false });
  listening = await server.listen();
  // A fresh connection per request: with keep-alive, a machine loaded enough to stall the event loop
  // past the server's keep-alive timeout lets it close an idle socket just as the next request is
  // written, a reset that says nothing about the service (it failed the suite twice under load).
  agent = new Agent({ keepAlive: false, maxSockets: 1 });
});
afterAll(async () => {
  agent.destroy();
  await listening.close();
  store.close();
});

/** One generated request; `body` is the raw bytes sent (undefined: none). */
interface Spec {
  method: string;
  /** Route pattern with `{param}` slots, or a literal path. */
  pattern: string;
  /** Path parameters: an index into the ids seen so far, or a string of its own. */
  params: (number | string)[];
  query: string;
  body?: Buffer;
  contentType?: string;
  auth: 'key' | 'none' | 'wrong';
}

// ---- values --------------------------------------------------------------------------------------

const chr = (lo: number, hi: number): fc.Arbitrary<string> => fc.integer({ min: lo, max: hi }).map((c) => String.fromCharCode(c));
/** Characters that break things: C0, DEL, C1, line separators, lone surrogates, paired emoji, combining marks, BOM, NUL. */
const nasty = fc.oneof(chr(0, 0x1f), chr(0x7f, 0x9f), chr(0x2028, 0x2029), chr(0xd800, 0xdfff), fc.constantFrom('\ud83d\ude00', '\u0301', '\ufeff', '\u0000', '\u202e', '"', '\\', '%', '/'));
const weirdString = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 3, arbitrary: fc.array(fc.oneof(nasty, fc.string({ maxLength: 3 })), { maxLength: 12 }).map((p) => p.join('')) },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', '   x   ', 'null', 'undefined', '0', '-1', '1e999', '__proto__', 'constructor', '<script>', "'; DROP TABLE habits; --") },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom('x', 'é', '\ud83d\ude00', ' ', '\ud800'), fc.integer({ min: 1, max: 300 })).map(([c, n]) => c.repeat(n)) },
);
/** Huge strings: in bodies up to 1 MiB, in URLs past Node's 16 KiB header limit. */
const hugeString = fc.tuple(fc.constantFrom('x', 'é', '\ud83d\ude00', ' ', '\ud800'), fc.integer({ min: 1000, max: 20_000 })).map(([c, n]) => c.repeat(n));

/** Lengths around a limit. */
const around = (max: number): fc.Arbitrary<number> => fc.constantFrom(0, 1, max - 1, max, max + 1);
const sized = (max: number): fc.Arbitrary<string> => fc.tuple(around(max), fc.constantFrom('x', 'é', '\ud83d\ude00', ' ')).map(([n, c]) => c.repeat(n).slice(0, Math.max(0, n)));
const number = fc.oneof(
  fc.constantFrom(0, -0, 1, -1, 0.5, 1e-9, LIMITS.amount, LIMITS.amount + 1, LIMITS.amount + 0.001, Number.MAX_SAFE_INTEGER, 1e308, -1e308, 3650, 3651, 100_000, 100_001, 86_400, 86_401, 23, 24, 59, 60, 6, 7, 31, 32),
  fc.double({ noNaN: true }),
  fc.integer(),
);
const dateString = fc.oneof(
  fc.constantFrom('1899-12-31', '1900-01-01', '2999-12-31', '3000-01-01', '2026-02-29', '2028-02-29', '2026-13-01', '2026-00-10', TODAY, '2026-03-11', '2026-03-12', '2027-03-11', '2026-03-01', '20260310', '2026-3-10', ''),
  fc.date({ min: new Date('1890-01-01'), max: new Date('3010-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
);
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 2, arbitrary: weirdString },
  { weight: 2, arbitrary: number },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [null], { a: 1 }) },
);

// ---- bodies --------------------------------------------------------------------------------------

const occurrence = fc.oneof(
  fc.constant({ type: 'daily' }),
  fc.record({ type: fc.constant('weekDays'), days: fc.uniqueArray(fc.integer({ min: -1, max: 7 }), { maxLength: 8 }) }),
  fc.record({ type: fc.constant('monthDays'), days: fc.uniqueArray(fc.integer({ min: 0, max: 32 }), { maxLength: 32 }) }),
  fc.record({ type: fc.constant('intervalDays'), interval: fc.oneof(around(LIMITS.interval), number) }),
);
const goal = fc.record({ periodicity: fc.constantFrom(...PERIODICITIES, 'hourly'), value: fc.oneof(fc.constantFrom(1, 3, 30, LIMITS.amount), number), unit: fc.constantFrom(...GOAL_UNITS, 'KM', '') });
const endCondition = fc.oneof(
  fc.record({ type: fc.constant('date'), date: dateString }),
  fc.record({ type: fc.constant('streak'), streakLength: fc.oneof(around(LIMITS.streakLength), number) }),
  fc.record({ type: fc.constant('successPeriods'), totalPeriods: fc.oneof(around(LIMITS.streakLength), number) }),
  fc.record({ type: fc.constant('totalLogValue'), totalLogValue: fc.oneof(fc.constantFrom(LIMITS.amount, LIMITS.amount + 1), number) }),
);
const timeTrigger = fc.record(
  { time: fc.record({ hour: fc.integer({ min: -1, max: 24 }), minute: fc.integer({ min: -1, max: 60 }) }), occurrenceFilter: fc.record({ weekDays: fc.array(fc.integer({ min: 0, max: 8 }), { maxLength: 8 }) }), showLiveActivity: fc.boolean(), showAsAlarm: fc.boolean() },
  { requiredKeys: ['time'] },
);
/** `$habit:N` is replaced by the id of the Nth habit seen when the request is sent. */
const habitRef = fc.oneof(fc.nat(40).map((n) => `$habit:${n}`), weirdString);
const habitStack = fc.record(
  { id: fc.oneof(fc.nat(40).map((n) => `$stack:${n}`), weirdString), conditionHabitId: habitRef, type: fc.constantFrom(...STACK_TYPES, 'other'), timerType: fc.constantFrom(...TIMER_TYPES), timerDelaySecs: fc.oneof(around(LIMITS.timerDelaySecs), fc.constant(-1)) },
  { requiredKeys: ['conditionHabitId', 'type', 'timerType'] },
);
const listOf = <T>(item: fc.Arbitrary<T>, max: number): fc.Arbitrary<T[]> => fc.oneof(fc.array(item, { maxLength: 3 }), around(max).chain((n) => fc.array(item, { minLength: n, maxLength: n })));
const habitBody = fc.record(
  {
    name: fc.oneof(fc.constantFrom('Read', 'Run', '  Stretch  '), sized(LIMITS.habitName), weirdString),
    type: fc.constantFrom('good', 'bad', 'neutral'),
    description: fc.oneof(sized(LIMITS.description), weirdString, fc.constant(null)),
    occurrence,
    startDate: dateString,
    icon: fc.oneof(sized(LIMITS.icon), weirdString, fc.constant(null)),
    colorHex: fc.constantFrom('#FF0000', '#abc', 'red', '#12345', ''),
    customUnitName: fc.oneof(sized(LIMITS.customUnitName), weirdString, fc.constant(null)),
    areaIds: listOf(fc.oneof(fc.nat(20).map((n) => `$area:${n}`), weirdString), LIMITS.areaIds),
    timeOfDayIds: fc.array(fc.constantFrom('morning', 'afternoon', 'evening', 'night', ''), { maxLength: 4 }),
    goal: fc.oneof(goal, fc.constant(null)),
    reminders: fc.record({ timeTriggers: listOf(timeTrigger, LIMITS.timeTriggers), habitStacks: listOf(habitStack, LIMITS.habitStacks) }, { requiredKeys: [] }),
    endCondition: fc.oneof(endCondition, fc.constant(null)),
  },
  { requiredKeys: ['name', 'type'] },
);
const areaBody = fc.record({ name: fc.oneof(fc.constantFrom('Health', 'Work'), sized(LIMITS.areaName), weirdString), colorHex: fc.constantFrom('#00FF00', 'green'), icon: fc.oneof(sized(LIMITS.icon), weirdString) }, { requiredKeys: ['name'] });
const photo = fc.oneof(fc.constantFrom('https://example.com/a.jpg', 'photo.jpg', ''), fc.nat(LIMITS.photoUrl + 1).map((n) => `https://e.x/${'p'.repeat(Math.max(0, n - 12))}`));
const noteBody = fc.record({ content: fc.oneof(sized(LIMITS.noteContent), weirdString, fc.constant(null)), moodLevel: fc.constantFrom(...MOOD_LEVELS, 'meh', null), photos: listOf(photo, LIMITS.photos) }, { requiredKeys: [] });
const logBody = fc.record({ value: fc.oneof(fc.constantFrom(1, 2.5, LIMITS.amount), number), unitSymbol: fc.constantFrom(...GOAL_UNITS, '', 'KM'), targetDate: dateString }, { requiredKeys: [] });
const markBody = fc.record({ targetDate: dateString }, { requiredKeys: [] });

/** Bodies the service should take, so that the run writes and later requests find records. */
const validHabit = fc.record(
  {
    name: fc.constantFrom('Read', 'Run', 'Floss', 'Água 💧', 'Stretch'),
    type: fc.constantFrom('good', 'bad'),
    startDate: fc.constantFrom('2026-01-01', '2026-03-01', TODAY),
    occurrence: fc.constantFrom({ type: 'daily' }, { type: 'weekDays', days: [1, 3, 5] }, { type: 'monthDays', days: [1, 15, 31] }, { type: 'intervalDays', interval: 2 }),
    goal: fc.constantFrom({ periodicity: 'daily', value: 2, unit: 'rep' }, { periodicity: 'weekly', value: 30, unit: 'min' }, { periodicity: 'monthly', value: 5, unit: 'kM' }),
    areaIds: fc.array(fc.nat(20).map((n) => `$area:${n}`), { maxLength: 1 }),
    reminders: fc.record({ habitStacks: fc.array(fc.record({ conditionHabitId: fc.nat(40).map((n) => `$habit:${n}`), type: fc.constantFrom(...STACK_TYPES), timerType: fc.constant('immediately') }), { maxLength: 1 }) }),
    endCondition: fc.constantFrom({ type: 'streak', streakLength: 5 }, { type: 'totalLogValue', totalLogValue: 100 }),
  },
  { requiredKeys: ['name', 'type'] },
);
const validLog = fc.record({ value: fc.constantFrom(1, 2, 0.5), unitSymbol: fc.constantFrom('rep', 'min', 'kM', ''), targetDate: fc.constantFrom('2026-03-01', '2026-03-08', TODAY) });
const validMark = fc.record({ targetDate: fc.constantFrom('2026-03-01', '2026-03-08', '2026-03-09', TODAY) }, { requiredKeys: [] });
const validNote = fc.record({ content: fc.constantFrom('fine', 'tired\nbut done'), moodLevel: fc.constantFrom(...MOOD_LEVELS) }, { requiredKeys: [] });
const validArea = fc.record({ name: fc.constantFrom('Health', 'Work'), colorHex: fc.constant('#00FF00') }, { requiredKeys: ['name'] });

/** A valid-looking body with one field replaced by anything, removed, or an unknown one added. */
function mutated(base: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<unknown> {
  return fc.tuple(base, fc.nat(20), anyJson, fc.constantFrom('set', 'delete', 'add')).map(([body, i, value, how]) => {
    const keys = Object.keys(body);
    const key = keys[i % Math.max(1, keys.length)] ?? 'name';
    if (how === 'delete') delete body[key];
    else body[how === 'add' ? `extra${i}` : key] = value;
    return body;
  });
}

/** Nesting `depth` arrays or objects deep. */
const deep = fc.tuple(fc.constantFrom(10, 1000, 100_000), fc.boolean()).map(([depth, arrays]) => (arrays ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)));

const bodyFor = (pattern: string, valid = false): fc.Arbitrary<unknown> => {
  if (pattern === '/habits' || pattern === '/habits/{habitId}') return valid ? validHabit : habitBody;
  if (pattern.startsWith('/areas')) return valid ? validArea : areaBody;
  if (pattern.includes('/notes')) return valid ? validNote : noteBody;
  if (pattern.endsWith('/logs')) return valid ? validLog : logBody;
  if (pattern.includes('/logs/')) return valid ? validMark : markBody;
  return fc.constant({});
};

/** Raw request bodies: JSON (valid, mutated or random), broken JSON, invalid UTF-8, huge, deep, none. */
const rawBody = (pattern: string): fc.Arbitrary<{ body?: Buffer; contentType?: string }> => fc.oneof(
  { weight: 12, arbitrary: bodyFor(pattern, true).map((b) => ({ body: Buffer.from(JSON.stringify(b)) })) },
  { weight: 8, arbitrary: bodyFor(pattern).map((b) => ({ body: Buffer.from(JSON.stringify(b)) })) },
  { weight: 6, arbitrary: mutated(bodyFor(pattern) as fc.Arbitrary<Record<string, unknown>>).map((b) => ({ body: Buffer.from(JSON.stringify(b)) })) },
  { weight: 2, arbitrary: anyJson.map((b) => ({ body: Buffer.from(JSON.stringify(b) ?? '') })) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }).map((s) => ({ body: Buffer.from(`{"name": ${s}`) })) },
  { weight: 1, arbitrary: fc.uint8Array({ minLength: 1, maxLength: 40 }).map((bytes) => ({ body: Buffer.concat([Buffer.from('{"name":"'), Buffer.from(bytes), Buffer.from('","type":"good"}')]) })) },
  { weight: 1, arbitrary: deep.map((text) => ({ body: Buffer.from(text) })) },
  { weight: 1, arbitrary: hugeString.map((h) => ({ body: Buffer.from(JSON.stringify({ name: h, type: 'good', content: h, description: h })) })) },
  { weight: 1, arbitrary: fc.constantFrom(1024 * 1024 - 20, 1024 * 1024 + 1).map((n) => ({ body: Buffer.from(`{"name":"${'x'.repeat(n)}","type":"good"}`) })) },
  { weight: 1, arbitrary: fc.constantFrom('text/plain', 'application/json; charset=latin1', 'application/merge-patch+json', '').map((contentType) => ({ body: Buffer.from('{"name":"x","type":"good"}'), contentType })) },
  { weight: 1, arbitrary: fc.constant({}) },
);

// ---- requests ------------------------------------------------------------------------------------

const QUERY_KEYS = ['archived', 'areaId', 'type', 'timeOfDay', 'limit', 'offset', 'date', 'startDate', 'endDate', 'from', 'to', 'x', ''];
/** Percent-encodes any string; a lone surrogate becomes the (invalid) UTF-8 bytes of one. */
const encode = (s: string): string => [...s].map((c) => {
  try {
    return encodeURIComponent(c);
  } catch {
    return '%ED%A0%80';
  }
}).join('');
const queryValue = fc.oneof(fc.constantFrom('true', 'false', 'good', 'bad', 'morning', '0', '1', '50', '100', '101', '-1', '1.5', '', TODAY, '2016-03-10', '1990-01-01', '2026-03-10T07:30:00Z'), dateString, weirdString, fc.nat(200).map(String));
const query = fc.oneof(
  { weight: 30, arbitrary: fc.constant('') },
  { weight: 40, arbitrary: fc.array(fc.tuple(fc.constantFrom(...QUERY_KEYS), queryValue), { maxLength: 4 }).map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${encode(v)}`).join('&')}` : '')) },
  { weight: 1, arbitrary: hugeString.map((h) => `?date=${encode(h)}`) },
  { weight: 5, arbitrary: fc.constantFrom('?', '?&&', '?limit', '?%ZZ=1', '?date=%ED%A0%80', '?a=1&a=2', `?startDate=2016-01-01&endDate=${TODAY}`, `?startDate=1990-01-01&endDate=${TODAY}`) },
);
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];
const PATTERNS = [...new Set(ROUTES.map((r) => r.split(' ')[1]!))];

/** How often each route is picked: creates often, so that there is something to read and delete. */
const ROUTE_WEIGHTS: Record<string, number> = { 'POST /habits': 14, 'POST /areas': 3, 'POST /habits/{habitId}/logs': 6, 'POST /habits/{habitId}/notes': 5, 'DELETE /habits/{habitId}': 1, 'DELETE /areas/{areaId}': 1 };
const route = fc.oneof(...ROUTES.map((r) => ({ weight: ROUTE_WEIGHTS[r] ?? 3, arbitrary: fc.constant(r) })));

const spec: fc.Arbitrary<Spec> = route.chain((route) => {
  const [routeMethod, routePattern] = route.split(' ') as [string, string];
  return fc.record({
    method: fc.oneof({ weight: 9, arbitrary: fc.constant(routeMethod) }, { weight: 1, arbitrary: fc.constantFrom(...METHODS) }),
    pattern: fc.oneof(
      { weight: 30, arbitrary: fc.constant(routePattern) },
      { weight: 1, arbitrary: fc.constantFrom(`${routePattern}/`, `${routePattern}/extra`, '/', '/nowhere', '/habits//logs', ...PATTERNS) },
    ),
    params: fc.array(fc.oneof({ weight: 6, arbitrary: fc.nat(30) }, { weight: 1, arbitrary: weirdString }), { minLength: 2, maxLength: 2 }),
    query,
    auth: fc.oneof({ weight: 40, arbitrary: fc.constant<'key'>('key') }, { weight: 1, arbitrary: fc.constantFrom<'none' | 'wrong'>('none', 'wrong') }),
  }).chain((base) => (base.method === 'POST' || base.method === 'PUT' ? rawBody(base.pattern).map((b) => ({ ...base, ...b })) : fc.constant(base)));
});

// ---- running -------------------------------------------------------------------------------------

/** Ids the service handed out, by kind; a request names them by index. */
const seen = { habit: [] as string[], area: [] as string[], note: [] as string[], log: [] as string[], stack: [] as string[] };

function pick(list: string[], ref: number | string): string {
  return typeof ref === 'string' ? encode(ref) : (list[ref % Math.max(1, list.length)] ?? `missing${ref}`);
}

function pathOf(s: Spec): string {
  let i = 0;
  return s.pattern.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const ref = s.params[i++] ?? 0;
    const kind = name === 'habitId' ? seen.habit : name === 'areaId' ? seen.area : name === 'noteId' ? seen.note : seen.log;
    return pick(kind, ref);
  });
}

/** Replaces `$habit:N`-style references inside a JSON body with ids seen. */
function resolveRefs(body: Buffer): Buffer {
  const text = body.toString('latin1');
  if (!text.includes('$')) return body;
  return Buffer.from(text.replace(/\$(habit|area|stack):(\d+)/g, (_m, kind: 'habit' | 'area' | 'stack', n: string) => {
    const list = seen[kind];
    return list[Number(n) % Math.max(1, list.length)] ?? `missing${n}`;
  }), 'latin1');
}

/** Past these the service may close the connection before the client has sent everything. */
const oversized = (s: Spec, path: string): boolean => path.length > 16 * 1024 || (s.body?.length ?? 0) > 1024 * 1024;

/** Status 0: the connection was reset (allowed only for an oversized request). */
function send(s: Spec, path: string): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = {};
  if (s.auth === 'key') headers['x-api-key'] = KEY;
  if (s.auth === 'wrong') headers['x-api-key'] = 'hb_wrong';
  const body = s.body ? resolveRefs(s.body) : undefined;
  if (body) {
    headers['content-type'] = s.contentType ?? 'application/json';
    headers['content-length'] = String(body.length);
  }
  return new Promise((resolve, reject) => {
    const req = request(`${listening.url}${path}`, { method: s.method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', (err: Error & { code?: string }) => (err.code === 'ECONNRESET' || err.code === 'EPIPE' ? resolve({ status: 0, text: '' }) : reject(err)));
    req.end(body);
  });
}

/** Remembers the ids a successful answer names. */
function learn(s: Spec, status: number, text: string): void {
  if (status >= 300 || text === '') return;
  const body = JSON.parse(text) as { id?: string; logId?: string; data?: { id?: string; reminders?: { habitStacks?: { id: string }[] } } & { id?: string } };
  if (s.method === 'POST' && s.pattern === '/habits' && body.id) seen.habit.push(body.id);
  if (s.method === 'POST' && s.pattern === '/areas' && body.data?.id) seen.area.push(body.data.id);
  if (s.method === 'POST' && s.pattern.endsWith('/notes') && body.id) seen.note.push(body.id);
  if (body.logId) seen.log.push(body.logId);
  for (const stack of (body.data?.reminders ?? (body as { reminders?: { habitStacks?: { id: string }[] } }).reminders)?.habitStacks ?? []) seen.stack.push(stack.id);
}

describe('fuzzing the local service', () => {
  test(`${REQUESTS} generated requests: no 5xx, every answer in the contract, the store's invariants hold`, async () => {
    // A few records to aim at.
    for (const name of ['Seed good', 'Seed bad']) {
      const res = await send({ method: 'POST', pattern: '/habits', params: [], query: '', auth: 'key', body: Buffer.from(JSON.stringify({ name, type: name.endsWith('bad') ? 'bad' : 'good', startDate: '2026-01-01', goal: { periodicity: 'daily', value: 2, unit: 'rep' } })) }, '/habits');
      learn({ method: 'POST', pattern: '/habits', params: [], query: '', auth: 'key' }, res.status, res.text);
    }
    const specs = fc.sample(spec, { seed: SEED, numRuns: REQUESTS });
    const statuses = new Map<number, number>();
    const problems: string[] = [];
    for (const s of specs) {
      const path = pathOf(s) + s.query;
      const res = await send(s, path);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      const where = `${s.method} ${path.slice(0, 200)} -> ${res.status}`;
      if (res.status === 0) {
        if (!oversized(s, path)) problems.push(`${where}: connection reset`);
        continue;
      }
      if (res.status >= 500) problems.push(`${where}: ${res.text.slice(0, 300)}`);
      let body: unknown;
      try {
        body = res.text === '' ? undefined : JSON.parse(res.text);
      } catch {
        problems.push(`${where}: not JSON: ${res.text.slice(0, 200)}`);
        continue;
      }
      const schema = responseSchema(routeOf(s.method, path), res.status);
      if (!schema) problems.push(`${where}: no such answer in the contract`);
      else {
        const errors = validate(schema, body);
        if (errors.length) problems.push(`${where}: ${errors.slice(0, 3).join('; ')}`);
      }
      learn(s, res.status, res.text);
    }
    const distribution = Object.fromEntries([...statuses].sort(([a], [b]) => a - b));
    console.log(`fuzz: ${specs.length} requests (seed ${SEED}), statuses ${JSON.stringify(distribution)}; created ${seen.habit.length} habits, ${seen.area.length} areas, ${seen.note.length} notes, ${seen.log.length} logs`);
    expect(problems.slice(0, 20)).toEqual([]);
    expect(specs.length).toBeGreaterThanOrEqual(5000);
    // Enough of the requests reached the handlers and wrote something, or the run proves little.
    expect((statuses.get(200) ?? 0) + (statuses.get(201) ?? 0) + (statuses.get(204) ?? 0)).toBeGreaterThan(REQUESTS * 0.15);

    const db = store.db;
    const count = (sql: string): number => (db.prepare(sql).get() as { n: number }).n;
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(db.pragma('foreign_key_check')).toEqual([]);
    expect(count('SELECT COUNT(*) AS n FROM logs WHERE habit_id NOT IN (SELECT id FROM habits)')).toBe(0);
    expect(count('SELECT COUNT(*) AS n FROM notes WHERE habit_id NOT IN (SELECT id FROM habits)')).toBe(0);
    expect(count('SELECT COUNT(*) AS n FROM habit_stacks WHERE condition_habit_id NOT IN (SELECT id FROM habits) OR habit_id NOT IN (SELECT id FROM habits)')).toBe(0);
    expect(count("SELECT COUNT(*) AS n FROM (SELECT 1 FROM logs WHERE kind <> 'value' GROUP BY habit_id, date HAVING COUNT(*) > 1)")).toBe(0);
    expect(count('SELECT COUNT(*) AS n FROM logs')).toBeGreaterThan(0);
  }, 120_000);
});
