// A stand-in for `habits __complete -- <words>` in the completion tests: the real completer of the
// built dist/complete.js (the command tree the build embedded), with the names of a JSON file
// (`{"habits": [...], "areas": [...]}`, offered in that order) instead of a name cache.
//   node fake-complete.mjs NAMES.json __complete -- WORD...
import { readFileSync } from 'node:fs';

const [namesFile, command, dashes, ...words] = process.argv.slice(2);
if (command === '__complete' && dashes === '--') {
  const { complete, completionTree, formatCompletion } = await import(new URL('../../dist/complete.js', import.meta.url).href);
  const names = JSON.parse(readFileSync(namesFile, 'utf8'));
  const result = await complete(await completionTree(), words.length ? words : [''], (kind) => names[kind] ?? []);
  process.stdout.write(formatCompletion(result));
}
