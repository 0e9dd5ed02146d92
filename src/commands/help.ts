// `habits help [command...]` and the topics `exit-codes`, `environment` and `formatting`.
import type { Command } from 'commander';
import { EXIT_CODE_TABLE } from '../errors.js';
import { UsageError } from '../errors.js';
import { examples, type App } from './shared/app.js';
import type { HelpTopic } from './shared/help-topics.js';
import { ENVIRONMENT } from '../config/environment.js';

// Every topic, and only those, that shared/help-topics.ts names (for completion).
const TOPICS: Record<string, () => string> = {
  'exit-codes': () =>
    'Exit codes\n\n' +
    EXIT_CODE_TABLE.map(([code, text]) => `  ${String(code).padStart(3)}  ${text}`).join('\n') +
    '\n\nCommands that take several habits report each one; the exit code is the first failure\'s,\nand the others are still attempted.\n',
  environment: () => {
    const width = Math.max(...ENVIRONMENT.map(([n]) => n.length));
    return 'Environment\n\n' + ENVIRONMENT.map(([n, t]) => `  ${n.padEnd(width)}  ${t}`).join('\n') +
      '\n\nPrecedence: flag > environment > config file > default.\n';
  },
  formatting: () =>
    'Formatting\n\n' +
    '  On a terminal, tables and colour. In a pipe, no colour and tab-separated rows (TSV): one\n' +
    '  line per item, ready for cut, awk or sort.\n\n' +
    '  --json               the API data, unwrapped, as one JSON document on stdout; errors go to\n' +
    '                       stderr as {"error":{"code","message","status"}}\n' +
    '  --json name,status   only those fields (of each item, for a list)\n' +
    '  --json help          the fields a command offers (exit 2, before it runs); completion\n' +
    '                       offers them too: habits journal --json <Tab>\n' +
    '  --jq EXPR            filter the JSON with jq, built in (no jq needed; implies --json):\n' +
    '                       strings print raw, other values as compact JSON, one per line;\n' +
    '                       a syntax error exits 2. jq stops after 10 s (HABITS_JQ_TIMEOUT)\n' +
    '                       or at 256 MB of memory or of output: exit 1, code jq_limit\n\n' +
    '  The word after --json is its fields only when it is `help`, a comma-separated list or a\n' +
    '  field name; write --json=FIELDS to leave no doubt.\n\n' +
    'Examples:\n' +
    '  $ habits journal --json name,status\n' +
    '  $ habits journal --jq \'[.[] | select(.status != "completed")] | length\'\n' +
    '  $ habits habit ls --jq \'.[].name\'\n',
} satisfies Record<HelpTopic, () => string>;

export function register(cmd: Command, app: App): void {
  cmd
    .argument('[command...]', 'a command (e.g. `log done`) or a topic: exit-codes, environment, formatting')
    .addHelpText('after', examples([['habits help log done'], ['habits help exit-codes'], ['habits help environment'], ['habits help formatting']]))
    .action(async (words: string[], _opts, self: Command) => {
      const root = self.parent!;
      const topic = words.length === 1 ? TOPICS[words[0]!] : undefined;
      if (topic) return root.configureOutput().writeOut!(topic());
      let target: Command = root;
      for (const word of words) {
        const next = target.commands.find((c) => c.name() === word || c.aliases().includes(word));
        if (!next) throw new UsageError(`no help for "${words.join(' ')}"`, 'topics: exit-codes, environment, formatting; or run `habits --help`');
        await app.loadNoun(next);
        target = next;
      }
      target.outputHelp();
    });
}
