// Going back in a walk of questions, with a scripted prompter (a BackError answer is Esc): the walk
// runs again, the answers before the question given back without asking, that question asked again
// pre-filled; Esc at the first question stays or leaves.
import { describe, expect, it } from 'vitest';
import { BackError, type Prompter } from '../../src/prompts/prompter.js';
import { walkWithBack, type Replay } from '../../src/prompts/walk.js';
import { scriptedPrompter } from '../helpers/cli.js';

const BACK = () => new BackError();

/** A walk of three questions, the last depending on the second; `notes` gets a line after the first. */
async function threeQuestions(p: Prompter & Replay, notes: string[]): Promise<unknown[]> {
  const name = await p.input({ message: 'Name' });
  if (!p.replaying) notes.push(`noted ${name}`);
  const kind = await p.select({ message: 'Kind', choices: [{ name: 'a', value: { k: 'a' } }, { name: 'b', value: { k: 'b' } }], default: { k: 'a' } });
  const more = kind.k === 'a' ? await p.number({ message: 'How many?' }) : await p.confirm({ message: 'Sure?' });
  return [name, kind, more];
}

describe('walkWithBack', () => {
  it('Esc asks the question before again, pre-filled; the answers before it are given back unasked', async () => {
    const p = scriptedPrompter(['Walk', { k: 'b' }, BACK(), undefined, true]);
    const notes: string[] = [];
    const result = await walkWithBack(p, 'stay', (rp) => threeQuestions(rp, notes));
    expect(result).toEqual(['Walk', { k: 'b' }, true]);
    expect(p.asked).toEqual(['Name', 'Kind', 'Sure?', 'Kind', 'Sure?']);
    // Kind again: pre-filled with the answer given (a select's value compared as data).
    expect(p.prompts[3]!.default).toEqual({ k: 'b' });
    // The note after Name was printed once: the second run gave Name back.
    expect(notes).toEqual(['noted Walk']);
  });

  it('every question is asked with Esc on', async () => {
    const p = scriptedPrompter(['Walk', undefined, 3]);
    const backs: (boolean | undefined)[] = [];
    const { input, select, number } = p;
    p.input = (o) => (backs.push(o.back), input(o));
    p.select = (o) => (backs.push(o.back), select(o));
    p.number = (o) => (backs.push(o.back), number(o));
    await walkWithBack(p, 'stay', (rp) => threeQuestions(rp, []));
    expect(backs).toEqual([true, true, true]);
  });

  it('back twice, then forward: a question that comes again is pre-filled with the answer it had', async () => {
    const p = scriptedPrompter(['Walk', { k: 'a' }, BACK(), BACK(), 'Walk on', undefined, 4]);
    const result = await walkWithBack(p, 'stay', (rp) => threeQuestions(rp, []));
    expect(result).toEqual(['Walk on', { k: 'a' }, 4]);
    expect(p.prompts.map((q) => [q.message, q.default])).toEqual([
      ['Name', undefined], ['Kind', { k: 'a' }], ['How many?', undefined], ['Kind', { k: 'a' }], ['Name', 'Walk'], ['Kind', { k: 'a' }], ['How many?', undefined],
    ]);
  });

  it('a changed answer leads elsewhere: the questions after it are asked, none given back', async () => {
    const p = scriptedPrompter(['Walk', { k: 'a' }, 3, BACK()]);
    // Esc after the last question is the caller's: here the walk ends at How many? and succeeds.
    const result = await walkWithBack(p, 'stay', (rp) => threeQuestions(rp, []));
    expect(result).toEqual(['Walk', { k: 'a' }, 3]);
    const q = scriptedPrompter(['Walk', { k: 'a' }, BACK(), { k: 'b' }, false]);
    expect(await walkWithBack(q, 'stay', (rp) => threeQuestions(rp, []))).toEqual(['Walk', { k: 'b' }, false]);
    expect(q.asked).toEqual(['Name', 'Kind', 'How many?', 'Kind', 'Sure?']);
  });

  it('Esc at the first question asks it again (stay), or rejects with BackError for the caller (leave)', async () => {
    const stay = scriptedPrompter([BACK(), 'Walk', undefined, 1]);
    expect(await walkWithBack(stay, 'stay', (rp) => threeQuestions(rp, []))).toEqual(['Walk', { k: 'a' }, 1]);
    expect(stay.asked).toEqual(['Name', 'Name', 'Kind', 'How many?']);
    const leave = scriptedPrompter([BACK()]);
    await expect(walkWithBack(leave, 'leave', (rp) => threeQuestions(rp, []))).rejects.toBeInstanceOf(BackError);
  });

  it('other errors (Ctrl-C) pass through at once', async () => {
    const p = scriptedPrompter(['Walk', new Error('boom')]);
    await expect(walkWithBack(p, 'stay', (rp) => threeQuestions(rp, []))).rejects.toThrow('boom');
    expect(p.asked).toEqual(['Name', 'Kind']);
  });
});
