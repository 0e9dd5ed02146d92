// Properties of the import on data the service itself wrote (fast-check, seeded): whatever a run of
// API requests leaves, its export passes the import's checks, imports into a fresh store and
// exports again as the same document; and the same document with one id or one amount made into
// what the API would refuse is refused, naming that place. Days are kept within a log's amount
// (at most 10^9), the documented limit of what an import writes as one log per day.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/client.js';
import { listAll } from '../../../src/api/paging.js';
import { GOAL_UNITS, MOOD_LEVELS, PERIODICITIES, STACK_TYPES, type ExportDocument, type Habit } from '../../../src/api/types.js';
import { collectExport } from '../../../src/commands/shared/export-data.js';
import { documentIds } from '../../../src/server/import/document.js';
import { InvalidExportError, createServer, importDocument, openStore, parseExportDocument, type Store } from '../../../src/server/index.js';
import { client } from '../fixtures.js';

const NOW = new Date('2026-11-22T12:00:00.000Z');
const TODAY = '2026-11-22';
const SEED = 20_261_126;

/** A service on a fresh store in memory at NOW, a caller for seeding, and the export it gives. */
async function service(store?: Store) {
  const db = store ?? (await openStore(':memory:'));
  const server = createServer({ db, apiKey: 'k', timezone: 'UTC', rateLimit: false, clock: { now: () => NOW } });
  const listening = await server.listen({ port: 0 });
  const api = createApiClient({ baseUrl: listening.url, apiKey: 'k', timeoutMs: 5_000, userAgent: 'habits-test', env: {} });
  return {
    store: db,
    call: client({ url: listening.url, apiKey: 'k' }),
    async exportDoc(): Promise<ExportDocument> {
      const habits: Habit[] = [...(await listAll(api, 'GET /habits', { query: { archived: false } })), ...(await listAll(api, 'GET /habits', { query: { archived: true } }))];
      return collectExport({ api, habits, today: TODAY, exportedAt: NOW.toISOString(), source: 'local' });
    },
    async close() {
      await api.close();
      await listening.close();
      db.close();
    },
  };
}

// ---- what the generated requests hold -------------------------------------------------------------

/** Names the API takes: trimmed, one line, printable, in several scripts, with the characters URLs and JSON care about. */
const name = fc
  .array(fc.constantFrom('a', 'Z', '7', 'é', 'ß', '日', '\ud83d\ude00', ' ', '-', '/', '.', '%', '"', '\\', '?'), { minLength: 1, maxLength: 16 })
  .map((chars) => chars.join(''))
  .filter((s) => s.trim() !== '');
const color = fc.constantFrom('#abc', '#A1B2C3', '#000000');
const daysBack = (max: number) => fc.integer({ min: 0, max });
const dayOf = (back: number) => new Date(NOW.getTime() - back * 86_400_000).toISOString().slice(0, 10);
/** Up to 3e8 a log and a goal, and at most three writes a day: a day's total stays within 10^9. */
const amount = fc.oneof(fc.integer({ min: 1, max: 300_000_000 }), fc.integer({ min: 1, max: 100_000 }).map((n) => n / 100));

