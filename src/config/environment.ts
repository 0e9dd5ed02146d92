// The environment variables the CLI reads, for `habits help environment` and the man page.

/** Name (or names) and what it does. */
export const ENVIRONMENT: readonly [string, string][] = [
  ['HABITS_API_KEY', 'API key (overrides the config file; never passed as a flag)'],
  ['HABITS_BASE_URL', 'API base URL, or `local` (default https://api.habitify.me/v2)'],
  ['HABITS_LOCAL', '1 to use the local service, like --local'],
  ['HABITS_TIMEZONE', 'time zone for "today" and --date (then config timezone, TZ, the system)'],
  ['HABITS_TIMEOUT', 'limit of each request, whole (connect, headers, body), e.g. 30, 30s, 500ms (default 30s)'],
  ['HABITS_JQ_TIMEOUT', 'time limit of the --jq filter, e.g. 60s, 500ms (default 10s)'],
  ['HABITS_PROFILE', 'the profile of the config file to use, like --profile (its base URL and key)'],
  ['HABITS_CONFIG_DIR', 'config directory (default $XDG_CONFIG_HOME/habits)'],
  ['HABITS_DATA_DIR', 'local service data directory (default $XDG_DATA_HOME/habits)'],
  ['HABITS_SQLITE_DRIVER', 'SQLite driver of the local service: auto (node:sqlite on Node 22.16+, else better-sqlite3), node:sqlite, better-sqlite3'],
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
