// A loopback server that behaves as production was seen to (api-facts.md), not as the local
// service does: log writes answer `{message}` with no log id, a value may be negative, undo answers
// 200 without saying what it removed and (as one client's notes record) leaves measured values in
// place, a log cannot be deleted by id, and statistics name their unit `{id, name, symbol}`. Its
// totals can be given in base units (seconds) to try a client against that claim. It can be
// stopped and started again on the same port, so a client's account (its outbox, its record) stays
// the same while the server is out of reach.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type net from 'node:net';

/** A habit as this server lists it. */
export interface FakeHabit {
  id: string;
  name: string;
  goal: { periodicity: 'daily'; value: number; unit: string } | null;
  customUnitName?: string;
  /** Default 2020-01-01. */
  startDate?: string;
  /**
   * Its end condition, as the spec's input; sent back with `isMet` as production does (a date
   * passed, a total or a number of completed days reached) and never a `metOn`.
   */
  endCondition?: { type: 'date'; date: string } | { type: 'totalLogValue'; totalLogValue: number } | { type: 'successPeriods'; totalPeriods: number };
}

interface Log {
  date: string;
  kind: 'value' | 'completed' | 'failed' | 'skipped';
  value: number;
  unit: string | null;
}

/** How this server differs, beyond what every production variant does. */
export interface ProductionOptions {
  /** Statistics totals in the dimension's base unit (seconds, metres…), said in `unit.symbol`. */
  baseUnits?: boolean;
  /** Undo removes values too (as the spec says): off by default, as one client saw production. */
  undoRemovesValues?: boolean;
  /** DELETE of a log by id: 404 (ids are not known) by default, or 405. */
  deleteStatus?: 404 | 405;
  /**
   * The journal lists every habit started by the date, ended or not (whether production leaves an
   * ended habit out is not recorded), with its status and progress, and statistics list every day
   * of the range from the habit's start to today. Without it the journal is empty and statistics
   * list the days with logs.
   */
  everyDay?: boolean;
}

const SECONDS: Record<string, number> = { sec: 1, min: 60, hr: 3600 };
const LITRES: Record<string, number> = { mL: 0.001, L: 1, cup: 0.2365882365 };
const BASE: Record<string, { base: string; of: Record<string, number> }> = {
  ...Object.fromEntries(Object.keys(SECONDS).map((u) => [u, { base: 'sec', of: SECONDS }])),
  ...Object.fromEntries(Object.keys(LITRES).map((u) => [u, { base: 'L', of: LITRES }])),
  rep: { base: 'rep', of: { rep: 1 } },
};
/** The server's today (the tests' clock). */
const TODAY = '2026-11-22';
const nextDay = (date: string): string => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const SYMBOLS = ['m', 'kM', 'ft', 'yd', 'mi', 'floor', 'L', 'mL', 'fl oz', 'cup', 'sec', 'min', 'hr', 'ms', 'kg', 'g', 'mg', 'oz', 'lb', 'mcg', 'J', 'kJ', 'kCal', 'cal', 'rep', 'step'];

export interface ProductionServer {
  url: string;
  /** `METHOD /path?query` of every request, in order. */
  seen: string[];
  /** The logs of a habit on a day. */
  logs(habitId: string, date: string): Log[];
  /** The day's total in the goal's unit, as the journal would show it. */
  total(habitId: string, date: string): number;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** The next `n` POSTs answer 503 and change nothing. */
  failPosts(n: number): void;
}

