// The bash completion script: it asks `habits __complete -- <words>` (complete.ts) and shows what
// that prints, quoted for where it goes. It quotes names itself (a backslash before a space, or
// nothing inside an open quote): `compopt -o filenames` would do it too, but readline then appends
// "/" to a name that happens to be a directory in the current one.

/** The whole script. */
export function bashScript(header: string): string {
  return `${header}
_habits() {
  local cur=\${COMP_WORDS[COMP_CWORD]} word line quote='' out
  local -i i cut directive
  local -a words=() lines=()
  # Put back together the words bash split at "=" and ":" (--date=today, Work:Lunch), and take
  # their quoting off, as habits would receive them.
  for ((i = 1; i <= COMP_CWORD; i++)); do
    word=\${COMP_WORDS[i]}
    if ((\${#words[@]})) && [[ $word == [=:] ]]; then
      words[\${#words[@]}-1]+=$word
      if ((i < COMP_CWORD)); then
        i=$((i + 1))
        words[\${#words[@]}-1]+=\${COMP_WORDS[i]}
      fi
    else
      words+=("$word")
    fi
  done
  for i in "\${!words[@]}"; do
    word=\${words[i]}
    case $word in
      \\'*) word=\${word#\\'}; word=\${word%\\'} ;;
      \\"*) word=\${word#\\"}; word=\${word%\\"}; word=\${word//\\\\/} ;;
      *) word=\${word//\\\\/} ;;
    esac
    words[i]=$word
  done
  ((\${#words[@]})) || words=('')
  # Readline replaces only $cur: nothing before a "=" or ":" it broke the word at, nor the quote.
  case $cur in
    [=:]) cur='' ;;
    \\'*) quote="'"; cur=\${cur#\\'} ;;
    \\"*) quote='"'; cur=\${cur#\\"}; cur=\${cur//\\\\/} ;;
    *) cur=\${cur//\\\\/} ;;
  esac
  cut=$((\${#words[\${#words[@]}-1]} - \${#cur}))
  out=$(habits __complete -- "\${words[@]}" 2>/dev/null) || return 0
  mapfile -t lines <<<"$out"
  line=\${lines[\${#lines[@]}-1]}
  [[ $line == :[0-9]* ]] || return 0
  directive=\${line#:}
  unset 'lines[\${#lines[@]}-1]'
  COMPREPLY=()
  for line in "\${lines[@]}"; do
    line=\${line%%$'\\t'*}
    line=\${line:cut}
    # Quoted for where it goes: as typed inside an open quote, else with backslashes when needed.
    case $quote in
      \\") line=\${line//\\\\/\\\\\\\\}; line=\${line//\\"/\\\\\\"}; line=\${line//\\$/\\\\\\$}; line=\${line//\\\`/\\\\\\\`} ;;
      \\') line=\${line//\\'/\\'\\\\\\'\\'} ;;
      *) [[ $line == *[^[:alnum:]_@%+=:,./-]* ]] && printf -v line '%q' "$line" ;;
    esac
    COMPREPLY+=("$line")
  done
  ((directive & 1)) && compopt -o nospace 2>/dev/null
  ((directive & 2)) && compopt -o default 2>/dev/null
  return 0
}

complete -F _habits habits
`;
}
