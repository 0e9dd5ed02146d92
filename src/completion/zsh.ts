// The zsh completion script (`_habits` in a directory of $fpath, or sourced): it asks
// `habits __complete -- <words>` (complete.ts) and offers what that prints, with descriptions;
// compadd quotes the names and, like name lookup, matches them ignoring case.

/** The whole script. */
export function zshScript(header: string): string {
  return `#compdef habits
${header}
_habits() {
  local -a lines values shown args
  local line
  local -i directive
  # The words after \`habits\` as habits would receive them: unquoted, the last up to the cursor.
  args=("\${(@Q)words[2,CURRENT-1]}" "\${(Q)PREFIX}")
  lines=("\${(@f)$(habits __complete -- "\${args[@]}" 2>/dev/null)}")
  [[ $lines[-1] == :<-> ]] || return 1
  directive=\${lines[-1]#:}
  lines[-1]=()
  for line in $lines; do
    values+=("\${line%%$'\\t'*}")
    [[ $line == *$'\\t'* ]] && shown+=("\${line%%$'\\t'*}  -- \${line#*$'\\t'}") || shown+=("$line")
  done
  if (( directive & 2 )); then
    _files
    return
  fi
  local -a opts=(-M 'm:{a-zA-Z}={A-Za-z}')
  (( directive & 1 )) && opts+=(-S '')
  (( $#values )) && compadd "\${opts[@]}" -l -d shown -a values
}

if [[ $funcstack[1] == _habits ]]; then
  _habits "$@"
else
  compdef _habits habits
fi
`;
}
