// `habits completion bash|zsh|fish|powershell`: the script of each shell (tested in test/completion/), --json,
// and the install lines shared by help and the scripts.
import { describe, expect, it } from 'vitest';
import { completionScript as scriptFor, runCli } from '../helpers/cli.js';

describe('habits completion', () => {
  it('--json wraps the script; an unknown shell is a usage error', async () => {
    const r = await runCli(['completion', 'bash', '--json']);
    expect(JSON.parse(r.stdout)).toMatchObject({ shell: 'bash', script: expect.stringContaining('complete -F _habits habits') });
    const bad = await runCli(['completion', 'tcsh']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^error: .*tcsh/);
  });

  it('takes pwsh for powershell', async () => {
    const r = await runCli(['completion', 'pwsh', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ shell: 'powershell', script: expect.stringContaining('Register-ArgumentCompleter -Native -CommandName habits -ScriptBlock {') });
    expect(await scriptFor('pwsh')).toBe(await scriptFor('powershell'));
  });

  it('help and each script say how to install it, in the same words', async () => {
    const help = (await runCli(['completion', '--help'])).stdout;
    const lines: Record<string, string> = {
      bash: 'habits completion bash > ~/.local/share/bash-completion/completions/habits',
      zsh: 'habits completion zsh > ~/.zfunc/_habits',
      fish: 'habits completion fish > ~/.config/fish/completions/habits.fish',
      powershell: 'habits completion powershell >> $PROFILE',
    };
    for (const [shell, line] of Object.entries(lines)) {
      expect(help).toContain(`$ ${line}`);
      expect(await scriptFor(shell)).toContain(`# Install:\n#   ${line}\n`);
    }
  });
});
