// `--jq EXPR`: jq itself (jq-wasm: jq compiled to WebAssembly, MIT), loaded only when the flag is
// used. This file imports nothing of ours, so that its chunk shares none with the core: output.ts
// turns its answers into output and errors.

type JqRaw = (data: string, filter: string, flags?: string[]) => Promise<string>;

let loaded: Promise<JqRaw> | undefined;

function load(): Promise<JqRaw> {
  loaded ??= import('jq-wasm').then((m) => m.raw as JqRaw);
  return loaded;
}

/** What jq made of the input: each result, or its error (on one line; `syntax` for a compile error). */
export type JqAnswer = { values: unknown[] } | { error: string; syntax: boolean };

async function run(json: string, expr: string): Promise<JqAnswer> {
  const raw = await load();
  try {
    const out = await raw(json, expr, ['-c']);
    return { values: out.split('\n').filter(Boolean).map((line): unknown => JSON.parse(line)) };
  } catch (err) {
    const text = err instanceof Error ? err.message : String(err);
    const error = (text.replace(/^Failed to execute raw query:\s*/, '').split('\n')[0] ?? '').trim();
    return { error, syntax: /compile error|syntax error/.test(text) };
  }
}

/** Loads jq and compiles `expr` (on null): the syntax error, if any. */
export async function jqSyntaxError(expr: string): Promise<string | undefined> {
  const answer = await run('null', expr);
  // Any other error is about the input (null here), not the expression.
  return 'error' in answer && answer.syntax ? answer.error : undefined;
}

/** `expr` applied to `json` (a JSON text). */
export function runJq(json: string, expr: string): Promise<JqAnswer> {
  return run(json, expr);
}
