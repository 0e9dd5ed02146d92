// The one-keypress prompt through the real prompter, over streams that claim to be a terminal: a
// letter picks its choice in either case, Enter the default, another key says which keys work.
import { describe, expect, it } from 'vitest';
import { stripAnsi } from '../../src/output/plain.js';
import { keyLegend } from '../../src/prompts/keys.js';
import { pretendTerminal } from '../helpers/cli.js';

const terminal = pretendTerminal;

/** Waits until the screen shows `text` (the wait ends the test with its screen if it never does). */
async function shows(t: ReturnType<typeof terminal>, text: string): Promise<void> {
  for (let i = 0; !t.screen().includes(text); i++) {
    if (i > 500) throw new Error(`the screen never showed "${text}":\n${t.screen()}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const choices = [
  { key: 'd', name: 'done', value: 'done' },
  { key: 's', name: 'skip', value: 'skip' },
  { key: 'l', name: 'leave', value: 'leave' },
];

describe('keys prompt', () => {
  it('shows the keys under the question; a letter in either case picks its choice', async () => {
    const t = terminal();
    const answer = t.prompter.keys({ message: 'Walk (pending)', choices, default: 'leave' });
    t.type('S');
    expect(await answer).toBe('skip');
    expect(t.screen()).toContain('d done · s skip · l leave (⏎)');
    expect(t.screen()).toContain('Walk (pending)');
  });

  it('Enter picks the default; another key names the keys that work and picks nothing', async () => {
    const t = terminal();
    const answer = t.prompter.keys({ message: 'Walk (pending)', choices, default: 'leave' });
    t.type('x');
    await shows(t, 'press d, s, l, or Enter');
    t.type('\r');
    expect(await answer).toBe('leave');
  });

  it('names a server sent are shown escaped', async () => {
    const t = terminal();
    const answer = t.prompter.keys({ message: 'Clear\u001b[2J (pending)', choices, default: 'leave' });
    t.type('d');
    expect(await answer).toBe('done');
    expect(t.screen()).toContain('Clear\\x1b[2J (pending)');
    expect(t.screen()).not.toContain('\u001b[2J');
  });

  it('an answer kept for later shows the mark it is given, not ✔', async () => {
    const t = terminal();
    const answer = t.prompter.keys({ message: 'Walk (pending)', choices, default: 'leave', answered: '→' });
    t.type('d');
    expect(await answer).toBe('done');
    expect(stripAnsi(t.screen())).toContain('→ Walk (pending) done');
    expect(t.screen()).not.toContain('✔');
    const plain = terminal();
    const sent = plain.prompter.keys({ message: 'Walk (pending)', choices, default: 'leave' });
    plain.type('d');
    await sent;
    expect(plain.screen()).toContain('✔');
  });

  it('the legend marks the key Enter stands for', () => {
    expect(keyLegend([{ key: 'd', name: 'done' }, { key: 'l', name: 'leave' }], 0)).toBe('d done (⏎) · l leave');
  });
});
