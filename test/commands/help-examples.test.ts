// Each command's --help ends with examples of its own (`Examples:` then `$ habits <command> …`),
// and says what a reader needs beyond the flags: the columns piped, the glyphs, the request count.
// One table, one row per command; every row exits 0.
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { useService } from '../helpers/service.js';

const fx = useService();

/** The command's words, and what its --help shows: text it contains, or a pattern it matches. */
const HELP: { argv: string[]; shows: (string | RegExp)[] }[] = [
  { argv: ['habit', 'ls'], shows: ['Examples:\n  $ habits habit ls'] },
  { argv: ['habit', 'archive'], shows: ['Examples:\n  $ habits habit archive'] },
  { argv: ['habit', 'rm'], shows: ['Examples:\n  $ habits habit rm'] },
  { argv: ['habit', 'stats'], shows: ['Examples:\n  $ habits habit stats', 'Piped, the output is key<TAB>value lines only'] },
  { argv: ['journal'], shows: ['id, name, status, current, target, unit, streak, timeOfDay', 'Examples:\n  $ habits journal', '--date yesterday'] },
  {
    argv: ['week'],
    shows: [
      // The glyphs with the journal's words: ○ is pending, or missed once its period is over.
      "Each day is a glyph, coloured on a terminal, with the journal's words:\n  ✓ done   ◐ partial   » skipped   ✗ failed\n  ○ pending or missed   · not due   blank: to come\n",
      'Bad habits read as limits:\n  ✓ within limit   ○ under limit   ✗ over limit\n',
      'id, name, one status per day (first to last), streak, longest, rate',
      '51 requests for 50 habits',
      'Examples:\n  $ habits week',
    ],
  },
  { argv: ['month'], shows: ['Examples:\n  $ habits month', '51 requests for 50 habits'] },
  // The top-level help names week and month among the commands.
  { argv: [], shows: [/\n {2}week +every habit over a week/, /\n {2}month +every habit over a calendar month/] },
];

describe('--help', () => {
  for (const { argv, shows } of HELP) {
    it(['habits', ...argv, '--help'].join(' '), async () => {
      const r = await runCli([...argv, '--help'], { env: fx.env });
      expect(r.code).toBe(0);
      for (const text of shows) {
        if (typeof text === 'string') expect(r.stdout).toContain(text);
        else expect(r.stdout).toMatch(text);
      }
    });
  }
});