const habitSpec = fc.record({
  name,
  type: fc.constantFrom('good', 'bad'),
  description: fc.option(fc.constantFrom('Around the park', 'Two lines\nand a\ttab'), { nil: undefined }),
  icon: fc.option(fc.constantFrom('shoe', '🏃'), { nil: undefined }),
  customUnitName: fc.option(fc.constantFrom('pages', 'laps'), { nil: undefined }),
  colorHex: fc.option(color, { nil: undefined }),
  occurrence: fc.oneof(
    fc.constant({ type: 'daily' }),
    fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }).map((days) => ({ type: 'weekDays', days })),
    fc.uniqueArray(fc.integer({ min: 1, max: 31 }), { minLength: 1, maxLength: 5 }).map((days) => ({ type: 'monthDays', days })),
    fc.integer({ min: 1, max: 10 }).map((interval) => ({ type: 'intervalDays', interval })),
  ),
  startBack: daysBack(40),
  goal: fc.option(fc.record({ periodicity: fc.constantFrom(...PERIODICITIES), value: amount, unit: fc.constantFrom(...GOAL_UNITS) }), { nil: undefined }),
  newGoal: fc.option(amount, { nil: undefined }),
  areas: fc.uniqueArray(fc.nat(3), { maxLength: 2 }),
  timeOfDayIds: fc.uniqueArray(fc.constantFrom('morning', 'afternoon', 'evening'), { maxLength: 2 }),
  triggers: fc.array(fc.record({ time: fc.record({ hour: fc.integer({ min: 0, max: 23 }), minute: fc.integer({ min: 0, max: 59 }) }), showAsAlarm: fc.boolean() }), { maxLength: 2 }),
  stack: fc.option(fc.record({ on: fc.nat(), type: fc.constantFrom(...STACK_TYPES), delay: fc.option(fc.integer({ min: 1, max: 86_400 }), { nil: undefined }) }), { nil: undefined }),
  end: fc.option(fc.oneof(
    fc.integer({ min: 1, max: 100_000 }).map((streakLength) => ({ type: 'streak' as const, streakLength })),
    fc.integer({ min: 1, max: 100_000 }).map((totalPeriods) => ({ type: 'successPeriods' as const, totalPeriods })),
    fc.integer({ min: 1, max: 1_000_000_000 }).map((totalLogValue) => ({ type: 'totalLogValue' as const, totalLogValue })),
    fc.integer({ min: 0, max: 400 }).map((after) => ({ type: 'date' as const, after })),
  ), { nil: undefined }),
  writes: fc.array(fc.record({ back: daysBack(45), kind: fc.constantFrom('value', 'complete', 'failed', 'skipped', 'undo'), value: amount }), { maxLength: 12 }),
  notes: fc.array(fc.record({
    content: fc.option(fc.constantFrom('Felt great', 'Sore\nlegs', 'ünïcödé 😀'), { nil: undefined }),
    moodLevel: fc.option(fc.constantFrom(...MOOD_LEVELS), { nil: undefined }),
    photos: fc.array(fc.constantFrom('https://example.com/a.jpg', 'https://example.com/b%20c.png'), { maxLength: 2 }),
    back: fc.option(daysBack(30), { nil: undefined }),
  }), { maxLength: 2 }),
  archived: fc.boolean(),
});

const scenario = fc.record({
  areas: fc.array(fc.record({ name, colorHex: fc.option(color, { nil: undefined }), icon: fc.option(fc.constantFrom('leaf', '🌿'), { nil: undefined }) }), { maxLength: 3 }),
  habits: fc.array(habitSpec, { minLength: 1, maxLength: 4 }),
});
type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;

