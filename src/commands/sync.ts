// `habits sync [--confirm N]... [--drop N]... [--list]`: sends the marks and values waiting in the
// outbox, in order, each once. A value whose first try may have reached the server is held: it is
// sent only with --confirm N (or a yes on a terminal), and forgotten with --drop N.
import type { Command } from 'commander';
import { describeError } from '../describe-error.js';
import { CliError, FailureError, NotFoundError, QueuedError, UsageError } from '../errors.js';
import { countOf } from '../api/answers.js';
import { deliver, describeQueued, signed, type QueuedWrite } from '../record/index.js';
import { formatTimestamp } from '../output/time.js';
import { examples, type App } from './shared/app.js';
import type { Deps } from './shared/deps.js';
import { markStale, statusFile } from '../resolve/status-cache.js';

/** What `sync` was asked to do. */
export interface SyncOptions {
  confirm: number[];
  drop: number[];
  list: boolean;
}

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

/** Registers the options and action of `sync`. */
export function register(cmd: Command, app: App): void {
  cmd
    .option('--confirm <n>', 'send the held write [n] (repeatable): check first that the server does not have it', collect)
    .option('--drop <n>', 'forget the write [n] without sending it (repeatable)', collect)
    .option('--list', 'list what waits in the outbox, send nothing')
    .addHelpText('after', examples([
      ['habits sync', 'send what waits, in order'],
      ['habits sync --list'],
      ['habits sync --confirm 2', 'send the held write [2]'],
      ['habits sync --drop 2', 'the server had it already: forget it'],
    ]) + `\n\nA mark or a value that cannot reach the server (no answer, a 5xx, a 429 after the retries) is
kept in the outbox and the command exits 6; every later command sends it first, for at most
1.5 s. A value that may have reached the server (a timeout after sending, a reset, a 5xx) is
held: it is never sent twice silently. --no-queue or HABITS_NO_QUEUE=1 fail at once instead.`)
    .action((opts: { confirm?: string[]; drop?: string[]; list?: boolean }, command: Command) => {
      const options = parse(opts);
      // Sync sends the outbox itself, with its own confirmations and report.
      return app.run(command, (ctx) => run(options, ctx), { outboxFirst: false });
    });
}

function number(raw: string, flag: string): number {
  const n = /^\[?(\d+)\]?$/.exec(raw.trim())?.[1];
  if (!n || Number(n) < 1) throw new UsageError(`${flag}: "${raw}" is not the number of a write in the outbox (see \`habits sync --list\`)`);
  return Number(n);
}

/** Checks the flags before anything is read. */
export function parse(opts: { confirm?: string[]; drop?: string[]; list?: boolean }): SyncOptions {
  const confirm = (opts.confirm ?? []).map((c) => number(c, '--confirm'));
  const drop = (opts.drop ?? []).map((d) => number(d, '--drop'));
  const both = confirm.find((n) => drop.includes(n));
  if (both !== undefined) throw new UsageError(`[${both}] cannot be both confirmed and dropped`);
  if (opts.list && (confirm.length || drop.length)) throw new UsageError('--list sends and drops nothing: leave out --confirm and --drop');
  return { confirm, drop, list: !!opts.list };
}

const state = (w: QueuedWrite): string => (w.held ? 'held' : w.plannedOff ? 'planned' : 'waiting');

