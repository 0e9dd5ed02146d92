// The PowerShell completion script: one Register-ArgumentCompleter -Native block that asks
// `habits __complete -- <words>` (complete.ts) and offers what that prints, a candidate with a
// space or a character PowerShell reads specially single-quoted.

/** The whole script. */
export function powershellScript(header: string): string {
  return `${header}
Register-ArgumentCompleter -Native -CommandName habits -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    # The words that begin before the cursor, unquoted; the last is the one completed, whole up to
    # the cursor (PowerShell may give in $wordToComplete only what follows a comma in it).
    $elements = @($commandAst.CommandElements | Where-Object { $_.Extent.StartOffset -lt $cursorPosition })
    $words = @($elements | Select-Object -Skip 1 | ForEach-Object {
        if ($_ -is [System.Management.Automation.Language.StringConstantExpressionAst]) { $_.Value } else { $_.Extent.Text }
    })
    $word = $wordToComplete
    if ($words.Count -gt 0 -and ($wordToComplete -ne '' -or $elements[-1].Extent.EndOffset -ge $cursorPosition)) {
        $last = $elements[-1].Extent
        $words = @($words | Select-Object -SkipLast 1)
        if ($last.EndOffset -ge $cursorPosition) {
            $text = $last.Text.Substring(0, $cursorPosition - $last.StartOffset) -replace "^['""]", ''
            if ($text.EndsWith($wordToComplete)) { $word = $text }
        }
    }
    # What PowerShell replaces is $wordToComplete: the rest of the word ($lead) stays.
    $lead = $word.Substring(0, $word.Length - $wordToComplete.Length)
    # Before PowerShell 7.3 an empty argument is not passed to a native command: '""' is.
    $asTyped = $word
    if ($word -eq '' -and $PSVersionTable.PSVersion -lt [version]'7.3') { $asTyped = '""' }
    $lines = @(habits __complete -- @words $asTyped 2>$null)
    if ($lines.Count -eq 0 -or $lines[-1] -notmatch '^:(\\d+)$') { return }
    $directive = [int]$Matches[1]
    # Nothing offered: PowerShell falls back to file names (which a file argument wants).
    if ($directive -band 2) { return }
    foreach ($line in $lines[0..($lines.Count - 2)]) {
        if ($lines.Count -lt 2) { break }
        $value, $tip = $line -split "\`t", 2
        if (-not $tip) { $tip = $value }
        $text = $value
        if ($lead -and $value.StartsWith($lead)) { $text = $value.Substring($lead.Length) }
        if ($text -match '[\\s''"$;,(){}|&<>@#\\u2018-\\u201B\\u0060]') { $text = "'" + ($text -replace "['\\u2018-\\u201B]", '$0$0') + "'" }
        $type = if ($value.StartsWith('-')) { 'ParameterName' } else { 'ParameterValue' }
        [System.Management.Automation.CompletionResult]::new($text, $value, $type, $tip)
    }
}
`;
}
