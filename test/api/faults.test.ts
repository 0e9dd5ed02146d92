// The faulty-server matrix (issue 11): real commands through main() against a loopback server that
// misbehaves on one route. Each case checks what the user sees (exit code, one error line, an
// optional hint and warnings, never a stack trace or the key) and how many times the server
// received each write: at most once, except after a 429. Retries do not wait (sleep is stubbed).
import type http from 'node:http';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../helpers/cli.js';
import { KEY, startServer, type TestServer } from '../helpers/mock-agent.js';

/** What the server does with one request; `true` when it answered (or chose not to). */
type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

const WALK = {
  id: 'h1', name: 'Walk', type: 'good', occurrence: { type: 'daily' }, startDate: '2026-11-01', isArchived: false,
  goal: { value: 30, unit: 'min', periodicity: 'daily' }, areas: [], timeOfDays: [],
};
const ENTRY = { id: 'h1', name: 'Walk', status: 'inprogress', colorHex: '#112233', icon: null, timeOfDayIds: [], type: 'good' };

function json(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

const normal: Record<string, Handler> = {
  'GET /v2/habits': (req, res) => {
    const archived = new URL(req.url ?? '/', 'http://x').searchParams.get('archived') === 'true';
    const data = archived ? [] : [WALK];
    json(res, 200, { data, pagination: { total: data.length, limit: 100, offset: 0 } });
  },
  'GET /v2/habits/h1': (_req, res) => json(res, 200, { data: WALK }),
  'GET /v2/habits/journal': (_req, res) => json(res, 200, { data: [ENTRY] }),
  'POST /v2/habits/h1/logs': (_req, res) => json(res, 201, { message: 'Log added', logId: 'l1' }),
  'POST /v2/habits/h1/logs/complete': (_req, res) => json(res, 201, { message: 'Habit marked as completed' }),
  'POST /v2/habits': (_req, res) => json(res, 201, { ...WALK, id: 'h2', name: 'Run' }),
};

// Faults, each a Handler.
const status = (code: number, body: string, type = 'text/html', headers: Record<string, string> = {}): Handler => (_req, res) => {
  res.writeHead(code, { 'content-type': type, ...headers });
  res.end(body);
};
const tooMany = (retryAfter?: string): Handler =>
  status(429, '{"error":"Too Many Requests"}', 'application/json', retryAfter ? { 'retry-after': retryAfter } : {});
const resetBeforeHeaders: Handler = (req) => req.socket.destroy();
const resetAfterHeaders = (code: number): Handler => (req, res) => {
  res.writeHead(code, { 'content-type': 'application/json', 'content-length': '200' });
  res.write('{"data": [', () => req.socket.destroy());
};
const noAnswer: Handler = () => {};
/** A byte every 100 ms for 30 s: faster than any inactivity timer, far longer than the test. */
const drip = (code: number): Handler => (_req, res) => {
  res.writeHead(code, { 'content-type': 'application/json' });
  let left = 300;
  const timer = setInterval(() => (--left > 0 ? res.write(' ') : (clearInterval(timer), res.end('{}'))), 100);
  res.on('close', () => {
    clearInterval(timer);
    if (left > 0) dripsCut++;
  });
};
const redirect: Handler = status(302, '', 'text/plain', { location: 'https://elsewhere.example/v2/habits' });
const endlessPages: Handler = (req, res) => {
  const offset = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('offset'));
  const data = Array.from({ length: 100 }, (_, i) => ({ id: `e${offset + i}`, name: `Endless ${offset + i}` }));
  json(res, 200, { data, pagination: { total: 1e9, limit: 100, offset } });
};

let server: TestServer;
let home: ReturnType<typeof tempHome>;
/** Per route, the faults still to inject (the last one repeats when `forever`). */
let plan = new Map<string, { handlers: Handler[]; forever: boolean }>();
let injected = 0;
let cases = 0;
let dripsCut = 0;
const sleeps: number[] = [];

