// Run by runtimes.test.ts under each Node line: `node runtimes-child.mjs BUNDLE STEP FILE`, where
// BUNDLE is src/server bundled (test/server/processes.ts) and STEP one of
//   write   a fresh store: areas, habits of every kind, marks, values in two units, a note;
//   append  one more value log on an existing store;
// after which every step reads a fixed set of answers and prints them, with the driver, as JSON.
// The clock is fixed, so the same data gives the same answers on every line.
const [bundle, step, file] = process.argv.slice(2);
const server = await import(bundle);
const KEY = 'hb_runtimes_test_key';
const store = await server.openStore(file);
const listening = await server.createServer({ db: store, apiKey: KEY, timezone: 'UTC', clock: { now: () => new Date('2026-03-20T12:00:00Z') } }).listen();

async function call(method, path, body) {
  const res = await fetch(listening.url + path, {
    method,
    headers: { 'x-api-key': KEY, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

const habitIds = async () => (await call('GET', '/habits')).data.map((h) => h.id);

if (step === 'write') {
  const area = (await call('POST', '/areas', { name: 'Health', icon: 'heart' })).data ?? {};
  const run = await call('POST', '/habits', { name: 'Run', type: 'good', startDate: '2026-03-02', goal: { periodicity: 'weekly', value: 10, unit: 'kM' } });
  const floss = await call('POST', '/habits', { name: 'Floss', type: 'good', startDate: '2026-03-10' });
  const sugar = await call('POST', '/habits', { name: 'Sugar', type: 'bad', startDate: '2026-03-01', goal: { periodicity: 'daily', value: 2, unit: 'rep' } });
  const read = await call('POST', '/habits', { name: 'Read', type: 'good', startDate: '2026-02-01', occurrence: { type: 'weekDays', days: [1, 3, 5] }, goal: { periodicity: 'monthly', value: 5, unit: 'hr' } });
  if (area.id) await call('PUT', `/habits/${run.id}`, { areaIds: [area.id] });
  for (const [date, value, unitSymbol] of [['2026-03-03', 5, 'kM'], ['2026-03-04', 3.5, 'mi'], ['2026-03-12', 2.25, 'kM'], ['2026-03-18', 11, 'kM']]) {
    await call('POST', `/habits/${run.id}/logs`, { value, unitSymbol, targetDate: date });
  }
  for (const date of ['2026-03-15', '2026-03-16', '2026-03-17', '2026-03-19']) await call('POST', `/habits/${floss.id}/logs/complete`, { targetDate: date });
  await call('POST', `/habits/${floss.id}/logs/skipped`, { targetDate: '2026-03-18' });
  await call('POST', `/habits/${sugar.id}/logs`, { value: 3, unitSymbol: 'rep', targetDate: '2026-03-19' });
  await call('POST', `/habits/${read.id}/logs`, { value: 1.5, unitSymbol: 'hr', targetDate: '2026-03-06' });
  await call('POST', `/habits/${read.id}/notes`, { content: 'a good chapter', mood: 'happy', targetDate: '2026-03-06' });
} else if (step === 'append') {
  const [run] = await habitIds();
  await call('POST', `/habits/${run}/logs`, { value: 0.5, unitSymbol: 'kM', targetDate: '2026-03-20' });
} else if (step !== 'read') {
  throw new Error(`unknown step ${step}`);
}

const answers = { habits: await call('GET', '/habits'), areas: await call('GET', '/areas') };
for (const date of ['2026-03-18', '2026-03-20']) answers[`journal ${date}`] = await call('GET', `/habits/journal?date=${date}`);
for (const id of await habitIds()) {
  answers[`${id} statistics`] = await call('GET', `/habits/${id}/statistics?startDate=2026-02-01&endDate=2026-03-20`);
  answers[`${id} logs`] = await call('GET', `/habits/${id}/logs`);
  answers[`${id} notes`] = await call('GET', `/habits/${id}/notes`);
}
await listening.close();
store.close();
process.stdout.write(JSON.stringify({ driver: store.db.driver, node: process.versions.node, answers }));
