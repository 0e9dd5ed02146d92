import { describe, expect, it } from 'vitest';
import { colorLevel, makeChalk } from '../../src/output/color.js';

const base = { flag: undefined, setting: 'auto' as const, isTTY: true, env: {} };

describe('colorLevel', () => {
  it('colours a terminal and not a pipe', () => {
    expect(colorLevel(base)).toBe(1);
    expect(colorLevel({ ...base, env: { TERM: 'xterm-256color' } })).toBe(2);
    expect(colorLevel({ ...base, env: { COLORTERM: 'truecolor' } })).toBe(3);
    expect(colorLevel({ ...base, isTTY: false })).toBe(0);
  });

  it('obeys --no-color, NO_COLOR and TERM=dumb', () => {
    expect(colorLevel({ ...base, flag: false })).toBe(0);
    expect(colorLevel({ ...base, env: { NO_COLOR: '1' } })).toBe(0);
    expect(colorLevel({ ...base, env: { NO_COLOR: '' } })).toBe(1); // empty NO_COLOR does not count
    expect(colorLevel({ ...base, env: { TERM: 'dumb' } })).toBe(0);
  });

  it('lets FORCE_COLOR colour a pipe, and FORCE_COLOR=0 turn colour off', () => {
    expect(colorLevel({ ...base, isTTY: false, env: { FORCE_COLOR: '1' } })).toBe(1);
    expect(colorLevel({ ...base, isTTY: false, env: { FORCE_COLOR: '3' } })).toBe(3);
    expect(colorLevel({ ...base, env: { FORCE_COLOR: '0' } })).toBe(0);
    expect(colorLevel({ ...base, env: { NO_COLOR: '1', FORCE_COLOR: '1' } })).toBe(0);
  });

  it('follows the config setting below the environment', () => {
    expect(colorLevel({ ...base, setting: 'never' })).toBe(0);
    expect(colorLevel({ ...base, isTTY: false, setting: 'always' })).toBe(1);
    expect(colorLevel({ ...base, isTTY: false, setting: 'always', env: { NO_COLOR: 'x' } })).toBe(0);
  });

  it('a level-0 chalk writes no escape codes', () => {
    expect(makeChalk(0).green.bold('ok')).toBe('ok');
    expect(makeChalk(1).green('ok')).toContain('\u001b[');
  });
});

describe('colorLevel: CLICOLOR and CLICOLOR_FORCE', () => {
  it('CLICOLOR=0 turns colour off on a terminal; another CLICOLOR value changes nothing', () => {
    expect(colorLevel({ ...base, env: { CLICOLOR: '0' } })).toBe(0);
    expect(colorLevel({ ...base, env: { CLICOLOR: '1' } })).toBe(1);
    expect(colorLevel({ ...base, isTTY: false, env: { CLICOLOR: '1' } })).toBe(0);
  });

  it('CLICOLOR_FORCE forces colour like FORCE_COLOR, over CLICOLOR=0, TERM=dumb and config never', () => {
    expect(colorLevel({ ...base, isTTY: false, env: { CLICOLOR_FORCE: '1' } })).toBe(1);
    expect(colorLevel({ ...base, env: { CLICOLOR_FORCE: '1', CLICOLOR: '0' } })).toBe(1);
    expect(colorLevel({ ...base, env: { CLICOLOR_FORCE: '1', TERM: 'dumb' } })).toBe(1);
    expect(colorLevel({ ...base, setting: 'never', env: { CLICOLOR_FORCE: '1', TERM: 'xterm-256color' } })).toBe(2);
    // 0 or empty does not force.
    expect(colorLevel({ ...base, isTTY: false, env: { CLICOLOR_FORCE: '0' } })).toBe(0);
    expect(colorLevel({ ...base, isTTY: false, env: { CLICOLOR_FORCE: '' } })).toBe(0);
  });

  it('NO_COLOR, --no-color and FORCE_COLOR=0 win over CLICOLOR_FORCE', () => {
    expect(colorLevel({ ...base, env: { CLICOLOR_FORCE: '1', NO_COLOR: '1' } })).toBe(0);
    expect(colorLevel({ ...base, flag: false, env: { CLICOLOR_FORCE: '1' } })).toBe(0);
    expect(colorLevel({ ...base, env: { CLICOLOR_FORCE: '1', FORCE_COLOR: '0' } })).toBe(0);
  });

  it('CLICOLOR=0 wins over config always', () => {
    expect(colorLevel({ ...base, setting: 'always', env: { CLICOLOR: '0' } })).toBe(0);
  });
});

describe('colorLevel: --color auto|always|never', () => {
  const base = { flag: undefined, setting: 'auto' as const };
  it('is a flag: it beats NO_COLOR, FORCE_COLOR, CLICOLOR and the config file', () => {
    expect(colorLevel({ ...base, when: 'never', env: { FORCE_COLOR: '3', CLICOLOR_FORCE: '1' }, isTTY: true })).toBe(0);
    expect(colorLevel({ ...base, when: 'always', env: { NO_COLOR: '1', CLICOLOR: '0' }, setting: 'never', isTTY: false })).toBe(1);
    expect(colorLevel({ ...base, when: 'auto', env: { NO_COLOR: '1' }, setting: 'never', isTTY: true })).toBe(1);
    expect(colorLevel({ ...base, when: 'auto', env: { FORCE_COLOR: '1' }, isTTY: false })).toBe(0);
    expect(colorLevel({ ...base, when: 'auto', env: { TERM: 'dumb' }, isTTY: true })).toBe(0);
    // --no-color still wins over everything.
    expect(colorLevel({ ...base, flag: false, when: 'always', env: {}, isTTY: true })).toBe(0);
  });
});