/** Starts the server with `habits`. */
export async function startProduction(habits: FakeHabit[], options: ProductionOptions = {}): Promise<ProductionServer> {
  const logs = new Map<string, Log[]>();
  const seen: string[] = [];
  const sockets = new Set<net.Socket>();
  let failing = 0;
  const dayLogs = (id: string, date: string): Log[] => {
    const key = `${id} ${date}`;
    let list = logs.get(key);
    if (!list) logs.set(key, (list = []));
    return list;
  };
  const inUnit = (value: number, from: string | null, to: string): number => {
    if (from === null || from === to) return value;
    const a = BASE[from];
    const b = BASE[to];
    if (!a || !b || a.base !== b.base) return 0;
    return (value * a.of[from]!) / b.of[to]!;
  };
  const total = (h: FakeHabit, date: string): number =>
    dayLogs(h.id, date).reduce((sum, l) => sum + (h.goal ? inUnit(l.value, l.unit, h.goal.unit) : l.kind === 'completed' ? 1 : 0), 0);
  const status = (h: FakeHabit, date: string): string => {
    const mark = dayLogs(h.id, date).find((l) => l.kind !== 'value');
    if (mark) return mark.kind;
    return h.goal && total(h, date) >= h.goal.value ? 'completed' : 'inprogress';
  };

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      seen.push(`${req.method} ${url.pathname}${url.search}`);
      const json = (code: number, body?: unknown) => {
        res.writeHead(code, body === undefined ? {} : { 'content-type': 'application/json' }).end(body === undefined ? undefined : JSON.stringify(body));
      };
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      if (req.method === 'POST' && failing > 0) {
        failing--;
        return json(503, { message: 'Service Unavailable' });
      }
      const start = (h: FakeHabit) => h.startDate ?? '2020-01-01';
      const loggedDays = (h: FakeHabit) => [...logs.keys()].filter((k) => k.startsWith(`${h.id} `)).map((k) => k.slice(h.id.length + 1)).sort();
      const isMet = (h: FakeHabit): boolean => {
        const end = h.endCondition;
        if (!end) return false;
        if (end.type === 'date') return TODAY >= end.date;
        if (end.type === 'totalLogValue') return loggedDays(h).reduce((sum, d) => sum + total(h, d), 0) >= end.totalLogValue;
        return loggedDays(h).filter((d) => status(h, d) === 'completed').length >= end.totalPeriods;
      };
      const wire = (h: FakeHabit) => ({
        id: h.id, name: h.name, type: 'good', isArchived: false, startDate: start(h), occurrence: { type: 'daily' },
        customUnitName: h.customUnitName ?? null,
        goals: h.goal ? [{ id: `g-${h.id}`, createdAt: '2020-01-01T00:00:00Z', isActive: true, ...h.goal }] : [],
        endCondition: h.endCondition ? { id: `e-${h.id}`, createdAt: '2020-01-01T00:00:00Z', ...h.endCondition, isMet: isMet(h) } : null,
      });
      const p = url.pathname.replace(/^\/v2/, '');
      if (req.method === 'GET' && p === '/habits') return json(200, { data: habits.map(wire), pagination: { total: habits.length, limit: 50, offset: 0 } });
      if (req.method === 'GET' && p === '/habits/journal') {
        const day = url.searchParams.get('date') ?? TODAY;
        const entries = options.everyDay ? habits.filter((h) => start(h) <= day).map((h) => ({
          id: h.id, name: h.name, status: status(h, day), colorHex: '#7B61FF', icon: null, timeOfDayIds: [], type: 'good',
          ...(h.goal ? { progress: { current: total(h, day), target: h.goal.value, unit: h.goal.unit, periodicity: 'daily' } } : {}),
        })) : [];
        return json(200, { data: entries });
      }
      const m = /^\/habits\/([^/]+)(?:\/(.*))?$/.exec(p);
      const h = m ? habits.find((x) => x.id === m[1]) : undefined;
      if (!m || !h) return json(404, { message: 'Not found' });
      const rest = m[2];
      const date = typeof body.targetDate === 'string' ? body.targetDate : TODAY;
      if (req.method === 'GET' && rest === undefined) return json(200, { data: wire(h) });
      if (req.method === 'GET' && rest === 'statistics') {
        // The logged days of the range (one day when startDate = endDate), each with its total.
        const from = url.searchParams.get('startDate') ?? TODAY;
        const to = url.searchParams.get('endDate') ?? from;
        const unit = h.goal?.unit ?? 'rep';
        const base = options.baseUnits ? BASE[unit]?.base ?? unit : unit;
        const days: string[] = [];
        if (options.everyDay) for (let d = from < start(h) ? start(h) : from; d <= to && d <= TODAY; d = nextDay(d)) days.push(d);
        const listed = (options.everyDay ? days : loggedDays(h).filter((d) => d >= from && d <= to && dayLogs(h.id, d).length > 0))
          .map((d) => ({ date: d, totalLog: inUnit(total(h, d), unit, base), status: status(h, d) }));
        const t = listed.reduce((sum, d) => sum + d.totalLog, 0);
        return json(200, {
          data: {
            id: h.id, name: h.name, type: 'good', totalLogs: t, skips: 0, fails: 0, completions: 0, periodicity: 'daily', avg: t,
            unit: { id: `u-${base}`, name: base, symbol: base }, dailyProgress: listed,
          },
        });
      }
      if (req.method === 'POST' && rest === 'logs') {
        if (typeof body.value !== 'number') return json(400, { error: 'Validation Error', message: 'value is required' });
        if (!SYMBOLS.includes(String(body.unitSymbol))) return json(422, { message: 'Unknown unit' });
        dayLogs(h.id, date).push({ date, kind: 'value', value: body.value, unit: String(body.unitSymbol) });
        return json(201, { message: 'Log created successfully' });
      }
      const mark = rest && /^logs\/(complete|failed|skipped)$/.exec(rest)?.[1];
      if (req.method === 'POST' && mark) {
        const kind = mark === 'complete' ? 'completed' : (mark as 'failed' | 'skipped');
        const list = dayLogs(h.id, date);
        if (list.some((l) => l.kind === kind)) return json(409, { message: 'Already marked' });
        list.push({ date, kind, value: kind === 'completed' && h.goal ? Math.max(0, h.goal.value - total(h, date)) : 0, unit: h.goal?.unit ?? null });
        return json(201, { message: 'Habit marked' });
      }
      if (req.method === 'POST' && rest === 'logs/undo') {
        const list = dayLogs(h.id, date);
        const keep = options.undoRemovesValues ? [] : list.filter((l) => l.kind === 'value');
        list.splice(0, list.length, ...keep);
        return json(200, { message: 'Logs undone successfully' });
      }
      if (req.method === 'DELETE' && rest?.startsWith('logs/')) return json(options.deleteStatus ?? 404, { message: 'Log not found' });
      json(404, { message: 'Not found' });
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/v2`,
    seen,
    logs: (id, date) => [...(logs.get(`${id} ${date}`) ?? [])],
    total: (id, date) => {
      const h = habits.find((x) => x.id === id);
      return h ? Math.round(total(h, date) * 1e9) / 1e9 : 0;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
    start: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    failPosts: (n) => {
      failing = n;
    },
  };
}
