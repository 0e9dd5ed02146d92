// `habits undo [--yes]`: reverts the last mark or value this machine wrote, after saying what it
// will do: a value by deleting its log (`log rm`), a mark by clearing its day (`log undo`), a write
// still waiting in the outbox by dropping it. It reads the record of writes, so it knows only what
// this machine sent; a second undo reverts the write before.
import type { Command } from 'commander';
import { ApiError } from '../api/errors.js';
import type { Api } from '../api/routes.js';
import type { LogValueBody } from '../api/types.js';
import { describeError } from '../describe-error.js';
import { checkedWrite, FailureError } from '../errors.js';
import { formatAmount } from '../output/format.js';
import { formatTimestamp } from '../output/time.js';
import { displayUnit } from '../model/units.js';
import { escapeControls } from '../model/text.js';
import { describeQueued, signed, type LiveLog } from '../record/index.js';
import type { Named } from '../resolve/index.js';
import { examples, type App } from './shared/app.js';
import { confirmDestructive, requireConfirmable } from './shared/confirm.js';
import type { Deps } from './shared/deps.js';
import { readBack } from './shared/log-writes.js';

/** Registers the options and action of `undo`. */
export function register(cmd: Command, app: App): void {
  cmd
    .option('-y, --yes', 'revert without asking (needed when not on a terminal)')
    .addHelpText('after', examples([
      ['habits undo', 'shows what it will revert, and asks'],
      ['habits undo --yes', 'in scripts'],
    ]) + `\n\nA value is reverted by deleting its log (habits log rm), or, on a server that gives no log id
or cannot delete one, by logging its opposite (-3 for 3); a mark by clearing its day (habits log
undo), which also clears any value logged on that day. When the server does not say what its undo
removed, the day is read back and what it still shows is said. A write still waiting in the outbox
is dropped from it, unsent.`)
    .action((opts: { yes?: boolean }, command: Command) => app.run(command, (ctx) => run({ yes: !!opts.yes }, ctx)));
}

const WORDS: Record<LiveLog['type'], string> = { value: 'value', completed: 'completed mark', failed: 'failed mark', skipped: 'skipped mark' };

