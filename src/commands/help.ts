// `habits help [command...]` and the topics `exit-codes`, `environment` and `formatting`.
import type { Command } from 'commander';
import { EXIT_CODE_TABLE } from '../errors.js';
import { UsageError } from '../errors.js';
import { examples, type App } from './shared/app.js';
import type { HelpTopic } from './shared/help-topics.js';

export const ENVIRONMENT: readonly [string, string][] = [
  ['HABITS_API_KEY', 'API key (overrides the config file; never passed as a flag)'],
  ['HABITS_BASE_URL', 'API base URL, or `local` (default https://api.habitify.me/v2)'],
  ['HABITS_LOCAL', '1 to use the local service, like --local'],
  ['HABITS_TIMEZONE', 'time zone for "today" and --date (then config timezone, TZ, the system)'],
  ['HABITS_TIMEOUT', 'limit of each request, whole (connect, headers, body), e.g. 30, 30s, 500ms (default 30s)'],
  ['HABITS_PROFILE', 'the profile of the config file to use, like --profile (its base URL and key)'],
  ['HABITS_CONFIG_DIR', 'config directory (default $XDG_CONFIG_HOME/habits)'],
  ['HABITS_DATA_DIR', 'local service data directory (default $XDG_DATA_HOME/habits)'],
  ['HABITS_NO_INPUT', '1 to never prompt, like --no-input'],
  ['HABITS_NO_QUEUE', '1 to fail at once when a mark or value cannot reach the server, like --no-queue'],
  ['HABITS_DEBUG', '1 to log HTTP requests and responses to stderr, like --verbose'],
  ['NO_COLOR', 'set to turn colour off'],
  ['FORCE_COLOR', '1-3 to force colour (0 turns it off)'],
  ['CLICOLOR_FORCE', 'set (not 0) to force colour, like FORCE_COLOR'],
  ['CLICOLOR', '0 turns colour off'],
  ['TERM', '`dumb` turns colour off'],
  ['HABITS_PAGER', 'pager for long listings on a terminal (then PAGER, then `less -FRX`); empty or `cat`: none'],
  ['PAGER', 'pager when HABITS_PAGER is unset; empty or `cat`: none (--no-pager too)'],
  ['TZ', 'system time zone, used when no habits time zone is set'],
  ['XDG_CONFIG_HOME, XDG_CACHE_HOME, XDG_DATA_HOME', 'base directories (default ~/.config, ~/.cache, ~/.local/share)'],
  ['HTTPS_PROXY, HTTP_PROXY, NO_PROXY', 'proxy for API requests'],
  ['VISUAL, EDITOR', 'editor for `habits note add` on a terminal'],
];

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
    '  --json help          the fields a command offers (exit 2)\n' +
    '  --jq EXPR            filter the JSON with jq, built in (no jq needed; implies --json):\n' +
    '                       strings print raw, other values as compact JSON, one per line;\n' +
    '                       a syntax error exits 2\n\n' +
    '  The word after --json is its fields only when it is `help`, a comma-separated list or a\n' +
    '  field name; write --json=FIELDS to leave no doubt.\n\n' +
    'Examples:\n' +
    '  $ habits journal --json name,status\n' +
    '  $ habits journal --jq \'[.[] | select(.status != "completed")] | length\'\n' +
    '  $ habits habit ls --jq \'.[].name\'\n',
} satisfies Record<HelpTopic, () => string>;

export function register(cmd: Command, app: App): void {
  cmd
    .argument('[command...]', 'a command (e.g. `log done`) or a topic: exit-codes, environment')
    .addHelpText('after', examples([['habits help log done'], ['habits help exit-codes'], ['habits help environment']]))
    .action(async (words: string[], _opts, self: Command) => {
      const root = self.parent!;
      const topic = words.length === 1 ? TOPICS[words[0]!] : undefined;
      if (topic) return root.configureOutput().writeOut!(topic());
      let target: Command = root;
      for (const word of words) {
        const next = target.commands.find((c) => c.name() === word || c.aliases().includes(word));
        if (!next) throw new UsageError(`no help for "${words.join(' ')}"`, 'topics: exit-codes, environment; or run `habits --help`');
        await app.loadNoun(next);
        target = next;
      }
      target.outputHelp();
    });
}
