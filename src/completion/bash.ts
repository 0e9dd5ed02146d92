// The bash completion script: lookup functions generated from the command tree, and a driver that
// walks the words typed so far. Habit and area names come from `habits __complete`, one per line.
// The script quotes names itself (a backslash before a space, or nothing inside an open quote):
// `compopt -o filenames` would do it too, but readline then appends "/" to a name that happens to
// be a directory in the current one.
import { fieldsFlag, flatten, kindWord, posixQuote as bashQuote, topicsOf, wordsOf, type CommandSpec } from './spec.js';

/** The whole script for `spec` (the root). */
export function bashScript(root: CommandSpec, header: string): string {
  const all = flatten(root);
  const choices: string[][] = [];
  const key = (c: CommandSpec) => bashQuote(c.path.join(' '));

  const subcommands = all.filter((c) => c.commands.length)
    .map((c) => `    ${key(c)}) echo ${bashQuote(c.commands.flatMap(wordsOf).join(' '))} ;;`);
  const canonical = all.filter((c) => c !== root)
    .map((c) => `    ${wordsOf(c).map((w) => bashQuote(`${c.path.slice(0, -1).join(' ')}|${w}`)).join(' | ')}) echo ${bashQuote(c.path.at(-1)!)} ;;`);
  const options = all.map((c) => `    ${key(c)}) echo ${bashQuote(c.options.flatMap((o) => o.names).join(' '))} ;;`);
  // Global flags come last: their pattern matches at any command path.
  const optionKinds = [
    ...all.filter((c) => c !== root).flatMap((c) => c.options.filter((o) => o.takesValue)
      .flatMap((o) => o.names.map((n) => `    ${bashQuote(`${c.path.join(' ')}|${n}`)}) echo ${kindWord(o.value, choices)} ;;`))),
    ...root.options.filter((o) => o.takesValue)
      .flatMap((o) => o.names.map((n) => `    *${bashQuote(`|${n}`)}) echo ${kindWord(o.value, choices)} ;;`)),
  ];
  const args = all.filter((c) => c.args.length).map((c) => {
    const kinds = c.args.map((a) => kindWord(a.value, choices)).join(' ');
    return `    ${key(c)}) __habits_pick "$2" ${c.args.at(-1)!.variadic ? 1 : 0} ${kinds} ;;`;
  });
  const choiceCases = choices.map((list, i) => `    c${i}) printf '%s\\n' ${list.map(bashQuote).join(' ')} ;;`);
  const fieldCases = all.filter((c) => c.fields.length).map((c) => `    ${key(c)}) echo ${bashQuote(c.fields.join(' '))} ;;`);
  const json = fieldsFlag(root)?.names ?? [];

  return `${header}
__habits_subcommands() {
  case $1 in
${subcommands.join('\n')}
  esac
}

# The command word $2 selects at path $1, its aliases resolved; fails when it selects none.
__habits_subcommand() {
  case "$1|$2" in
${canonical.join('\n')}
    *) return 1 ;;
  esac
}

__habits_options() {
  case $1 in
${options.join('\n')}
  esac
}

# The kind of value a flag takes at a command path: habits, areas, file, none or cN (a list).
__habits_option_kind() {
  case "$1|$2" in
${optionKinds.join('\n')}
    *) return 1 ;;
  esac
}

__habits_argument_kind() {
  case $1 in
${args.join('\n')}
  esac
}

__habits_choices() {
  case $1 in
${choiceCases.join('\n')}
  esac
}

# The fields of the JSON of the command at path $1 (\`--json name,status\`).
__habits_fields() {
  case $1 in
${fieldCases.join('\n')}
  esac
}

# Whether $1 is a flag whose value is fields, and may be left out (\`--json\`).
__habits_fields_flag() {
  case $1 in
    ${json.length ? json.map(bashQuote).join(' | ') : "''"}) return 0 ;;
  esac
  return 1
}

# Whether the word $1 after a bare \`--json\` is its value, as \`habits\` itself reads it: \`help\`; or
# a comma-separated list or a field name that is not a command. Else it is the next argument.
__habits_fields_value() {
  [[ $1 == help ]] && return 0
  __habits_subcommand '' "$1" >/dev/null && return 1
  [[ $1 == *,* || ' '${bashQuote(root.knownFields.join(' '))}' ' == *" $1 "* ]]
}

# __habits_fields_reply PATH WORD CUR: the fields of PATH's JSON that complete the last name of the
# comma-separated list WORD (names listed before it left out), cut to CUR, what readline replaces.
__habits_fields_reply() {
  local word=$2 listed='' field candidate
  local -i cut=$((\${#2} - \${#3}))
  [[ $word == *,* ]] && listed=\${word%,*},
  for field in $(__habits_fields "$1"); do
    [[ ,$listed == *,"$field",* ]] && continue
    candidate=$listed$field
    [[ $candidate == "$word"* ]] && COMPREPLY+=("\${candidate:cut}")
  done
}

# __habits_pick INDEX VARIADIC KIND...: the kind of the INDEX-th positional argument.
__habits_pick() {
  local i=$1 variadic=$2
  shift 2
  if ((i >= $#)); then
    ((variadic)) || return 0
    i=$(($# - 1))
  fi
  shift "$i"
  echo "$1"
}

# __habits_reply_lines WORD CUR LINES: adds the LINES that start with WORD (ignoring case and its
# quoting), cut to the text readline replaces (CUR, the part after a ":" or "=" it broke WORD at)
# and quoted for where they go: as typed inside an open quote, else with backslashes.
__habits_reply_lines() {
  local word=$1 cur=$2 line quote='' restore
  local -i cut
  case $word in
    \\"*) quote='"' ;;
    \\'*) quote="'" ;;
  esac
  word=\${word#[\\"\\']}
  word=\${word//\\\\/}
  cur=\${cur#[\\"\\']}
  cur=\${cur//\\\\/}
  cut=$((\${#word} - \${#cur}))
  # Names match ignoring case, as references do.
  restore=$(shopt -p nocasematch)
  shopt -s nocasematch
  while IFS= read -r line; do
    [[ -n $line && $line == "$word"* ]] || continue
    line=\${line:cut}
    case $quote in
      \\") line=\${line//\\\\/\\\\\\\\}; line=\${line//\\"/\\\\\\"}; line=\${line//\\$/\\\\\\$}; line=\${line//\\\`/\\\\\\\`} ;;
      \\') line=\${line//\\'/\\'\\\\\\'\\'} ;;
      *) printf -v line '%q' "$line" ;;
    esac
    COMPREPLY+=("$line")
  done <<<"$3"
  $restore
}

# __habits_help_words WORD HELPPATH ARG...: the commands under the path the ARGs select (\`habits help
# log\`), from where the help command at HELPPATH sits (\`log help\` helps with log's); and for the
# top-level help, its topics.
__habits_help_words() {
  local word=$1 cmdpath='' sub
  [[ $2 == *' '* ]] && cmdpath=\${2% *}
  shift 2
  for sub; do
    sub=$(__habits_subcommand "$cmdpath" "$sub") || return 0
    cmdpath=\${cmdpath:+$cmdpath }$sub
  done
  COMPREPLY+=($(compgen -W "$(__habits_subcommands "$cmdpath")$([[ -z $cmdpath ]] && echo ' '${bashQuote(topicsOf(root).join(' '))})" -- "$word"))
}

# __habits_complete_kind KIND WORD CUR: completes WORD as a value of KIND (for \`commands\`, from
# _habits's $path and $args, the positional arguments typed so far).
__habits_complete_kind() {
  case $1 in
    commands) __habits_help_words "$2" "$path" "\${args[@]}" ;;
    habits | areas) __habits_reply_lines "$2" "$3" "$(habits __complete "$1" 2>/dev/null)" ;;
    file) compopt -o default 2>/dev/null ;;
    c*) __habits_reply_lines "$2" "$3" "$(__habits_choices "$1")" ;;
  esac
}

_habits() {
  local cur=\${COMP_WORDS[COMP_CWORD]} path='' pending='' word sub
  local -i i pos=0 dashdash=0 fields=0
  local -a words=() args=()
  # Put back together the words bash split at "=" and ":" (--date=today, id:-Nx7, Work:Lunch).
  for ((i = 0; i <= COMP_CWORD; i++)); do
    word=\${COMP_WORDS[i]}
    if ((i > 0)) && [[ $word == [=:] ]]; then
      words[\${#words[@]}-1]+=$word
      if ((i < COMP_CWORD)); then
        i=$((i + 1))
        words[\${#words[@]}-1]+=\${COMP_WORDS[i]}
      fi
      continue
    fi
    words+=("$word")
  done
  COMPREPLY=()
  for ((i = 1; i < \${#words[@]} - 1; i++)); do
    word=\${words[i]}
    if ((fields)); then
      fields=0
      __habits_fields_value "$word" && continue
    fi
    if [[ -n $pending ]]; then
      pending=''
    elif ((!dashdash)) && [[ $word == -- ]]; then
      dashdash=1
    elif ((!dashdash)) && [[ $word == -?* ]]; then
      [[ $word != *=* ]] && __habits_option_kind "$path" "$word" >/dev/null && pending=$word
      __habits_fields_flag "$word" && fields=1
    elif ((pos == 0)) && sub=$(__habits_subcommand "$path" "$word"); then
      path=\${path:+$path }$sub
    else
      pos=$((pos + 1))
      args+=("$word")
    fi
  done
  # The word being completed, whole; readline replaces only $cur, nothing right after a "=" or ":".
  word=\${words[\${#words[@]}-1]}
  [[ $cur == [=:] ]] && cur=''
  if [[ -n $pending ]]; then
    __habits_complete_kind "$(__habits_option_kind "$path" "$pending")" "$word" "$cur"
    return 0
  fi
  if ((!dashdash)) && [[ $word == --*=* ]] && __habits_fields_flag "\${word%%=*}"; then
    __habits_fields_reply "$path" "\${word#*=}" "$cur"
    return 0
  fi
  # After a bare --json: the command's fields, and (for a first name) what the word would be without it.
  if ((fields)) && [[ $word != -* ]]; then
    __habits_fields_reply "$path" "$word" "$cur"
    [[ $word == *,* ]] && return 0
  fi
  if ((!dashdash)) && [[ $word == --*=* ]]; then
    __habits_complete_kind "$(__habits_option_kind "$path" "\${word%%=*}")" "\${word#*=}" "$cur"
    return 0
  fi
  if ((!dashdash)) && [[ $word == -* ]]; then
    COMPREPLY+=($(compgen -W "$(__habits_options "$path") $([[ -n $path ]] && __habits_options '')" -- "$word"))
    return 0
  fi
  if ((pos == 0)) && [[ -n $(__habits_subcommands "$path") ]]; then
    COMPREPLY+=($(compgen -W "$(__habits_subcommands "$path")" -- "$word"))
    return 0
  fi
  __habits_complete_kind "$(__habits_argument_kind "$path" "$pos")" "$word" "$cur"
  return 0
}

complete -F _habits habits
`;
}