/** Reverts the last write, after confirming. */
export async function run(options: { yes: boolean }, deps: Pick<Deps, 'out' | 'api' | 'resolver' | 'prompter' | 'writes' | 'today' | 'settings'>): Promise<void> {
  const { record, outbox } = deps.writes();
  const live = record.liveLogs();
  const last = live[live.length - 1];
  const queued = outbox.exists() ? outbox.pending().filter((w) => !w.held) : [];
  const lastQueued = queued[queued.length - 1];
  if (lastQueued && (!last || lastQueued.at >= last.write.at)) {
    const what = describeQueued(lastQueued);
    await confirmDestructive(deps, options.yes, `drop [${lastQueued.n}] ${what} from the outbox`, 'It was never sent.');
    outbox.note('drop', lastQueued.id, { why: 'undone' });
    outbox.tidy();
    deps.out.info(`Reverted: dropped [${lastQueued.n}] ${what} from the outbox, unsent`);
    return;
  }
  if (!last) {
    // An answer to an action, not an empty listing: said in a pipe too.
    await deps.out.result({ ok: true, reverted: null }, () => '');
    return deps.out.item('Nothing to undo: this machine has written no mark or value that is still there.');
  }
  const cached = (await deps.resolver.nameCache()).get('habits', Number.POSITIVE_INFINITY)?.items ?? [];
  const name = `"${escapeControls(cached.find((h) => h.id === last.habitId)?.name ?? last.habitId)}"`;
  const body = last.write.body as { value?: unknown; unitSymbol?: unknown };
  const amount = last.type === 'value' && typeof body.value === 'number' ? ` of ${formatAmount(body.value, body.unitSymbol)}` : '';
  // When it was written, in the user's zone as every time a person reads (--json keeps ISO).
  const what = `the ${WORDS[last.type]}${amount} on ${name} for ${last.date}, written ${formatTimestamp(last.write.at, deps.settings.timezone.value)}`;
  // Refused before any request without a way to confirm, saying what it would have reverted.
  requireConfirmable(deps, options.yes, `revert ${what}`);
  const api = await deps.api();
  const habit: Named = { id: last.habitId, name: cached.find((h) => h.id === last.habitId)?.name ?? last.habitId, ...withFacts(cached, last.habitId) };
  if (last.type === 'value') {
    const value = typeof body.value === 'number' ? body.value : undefined;
    if (last.logId) {
      await confirmDestructive(deps, options.yes, `revert ${what}`, `This deletes log ${last.logId} (habits log rm).`);
      try {
        const result = await api.request('DELETE /habits/{habitId}/logs/{logId}', { params: { habitId: last.habitId, logId: last.logId } });
        await deps.out.result(result, () => '');
        deps.out.info(`Reverted ${what}: deleted log ${last.logId}`);
        return;
      } catch (err) {
        // A server that cannot delete a log by id: the opposite value takes it back.
        if (!cannotDelete(err) || value === undefined) throw err;
        return revertByOpposite(deps, api, last, value, body.unitSymbol, what, `this server cannot delete log ${last.logId} (${describeError(err).message})`);
      }
    }
    if (value === undefined) {
      throw new FailureError(`the server did not answer a log id for ${what}, so it cannot be deleted alone`, 'failure', `\`habits log undo id:${last.habitId} --date ${last.date}\` clears that day`);
    }
    await confirmDestructive(deps, options.yes, `revert ${what}`, `The server gave no log id to delete it by: this logs ${signed(-value)} on ${last.date} instead.`);
    return revertByOpposite(deps, api, last, value, body.unitSymbol, what, 'the server gave no log id to delete it by');
  }
  // The values of that day go too: named, as log undo names them (those this machine wrote).
  const values = live.filter((l) => l.habitId === last.habitId && l.date === last.date && l.type === 'value').map((l) => {
    const b = l.write.body as { value?: unknown; unitSymbol?: unknown };
    return formatAmount(b.value, b.unitSymbol);
  });
  const including = values.length ? `, the value${values.length === 1 ? '' : 's'} ${values.join(', ')} among them` : '';
  await confirmDestructive(deps, options.yes, `revert ${what}`, `This clears every log of ${name} on ${last.date}${including} (habits log undo).`);
  const result = await api.request('POST /habits/{habitId}/logs/undo', { params: { habitId: last.habitId }, body: { targetDate: last.date } });
  if (typeof result.removed === 'number') {
    await deps.out.result(result, () => '');
    deps.out.info(`Reverted ${what}: cleared ${result.removed} log${result.removed === 1 ? '' : 's'} of ${name} for ${last.date}`);
    return;
  }
  // The server did not say what it removed: the day read back says what it still shows.
  const back = await readBack(api, habit, last.date, deps.today());
  await deps.out.result({ ...result, left: back.left }, () => '');
  if (back.warning) {
    deps.out.info(`The server accepted the undo of ${what}`);
    deps.out.warn(`warning: ${back.warning}`);
  } else deps.out.info(`Reverted ${what}: the day shows nothing now`);
}

/** A DELETE of a log that this server does not offer (405, 501): not a log that is gone (404). */
function cannotDelete(err: unknown): boolean {
  return err instanceof ApiError && err.kind === 'http' && (err.status === 405 || err.status === 501);
}

/** Reverts a value by logging its opposite on the same day, recorded as reverting it. */
async function revertByOpposite(
  deps: Pick<Deps, 'out'>,
  api: Api,
  last: LiveLog,
  value: number,
  unitSymbol: unknown,
  what: string,
  why: string,
): Promise<void> {
  const unit = typeof unitSymbol === 'string' ? unitSymbol : '';
  const body = { value: -value, unitSymbol: unit as LogValueBody['unitSymbol'], targetDate: last.date };
  const result = await checkedWrite(
    api.request('POST /habits/{habitId}/logs', { params: { habitId: last.habitId }, body, note: { reverts: last.write.at } }),
    `habits journal --date ${last.date}`,
  );
  await deps.out.result({ ...result, reverted: 'opposite', value: -value }, () => '');
  deps.out.info(`Reverted ${what}: logged ${signed(-value)}${unit ? ` ${displayUnit(unit)}` : ''} for ${last.date}, as ${why}`);
}

/** The cached facts of a habit, for the unit its day is read back in. */
function withFacts(cached: readonly Named[], id: string): Pick<Named, 'facts'> {
  const facts = cached.find((h) => h.id === id)?.facts;
  return facts ? { facts } : {};
}
