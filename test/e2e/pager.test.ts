// The default pager on a real terminal (tmux): `less`, given our UTF-8 whatever the locale says. A
// terminal session without LANG (a fresh `env -i`, a minimal container) still shows the week's
// glyphs, not `<E2><9C><93>`. Needs `npm run build`, tmux and less.
import { beforeAll, expect, it } from 'vitest';
import { addHabit, useService } from '../helpers/service.js';
import { useCliSessions } from '../helpers/tmux.js';
import { withTools } from '../helpers/tools.js';

withTools('tmux', 'less').describe('less as the default pager', () => {
  const fx = useService();
  const { start } = useCliSessions();
  beforeAll(async () => {
    await addHabit(fx.svc, { name: 'Walk', startDate: '2026-11-01' });
  });

  it('shows the UTF-8 glyphs of `habits week` without a UTF-8 locale', async () => {
    // No LANG, LC_ALL or LESSCHARSET: less would take the bytes for binary.
    const session = start(fx, ['week', '--date', '2026-11-22'], undefined, { PATH: '/usr/bin:/bin' });
    const screen = await session.waitFor(/not due/);
    expect(screen).toMatch(/^Walk +\S/m);
    expect(screen).toContain('✓ done');
    expect(screen).not.toMatch(/<[0-9A-F]{2}>/);
    expect(await session.exitCode()).toBe(0);
  });
});
