// `week` and `month` (commands/shared/overview.ts) with no habits: a message on a terminal, nothing
// at all in a pipe (cron mails nothing), [] with --json; exit 0 every way.
import { describe, expect, it } from 'vitest';
import { useService } from '../../helpers/service.js';

const fx = useService();

describe('week and month without habits', () => {
  it.each([['week'], ['month']])('%s: the message on a terminal, nothing piped, exit 0', async (verb) => {
    expect(await fx.cli([verb], { tty: { stdout: true } })).toMatchObject({ code: 0, stdout: 'No active habits.\n', stderr: '' });
    expect(await fx.cli([verb])).toMatchObject({ code: 0, stdout: '', stderr: '' });
    const json = await fx.cli([verb, '--json']);
    expect(json).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(json.stdout)).toMatchObject({ habits: [] });
  });
});
