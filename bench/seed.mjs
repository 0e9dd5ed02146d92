// The benchmarks' data, seeded through the service's own exports (dist/server.js; the HTTP API would
// take minutes for 320k logs): `habits` habits started `days` days ago, in a mix of daily, weekly,
// bad and goal-less habits, with a log on most of the last `logDays` days. Deterministic: every run
// seeds the same data.
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Seeds `file` (closed afterwards, its WAL checkpointed) and returns the habit ids and the log count. */
export async function seedStore(server, file, { habits, days, logDays = days, key }) {
  let state = 42; // deterministic pseudo-random numbers: every run seeds the same data
  const rand = () => ((state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  mkdirSync(join(file, '..'), { recursive: true });
  const store = await server.openStore(file);
  const listening = await server.createServer({ db: store, apiKey: key, timezone: 'UTC', rateLimit: false }).listen();
  const post = async (path, body) => {
    const res = await fetch(listening.url + path, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (res.status !== 201) throw new Error(`seeding ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  for (const name of ['Health', 'Work', 'Mind', 'Home', 'Social']) await post('/areas', { name, icon: name.toLowerCase() });
  const logs = [];
  const now = Date.now();
  for (let i = 0; i < habits; i++) {
    const kind = i % 10;
    const body = { name: `Habit ${i}`, type: kind === 8 ? 'bad' : 'good', startDate: day(-(days - 1)), timeOfDayIds: [['morning', 'afternoon', 'evening'][i % 3]] };
    if (kind < 6) body.goal = { periodicity: 'daily', value: 8, unit: 'cup' };
    else if (kind < 8) Object.assign(body, { occurrence: { type: 'weekDays', days: [1, 3, 5] }, goal: { periodicity: 'weekly', value: 20, unit: 'kM' } });
    else if (kind === 8) body.goal = { periodicity: 'daily', value: 2, unit: 'rep' };
    if (i % 7 === 0) body.endCondition = { type: 'streak', streakLength: 30 };
    const habit = await post('/habits', body);
    for (let d = logDays - 1; d >= 0; d--) {
      const r = rand();
      const log = { id: server.pushId(now), habitId: habit.id, date: day(-d), kind: 'value', value: 0, unit: null, createdAt: new Date(now).toISOString() };
      if (kind < 6) Object.assign(log, r < 0.1 ? { kind: 'completed', value: 8, unit: 'cup' } : { value: Math.ceil(r * 10), unit: 'cup' });
      else if (kind < 8) Object.assign(log, { value: Math.round(r * 80) / 10, unit: r < 0.5 ? 'kM' : 'mi' });
      else if (kind === 8) Object.assign(log, { value: Math.floor(r * 4), unit: 'rep' });
      else Object.assign(log, r < 0.85 ? { kind: 'completed', value: 1 } : { kind: 'skipped' });
      if (log.kind === 'value' && log.value === 0) continue;
      logs.push(log);
    }
  }
  server.importLogs(store, logs);
  await listening.close();
  const ids = store.db.prepare('SELECT id FROM habits ORDER BY seq').all().map((r) => r.id);
  store.close(); // checkpoints the WAL into the file, so copying the .db alone is a complete copy
  if (existsSync(`${file}-wal`)) throw new Error(`seeding: ${file}-wal is left after close; copies would miss data`);
  return { file, ids, logs: logs.length };
}
