// The zsh completion script (`_habits` in a directory of $fpath, or sourced). Same design as bash:
// lookup functions generated from the command tree and a driver over $words; compadd quotes names
// and, like bash and name lookup, matches them ignoring case.
import { fieldsFlag, flatten, kindWord, posixQuote as q, summary, topicsOf, wordsOf, type CommandSpec } from './spec.js';

/** `name:description` for _describe, with colons in the name escaped. */
function described(name: string, description: string): string {
  return q(`${name.replace(/:/g, '\\:')}:${summary(description)}`);
}

/** The whole script for `root`. */
export function zshScript(root: CommandSpec, header: string): string {
  const all = flatten(root);
  const choices: string[][] = [];
  const key = (c: CommandSpec) => q(c.path.join(' '));

  const subcommands = all.filter((c) => c.commands.length)
    .map((c) => `    (${key(c)}) reply=(${c.commands.flatMap((s) => wordsOf(s).map((w) => described(w, s.description))).join(' ')}) ;;`);
  const canonical = all.filter((c) => c !== root)
    .map((c) => `    (${wordsOf(c).map((w) => q(`${c.path.slice(0, -1).join(' ')}|${w}`)).join('|')}) REPLY=${q(c.path.at(-1)!)} ;;`);
  const options = all.map((c) => `    (${key(c)}) reply=(${c.options.flatMap((o) => o.names.map((n) => described(n, o.description))).join(' ')}) ;;`);
  const optionKinds = [
    ...all.filter((c) => c !== root).flatMap((c) => c.options.filter((o) => o.takesValue)
      .flatMap((o) => o.names.map((n) => `    (${q(`${c.path.join(' ')}|${n}`)}) REPLY=${kindWord(o.value, choices)} ;;`))),
    ...root.options.filter((o) => o.takesValue)
      .flatMap((o) => o.names.map((n) => `    (*${q(`|${n}`)}) REPLY=${kindWord(o.value, choices)} ;;`)),
  ];
  const args = all.filter((c) => c.args.length).map((c) => {
    const kinds = c.args.map((a) => kindWord(a.value, choices));
    return `    (${key(c)}) kinds=(${kinds.join(' ')}); variadic=${c.args.at(-1)!.variadic ? 1 : 0} ;;`;
  });
  const choiceCases = choices.map((list, i) => `    (c${i}) reply=(${list.map(q).join(' ')}) ;;`);
  const fieldCases = all.filter((c) => c.fields.length).map((c) => `    (${key(c)}) reply=(${c.fields.map(q).join(' ')}) ;;`);
  const json = fieldsFlag(root)?.names ?? [];

  return `#compdef habits
${header}
__habits_subcommands() {
  reply=()
  case $1 in
${subcommands.join('\n')}
  esac
}

# The command word $2 selects at path $1, its aliases resolved, in REPLY (empty when none).
__habits_subcommand() {
  REPLY=''
  case "$1|$2" in
${canonical.join('\n')}
  esac
}

__habits_options() {
  reply=()
  case $1 in
${options.join('\n')}
  esac
}

# The kind of value a flag takes at a command path, in REPLY: habits, areas, file, none or cN.
__habits_option_kind() {
  REPLY=''
  case "$1|$2" in
${optionKinds.join('\n')}
  esac
}

__habits_argument_kind() {
  local -a kinds
  local -i variadic=0 index=$(( $2 + 1 ))
  REPLY=''
  case $1 in
${args.join('\n')}
  esac
  (( index > $#kinds && variadic )) && index=$#kinds
  (( index <= $#kinds )) && REPLY=$kinds[index]
}

__habits_choices() {
  reply=()
  case $1 in
${choiceCases.join('\n')}
  esac
}

# The fields of the JSON of the command at path $1 (\`--json name,status\`), in reply.
__habits_fields() {
  reply=()
  case $1 in
${fieldCases.join('\n')}
  esac
}

# Whether $1 is a flag whose value is fields, and may be left out (\`--json\`).
__habits_fields_flag() {
  case $1 in
    (${json.length ? json.map(q).join('|') : "''"}) return 0 ;;
  esac
  return 1
}

# Whether the word $1 after a bare \`--json\` is its value, as \`habits\` itself reads it: \`help\`; or
# a comma-separated list or a field name that is not a command. Else it is the next argument.
__habits_fields_value() {
  local -a known
  known=(${root.knownFields.map(q).join(' ')})
  [[ $1 == help ]] && return 0
  __habits_subcommand '' "$1"
  [[ -z $REPLY ]] || return 1
  [[ $1 == *,* ]] || (( \${known[(Ie)$1]} ))
}

# Completes $PREFIX as the fields of the JSON of the command at _habits's $cmdpath, one name of a
# comma-separated list at a time: the list so far stays, and names in it are not offered again.
__habits_fields_complete() {
  local -a listed fields
  [[ $PREFIX == *,* ]] && listed=(\${(s:,:)\${PREFIX%,*}})
  compset -P '*,'
  __habits_fields "$cmdpath"
  fields=(\${reply:|listed})
  compadd -a fields
}

# The commands under the path the positional arguments typed so far select (\`habits help log\`;
# they are in _habits's $args), from where the help command at _habits's $cmdpath sits (\`log help\`
# helps with log's); and for the top-level help, its topics.
__habits_help_words() {
  local word
  local -a subs
  [[ $cmdpath == *' '* ]] && cmdpath=\${cmdpath% *} || cmdpath=''
  for word in $args; do
    __habits_subcommand "$cmdpath" "$word"
    [[ -n $REPLY ]] || return
    cmdpath=\${cmdpath:+$cmdpath }$REPLY
  done
  __habits_subcommands "$cmdpath"
  subs=($reply)
  [[ -z $cmdpath ]] && subs+=(${topicsOf(root).map((t) => described(t, 'help topic')).join(' ')})
  _describe -t commands 'habits command' subs
}

__habits_complete_kind() {
  local -a names
  case $1 in
    (commands) __habits_help_words ;;
    (habits|areas)
      names=("\${(@f)$(habits __complete $1 2>/dev/null)}")
      names=(\${names:#})
      compadd -M 'm:{a-zA-Z}={A-Za-z}' -a names
      ;;
    (file) _files ;;
    (c*)
      __habits_choices $1
      compadd -M 'm:{a-zA-Z}={A-Za-z}' -a reply
      ;;
  esac
}

_habits() {
  local cmdpath='' pending='' word cur=$words[CURRENT]
  local -i i npos=0 dashdash=0 fields=0
  local -a reply args
  for (( i = 2; i < CURRENT; i++ )); do
    word=$words[i]
    if (( fields )); then
      fields=0
      __habits_fields_value "$word" && continue
    fi
    if [[ -n $pending ]]; then
      pending=''
    elif (( ! dashdash )) && [[ $word == -- ]]; then
      dashdash=1
    elif (( ! dashdash )) && [[ $word == -?* ]]; then
      if [[ $word != *=* ]]; then
        __habits_option_kind "$cmdpath" "$word"
        [[ -n $REPLY ]] && pending=$word
      fi
      __habits_fields_flag "$word" && fields=1
    else
      REPLY=''
      (( npos == 0 )) && __habits_subcommand "$cmdpath" "$word"
      if [[ -n $REPLY ]]; then
        cmdpath=\${cmdpath:+$cmdpath }$REPLY
      else
        npos+=1
        args+=("$word")
      fi
    fi
  done
  if [[ -n $pending ]]; then
    __habits_option_kind "$cmdpath" "$pending"
    __habits_complete_kind $REPLY
    return
  fi
  if (( ! dashdash )) && [[ $cur == --*=* ]] && __habits_fields_flag "\${cur%%=*}"; then
    compset -P '*='
    __habits_fields_complete
    return
  fi
  # After a bare --json: the command's fields, and (for a first name) what the word would be without it.
  if (( fields )) && [[ $cur != -* ]]; then
    __habits_fields_complete
    [[ $cur == *,* ]] && return
  fi
  if (( ! dashdash )) && [[ $cur == --*=* ]]; then
    __habits_option_kind "$cmdpath" "\${cur%%=*}"
    compset -P '*='
    __habits_complete_kind $REPLY
    return
  fi
  if (( ! dashdash )) && [[ $cur == -* ]]; then
    local -a opts
    __habits_options "$cmdpath"
    opts=($reply)
    if [[ -n $cmdpath ]]; then
      __habits_options ''
      opts+=($reply)
    fi
    _describe -t options 'option' opts
    return
  fi
  __habits_subcommands "$cmdpath"
  if (( npos == 0 && $#reply )); then
    local -a subs
    subs=($reply)
    _describe -t commands 'habits command' subs
    return
  fi
  __habits_argument_kind "$cmdpath" $npos
  __habits_complete_kind $REPLY
}

if [[ $funcstack[1] == _habits ]]; then
  _habits "$@"
else
  compdef _habits habits
fi
`;
}
