// The fish completion script: it asks `habits __complete -- <words>` (complete.ts) and prints what
// that prints, `value<TAB>description`, which fish shows, filters and escapes itself.

/** The whole script. */
export function fishScript(header: string): string {
  return `${header}
function __habits_complete
    # -x is fish 4's name for -o; older fish only knows -o.
    set -l tokens (commandline -xpc 2>/dev/null); or set tokens (commandline -opc)
    set -l token (commandline -ct)
    # The word being completed as habits would receive it: unquoted.
    set -l word (string unescape -- $token 2>/dev/null); or set word $token
    set -q word[1]; or set word ''
    set -l lines (habits __complete -- $tokens[2..-1] $word 2>/dev/null)
    string match -qr '^:[0-9]+$' -- "$lines[-1]"; or return
    set -l directive (string sub -s 2 -- $lines[-1])
    set -e lines[-1]
    if contains -- $directive 2 3
        __fish_complete_path $token
        return
    end
    set -q lines[1]; and printf '%s\\n' $lines
end

complete -c habits -f -a '(__habits_complete)'
`;
}