beforeEach(async () => {
  home = tempHome();
  plan = new Map();
  sleeps.length = 0;
  server = await startServer((req, res) => {
    const key = `${req.method ?? ''} ${new URL(req.url ?? '/', 'http://x').pathname}`;
    const p = plan.get(key);
    const fault = p && (p.forever ? p.handlers[0] : p.handlers.shift());
    if (fault) {
      injected++;
      return fault(req, res);
    }
    const handler = normal[key];
    if (handler) return handler(req, res);
    json(res, 404, { error: 'Not Found', message: 'no such route' });
  });
});

afterEach(async () => {
  await server.close();
  home.cleanup();
});

afterAll(() => {
  console.log(`faulty-server matrix: ${cases} cases, ${injected} faults injected`);
});

/** Injects `handlers` on `route` (`POST /v2/habits`), one per request; with `forever`, on every request. */
function inject(route: string, handlers: Handler[], forever = false): void {
  plan.set(route, { handlers, forever });
}

async function run(argv: string[]) {
  cases++;
  const r = await runCli(argv, {
    // Fail-fast, as before the outbox: these cases are about what the client does with each fault
    // (test/record/outbox.test.ts has the same faults queued).
    env: { ...home.env, HABITS_API_KEY: KEY, HABITS_BASE_URL: `${server.url}/v2`, HABITS_NO_QUEUE: '1' },
    sleep: async (ms) => {
      sleeps.push(ms);
    },
  });
  const all = r.stdout + r.stderr;
  expect(all).not.toContain(KEY);
  expect(all).not.toMatch(/unexpected error|report it|TypeError|Cannot read properties|\n\s+at /);
  const lines = r.stderr.split('\n').filter(Boolean);
  const errors = lines.filter((l) => l.startsWith('error: '));
  // Every stderr line is an error (one at most), its hint, a warning or a confirmation.
  expect(errors.length).toBeLessThanOrEqual(1);
  return { ...r, error: errors[0]?.slice('error: '.length), hint: lines.find((l) => l.startsWith('hint: '))?.slice(6), warnings: lines.filter((l) => l.startsWith('warning: ')) };
}

/** How many times the server received `method path`. */
const received = (method: string, path: string) => server.seen.filter((s) => s.method === method && s.path === path).length;

const LOGS = '/v2/habits/h1/logs';
const COMPLETE = '/v2/habits/h1/logs/complete';
const CHECK_DAY = 'check with `habits journal --date 2026-11-22` before running it again: a second run may record it twice';

describe('429: retried for every method, writes included, since the server did not act', () => {
  it('with Retry-After: waits what it says, then the log is added once', async () => {
    inject(`POST ${LOGS}`, [tooMany('2')]);
    const r = await run(['log', 'add', 'Walk', '5']);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('Logged 5 min to "Walk" for 2026-11-22');
    expect(received('POST', LOGS)).toBe(2);
    expect(sleeps).toEqual([2000]);
  });

  it('without Retry-After: backs off, then the mark succeeds', async () => {
    inject(`POST ${COMPLETE}`, [tooMany(), tooMany()]);
    const r = await run(['log', 'done', 'Walk']);
    expect(r.code).toBe(0);
    expect(received('POST', COMPLETE)).toBe(3);
    expect(sleeps).toHaveLength(2);
  });

  it('429 forever: exit 5 after the retries', async () => {
    inject(`POST ${COMPLETE}`, [tooMany('1')], true);
    const r = await run(['log', 'done', 'Walk']);
    expect(r.code).toBe(5);
    expect(r.error).toBe('rate limited by the server (HTTP 429) after retries; the server asks to wait 1 s');
    expect(received('POST', COMPLETE)).toBe(4);
  });

  it('a Retry-After beyond 60 s: exit 5 at once, the write sent once', async () => {
    inject(`POST /v2/habits`, [tooMany('3600')], true);
    const r = await run(['habit', 'add', 'Run']);
    expect(r.code).toBe(5);
    expect(received('POST', '/v2/habits')).toBe(1);
    expect(sleeps).toEqual([]);
  });
});

