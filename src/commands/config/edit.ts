// `habits config edit`: the config file in $VISUAL/$EDITOR, checked when the editor closes. An
// invalid save is never left silently: the problems are listed and the user re-opens the file or
// restores what it held before; until then a backup of that lies beside it (0600).
import { realpathSync, rmSync } from 'node:fs';
import type { Command } from 'commander';
import { readConfigText, writeConfigText } from '../../config/file.js';
import { exposureOf, linkTarget, untrustedForWrite } from '../../config/trust.js';
import { configProblems } from '../../config/validate.js';
import { CancelledError, ConfigError, FailureError, UsageError } from '../../errors.js';
import { escapeControls } from '../../model/text.js';
import { examples, type App } from '../shared/app.js';
import type { Deps } from '../shared/deps.js';

export function register(parent: Command, app: App): void {
  parent
    .command('edit')
    .description('open the config file in $VISUAL or $EDITOR, and check it when the editor closes')
    .addHelpText('after', examples([
      ['habits config edit'],
      ['EDITOR=nano habits config edit'],
    ]))
    .action((_opts, cmd: Command) => app.run(cmd, (ctx) => run(ctx)));
}

/** Runs `editor` (a shell command line, as $EDITOR may hold arguments) on `file`; resolves to its exit status. */
export type OpenEditor = (editor: string, file: string, env: Deps['env']) => Promise<number>;

const openEditor: OpenEditor = async (editor, file, env) => {
  const { spawn } = await import('node:child_process');
  // As git runs it: the command line through the shell, the file as "$1" (never parsed by it).
  const child = process.platform === 'win32'
    ? spawn(`${editor} "${file}"`, { shell: true, stdio: 'inherit', env })
    : spawn('/bin/sh', ['-c', `${editor} "$@"`, editor, file], { stdio: 'inherit', env });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
};

export async function run(deps: Pick<Deps, 'env' | 'out' | 'paths' | 'prompter'>, open: OpenEditor = openEditor): Promise<void> {
  const file = deps.paths.configFile;
  if (!deps.prompter.available) {
    throw new UsageError('config edit needs a terminal', 'change one key with `habits config set KEY VALUE` (the file is at `habits config path`)');
  }
  const editor = (deps.env.VISUAL || deps.env.EDITOR || '').trim();
  if (!editor) throw new UsageError('no editor: $VISUAL and $EDITOR are not set', 'set one (e.g. EDITOR=nano), or use `habits config set KEY VALUE`');

  // A file that others can change is not edited (config/trust.ts): fixing its mode on save would
  // make whatever they put in it trusted.
  const exposure = exposureOf(file);
  if (exposure) throw untrustedForWrite(exposure, file);
  const warn = (line: string): void => deps.out.warn(line);
  const backup = `${file}.bak`;
  const current = readConfigText(file);
  // The content to go back to: the file as it is, unless it is broken and an earlier edit left a
  // backup of a good one.
  const kept = current !== undefined && configProblems(current, file).length > 0 ? readConfigText(backup) : undefined;
  const previous = kept ?? current;
  if (previous !== undefined) await writeConfigText({ ...deps.paths, configFile: backup }, previous);
  if (current === undefined) await writeConfigText(deps.paths, '{}\n', warn);
  // A link is edited at its target, so that an editor that writes a new file keeps the link.
  const editing = linkTarget(file) === undefined ? file : realpathSync(file);

  const restore = async (): Promise<void> => {
    if (previous === undefined) rmSync(file, { force: true });
    else await writeConfigText(deps.paths, previous);
    rmSync(backup, { force: true });
  };

  for (;;) {
    const status = await open(editor, editing, deps.env);
    if (status !== 0) {
      await restore();
      throw new FailureError(`the editor (${editor}) exited with status ${status}; the config file was restored`, 'editor');
    }
    const text = readConfigText(file) ?? '';
    const problems = configProblems(text, file);
    if (problems.length === 0) {
      // Editors that write a new file leave it with the umask's mode: it holds the key.
      await writeConfigText(deps.paths, text, warn);
      rmSync(backup, { force: true });
      const changed = text !== (current ?? '{}\n');
      await deps.out.result({ file, changed }, () => '');
      deps.out.info(changed ? `Saved ${file}` : `No changes to ${file}`);
      return;
    }
    deps.out.warn(`${file} is not a valid config:`);
    for (const problem of problems) deps.out.warn(`  - ${escapeControls(problem)}`);
    let choice: 'reopen' | 'restore';
    try {
      choice = await deps.prompter.select<'reopen' | 'restore'>({
        message: 'What now?',
        choices: [
          { name: 'Re-open the editor', value: 'reopen' },
          { name: 'Restore the previous content', value: 'restore', description: previous === undefined ? 'there was no config file' : `kept in ${backup}` },
        ],
        default: 'reopen',
      });
    } catch (err) {
      if (err instanceof CancelledError) await restore();
      throw err;
    }
    if (choice === 'restore') {
      await restore();
      throw new ConfigError(`the edit was not saved: ${file} holds its previous content again`);
    }
  }
}
