// The PowerShell completion script: one Register-ArgumentCompleter -Native block whose tables are
// generated from the command tree, and a driver that walks the words typed so far as bash.ts does.
// Habit and area names come from `habits __complete`, one per line; a candidate with a space or a
// character PowerShell reads specially is offered single-quoted.
import { fieldsFlag, flatten, kindWord, summary, topicsOf, wordsOf, type CommandSpec } from './spec.js';

/**
 * Single-quotes `s` for PowerShell: inside '…' only a quote is special, doubled. PowerShell takes
 * the typographic single quotes (U+2018–U+201B) for `'` as well, so they are doubled too.
 */
export function psQuote(s: string): string {
  return `'${s.replace(/['\u2018\u2019\u201A\u201B]/g, (q) => q + q)}'`;
}

/** `@('a', 'b')`. */
function psArray(items: readonly string[]): string {
  return `@(${items.map(psQuote).join(', ')})`;
}

/** The whole script for `root`. */
export function powershellScript(root: CommandSpec, header: string): string {
  const all = flatten(root);
  const choices: string[][] = [];
  const at = (c: CommandSpec) => c.path.join(' ');
  const ind = '    ';

  const subcommands = all.filter((c) => c.commands.length)
    .map((c) => `${ind}$subcommands[${psQuote(at(c))}] = ${psArray(c.commands.flatMap(wordsOf))}`);
  const canonical = all.filter((c) => c !== root)
    .flatMap((c) => wordsOf(c).map((w) => `${ind}$canonical[${psQuote(`${c.path.slice(0, -1).join(' ')}|${w}`)}] = ${psQuote(c.path.at(-1)!)}`));
  const tips = all.filter((c) => c !== root).flatMap((c) => wordsOf(c).map((w) => `${ind}$tips[${psQuote(`${c.path.slice(0, -1).join(' ')}|${w}`)}] = ${psQuote(summary(c.description))}`))
    .concat(all.flatMap((c) => c.options.flatMap((o) => o.names.map((n) => `${ind}$tips[${psQuote(`${at(c)}|${n}`)}] = ${psQuote(summary(o.description))}`))));
  const options = all.map((c) => `${ind}$options[${psQuote(at(c))}] = ${psArray(c.options.flatMap((o) => o.names))}`);
  // Global flags are looked up under the empty path when the command's own do not have the flag.
  const optionKinds = all.flatMap((c) => c.options.filter((o) => o.takesValue)
    .flatMap((o) => o.names.map((n) => `${ind}$optionKinds[${psQuote(`${at(c)}|${n}`)}] = ${psQuote(kindWord(o.value, choices))}`)));
  const argKinds = all.filter((c) => c.args.length)
    .map((c) => `${ind}$argKinds[${psQuote(at(c))}] = ${psArray(c.args.map((a) => kindWord(a.value, choices)))}`);
  const variadic = all.filter((c) => c.args.at(-1)?.variadic).map((c) => psQuote(at(c)));
  const choiceLines = choices.map((list, i) => `${ind}$choices['c${i}'] = ${psArray(list)}`);
  const fieldLines = all.filter((c) => c.fields.length).map((c) => `${ind}$fields[${psQuote(at(c))}] = ${psArray(c.fields)}`);

  return `${header}
Register-ArgumentCompleter -Native -CommandName habits -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    # Lookups are case-sensitive, as commander's are.
    $ordinal = [System.StringComparer]::Ordinal
    # The words that select a command at a path (names and aliases).
    $subcommands = [System.Collections.Generic.Dictionary[string, string[]]]::new($ordinal)
${subcommands.join('\n')}
    # "path|word" -> the command's name (aliases resolved).
    $canonical = [System.Collections.Generic.Dictionary[string, string]]::new($ordinal)
${canonical.join('\n')}
    # "path|word" -> the summary shown with a candidate.
    $tips = [System.Collections.Generic.Dictionary[string, string]]::new($ordinal)
${tips.join('\n')}
    # The flags of each command (the root's are global).
    $options = [System.Collections.Generic.Dictionary[string, string[]]]::new($ordinal)
${options.join('\n')}
    # "path|flag" -> what its value completes to: habits, areas, file, none or cN (a list).
    $optionKinds = [System.Collections.Generic.Dictionary[string, string]]::new($ordinal)
${optionKinds.join('\n')}
    # What each positional argument completes to; the last repeats in the commands listed after.
    $argKinds = [System.Collections.Generic.Dictionary[string, string[]]]::new($ordinal)
${argKinds.join('\n')}
    $variadic = @(${variadic.join(', ')})
    $choices = @{}
${choiceLines.join('\n')}
    $topics = ${psArray(topicsOf(root))}
    # The fields of each command's JSON (\`--json name,status\`); every field of any, which a word after
    # a bare --json must be (or \`help\`, or a comma-separated list) to be its value; the flags of fields.
    $fields = [System.Collections.Generic.Dictionary[string, string[]]]::new($ordinal)
${fieldLines.join('\n')}
    $knownFields = ${psArray(root.knownFields)}
    $fieldsFlags = ${psArray(fieldsFlag(root)?.names ?? [])}

    $kindOf = {
        param($path, $flag)
        if ($optionKinds.ContainsKey("$path|$flag")) { return $optionKinds["$path|$flag"] }
        if ($optionKinds.ContainsKey("|$flag")) { return $optionKinds["|$flag"] }
        return $null
    }
    # A candidate as typed: single-quoted when PowerShell would otherwise split or read it.
    $quote = {
        param($text)
        if ($text -match '[\\s''"$;,(){}|&<>@#\\u2018-\\u201B\\u0060]') { return "'" + ($text -replace "['\\u2018-\\u201B]", '$0$0') + "'" }
        return $text
    }
    $results = [System.Collections.Generic.List[System.Management.Automation.CompletionResult]]::new()
    # Adds each of $candidates that starts with $typed (ignoring case), after $prefix (as in --date=).
    $offer = {
        param($candidates, $typed, $type, $path, $prefix)
        $bare = $typed -replace "^['""]", ''
        foreach ($c in $candidates) {
            if (-not $c -or -not $c.StartsWith($bare, [System.StringComparison]::OrdinalIgnoreCase)) { continue }
            $tip = $c
            if ($null -ne $path -and $tips.ContainsKey("$path|$c") -and $tips["$path|$c"]) { $tip = $tips["$path|$c"] }
            $results.Add([System.Management.Automation.CompletionResult]::new($prefix + (& $quote $c), $c, $type, $tip))
        }
    }

    # The words that begin before the cursor, unquoted; the last is $wordToComplete when that is set,
    # or when it ends at the cursor (\`name,\`: PowerShell completes after a comma).
    $elements = @($commandAst.CommandElements | Where-Object { $_.Extent.StartOffset -lt $cursorPosition })
    $words = @($elements | ForEach-Object {
        if ($_ -is [System.Management.Automation.Language.StringConstantExpressionAst]) { $_.Value } else { $_.Extent.Text }
    })
    # The word being completed, whole up to the cursor: PowerShell may give in $wordToComplete only
    # what follows a comma in it ($lead is the rest).
    $word = $wordToComplete
    if ($words.Count -gt 1 -and ($wordToComplete -ne '' -or $elements[-1].Extent.EndOffset -ge $cursorPosition)) {
        $words = @($words[0..($words.Count - 2)])
        $last = $elements[-1].Extent
        if ($last.EndOffset -ge $cursorPosition) {
            $text = $last.Text.Substring(0, $cursorPosition - $last.StartOffset)
            if ($text.EndsWith($wordToComplete)) { $word = $text }
        }
    }
    $lead = $word.Substring(0, $word.Length - $wordToComplete.Length)

    $path = ''
    $pending = $null
    $pos = 0
    $dashdash = $false
    $typedArgs = @()
    $afterJson = $false
    for ($i = 1; $i -lt $words.Count; $i++) {
        $w = [string]$words[$i]
        if ($afterJson) {
            # The word after a bare --json is its value when it reads as fields and is not a command.
            $afterJson = $false
            if ($w -ceq 'help' -or (-not $canonical.ContainsKey("|$w") -and ($w.Contains(',') -or $knownFields -ccontains $w))) { continue }
        }
        if ($pending) {
            $pending = $null
        } elseif (-not $dashdash -and $w -ceq '--') {
            $dashdash = $true
        } elseif (-not $dashdash -and $w.Length -gt 1 -and $w.StartsWith('-')) {
            if (-not $w.Contains('=') -and (& $kindOf $path $w)) { $pending = $w }
            if ($fieldsFlags -ccontains $w) { $afterJson = $true }
        } elseif ($pos -eq 0 -and $canonical.ContainsKey("$path|$w")) {
            $path = ("$path " + $canonical["$path|$w"]).Trim()
        } else {
            $pos++
            $typedArgs += $w
        }
    }

    # Completes $typed as a value of $kind (after $prefix).
    $complete = {
        param($kind, $typed, $prefix)
        switch -CaseSensitive -Regex ($kind) {
            '^(habits|areas)$' { & $offer @(habits __complete $kind 2>$null) $typed 'ParameterValue' $null $prefix }
            '^c\\d+$' { & $offer $choices[$kind] $typed 'ParameterValue' $null $prefix }
            '^commands$' {
                # \`habits help log <Tab>\`: the commands under what the arguments select, from where the
                # help command sits (\`log help\` helps with log's); at the top, help's topics too.
                $at = ''
                if ($path.Contains(' ')) { $at = $path.Substring(0, $path.LastIndexOf(' ')) }
                foreach ($a in $typedArgs) {
                    if (-not $canonical.ContainsKey("$at|$a")) { return }
                    $at = ("$at " + $canonical["$at|$a"]).Trim()
                }
                if ($subcommands.ContainsKey($at)) { & $offer $subcommands[$at] $typed 'ParameterValue' $at $prefix }
                if ($at -eq '') { & $offer $topics $typed 'ParameterValue' $null $prefix }
            }
        }
    }

    # Adds the fields of the command's JSON that complete the comma-separated list $typed (the names
    # listed before the last comma left out), after $prefix (\`--json=\`). They match case-sensitively,
    # as habits checks them; what PowerShell replaces is the word without $lead.
    $offerFields = {
        param($typed, $prefix)
        if (-not $fields.ContainsKey($path)) { return }
        $typed = $typed -replace "^['""]", ''
        $listed = ''
        if ($typed.Contains(',')) { $listed = $typed.Substring(0, $typed.LastIndexOf(',') + 1) }
        $names = $listed.Split(',')
        foreach ($f in $fields[$path]) {
            $c = $listed + $f
            if ($names -ccontains $f -or -not $c.StartsWith($typed, [System.StringComparison]::Ordinal)) { continue }
            $text = $prefix + (& $quote $c)
            if ($lead.Length -ge $prefix.Length) { $text = & $quote $c.Substring($lead.Length - $prefix.Length) }
            $results.Add([System.Management.Automation.CompletionResult]::new($text, $c, 'ParameterValue', $f))
        }
    }

    # After a bare --json: the command's fields, and (for a first name) what the word would be without it.
    $onlyFields = $false
    if ($afterJson -and -not $word.StartsWith('-')) {
        & $offerFields $word ''
        $onlyFields = $word.Contains(',')
    }
    if ($onlyFields) {
        # A comma-separated list is --json's value.
    } elseif ($pending) {
        & $complete (& $kindOf $path $pending) $wordToComplete ''
    } elseif (-not $dashdash -and $word -like '--*=*' -and $fieldsFlags -ccontains $word.Substring(0, $word.IndexOf('='))) {
        & $offerFields $word.Substring($word.IndexOf('=') + 1) $word.Substring(0, $word.IndexOf('=') + 1)
    } elseif (-not $dashdash -and $wordToComplete -like '--*=*') {
        $flag = $wordToComplete.Substring(0, $wordToComplete.IndexOf('='))
        & $complete (& $kindOf $path $flag) $wordToComplete.Substring($flag.Length + 1) "$flag="
    } elseif (-not $dashdash -and $wordToComplete.StartsWith('-')) {
        & $offer $options[$path] $wordToComplete 'ParameterName' $path ''
        if ($path -ne '') { & $offer $options[''] $wordToComplete 'ParameterName' '' '' }
    } elseif ($pos -eq 0 -and $subcommands.ContainsKey($path)) {
        & $offer $subcommands[$path] $wordToComplete 'ParameterValue' $path ''
    } elseif ($argKinds.ContainsKey($path)) {
        $kinds = $argKinds[$path]
        $index = $pos
        if ($index -ge $kinds.Count -and $variadic -contains $path) { $index = $kinds.Count - 1 }
        if ($index -lt $kinds.Count) { & $complete $kinds[$index] $wordToComplete '' }
    }
    # Nothing offered: PowerShell falls back to file names (which a file argument wants).
    if ($results.Count -gt 0) { return $results }
}
`;
}
