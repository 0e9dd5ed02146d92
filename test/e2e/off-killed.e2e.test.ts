// Issue 32, item 4: `habits off` killed with SIGKILL between a skip the service wrote and the line
// that records it. The built CLI (a real process) against the real service; each kill lands at a
// seeded skip as the service has stored it and before the CLI reads the answer. `off rm` must then
// undo every skip of the range, the unrecorded ones too, and `off` run again must count them as
// its own rather than leave them alone as a stranger's.
import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../src/model/dates.js';
import { offRangeId } from '../../src/record/off.js';
import { type RecordedRequest, type Store, createServer, openStore } from '../../src/server/index.js';
import { BIN, ROOT, tempHome } from '../helpers/cli.js';
import { client } from '../helpers/service.js';
import { seeded } from '../helpers/seeded.js';


describe('habits off killed between a skip and its record', () => {
  const home = tempHome();
  let store: Store;
  let url = '';
  const apiKey = 'hb_killed_off_test_key_0123456789abc';
  let close: () => Promise<void> = async () => {};
  let child: ChildProcess | undefined;
  let killAt = 0;
  let skips = 0;
  const killed: string[] = [];
  const today = new Date().toISOString().slice(0, 10);
  const from = addDays(today, -20);
  const to = addDays(today, -1);
  const id = offRangeId(from, to, undefined);

  beforeAll(async () => {
    store = await openStore(':memory:');
    const onRequest = (rec: RecordedRequest): void => {
      if (rec.method !== 'POST' || !rec.path.endsWith('/logs/skipped') || rec.status !== 201) return;
      // The skip is stored; its answer is not yet sent.
      if (++skips === killAt && child?.pid) {
        killed.push(JSON.stringify(rec.body));
        child.kill('SIGKILL');
      }
    };
    const listening = await createServer({ db: store, apiKey, timezone: 'UTC', rateLimit: false, authFailureLimit: false, onRequest }).listen();
    url = listening.url;
    close = async () => {
      await listening.close();
      store.close();
    };
  });
  afterAll(async () => {
    await close();
    home.cleanup();
  });

  function habits(args: string[], k = 0): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }> {
    killAt = k;
    skips = 0;
    return new Promise((resolve, reject) => {
      const proc = spawn(process.execPath, [BIN, ...args], { env: { ...home.env, HABITS_BASE_URL: url, HABITS_API_KEY: apiKey }, cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
      child = proc;
      let stdout = '';
      let stderr = '';
      proc.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
      proc.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      const timer = setTimeout(() => proc.kill('SIGKILL'), 60_000);
      proc.on('error', reject);
      proc.on('close', (code, signal) => {
        clearTimeout(timer);
        resolve({ code, signal, stdout, stderr });
      });
    });
  }

  const skipsStored = (): number => (store.db.prepare("SELECT COUNT(*) AS n FROM logs WHERE kind = 'skipped'").get() as { n: number }).n;

  it('off killed at a seeded skip, then off rm: every skip of the range is gone; again with a re-run of off between', async () => {
    const call = client({ url, apiKey });
    for (const name of ['Walk', 'Read']) expect((await call('POST', '/habits', { name, type: 'good', startDate: addDays(today, -60) })).status).toBe(201);
    const random = seeded(3207);
    for (const rerun of [false, true]) {
      const k = 3 + Math.floor(random() * 30);
      const cut = await habits(['off', '--from', from, '--to', to], k);
      expect(cut.signal, cut.stderr).toBe('SIGKILL');
      // Up to 4 skips are in flight at once: those sent before the kill may land after it.
      const landed = skipsStored();
      expect(landed).toBeGreaterThanOrEqual(k);
      expect(landed).toBeLessThanOrEqual(k + 3);
      if (rerun) {
        // Run to the end: the skip whose answer was never recorded is its own ("already off"), not left alone.
        const again = await habits(['off', '--from', from, '--to', to]);
        expect([again.code, again.stderr.split('\n')[0]]).toEqual([0, expect.stringContaining(`Time off ${id}`)]);
        expect(again.stdout).not.toContain('left alone');
        expect(again.stdout).toContain('already off');
        expect(skipsStored()).toBe(40);
      }
      const rm = await habits(['off', 'rm', id]);
      expect([rm.code, rm.stderr], rm.stdout).toEqual([0, `Time off ${id} (${from}..${to}): ${rerun ? 40 : landed} marks undone\n`]);
      expect(rm.stdout).not.toContain('left alone');
      expect(skipsStored(), `killed after ${killed.join(', ')}`).toBe(0);
      // Nothing of the range is left to list.
      expect((await habits(['off', 'ls', '--json'])).stdout).toBe('[]\n');
    }
  }, 180_000);
});
