// The fish completion script: `complete` lines generated from the command tree, with conditions
// computed by `__habits_state` from the tokens typed so far. Fish escapes names with spaces itself.
import { fieldsFlag, flatten, summary, topicsOf, wordsOf, type CommandSpec, type OptionSpec, type ValueKind } from './spec.js';

/** Single-quotes `s` for fish (only \\ and \' are special inside). */
function fishQuote(s: string): string {
  return `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

/** The `-a`/`-F` part of a `complete` line for a value kind. */
function values(kind: ValueKind): string {
  switch (kind.type) {
    case 'habits':
    case 'areas':
      return `-a ${fishQuote(`(habits __complete ${kind.type} 2>/dev/null)`)}`;
    case 'commands':
      return `-a ${fishQuote('(__habits_help_words)')}`;
    case 'file':
      return '-F';
    case 'choices':
      return `-a ${fishQuote(kind.choices.map(fishQuote).join(' '))}`;
    case 'none':
      return '';
  }
}

function optionLine(o: OptionSpec, condition: string | undefined): string {
  const parts = ['complete -c habits'];
  if (condition) parts.push(`-n ${fishQuote(condition)}`);
  for (const name of o.names) parts.push(name.startsWith('--') ? `-l ${name.slice(2)}` : `-s ${name.slice(1)}`);
  if (o.takesValue) parts.push(o.value.type === 'file' ? '-r' : '-x');
  const v = o.takesValue ? values(o.value) : '';
  if (v) parts.push(v);
  parts.push(`-d ${fishQuote(summary(o.description))}`);
  return parts.join(' ');
}

/** The whole script for `root`. */
export function fishScript(root: CommandSpec, header: string): string {
  const all = flatten(root);
  const valueFlags = (c: CommandSpec) => [...c.options, ...(c === root ? [] : root.options)].filter((o) => o.takesValue).flatMap((o) => o.names);
  const subCases = all.filter((c) => c.commands.length)
    .map((c) => `        case ${fishQuote(c.path.join(' '))}\n            printf '%s\\n' ${c.commands.flatMap(wordsOf).map(fishQuote).join(' ')}`);
  const canonicalCases = all.filter((c) => c !== root)
    .map((c) => `        case ${wordsOf(c).map((w) => fishQuote(`${c.path.slice(0, -1).join(' ')}|${w}`)).join(' ')}\n            echo ${fishQuote(c.path.at(-1)!)}`);
  const flagCases = all.filter((c) => valueFlags(c).length)
    .map((c) => `        case ${fishQuote(c.path.join(' '))}\n            printf '%s\\n' ${valueFlags(c).map(fishQuote).join(' ')}`);

  const fieldCases = all.filter((c) => c.fields.length)
    .map((c) => `        case ${fishQuote(c.path.join(' '))}\n            printf '%s\\n' ${c.fields.map(fishQuote).join(' ')}`);
  const json = fieldsFlag(root)?.names ?? [];

  const lines: string[] = [];
  for (const c of all) {
    const at = fishQuote(c.path.join(' '));
    for (const s of c.commands) {
      for (const word of wordsOf(s)) {
        lines.push(`complete -c habits -n ${fishQuote(`__habits_at ${at} 0`)} -a ${fishQuote(word)} -d ${fishQuote(summary(s.description))}`);
      }
    }
    for (const o of c.options) lines.push(optionLine(o, c === root ? undefined : `__habits_in ${at}`));
    c.args.forEach((a, i) => {
      const v = values(a.value);
      if (!v) return;
      const cond = `__habits_at ${at} ${i}${a.variadic ? ' +' : ''}`;
      lines.push(`complete -c habits -n ${fishQuote(cond)} ${v}`);
    });
  }

  return `${header}
function __habits_subcommands -a cmdpath
    switch $cmdpath
${subCases.join('\n')}
    end
end

# The command a word selects at a path, its aliases resolved; fails when it selects none.
function __habits_subcommand -a cmdpath word
    switch "$cmdpath|$word"
${canonicalCases.join('\n')}
        case '*'
            return 1
    end
end

function __habits_value_flags -a cmdpath
    switch $cmdpath
${flagCases.join('\n')}
    end
end

# Prints "path:<command path>", the number of positional arguments typed so far, whether the last
# word was a bare --json ("json"; "--" after \`--\`, else "-"), and the positional arguments.
function __habits_state
    # -x is fish 4's name for -o; older fish only knows -o.
    set -l tokens (commandline -xpc 2>/dev/null); or set tokens (commandline -opc)
    set -e tokens[1]
    set -l cmdpath ''
    set -l npos 0
    set -l args
    set -l pending 0
    set -l dashdash 0
    set -l fields 0
    for word in $tokens
        if test $fields -eq 1
            set fields 0
            __habits_fields_value $word; and continue
        end
        if test $pending -eq 1
            set pending 0
        else if test $dashdash -eq 0; and test "$word" = '--'
            set dashdash 1
        else if test $dashdash -eq 0; and string match -qr -- '^-.' $word
            if not string match -q -- '*=*' $word; and contains -- $word (__habits_value_flags $cmdpath)
                set pending 1
            end
            __habits_fields_flag $word; and set fields 1
        else if test $npos -eq 0; and set -l sub (__habits_subcommand $cmdpath $word)
            set cmdpath (string trim -- "$cmdpath $sub")
        else
            set npos (math $npos + 1)
            set -a args $word
        end
    end
    echo "path:$cmdpath"
    echo $npos
    # What the last word was: a bare --json (json), \`--\` or a word after it (--), or anything else.
    if test $fields -eq 1
        echo json
    else if test $dashdash -eq 1
        echo --
    else
        echo -
    end
    set -q args[1]; and printf '%s\\n' $args
end

# The commands under the path the positional arguments select (\`habits help log\`), from where
# the help command sits (\`log help\` helps with log's); and for the top-level help, its topics.
function __habits_help_words
    set -l state (__habits_state)
    set -l cmdpath (string replace -r '^path:(.*) [^ ]+$|^path:.*$' '$1' -- $state[1])
    for word in $state[4..-1]
        set -l sub (__habits_subcommand $cmdpath $word); or return
        set cmdpath (string trim -- "$cmdpath $sub")
    end
    __habits_subcommands $cmdpath
    test -z "$cmdpath"; and printf '%s\\n' ${topicsOf(root).map(fishQuote).join(' ')}
end

# The fields of the JSON of the command at a path (\`--json name,status\`).
function __habits_fields -a cmdpath
    switch $cmdpath
${fieldCases.join('\n')}
    end
end

# True when the word is a flag whose value is fields, and may be left out (\`--json\`).
function __habits_fields_flag -a word
    contains -- $word ${json.map(fishQuote).join(' ')}
end

# True when the word after a bare \`--json\` is its value, as \`habits\` itself reads it: \`help\`; or a
# comma-separated list or a field name that is not a command. Else it is the next argument.
function __habits_fields_value -a word
    test "$word" = help; and return 0
    __habits_subcommand '' $word >/dev/null; and return 1
    string match -q -- '*,*' $word; or contains -- $word ${root.knownFields.map(fishQuote).join(' ')}
end

# True when the word being completed is the value of --json: right after a bare --json (and not
# an option), or --json=WORD.
function __habits_after_json
    set -l token (commandline -ct)
    set -l state (__habits_state)
    if test "$state[3]" = json
        not string match -q -- '-*' $token
    else
        test "$state[3]" = -; and string match -q -- '--*=*' $token; and __habits_fields_flag (string replace -r '=.*' '' -- $token)
    end
end

# The fields of the JSON of the command here that complete the word being completed, one name of
# a comma-separated list at a time: whole words, as fish matches them, with the list so far (and
# --json= when typed) in front; names in the list are not offered again. They match case-sensitively.
function __habits_fields_words
    set -l token (commandline -ct)
    set -l state (__habits_state)
    set -l prefix ''
    if test "$state[3]" != json
        set prefix (string replace -r '=.*' '=' -- $token)
        set token (string replace -r '^[^=]*=' '' -- $token)
    end
    set -l listed ''
    string match -q -- '*,*' $token; and set listed (string replace -r '[^,]*$' '' -- $token)
    set -l typed (string escape --style=regex -- $token)
    for field in (__habits_fields (string replace -r '^path:' '' -- $state[1]))
        contains -- $field (string split , -- $listed); and continue
        string match -qr -- "^$typed" "$listed$field"; and echo "$prefix$listed$field"
    end
end

# True inside the command at this path.
function __habits_in -a cmdpath
    set -l state (__habits_state)
    test "$state[1]" = "path:$cmdpath"
end

# True at positional argument INDEX of the command at this path ("+": that one or any later).
function __habits_at -a cmdpath index more
    set -l state (__habits_state)
    test "$state[1]" = "path:$cmdpath"; or return 1
    # After a bare --json, a word with a comma is its value: only fields complete it.
    test "$state[3]" = json; and string match -q -- '*,*' (commandline -ct); and return 1
    if test "$more" = '+'
        test $state[2] -ge $index
    else
        test $state[2] -eq $index
    end
end

complete -c habits -f
complete -c habits -n '__habits_after_json' -a '(__habits_fields_words)'
${lines.join('\n')}
`;
}
