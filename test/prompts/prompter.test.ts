// The real prompter (@inquirer) over streams that claim to be a terminal: what it draws of names a
// server sent, what a pre-filled value it had to show escaped comes back as, and Esc.
import { describe, expect, it } from 'vitest';
import { stripAnsi } from '../../src/output/plain.js';
import { BackError } from '../../src/prompts/prompter.js';
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

  it('Esc at a prompt asked with back rejects it with BackError and erases it, for every kind a walk asks', async () => {
    const choices = [{ name: 'One', value: 1 }, { name: 'Two', value: 2 }];
    const kinds = {
      input: (t: ReturnType<typeof terminal>) => t.prompter.input({ message: 'Q input', back: true }),
      number: (t: ReturnType<typeof terminal>) => t.prompter.number({ message: 'Q number', back: true }),
      confirm: (t: ReturnType<typeof terminal>) => t.prompter.confirm({ message: 'Q confirm', back: true }),
      select: (t: ReturnType<typeof terminal>) => t.prompter.select({ message: 'Q select', choices, back: true }),
      checkbox: (t: ReturnType<typeof terminal>) => t.prompter.checkbox({ message: 'Q checkbox', choices, back: true }),
    };
    await Promise.all(Object.entries(kinds).map(async ([kind, ask]) => {
      const t = terminal();
      const answer = ask(t).then(() => 'answered', (err: unknown) => err);
      t.type('12\u001b'); // typed text, then a lone ESC (readline waits out its escape-sequence time)
      expect(await answer, kind).toBeInstanceOf(BackError);
      // The last thing drawn erases the prompt's lines (an answered prompt ends its line instead).
      expect(t.screen().endsWith('\u001b[2K\u001b[G\u001b[?25h'), kind).toBe(true);
    }));
  });

  it('select and checkbox asked with back name Esc in their keys line', async () => {
    const t = terminal();
    const answer = t.prompter.select({ message: 'Q', choices: [{ name: 'One', value: 1 }], back: true });
    t.type('\r');
    await answer;
    expect(stripAnsi(t.screen())).toContain('↑↓ navigate • ⏎ select • esc back');
    const plain = terminal();
    const other = plain.prompter.select({ message: 'Q', choices: [{ name: 'One', value: 1 }] });
    plain.type('\r');
    await other;
    expect(stripAnsi(plain.screen())).not.toContain('esc');
  });

  it('without back, Esc does nothing: the prompt goes on and takes the answer', async () => {
    const t = terminal();
    const answer = t.prompter.input({ message: 'Name' });
    t.type('Wa\u001b');
    await new Promise((r) => setTimeout(r, 700));
    t.type('lk\r');
    expect(await answer).toBe('Walk');
  });
});
