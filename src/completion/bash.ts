// The bash completion script: lookup functions generated from the command tree, and a driver that
// walks the words typed so far. Habit and area names come from `habits __complete`, one per line;
// `compopt -o filenames` lets readline quote names with spaces, inside quotes or not.
import { flatten, kindWord, type CommandSpec } from './spec.js';

/** Single-quotes `s` for bash. */
export function bashQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** The whole script for `spec` (the root). */
export function bashScript(root: CommandSpec, header: string): string {
  const all = flatten(root);
  const choices: string[][] = [];
  const key = (c: CommandSpec) => bashQuote(c.path.join(' '));

  const subcommands = all.filter((c) => c.commands.length)
    .map((c) => `    ${key(c)}) echo ${bashQuote(c.commands.map((s) => s.path.at(-1)!).join(' '))} ;;`);
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

  return `${header}
__habits_subcommands() {
  case $1 in
${subcommands.join('\n')}
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

# Adds the lines of $2 that start with the word being completed ($1, its quoting removed).
__habits_reply_lines() {
  local typed=$1 line restore
  typed=\${typed#[\\"\\']}
  typed=\${typed//\\\\/}
  # Names match ignoring case, as references do.
  restore=$(shopt -p nocasematch)
  shopt -s nocasematch
  while IFS= read -r line; do
    [[ -n $line && $line == "$typed"* ]] && COMPREPLY+=("$line")
  done <<<"$2"
  $restore
}

__habits_complete_kind() {
  case $1 in
    habits | areas)
      compopt -o filenames 2>/dev/null
      __habits_reply_lines "$2" "$(habits __complete "$1" 2>/dev/null)"
      ;;
    file) compopt -o default 2>/dev/null ;;
    c*)
      compopt -o filenames 2>/dev/null
      __habits_reply_lines "$2" "$(__habits_choices "$1")"
      ;;
  esac
}

_habits() {
  local cur=\${COMP_WORDS[COMP_CWORD]} path='' pending='' word subs
  local -i i pos=0 dashdash=0
  local -a words=()
  # Put back together the words bash split at "=" and ":" (--date=today, id:-Nx7).
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
    if [[ -n $pending ]]; then
      pending=''
    elif ((!dashdash)) && [[ $word == -- ]]; then
      dashdash=1
    elif ((!dashdash)) && [[ $word == -?* ]]; then
      [[ $word != *=* ]] && __habits_option_kind "$path" "$word" >/dev/null && pending=$word
    elif ((pos == 0)) && [[ " $(__habits_subcommands "$path") " == *" $word "* ]]; then
      path=\${path:+$path }$word
    else
      pos=$((pos + 1))
    fi
  done
  if [[ -n $pending ]]; then
    __habits_complete_kind "$(__habits_option_kind "$path" "$pending")" "$cur"
    return 0
  fi
  # Readline completes the text after a "=" or ":".
  [[ $cur == [=:] ]] && cur=''
  if ((!dashdash)) && [[ \${words[\${#words[@]}-1]} == --*=* ]]; then
    __habits_complete_kind "$(__habits_option_kind "$path" "\${words[\${#words[@]}-1]%%=*}")" "$cur"
    return 0
  fi
  if ((!dashdash)) && [[ $cur == -* ]]; then
    COMPREPLY=($(compgen -W "$(__habits_options "$path") $([[ -n $path ]] && __habits_options '')" -- "$cur"))
    return 0
  fi
  subs=$(__habits_subcommands "$path")
  if ((pos == 0)) && [[ -n $subs ]]; then
    COMPREPLY=($(compgen -W "$subs" -- "$cur"))
    return 0
  fi
  __habits_complete_kind "$(__habits_argument_kind "$path" "$pos")" "$cur"
  return 0
}

complete -F _habits habits
`;
}
