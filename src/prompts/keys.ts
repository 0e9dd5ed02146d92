// A one-keypress prompt on @inquirer/core: each choice has a letter, Enter takes the default. The
// keys are shown under the question while it waits; the answer's name replaces them when pressed.
import { createPrompt, isEnterKey, makeTheme, useKeypress, usePrefix, useState } from '@inquirer/core';

/** A choice picked by one key (a letter, matched in any case). */
export interface KeyChoice<T> {
  key: string;
  name: string;
  value: T;
}

/** What the prompt is given: choices by position; Enter picks the one at `enter`. */
interface KeysConfig {
  message: string;
  choices: { key: string; name: string }[];
  enter: number;
  /** Shown before an answered question instead of the ✔ prefix. */
  answered?: string;
}

/** The line of keys shown under the question: `d done · s skip · l leave (⏎)`. */
export function keyLegend(choices: readonly { key: string; name: string }[], enter: number): string {
  return choices.map((c, i) => `${c.key} ${c.name}${i === enter ? ' (⏎)' : ''}`).join(' · ');
}

/** The @inquirer prompt: resolves with the position of the choice whose key was pressed. */
export const keysPrompt = createPrompt((config: KeysConfig, done: (index: number) => void): string | [string, string] => {
  const [status, setStatus] = useState<'idle' | 'done'>('idle');
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const theme = makeTheme({});
  const prefix = usePrefix({ status, theme });
  const keys = config.choices.map((c) => c.key.toLowerCase()).join(', ');

  useKeypress((key, rl) => {
    // Ctrl-C and other control keys are not answers (Ctrl-C cancels, by the prompt's own handler).
    if (status !== 'idle' || (key.ctrl && !isEnterKey(key))) return;
    // The key is a command, not text: keep the line empty.
    rl.clearLine(0);
    const index = isEnterKey(key) ? config.enter : config.choices.findIndex((c) => !key.ctrl && c.key.toLowerCase() === key.name?.toLowerCase());
    const choice = config.choices[index];
    if (!choice) {
      setError(`press ${keys}, or Enter`);
      return;
    }
    setAnswer(choice.name);
    setStatus('done');
    done(index);
  });

  const message = theme.style.message(config.message, status);
  if (status === 'done') return `${config.answered ?? prefix} ${message} ${theme.style.answer(answer)}`;
  const legend = theme.style.help(keyLegend(config.choices, config.enter));
  return [`${prefix} ${message}`, error ? `${legend}\n${theme.style.error(error)}` : legend];
});
