// The real prompter (@inquirer) over streams that claim to be a terminal: what it draws of names a
// server sent, and what a pre-filled value it had to show escaped comes back as.
import { describe, expect, it } from 'vitest';
import { pretendTerminal } from '../helpers/cli.js';

const terminal = pretendTerminal;

describe('createPrompter', () => {
  it('draws a message and choices with their control characters escaped', async () => {
    const t = terminal();
    const answer = t.prompter.select({ message: 'Delete "Clear\u001b[2J"?', choices: [{ name: 'New\nline', value: 1 }, { name: 'Bell\u0007', value: 2 }] });
    t.type('\r');
    expect(await answer).toBe(1);
    expect(t.screen()).toContain('Delete "Clear\\x1b[2J"?');
    expect(t.screen()).toContain('New\\nline');
    expect(t.screen()).toContain('Bell\\x07');
    expect(t.screen()).not.toContain('\u001b[2J');
    expect(t.screen()).not.toContain('\u0007');
  });

  it('a pre-filled value is shown escaped; kept, it is the value itself when valid, else what was shown', async () => {
    const description = terminal();
    const kept = description.prompter.input({ message: 'Description', default: 'Line one\nLine two', validate: () => true });
    description.type('\r');
    expect(await kept).toBe('Line one\nLine two');
    expect(description.screen()).toContain('Line one\\nLine two');

    const name = terminal();
    const renamed = name.prompter.input({ message: 'Name', default: 'Clear\u001b[2J', validate: (v) => (/\u001b/.test(v) ? 'no escapes' : true) });
    name.type('\r');
    expect(await renamed).toBe('Clear\\x1b[2J');
    expect(name.screen()).not.toContain('\u001b[2J');
  });
});