describe('5xx: a write is never retried, and the user learns it may have been recorded', () => {
  it('500 with an HTML page on log add', async () => {
    inject(`POST ${LOGS}`, [status(500, '<html><body>Internal error</body></html>')], true);
    const r = await run(['log', 'add', 'Walk', '5']);
    expect(r.code).toBe(1);
    expect(r.error).toBe(`server error 500: Internal Server Error (POST /habits/h1/logs); the server may have recorded it`);
    expect(r.hint).toBe(CHECK_DAY);
    expect(received('POST', LOGS)).toBe(1);
  });

  it('502 with an empty body on habit add: check with habit ls', async () => {
    inject('POST /v2/habits', [status(502, '')], true);
    const r = await run(['habit', 'add', 'Run']);
    expect(r.code).toBe(1);
    expect(r.error).toBe('server error 502: Bad Gateway (POST /habits); the server may have recorded it');
    expect(r.hint).toBe('check with `habits habit ls` before running it again: a second run may record it twice');
    expect(received('POST', '/v2/habits')).toBe(1);
  });

  it('503 with a truncated JSON body on a read: retried, then exit 1', async () => {
    inject('GET /v2/habits/journal', [status(503, '{"error": "Serv', 'application/json')], true);
    const r = await run(['journal']);
    expect(r.code).toBe(1);
    expect(r.error).toBe('server error 503: Service Unavailable (GET /habits/journal)');
    expect(received('GET', '/v2/habits/journal')).toBe(4);
  });

  it('500 once on a mark: not retried, the day to check is named', async () => {
    inject(`POST ${COMPLETE}`, [status(500, '{"error":"Internal server error"}', 'application/json')]);
    const r = await run(['log', 'done', 'Walk']);
    expect(r.code).toBe(1);
    expect(r.error).toMatch(/^server error 500: Internal server error \(POST \/habits\/h1\/logs\/complete\); the server may have recorded it$/);
    expect(r.hint).toBe(CHECK_DAY);
    expect(received('POST', COMPLETE)).toBe(1);
  });
});