/** Sends the outbox (or lists it), and says what became of each write. */
export async function run(options: SyncOptions, deps: Pick<Deps, 'out' | 'api' | 'writes' | 'prompter' | 'settings' | 'today'> & Partial<Pick<Deps, 'now' | 'scope' | 'paths'>>): Promise<void> {
  const { out } = deps;
  const { outbox } = deps.writes();
  const known = outbox.exists() ? outbox.pending() : [];
  for (const n of [...options.confirm, ...options.drop]) {
    if (!known.some((w) => w.n === n)) throw new NotFoundError(`nothing waits in the outbox as [${n}]`, 'see `habits sync --list`');
  }
  if (options.list) {
    if (known.length === 0) return out.empty([], 'The outbox is empty.');
    return out.render({
      json: known,
      plain: () => out.table({ head: ['N', 'STATE', 'WRITE', 'QUEUED', 'WHY'], rows: known.map((w) => [String(w.n), state(w), describeQueued(w), w.at, w.why]) }),
      // People read when in their zone; the pipe keeps the ISO instant.
      tty: () => out.table({ head: ['N', 'STATE', 'WRITE', 'QUEUED', 'WHY'], rows: known.map((w) => [`[${w.n}]`, state(w), describeQueued(w), formatTimestamp(w.at, deps.settings.timezone.value), w.why]) }),
    });
  }
  if (known.length === 0) {
    // An answer to an action, not an empty listing: said in a pipe too.
    await out.result({ sent: [], already: [], dropped: [], held: [], planned: [], leftAlone: [], left: 0 }, () => '');
    return out.item('Nothing waits in the outbox.');
  }
  const api = await deps.api();
  const confirmed = new Set(options.confirm);
  const attempt = await outbox.locked(async () => {
    for (const w of known.filter((k) => options.drop.includes(k.n))) {
      outbox.note('drop', w.id, { why: 'dropped by the user' });
      out.item(`Dropped [${w.n}] ${describeQueued(w)}; it was not sent`);
    }
    return deliver(outbox, api, {
      today: deps.today(),
      confirm: async (w) => {
        if (confirmed.has(w.n)) return true;
        if (!deps.prompter.available) return false;
        return deps.prompter.confirm({ message: `[${w.n}] ${describeQueued(w)} may already be on the server (${w.why}). Send it anyway?`, default: false });
      },
    });
  });
  if ('busy' in attempt) {
    const { file, holder } = attempt.busy;
    throw new FailureError(
      `another habits command${holder.pid ? ` (pid ${holder.pid})` : ''} is sending the outbox: ${file} is its lock`,
      'failure',
      `run \`habits sync\` again when it is done; if no habits command is running, remove ${file}`,
    );
  }
  const delivery = attempt.done;
  // The status line did not follow these when they were queued: marked stale if one is today's.
  const scope = deps.scope?.();
  if (scope && deps.paths && deps.now && delivery.sent.some((s) => (s.write.body as { targetDate?: unknown } | undefined)?.targetDate === deps.today())) {
    markStale(statusFile(deps.paths.cacheDir, scope), deps.now().getTime(), deps.today());
  }
  for (const s of delivery.sent) {
    // A set is sent as the difference from the day's total found then (none: nothing was sent).
    if (s.unchanged) out.item(`Sent [${s.write.n}] ${describeQueued(s.write)}: the day already showed it, nothing sent`);
    else out.item(`Sent [${s.write.n}] ${describeQueued(s.write)}${s.value === undefined ? '' : ` as ${signed(s.value)}`} (HTTP ${s.status}${s.logId ? `, log id:${s.logId}` : ''})`);
  }
  for (const w of delivery.already) out.item(`[${w.n}] ${describeQueued(w)} was already on the server`);
  for (const { write, status } of delivery.leftAlone) {
    out.item(`Left [${write.n}] ${describeQueued(write)} alone: the day already holds ${status === 'value' ? 'a value' : `a ${status} mark`} (planned time off)`);
  }
  for (const w of delivery.planned) out.item(`[${w.n}] ${describeQueued(w)} waits for its day (planned time off)`);
  for (const { write, error } of delivery.dropped) {
    out.item(`error: the server refused [${write.n}] ${describeQueued(write)}; it was dropped from the outbox: ${describeError(error).message}`, true);
  }
  for (const w of delivery.held) {
    const date = (w.body as { targetDate?: string }).targetDate;
    out.item(`Held [${w.n}] ${describeQueued(w)}: the server may have it (${w.why})`, true);
    out.item(`  hint: check with \`habits journal${date ? ` --date ${date}` : ''}\`; then \`habits sync --confirm ${w.n}\` sends it, \`habits sync --drop ${w.n}\` forgets it`, true);
  }
  await out.render({
    json: {
      sent: delivery.sent.map((s) => ({ n: s.write.n, status: s.status, ...(s.logId ? { logId: s.logId } : {}), ...(s.value === undefined ? {} : { value: s.value }) })),
      already: delivery.already.map((w) => w.n),
      dropped: delivery.dropped.map(({ write, error }) => ({ n: write.n, error: { code: describeError(error).code, message: describeError(error).message } })),
      held: delivery.held.map((w) => w.n),
      planned: delivery.planned.map((w) => w.n),
      leftAlone: delivery.leftAlone.map(({ write }) => write.n),
      left: delivery.left,
    },
    plain: () => '',
    tty: () => '',
  });
  const first = delivery.dropped[0];
  if (first) {
    const d = describeError(first.error);
    throw new CliError(`${countOf(delivery.dropped.length, 'queued write')} refused by the server and dropped`, d.exitCode, d.code);
  }
  if (delivery.stopped !== undefined) {
    throw new QueuedError(`${countOf(delivery.left, 'write')} still in the outbox: ${describeError(delivery.stopped).message}`, 'run `habits sync` again later; every command also tries first');
  }
  // Time off planned for a day to come waits as it should: not a failure.
  const waiting = delivery.left - delivery.planned.length;
  if (waiting > 0) throw new QueuedError(`${countOf(waiting, 'write')} held in the outbox`);
}
