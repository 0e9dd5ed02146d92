// The PowerShell script of `habits completion powershell` (src/completion/powershell.ts): its form,
// and TabExpansion2 in real pwsh with the real completer behind it where pwsh is installed (an
// optional tool, even under CI, which cannot install it from Debian's archive: helpers/tools.ts).
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { NOUNS } from '../../src/program.js';
import { useScript } from '../helpers/cli.js';
import { fakeCompleteArgv } from '../helpers/completion.js';
import { withOptionalTools } from '../helpers/tools.js';

const TOP = NOUNS.filter((n) => !n.hidden).map((n) => n.name);

/** The script, written once for the file's tests. */
const script = useScript('powershell', 'habits.ps1');

/** A stand-in habits: the real completer with these names (helpers/completion.ts). */
const FAKE = `function habits { if ($args[0] -eq '__complete') { & ${fakeCompleteArgv({ habits: ['Drink water', 'Drink tea', 'Walk'] }).map((a) => `'${a.replace(/'/g, "''")}'`).join(' ')} @args } }`;

/**
 * The script with its strings and comments blanked: what is left are PowerShell's own braces,
 * brackets and parentheses. '…' doubles its quote; "…" escapes with a backtick or doubles.
 */
function code(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '#') {
      while (i < text.length && text[i] !== '\n') i++;
      out += '\n';
    } else if (ch === "'" || ch === '"') {
      for (i++; i < text.length; i++) {
        if (ch === '"' && text[i] === '`') i++;
        else if (text[i] === ch && text[i + 1] === ch) i++;
        else if (text[i] === ch) break;
      }
      out += '""';
    } else out += ch;
  }
  return out;
}

function balanced(text: string): boolean {
  const stack: string[] = [];
  const pairs: Record<string, string> = { '}': '{', ')': '(', ']': '[' };
  for (const ch of code(text)) {
    if ('{(['.includes(ch)) stack.push(ch);
    else if (ch in pairs && stack.pop() !== pairs[ch]) return false;
  }
  return stack.length === 0;
}

describe('powershell script', () => {
  it('registers one native completer for habits, with balanced braces', () => {
    expect(script.text).toContain('\nRegister-ArgumentCompleter -Native -CommandName habits -ScriptBlock {\n    param($wordToComplete, $commandAst, $cursorPosition)\n');
    expect(script.text.match(/Register-ArgumentCompleter/g)).toHaveLength(1);
    expect(balanced(script.text)).toBe(true);
    // The check can fail.
    expect(balanced(script.text.replace('-ScriptBlock {', '-ScriptBlock'))).toBe(false);
    expect(balanced("$a = '{'")).toBe(true);
  });

  it('hands the words typed so far to habits __complete and offers what it prints', () => {
    expect(script.text).toContain('$lines = @(habits __complete -- @words $asTyped 2>$null)');
    expect(script.text).toContain('[System.Management.Automation.CompletionResult]::new($text, $value, $type, $tip)');
  });
});

withOptionalTools('pwsh').it('pwsh completes commands, flags, names and help topics with it', () => {
  const fake = FAKE;
  const run = (line: string): string[] => {
    const command = `${fake}; . '${script.file}'; (TabExpansion2 -inputScript '${line.replace(/'/g, "''")}' -cursorColumn ${line.length}).CompletionMatches | ForEach-Object { $_.CompletionText }`;
    return execFileSync('pwsh', ['-NoProfile', '-NonInteractive', '-Command', command], { encoding: 'utf8' }).split(/\r?\n/).filter(Boolean);
  };
  expect(run('habits ').sort()).toEqual([...TOP].sort());
  expect(run('habits lo')).toEqual(['log']);
  expect(run('habits habit rm --y')).toEqual(['--yes']);
  expect(run('habits log done Drink')).toEqual(["'Drink water'", "'Drink tea'"]);
  expect(run('habits note list Wa')).toEqual(['Walk']);
  expect(run('habits log add Walk 3 --unit fl')).toEqual(["'fl oz'", 'floor']);
  expect(run('habits help exit-')).toEqual(['exit-codes']);
  expect(run('habits help log sk')).toEqual(['skip']);
});

withOptionalTools('pwsh').it('pwsh completes --json fields, one name of a comma-separated list at a time', () => {
  const fake = FAKE;
  /**
   * The command lines TabExpansion2's candidates make of `line`, single quotes left out: PowerShell
   * may quote a list with commas, or complete only what follows its last comma; habits gets the
   * same word either way.
   */
  const lines = (line: string): string[] => {
    const quoted = `'${line.replace(/'/g, "''")}'`;
    const command = `${fake}; . '${script.file}'; $line = ${quoted}; $r = TabExpansion2 -inputScript $line -cursorColumn ${line.length}; $r.CompletionMatches | ForEach-Object { $line.Substring(0, $r.ReplacementIndex) + $_.CompletionText + $line.Substring($r.ReplacementIndex + $r.ReplacementLength) }`;
    return execFileSync('pwsh', ['-NoProfile', '-NonInteractive', '-Command', command], { encoding: 'utf8' }).split(/\r?\n/).filter(Boolean).map((l) => l.replace(/'/g, ''));
  };
  const words = (line: string) => lines(line).map((l) => l.split(' ').at(-1));
  expect(words('habits journal --json ')).toEqual(['id', 'name', 'status', 'colorHex', 'icon', 'timeOfDayIds', 'type', 'currentStreak', 'progress', 'logInfo']);
  expect(lines('habits journal --json st')).toEqual(['habits journal --json status']);
  // Names already listed are not offered again; the list so far stays in the word.
  expect(lines('habits journal --json name,st')).toEqual(['habits journal --json name,status']);
  expect(words('habits habit ls --json name,type,i')).toEqual(['name,type,id', 'name,type,icon', 'name,type,isArchived']);
  expect(lines('habits journal --json NA')).toEqual([]);
  // --json=: the flag stays in front.
  expect(lines('habits area ls --json=na')).toEqual(['habits area ls --json=name']);
  expect(words('habits area ls --json=name,c')).toEqual(['--json=name,colorHex', '--json=name,createdAt']);
  // The fields of the shape a flag selects are offered too: --dry-run's plan.
  expect(words('habits habit rm Walk --dry-run --json m')).toEqual(['message', 'method']);
  // The value may be left out: a name the command takes completes after a bare --json as well.
  expect(lines('habits log done --json Dr')).toEqual(['habits log done --json Drink water', 'habits log done --json Drink tea']);
  expect(words('habits log done --json re')).toEqual(['ref', 'result']);
  // Before the command there are no fields yet, and the command completes.
  expect(lines('habits --json jou')).toEqual(['habits --json journal']);
  // `help` after --json is its value, not the help command: the commands complete, not help's topics.
  expect(lines('habits --json help ex')).toEqual(['habits --json help export']);
  // A value of --json typed before is skipped, as habits skips it; a name after it is an argument.
  expect(lines('habits --json name,status journal --da')).toEqual(['habits --json name,status journal --date']);
  expect(lines('habits log done --json ok --date y')).toEqual(['habits log done --json ok --date yesterday']);
  expect(words('habits log add --json Walk 3 --unit k')).toEqual(['kM', 'kg', 'kJ', 'kCal']);
});