describe('connections that break', () => {
  it('reset before the headers on log done: sent once, outcome unknown', async () => {
    inject(`POST ${COMPLETE}`, [resetBeforeHeaders], true);
    const r = await run(['log', 'done', 'Walk']);
    expect(r.code).toBe(1);
    expect(r.error).toMatch(/^the connection to 127\.0\.0\.1:\d+ closed before the answer was complete \(POST \/habits\/h1\/logs\/complete\); the server may have recorded it$/);
    expect(r.hint).toBe(CHECK_DAY);
    expect(received('POST', COMPLETE)).toBe(1);
  });

  it('reset after the 201 headers on log add: accepted, so exit 0 with a warning', async () => {
    inject(`POST ${LOGS}`, [resetAfterHeaders(201)], true);
    const r = await run(['log', 'add', 'Walk', '5']);
    expect(r.code).toBe(0);
    expect(r.warnings).toEqual([
      expect.stringMatching(/^warning: the server accepted POST \/habits\/h1\/logs \(HTTP 201\), but its answer could not be read: /),
    ]);
    expect(r.stderr).toContain('Logged 5 min to "Walk" for 2026-11-22');
    expect(received('POST', LOGS)).toBe(1);
  });

  it('reset after the 200 headers on a read: retried, then exit 1', async () => {
    inject('GET /v2/habits', [resetAfterHeaders(200)], true);
    const r = await run(['habit', 'ls']);
    expect(r.code).toBe(1);
    expect(r.error).toMatch(/^the connection to 127\.0\.0\.1:\d+ closed before the answer was complete \(GET \/habits\)$/);
    expect(received('GET', '/v2/habits')).toBe(4);
  });

  it('no answer on habit add: the timeout ends it, named, and the write is sent once', async () => {
    inject('POST /v2/habits', [noAnswer], true);
    const r = await run(['habit', 'add', 'Run', '--timeout', '300ms']);
    expect(r.code).toBe(1);
    expect(r.error).toMatch(/^no answer from 127\.0\.0\.1:\d+ within 300 ms \(POST \/habits\); the server may have recorded it$/);
    expect(r.hint).toBe('check with `habits habit ls` before running it again: a second run may record it twice');
    expect(received('POST', '/v2/habits')).toBe(1);
  });

  it('a body dripping a byte every 100 ms for 30 s: --timeout 300ms ends the read, and the server sees it cut', async () => {
    inject('GET /v2/habits/journal', [drip(200)], true);
    const cutBefore = dripsCut;
    const r = await run(['journal', '--timeout', '300ms']);
    expect(r.code).toBe(1);
    expect(r.error).toMatch(/^the answer from 127\.0\.0\.1:\d+ did not finish within 300 ms \(GET \/habits\/journal\)$/);
    expect(r.hint).toBe('raise the limit with --timeout or HABITS_TIMEOUT');
    // Not retried: a timeout spent the user's whole budget.
    expect(received('GET', '/v2/habits/journal')).toBe(1);
    await server.close();
    expect(dripsCut).toBe(cutBefore + 1);
  }, 5_000);

  it('a 201 whose body drips: accepted, exit 0 with a warning, sent once', async () => {
    inject(`POST ${COMPLETE}`, [drip(201)], true);
    const r = await run(['log', 'done', 'Walk', '--timeout', '300ms']);
    expect(r.code).toBe(0);
    expect(r.warnings).toEqual([
      expect.stringMatching(/^warning: the server accepted POST \/habits\/h1\/logs\/complete \(HTTP 201\), but its answer could not be read: the answer from 127\.0\.0\.1:\d+ did not finish within 300 ms$/),
    ]);
    expect(received('POST', COMPLETE)).toBe(1);
  }, 5_000);
});

describe('answers that are not what the API sends', () => {
  it('a redirect to another host is not followed: exit 1, the write sent once', async () => {
    inject(`POST ${COMPLETE}`, [redirect], true);
    const r = await run(['log', 'done', 'Walk']);
    expect(r.code).toBe(1);
    expect(r.error).toBe('HTTP 302: the server redirected to https://elsewhere.example/v2/habits; set the base URL to the new address (POST /habits/h1/logs/complete)');
    expect(received('POST', COMPLETE)).toBe(1);
  });

  it('invalid JSON in a 200 on the journal: exit 1, no parser error', async () => {
    inject('GET /v2/habits/journal', [status(200, '{"data": [{"id": "h1",', 'application/json')], true);
    const r = await run(['journal']);
    expect(r.code).toBe(1);
    expect(r.error).toBe("the server's answer could not be used: the server's answer was not JSON (content type application/json) (GET /habits/journal)");
  });

  it('a 200 of the wrong shape on the journal: exit 1, not an empty day', async () => {
    inject('GET /v2/habits/journal', [status(200, '{"data": {"entries": []}}', 'application/json')], true);
    const r = await run(['journal']);
    expect(r.code).toBe(1);
    expect(r.error).toBe("the server's answer could not be used: unexpected answer: expected a list of journal entries (GET /habits/journal)");
  });

  it('a 200 of the wrong shape on habit ls: exit 1', async () => {
    inject('GET /v2/habits', [status(200, '{"habits": []}', 'application/json')], true);
    const r = await run(['habit', 'ls']);
    expect(r.code).toBe(1);
    expect(r.error).toBe("the server's answer could not be used: unexpected answer: expected a list (GET /habits)");
  });

  it('a 201 whose body is not a habit on habit add: accepted, exit 0 with a warning', async () => {
    inject('POST /v2/habits', [status(201, '{"message": "created"}', 'application/json')], true);
    const r = await run(['habit', 'add', 'Run']);
    expect(r.code).toBe(0);
    expect(r.warnings).toEqual(['warning: the server accepted POST /habits (HTTP 201), but its answer could not be read: expected a habit with an id and a name']);
    expect(r.stderr).toContain('Created habit "Run"; see it with `habits habit ls`');
    expect(received('POST', '/v2/habits')).toBe(1);
  });

  it('the same with --json: stdout is {"ok":true}', async () => {
    inject('POST /v2/habits', [status(201, '{"message": "created"', 'application/json')], true);
    const r = await run(['habit', 'add', 'Run', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ ok: true });
    expect(r.warnings).toHaveLength(1);
  });

  it('endless pages: name lookup stops after 100 pages with a clear error', async () => {
    inject('GET /v2/habits', [endlessPages], true);
    const r = await run(['log', 'done', 'Walk']);
    expect(r.code).toBe(1);
    expect(r.error).toBe("the server's list of habits does not end: stopped after 100 pages and 10000 items (GET /habits)");
    expect(received('GET', '/v2/habits')).toBe(100);
    expect(received('POST', COMPLETE)).toBe(0);
   }, 5_000);
});

