// Whether the config file can be trusted with the API key and the base URL, as ssh trusts its keys:
// nobody but us (or root) can change it. Someone who can rewrite `base-url` receives the key with
// the next request. And the modes habits repairs: only what is ours, never through a symbolic link.
//
// The rule (docs/cli-contract.md, "A config that others can change"): the config file can be
// changed by others when
//   - the file (for a symbolic link: the file it points to) is group- or world-writable
//     (mode & 0o022), or belongs to a user other than us and root;
//   - the directory holding it (for a symbolic link: the link's directory, and the target's) is
//     group- or world-writable without the sticky bit (others could replace the file), or
//     belongs to a user other than us and root.
// Directories above that one are not checked. A missing file is judged by its directory only.
// On Windows file modes mean nothing: everything is trusted.
import { realpathSync, type Stats } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { ConfigError } from '../errors.js';
import { linkTarget, myUid, privateDirReason, statOf, tightenOwn } from '../file-modes.js';

export { linkTarget, tightenOwn, type Tightened } from '../file-modes.js';

/** A mode as `0644`. */
export function octal(mode: number): string {
  return '0' + mode.toString(8).padStart(3, '0');
}

/** Something other users can change, which makes the config file untrusted. */
export interface Exposure {
  path: string;
  /** What `path` is to the config file. */
  role: 'file' | 'target' | 'directory' | 'target directory';
  /** writable: group- or world-writable (a directory: without the sticky bit); owner: another user's. */
  why: 'writable' | 'owner';
  mode: number;
  uid: number;
}

const windows = process.platform === 'win32';

const me = myUid;

function judge(path: string, role: Exposure['role'], st: Stats, directory: boolean): Exposure | undefined {
  const mode = st.mode & 0o7777;
  const writable = (mode & 0o022) !== 0 && !(directory && (mode & 0o1000) !== 0);
  if (writable) return { path, role, why: 'writable', mode, uid: st.uid };
  if (st.uid !== me() && st.uid !== 0) return { path, role, why: 'owner', mode, uid: st.uid };
  return undefined;
}

/**
 * What makes `file` changeable by other users, or undefined when only we (and root) can change it.
 * A few stats; run only when the file's key or base URL is about to be used, or the file written.
 */
export function exposureOf(file: string): Exposure | undefined {
  if (windows || me() === undefined) return undefined;
  const dir = dirname(resolve(file));
  const dirStat = statOf(dir, true);
  const dirExposure = dirStat && judge(dir, 'directory', dirStat, true);
  if (dirExposure) return dirExposure;
  const link = statOf(file, false);
  if (!link) return undefined;
  if (!link.isSymbolicLink()) return judge(file, 'file', link, false);
  let real: string;
  try {
    real = realpathSync(file);
  } catch {
    return undefined; // a link to nothing: nothing is read from it
  }
  const targetDir = dirname(real);
  const targetDirStat = statOf(targetDir, true);
  if (targetDirStat && targetDir !== realOf(dir)) {
    const exposure = judge(targetDir, 'target directory', targetDirStat, true);
    if (exposure) return exposure;
  }
  const target = statOf(real, true);
  return target && judge(real, 'target', target, false);
}

function realOf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}


/** The files habits keeps in the config directory: the file, its backup (`config edit`), and conf's temporary files of either. */
function isOurs(name: string, file: string): boolean {
  return [basename(file), `${basename(file)}.bak`].some((ours) => name === ours || (name.startsWith(`${ours}.tmp-`) && /^[0-9a-f]+$/.test(name.slice(ours.length + 5))));
}

/** Why the config directory is not made private (0700): file-modes.ts's rule, with our config files. */
export function sharedDirReason(dir: string, file: string): string | undefined {
  return privateDirReason(dir, (name) => isOurs(name, file));
}

/** Whether `habits doctor --fix` can end this exposure: a file or directory of ours, no link, writable by others. */
export function doctorCanFix(exposure: Exposure, file: string): boolean {
  if (exposure.why !== 'writable' || exposure.uid !== me()) return false;
  if (exposure.role === 'file') return true;
  return exposure.role === 'directory' && sharedDirReason(exposure.path, file) === undefined;
}

/** The exposure in words: `it is writable by them, mode 0666`. */
function reason(exposure: Exposure): string {
  const what = {
    file: 'it',
    directory: `its directory ${exposure.path}`,
    target: `it links to ${exposure.path}, which`,
    'target directory': `it links into ${exposure.path}, which`,
  }[exposure.role];
  return exposure.why === 'writable'
    ? `${what} is writable by them, mode ${octal(exposure.mode & 0o777)}`
    : `${what} belongs to another user, uid ${exposure.uid}`;
}

