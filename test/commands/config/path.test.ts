// `habits config path`: where the config file lives, whether or not it exists yet.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useHome } from '../../helpers/cli.js';

const fx = useHome();
const { configFile, run } = fx;

describe('config path', () => {
  it('prints $XDG_CONFIG_HOME/habits/config.json, and creates nothing', async () => {
    expect(await run(['config', 'path'])).toEqual({ code: 0, stdout: configFile() + '\n', stderr: '' });
    expect(existsSync(join(fx.home.env.XDG_CONFIG_HOME, 'habits'))).toBe(false);
  });

  it('HABITS_CONFIG_DIR overrides the directory', async () => {
    const dir = join(fx.home.home, 'elsewhere');
    const r = await run(['config', 'path'], { HABITS_CONFIG_DIR: dir });
    expect(r).toEqual({ code: 0, stdout: join(dir, 'config.json') + '\n', stderr: '' });
  });

  it('with --json prints {path}', async () => {
    const r = await run(['config', 'path', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ path: configFile() });
  });
});
