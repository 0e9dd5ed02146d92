// `habits undo [--yes]`: reverts the last mark or value this machine wrote, after saying what it
// will do: a value by deleting its log (`log rm`), a mark by clearing its day (`log undo`), a write
// still waiting in the outbox by dropping it. It reads the record of writes, so it knows only what
// this machine sent; a second undo reverts the write before.
import type { Command } from 'commander';
import { FailureError } from '../errors.js';
import { formatNumber } from '../output/format.js';
import { displayUnit } from '../model/units.js';
import { escapeControls } from '../model/text.js';
import { describeQueued, type LiveLog } from '../record/index.js';
import { examples, type App } from './shared/app.js';
import { confirmDestructive, requireConfirmable } from './shared/confirm.js';
import type { Deps } from './shared/deps.js';

/** Registers the options and action of `undo`. */
export function register(cmd: Command, app: App): void {
  cmd
    .option('-y, --yes', 'revert without asking (needed when not on a terminal)')
    .addHelpText('after', examples([
      ['habits undo', 'shows what it will revert, and asks'],
      ['habits undo --yes', 'in scripts'],
    ]) + `\n\nA value is reverted by deleting its log (habits log rm); a mark by clearing its day
(habits log undo), which also clears any value logged on that day. A write still waiting in the
outbox is dropped from it, unsent.`)
    .action((opts: { yes?: boolean }, command: Command) => app.run(command, (ctx) => run({ yes: !!opts.yes }, ctx)));
}

const WORDS: Record<LiveLog['type'], string> = { value: 'value', completed: 'completed mark', failed: 'failed mark', skipped: 'skipped mark' };

/** Reverts the last write, after confirming. */
export async function run(options: { yes: boolean }, deps: Pick<Deps, 'out' | 'api' | 'resolver' | 'prompter' | 'writes'>): Promise<void> {
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
  requireConfirmable(deps, options.yes, 'revert the last write');
  const cached = (await deps.resolver.nameCache()).get('habits', Number.POSITIVE_INFINITY)?.items ?? [];
  const name = `"${escapeControls(cached.find((h) => h.id === last.habitId)?.name ?? last.habitId)}"`;
  const body = last.write.body as { value?: unknown; unitSymbol?: unknown };
  const amount = last.type === 'value' && typeof body.value === 'number' ? ` of ${formatNumber(body.value)}${typeof body.unitSymbol === 'string' && body.unitSymbol ? ` ${displayUnit(body.unitSymbol)}` : ''}` : '';
  const what = `the ${WORDS[last.type]}${amount} on ${name} for ${last.date}, written ${last.write.at}`;
  const api = await deps.api();
  if (last.type === 'value') {
    if (!last.logId) {
      throw new FailureError(`the server did not answer a log id for ${what}, so it cannot be deleted alone`, 'failure', `\`habits log undo id:${last.habitId} --date ${last.date}\` clears that day`);
    }
    await confirmDestructive(deps, options.yes, `revert ${what}`, `This deletes log ${last.logId} (habits log rm).`);
    const result = await api.request('DELETE /habits/{habitId}/logs/{logId}', { params: { habitId: last.habitId, logId: last.logId } });
    await deps.out.result(result, () => '');
    deps.out.info(`Reverted ${what}: deleted log ${last.logId}`);
    return;
  }
  await confirmDestructive(deps, options.yes, `revert ${what}`, `This clears every log of ${name} on ${last.date} (habits log undo).`);
  const result = await api.request('POST /habits/{habitId}/logs/undo', { params: { habitId: last.habitId }, body: { targetDate: last.date } });
  await deps.out.result(result, () => '');
  deps.out.info(`Reverted ${what}: cleared ${typeof result.removed === 'number' ? `${result.removed} log${result.removed === 1 ? '' : 's'} of` : 'the logs of'} ${name} for ${last.date}`);
}
