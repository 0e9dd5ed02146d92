// Startup benchmark: wall time of whole CLI processes, as a user or cron sees them, against a
// baseline measured in the same run (an empty `node` process). Prints medians and ratios.
//
//   npm run build && node bench/startup.mjs [runs]
//
// Cases:
//   node -e ''                       the floor: Node's own start-up
//   habits --version                 must stay near the floor (loads commander only)
//   habits log done Walk (warm)      one POST against a loopback server, names from the cache
//   same, without bin's V8 flag      dist/cli.js run directly: shows what --liftoff-only saves
import { fork, spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

if (process.argv[2] === '--serve') {
  // A minimal server that answers like the API: one habit, and 201 for marks.
  const server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.method === 'GET' && req.url.startsWith('/v2/habits?')) {
      res.end(JSON.stringify({ data: [{ id: '-Nwalk', name: 'Walk', isArchived: false }], pagination: { total: 1, limit: 100, offset: 0 } }));
    } else if (req.method === 'POST') {
      req.resume();
      req.on('end', () => { res.statusCode = 201; res.end('{"message":"ok"}'); });
    } else {
      res.statusCode = 404;
      res.end('{"message":"not found"}');
    }
  });
  server.listen(0, '127.0.0.1', () => process.send(server.address().port));
} else {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const bin = join(root, 'bin/habits.js');
  const runs = Number(process.argv[2] ?? 15);
  const home = mkdtempSync(join(tmpdir(), 'habits-bench-'));

  const env = { HOME: home, XDG_CACHE_HOME: join(home, 'cache'), HABITS_CONFIG_DIR: join(home, 'config'), HABITS_API_KEY: 'bench-key', PATH: process.env.PATH };

  function time(args) {
    const samples = [];
    for (let i = 0; i < runs + 2; i++) {
      const t = process.hrtime.bigint();
      const r = spawnSync(process.execPath, args, { env, encoding: 'utf8' });
      const ms = Number(process.hrtime.bigint() - t) / 1e6;
      if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
      if (i >= 2) samples.push(ms); // two warm-up runs fill the OS cache (and the name cache)
    }
    samples.sort((a, b) => a - b);
    return samples[Math.floor(samples.length / 2)];
  }

  // spawnSync blocks this process, so the server lives in a forked child.
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], { stdio: 'inherit' });
  const port = await new Promise((r) => child.once('message', r));
  env.HABITS_BASE_URL = `http://127.0.0.1:${port}/v2`;

  const direct = `import('${join(root, 'dist/cli.js')}').then(async (m) => { process.exitCode = await m.main(['log', 'done', 'Walk', '-q']); })`;
  const cases = [
    ['node -e ""', ['-e', '']],
    ['habits --version', [bin, '--version']],
    ['habits log done Walk', [bin, 'log', 'done', 'Walk', '-q']],
    ['  same, without --liftoff-only', ['--input-type=module', '-e', direct]],
  ];
  const results = cases.map(([name, args]) => [name, time(args)]);
  child.kill();
  rmSync(home, { recursive: true, force: true });

  const floor = results[0][1];
  console.log(`node ${process.version}, ${runs} runs each, median wall time`);
  for (const [name, ms] of results) console.log(`${name.padEnd(34)} ${ms.toFixed(1).padStart(7)} ms   ${(ms / floor).toFixed(2)}x node`);
  const withFlag = results[2][1];
  const without = results[3][1];
  console.log(`--liftoff-only saves ${(without - withFlag).toFixed(1)} ms per one-shot request (${(without / withFlag).toFixed(2)}x)`);
}
