// jq in its worker (src/output/jq.ts): compiling, running, jq's errors, and its limits. What the
// user sees of them is in test/e2e/jq.e2e.test.ts and test/commands/json-fields.test.ts.
import { afterEach, describe, expect, it } from 'vitest';
import { Jq, jqValues, type JqAnswer } from '../../src/output/jq.js';

const opened: Jq[] = [];
const jq = (limits: ConstructorParameters<typeof Jq>[0] = {}): Jq => {
  const j = new Jq(limits);
  opened.push(j);
  return j;
};
afterEach(async () => {
  await Promise.all(opened.splice(0).map((j) => j.close()));
});

const values = (answer: JqAnswer): unknown[] => {
  if (!('output' in answer)) throw new Error(`not output: ${JSON.stringify(answer)}`);
  return [...jqValues(answer.output)];
};

describe('Jq', () => {
  it('compiles without running: a valid filter is no answer, even one that would never end', async () => {
    const j = jq({ timeMs: 5_000 });
    expect(await j.check('.[] | select(.ok)')).toBeUndefined();
    expect(await j.check('repeat(1)')).toBeUndefined();
    expect(await j.check('.[')).toEqual({ syntax: true, error: expect.stringMatching(/^jq: error: syntax error, unexpected end of file/) });
    expect(await j.check('$nope')).toEqual({ syntax: true, error: 'jq: error: $nope is not defined at <top-level>, line 1:' });
  });

  it('runs a filter: each result a value; several inputs; Unicode both ways', async () => {
    const j = jq();
    expect(values(await j.run('{"a":[1,"x",null]}', '.a[]'))).toEqual([1, 'x', null]);
    expect(values(await j.run('1 2 3', '. * 10'))).toEqual([10, 20, 30]);
    expect(values(await j.run('{"n":"é ✓ 😀"}', '.n | ., length'))).toEqual(['é ✓ 😀', 5]);
    expect(values(await j.run('null', 'empty'))).toEqual([]);
    // A filter beginning with `-` is a filter, not an option.
    expect(values(await j.run('5', '-1'))).toEqual([-1]);
  });

  it('a runtime error is the answer when there is no output, on its first line', async () => {
    const j = jq();
    expect(await j.run('5', '.a')).toEqual({ syntax: false, error: 'jq: error (at /dev/stdin:0): Cannot index number with string "a"' });
    // Output wins over a later error, as jq-wasm answered.
    expect(values(await j.run('[1,"x"]', '.[] | . + 1'))).toEqual([2]);
    // What a run that succeeds writes to stderr is not an error.
    expect(values(await j.run('1', 'debug | empty'))).toEqual([]);
  });

  it('stops a filter at the time limit, and the next run starts a fresh jq', async () => {
    const j = jq({ timeMs: 300 });
    expect(await j.run('null', 'repeat(1)')).toEqual({ limit: 'time', ms: 300 });
    expect(await j.run('null', 'def f: f; f')).toEqual({ limit: 'time', ms: 300 });
    expect(values(await j.run('41', '. + 1'))).toEqual([42]);
  });

  it('stops output at the output limit', async () => {
    const j = jq({ outputBytes: 1 << 20 });
    expect(await j.run('null', 'range(1e7)')).toEqual({ limit: 'output', bytes: 1 << 20 });
    expect(values(await j.run('null', '[range(1000)] | length'))).toEqual([1000]);
  });

  it('stops at 256 MB of memory, jq-wasm\'s maximum', async () => {
    expect(await jq().run('null', '[range(3e7)] | length')).toEqual({ limit: 'memory', bytes: 256 * 1024 * 1024 });
  });

  it('an input of 8 MB, read once: its length and its last item', async () => {
    const items = Array.from({ length: 200_000 }, (_, i) => ({ id: `h${i}`, name: `Habit ${i}`, v: i / 7 }));
    const json = JSON.stringify({ items });
    expect(json.length).toBeGreaterThan(8_000_000);
    expect(values(await jq().run(json, '.items | length, .[-1]'))).toEqual([200_000, items.at(-1)]);
  });

  it('runs in turn when asked at once', async () => {
    const j = jq();
    const answers = await Promise.all([j.run('1', '. + 1'), j.run('2', '. + 1'), j.check('.'), j.run('3', '. + 1')]);
    expect(answers.map((a) => (a && 'output' in a ? values(a) : a))).toEqual([[2], [3], undefined, [4]]);
  });
});

describe('jqValues', () => {
  it('parses each line and skips empty ones', () => {
    expect([...jqValues(new TextEncoder().encode('1\n"a\\nb"\n\n{"x":[]}\n'))]).toEqual([1, 'a\nb', { x: [] }]);
    expect([...jqValues(new Uint8Array(0))]).toEqual([]);
  });
});
