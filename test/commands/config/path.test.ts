// `habits config path`: where the config file lives, whether or not it exists yet.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../../helpers/cli.js';

let home: ReturnType<typeof tempHome>;
beforeEach(() => {
  home = tempHome();
});
afterEach(() => home.cleanup());

const configFile = () => join(home.env.XDG_CONFIG_HOME, 'habits', 'config.json');
const run = (argv: string[], env: Record<string, string> = {}) => runCli(argv, { env: { ...home.env, ...env } });

describe('config path', () => {
  it('prints $XDG_CONFIG_HOME/habits/config.json, and creates nothing', async () => {
    expect(await run(['config', 'path'])).toEqual({ code: 0, stdout: configFile() + '\n', stderr: '' });
    expect(existsSync(join(home.env.XDG_CONFIG_HOME, 'habits'))).toBe(false);
  });

  it('HABITS_CONFIG_DIR overrides the directory', async () => {
    const dir = join(home.home, 'elsewhere');
    const r = await run(['config', 'path'], { HABITS_CONFIG_DIR: dir });
    expect(r).toEqual({ code: 0, stdout: join(dir, 'config.json') + '\n', stderr: '' });
  });

  it('with --json prints {path}', async () => {
    const r = await run(['config', 'path', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ path: configFile() });
  });
});