describe('odd items are skipped with one warning, never a crash', () => {
  const odd = [WALK, { id: 'x1' }, { id: null, name: 'Null id' }, { id: 'x2', name: 42 }, 7, null, { id: 'x3', name: 'Bad lists', areas: 'none', goals: 5 }];

  it('habit ls', async () => {
    inject('GET /v2/habits', [(_req, res) => json(res, 200, { data: odd, pagination: { total: odd.length, limit: 100, offset: 0 } })], true);
    const r = await run(['habit', 'ls']);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n').filter(Boolean).map((l) => l.split('\t')[0]).sort()).toEqual(['h1', 'x3']);
    expect(r.warnings).toEqual(['warning: skipped 5 habits the server sent without a usable id or name (GET /habits)']);
  });

  it('log done by a name only an unusable item has: not found (exit 3), after one warning', async () => {
    inject('GET /v2/habits', [(_req, res) => json(res, 200, { data: odd, pagination: { total: odd.length, limit: 100, offset: 0 } })], true);
    const r = await run(['log', 'done', 'Null']);
    expect(r.code).toBe(3);
    expect(r.error).toBe('no habit matches "Null"');
    expect(r.warnings).toEqual(['warning: skipped 5 habits the server sent without a usable id or name (GET /habits)']);
    // The warning comes first: the error (and its hint) is the last thing said.
    expect(r.stderr.split('\n').slice(0, 2)).toEqual(['warning: skipped 5 habits the server sent without a usable id or name (GET /habits)', 'error: no habit matches "Null"']);
    expect(received('POST', COMPLETE)).toBe(0);
  });

  it('journal', async () => {
    const entries = [ENTRY, { id: 'x1' }, { id: 'x2', name: 3, status: 'completed' }, { id: 'x3', name: 'Odd', status: 5 }, 'text', { ...ENTRY, id: 'h9', name: 'Fine', progress: 'half' }];
    inject('GET /v2/habits/journal', [(_req, res) => json(res, 200, { data: entries })], true);
    const r = await run(['journal']);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n').filter(Boolean).map((l) => l.split('\t')[1]).sort()).toEqual(['Fine', 'Walk']);
    expect(r.warnings).toEqual(['warning: skipped 4 journal entries the server sent without a usable id or name (GET /habits/journal)']);
  });

  it('a habit without a name from GET /habits/{id}: exit 1, one line', async () => {
    inject('GET /v2/habits/h1', [(_req, res) => json(res, 200, { data: { id: 'h1', name: null } })], true);
    const r = await run(['habit', 'show', 'id:h1']);
    expect(r.code).toBe(1);
    expect(r.error).toBe("the server's answer could not be used: unexpected answer: expected a habit with an id and a name (GET /habits/h1)");
  });
});