/** Sends the scenario's requests; a refusal the rules foresee (a write before the start date, a mark twice) is skipped, any other fails. */
async function seed(call: ReturnType<typeof client>, sc: Scenario): Promise<void> {
  const ok = async <T,>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await call<T>(method, path, body);
    if (res.status >= 300) throw new Error(`${method} ${path} ${JSON.stringify(body)}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const areaIds: string[] = [];
  for (const a of sc.areas) areaIds.push((await ok<{ data: { id: string } }>('POST', '/areas', a)).data.id);
  const habitIds: string[] = [];
  for (const h of sc.habits) {
    const startDate = dayOf(h.startBack);
    const stackOn = h.stack && habitIds.length > 0 ? habitIds[h.stack.on % habitIds.length] : undefined;
    const end = h.end?.type === 'date' ? { type: 'date', date: new Date(Date.parse(startDate) + h.end.after * 86_400_000).toISOString().slice(0, 10) } : h.end;
    const body = {
      name: h.name, type: h.type, description: h.description, icon: h.icon, customUnitName: h.customUnitName, colorHex: h.colorHex,
      occurrence: h.occurrence, startDate, goal: h.goal, areaIds: h.areas.filter((i) => i < areaIds.length).map((i) => areaIds[i]),
      timeOfDayIds: h.timeOfDayIds, endCondition: end,
      reminders: {
        timeTriggers: h.triggers,
        habitStacks: stackOn && h.stack ? [{ conditionHabitId: stackOn, type: h.stack.type, ...(h.stack.delay ? { timerType: 'after', timerDelaySecs: h.stack.delay } : { timerType: 'immediately' }) }] : [],
      },
    };
    const id = (await ok<{ id: string }>('POST', '/habits', body)).id;
    habitIds.push(id);
    const perDay = new Map<string, number>();
    for (const w of h.writes) {
      const targetDate = dayOf(w.back);
      if (w.kind === 'undo') {
        await ok('POST', `/habits/${id}/logs/undo`, { targetDate });
        perDay.delete(targetDate);
        continue;
      }
      // At most three writes a day, so its total stays within 10^9.
      if ((perDay.get(targetDate) ?? 0) >= 3 || targetDate < startDate) continue;
      perDay.set(targetDate, (perDay.get(targetDate) ?? 0) + 1);
      const res = w.kind === 'value'
        ? await call('POST', `/habits/${id}/logs`, { value: w.value, unitSymbol: h.goal?.unit ?? '', targetDate })
        : await call('POST', `/habits/${id}/logs/${w.kind}`, { targetDate });
      const overLimit = res.status === 400 && JSON.stringify(res.body).includes('over its limit');
      if (res.status >= 300 && res.status !== 409 && !overLimit) throw new Error(`${w.kind} ${targetDate}: ${res.status} ${JSON.stringify(res.body)}`);
    }
    if (h.newGoal !== undefined && h.goal) await ok('PUT', `/habits/${id}`, { goal: { ...h.goal, value: h.newGoal } });
    for (const n of h.notes) {
      if (n.content === undefined && n.moodLevel === undefined && n.photos.length === 0) continue;
      const createdAt = n.back === undefined ? undefined : new Date(NOW.getTime() - n.back * 86_400_000 - 3_600_000).toISOString();
      await ok('POST', `/habits/${id}/notes`, { content: n.content, moodLevel: n.moodLevel, photos: n.photos, createdAt });
    }
    if (h.archived) await ok('POST', `/habits/${id}/archive`);
  }
}

/** The value at a JSON path such as `$.habits[1].goals[0].id`, set to `value`. */
function setAt(doc: unknown, path: string, value: unknown): void {
  const keys = path.slice(2).split(/\.|\[(\d+)\]/).filter((k) => k !== undefined && k !== '');
  const last = keys.pop()!;
  const parent = keys.reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], doc) as Record<string, unknown>;
  parent[last] = value;
}

/** Ids the API's rules refuse: route words, characters a path would break on, and a length past the limit. */
const badId = fc.constantFrom('journal', 'habits', 'areas', 'logs', 'a/b', '..', '.', 'x%2F', 'white space', 'tab\there', 'nul\u0000', 'é', '', 'x'.repeat(201), '\ud800');

describe('import of what the service itself exported (fast-check, seeded)', () => {
  it('any export passes the checks, imports into a fresh store, and exports again the same', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (sc) => {
        const a = await service();
        const b = await service();
        try {
          await seed(a.call, sc);
          const doc = await a.exportDoc();
          const parsed = parseExportDocument(JSON.parse(JSON.stringify(doc)), NOW);
          expect(importDocument(b.store, parsed).inexact).toEqual([]);
          expect(await b.exportDoc()).toEqual(doc);
        } finally {
          await a.close();
          await b.close();
        }
      }),
      { seed: SEED, numRuns: 20 },
    );
  });

  it('the same export with one id or one amount the API would refuse is refused, naming where, and writes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, fc.nat(), fc.nat(), badId, fc.constantFrom(1e9 + 1, 2e9, 1e308, -1e9 - 1, -1e308), async (sc, pick, other, bad, tooMuch) => {
        const a = await service();
        const b = await service();
        try {
          await seed(a.call, sc);
          const doc = await a.exportDoc();
          const ids = documentIds(parseExportDocument(JSON.parse(JSON.stringify(doc)), NOW));
          const refusal = (raw: unknown): InvalidExportError => {
            try {
              importDocument(b.store, parseExportDocument(raw, NOW));
            } catch (err) {
              if (err instanceof InvalidExportError) return err;
              throw err;
            }
            throw new Error('accepted');
          };
          const written = () => (b.store.db.prepare('SELECT (SELECT COUNT(*) FROM habits) + (SELECT COUNT(*) FROM areas) + (SELECT COUNT(*) FROM logs) AS n').get() as { n: number }).n;

          // An id the API's rules refuse.
          const target = ids[pick % ids.length]!;
          const withBadId = JSON.parse(JSON.stringify(doc)) as unknown;
          setAt(withBadId, target.path, bad);
          expect(refusal(withBadId).path).toBe(target.path);

          // An id another kind of record holds.
          const others = ids.filter((i) => i.kind !== target.kind && i.id !== target.id);
          if (others.length > 0) {
            const twin = others[other % others.length]!;
            const shared = JSON.parse(JSON.stringify(doc)) as unknown;
            setAt(shared, target.path, twin.id);
            expect([target.path, twin.path]).toContain(refusal(shared).path);
          }

          // A day's total past a log's amount.
          const days = doc.habits.flatMap((h, i) => h.statistics.dailyProgress.map((_, j) => `$.habits[${i}].statistics.dailyProgress[${j}].totalLog`));
          if (days.length > 0) {
            const where = days[pick % days.length]!;
            const withTotal = JSON.parse(JSON.stringify(doc)) as unknown;
            setAt(withTotal, where, tooMuch);
            expect(refusal(withTotal).path).toBe(where);
          }
          expect(written()).toBe(0);
        } finally {
          await a.close();
          await b.close();
        }
      }),
      { seed: SEED, numRuns: 20 },
    );
  });
});