/** What the user does about it, in one clause. */
export function exposureFix(exposure: Exposure, file: string): string {
  if (doctorCanFix(exposure, file)) return `check what it holds, then run \`habits doctor --fix\` (or chmod go-w ${exposure.path})`;
  const directory = exposure.role === 'directory' || exposure.role === 'target directory';
  if (exposure.uid !== me()) {
    // Not ours: nothing we may change; the way out is a file (or directory) of our own.
    return directory
      ? 'keep your config in a directory of your own (HABITS_CONFIG_DIR)'
      : `move ${exposure.path} away, then set up your own with \`habits auth login\``;
  }
  // Ours, but a link's target, or a directory that is not ours alone: doctor leaves those to us.
  return directory
    ? `run \`chmod go-w ${exposure.path}\`, or keep your config in a private directory (HABITS_CONFIG_DIR)`
    : `check what it holds, then run \`chmod go-w ${exposure.path}\``;
}

/** The exposure in words (`it is writable by them, mode 0666`), and what to do about it. */
export function exposureParts(exposure: Exposure, file: string): { reason: string; fix: string } {
  return { reason: reason(exposure), fix: exposureFix(exposure, file) };
}

/** The one line for an exposed config file; `consequence` says what habits did not do. */
export function exposureText(exposure: Exposure, file: string, consequence: string): string {
  return `config file ${file} can be changed by other users (${reason(exposure)}), so ${consequence}: ${exposureFix(exposure, file)}`;
}

/** The error (exit 2) for a command that would use the key or base URL of an exposed file. */
export function untrustedForUse(exposure: Exposure, file: string): ConfigError {
  return new ConfigError(exposureText(exposure, file, 'its key and base URL are not used'));
}

/** The error (exit 2) for a command that would write an exposed file. */
export function untrustedForWrite(exposure: Exposure, file: string): ConfigError {
  return new ConfigError(exposureText(exposure, file, 'it was left as it is'));
}

/** The config file's and its directory's modes as `habits doctor` reports them, after a repair when asked. */
export interface ConfigModes {
  /** Whether there is a file to read (a link to nothing is none). */
  exists: boolean;
  /** Where the file links to, when it is a symbolic link. */
  link: string | undefined;
  /** The file's permission bits, and the directory's (sticky bit too), when first looked at. */
  fileMode: number | undefined;
  dirMode: number | undefined;
  /** Why the directory is not made private (sharedDirReason), when it is not. */
  shared: string | undefined;
  /** What is looser than 0600 and 0700 and stays so, in words: `the file is 0644, not 0600`. */
  loose: string[];
  /** What the repair changed, in words: `the file 0644 → 0600`. */
  fixed: string[];
  /** What lets other users change the file (exposureOf), before the repair and after it. */
  before: Exposure | undefined;
  after: Exposure | undefined;
  /** The modes once repaired (the same as first looked at without a repair). */
  now: { file: number | undefined; dir: number | undefined };
}

/**
 * The config file's (0600) and directory's (0700) modes; with `fix`, tightened by the rule of every
 * write: only what is ours, never through a symbolic link, and the directory only when it is not
 * a shared one (sharedDirReason).
 */
export function configModes(paths: { configDir: string; configFile: string }, fix: boolean): ConfigModes {
  const { configDir: dir, configFile: file } = paths;
  // The file's permission bits; the directory's sticky bit too.
  const modes = (): ConfigModes['now'] => ({ file: modeBits(file, 0o777), dir: modeBits(dir, 0o7777) });
  const first = modes();
  const link = linkTarget(file);
  const shared = sharedDirReason(dir, file);
  const none: ConfigModes = { exists: false, link, fileMode: first.file, dirMode: first.dir, shared, loose: [], fixed: [], before: undefined, after: undefined, now: first };
  if (first.file === undefined) return none;
  const before = exposureOf(file);
  const { loose, fixed } = none;
  /** One path's mode against `want`: said when loose, tightened with `fix` (tightenOwn says why not). */
  const tighten = (what: string, path: string, mode: number | undefined, want: number, leftAsItIs?: string): void => {
    if (mode === undefined || (mode & 0o077) === 0) return;
    if (leftAsItIs !== undefined) loose.push(`${what} is ${octal(mode)}, not ${octal(want)}${leftAsItIs}`);
    else if (!fix) loose.push(`${what} is ${octal(mode)}, not ${octal(want)}`);
    else {
      const done = tightenOwn(path, want);
      if (done && 'from' in done) fixed.push(`${what} ${octal(done.from)} → ${octal(want)}`);
      else if (done) loose.push(`${what} is ${octal(mode)} and was left as it is: ${done.left}`);
    }
  };
  if (shared === undefined) tighten('the directory', dir, first.dir, 0o700);
  // Never a chmod through a link: its target may be anything (../public/index.html).
  tighten('the file', file, first.file, 0o600, link !== undefined ? `, and is a symbolic link to ${link}${fix ? ', left as it is' : ''}` : undefined);
  return { ...none, exists: true, before, after: fix ? exposureOf(file) : before, now: fix ? modes() : first };
}

/** The mode bits of `path` that `mask` keeps, following links; undefined when it is missing. */
function modeBits(path: string, mask: number): number | undefined {
  const st = statOf(path, true);
  return st && st.mode & mask;
}
