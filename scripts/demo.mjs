// `npm start`: the journal on the local service, with example habits and two weeks of history, in
// a throwaway directory. It seeds through the CLI's own commands (so through the API), shows the
// journal, one habit's heatmap and the last two weeks of every habit (`habits week`), says on
// stderr what it did, and removes the directory. Nothing
// in the user's own config, cache or data directory is read or written.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';

const { main } = await import('../dist/cli.js');

const dir = mkdtempSync(join(tmpdir(), 'habits-demo-'));
const env = {
  ...process.env,
  HABITS_LOCAL: '1',
  HABITS_DATA_DIR: join(dir, 'data'),
  HABITS_CONFIG_DIR: join(dir, 'config'),
  XDG_CACHE_HOME: join(dir, 'cache'),
  HABITS_NO_INPUT: '1',
};
delete env.HABITS_API_KEY;
delete env.HABITS_BASE_URL;

/** Runs a command quietly; any failure aborts the demo with what went wrong. */
async function habits(...argv) {
  const sink = new PassThrough();
  let errors = '';
  const stderr = new PassThrough();
  stderr.on('data', (c) => (errors += c));
  sink.resume();
  const code = await main(argv, {
    env,
    io: { stdin: process.stdin, stdout: sink, stderr, stdinIsTTY: false, stdoutIsTTY: false, stderrIsTTY: false },
  });
  if (code !== 0) throw new Error(`habits ${argv.join(' ')} exited ${code}: ${errors.trim()}`);
}

/** A small deterministic generator, so the demo looks the same every time. */
function random(seed) {
  let s = seed;
  return () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
}

function isoDay(date) {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

const today = new Date();
const day = (ago) => isoDay(new Date(today.getFullYear(), today.getMonth(), today.getDate() - ago));
const rand = random(42);

process.stderr.write(`habits demo: seeding example habits with two weeks of history in ${dir}\n` +
  'habits demo: (a throwaway directory; your own habits data and config are not touched)\n');

try {
  await habits('area', 'add', 'Health', '--color', '#2EAD6B', '--icon', '🌿');
  await habits('area', 'add', 'Mind', '--color', '#7B61FF', '--icon', '🧠');
  const start = day(14);
  const add = (name, ...flags) => habits('habit', 'add', name, '--start', start, ...flags);
  await add('Drink water', '--icon', '💧', '--goal', '8 cup daily', '--time-of-day', 'morning', '--area', 'Health', '--remind', '09:00');
  await add('Meditate', '--icon', '🧘', '--goal', '10 min daily', '--time-of-day', 'morning', '--area', 'Mind');
  await add('Morning run', '--icon', '🏃', '--days', 'mon,wed,fri', '--goal', '5 kM daily', '--time-of-day', 'morning', '--area', 'Health');
  await add('Read', '--icon', '📚', '--goal', '20 min daily', '--time-of-day', 'evening', '--area', 'Mind', '--remind', '21:30@mon,tue,wed,thu,fri');
  await add('Practice guitar', '--icon', '🎸', '--goal', '120 min weekly', '--time-of-day', 'evening');
  await add('Late-night snacks', '--icon', '🍪', '--type', 'bad', '--goal', '1 rep daily', '--time-of-day', 'evening');

  for (let ago = 14; ago >= 0; ago--) {
    const date = day(ago);
    const weekday = new Date(today.getFullYear(), today.getMonth(), today.getDate() - ago).getDay();
    const isToday = ago === 0;
    await habits('log', 'add', 'Drink water', String(isToday ? 3 : 5 + Math.floor(rand() * 5)), '--date', date);
    if (!isToday || rand() < 0.5) {
      if (ago === 9) await habits('log', 'skip', 'Meditate', '--date', date);
      else await habits('log', 'add', 'Meditate', String(10 + Math.floor(rand() * 3) * 5), '--date', date);
    }
    if ([1, 3, 5].includes(weekday) && !isToday) {
      if (ago === 7) await habits('log', 'skip', 'Morning run', '--date', date);
      else await habits('log', 'add', 'Morning run', (4 + rand() * 2.5).toFixed(1), '--date', date);
    }
    if (!isToday && rand() < 0.8) await habits('log', 'add', 'Read', String(15 + Math.floor(rand() * 4) * 5), '--date', date);
    if (!isToday && rand() < 0.4) await habits('log', 'add', 'Practice guitar', String(30 + Math.floor(rand() * 3) * 15), '--date', date);
    if (!isToday && rand() < 0.3) await habits('log', 'add', 'Late-night snacks', String(1 + Math.floor(rand() * 2)), '--date', date);
  }
  await habits('note', 'add', 'Meditate', 'Ten minutes felt short today; try fifteen tomorrow.', '--mood', 'high');

  process.stderr.write('habits demo: $ habits --local journal\n\n');
  let code = await main(['journal'], { env });
  if (code !== 0) throw new Error(`habits journal exited ${code}`);
  process.stdout.write('\n');
  // The Monday two weeks before this week's, so the heatmap shows whole weeks of history.
  const from = day(((today.getDay() + 6) % 7) + 14);
  process.stderr.write(`habits demo: $ habits --local habit stats "Drink water" --from ${from}\n\n`);
  code = await main(['habit', 'stats', 'Drink water', '--from', from], { env });
  if (code !== 0) throw new Error(`habits habit stats exited ${code}`);
  process.stdout.write('\n');
  process.stderr.write('habits demo: $ habits --local week --weeks 2\n\n');
  code = await main(['week', '--weeks', '2'], { env });
  if (code !== 0) throw new Error(`habits week exited ${code}`);
  process.stderr.write('\nhabits demo: done; the throwaway directory is removed. Your own habits, offline:\n' +
    '  habits --local habit add Walk --daily   (or: habits config set base-url local)\n' +
    '  habits --local check                    (tick off the day, one key per habit)\n' +
    '  habits --local week\n');
} catch (err) {
  process.stderr.write(`habits demo: ${err.message}\n`);
  process.exitCode = 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
