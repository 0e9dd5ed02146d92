#!/usr/bin/env bash
# The package as a user gets it: `npm pack`, then, under each Node binary given, `npm install -g`
# of the tarball into a fresh prefix with no compiler reachable, and a new user's first commands run
# from that prefix in a clean environment (as cron would). Then the proxy check and the load tests
# (test/server/store/runtimes.test.ts) against the installed copy. Exits non-zero on any failure,
# and on any `npm warn` line of an install.
#
#   .ci/package-check.sh NODE20_BIN NODE22_BIN NODE24_BIN
set -euo pipefail
cd "$(dirname "$0")/.."

fail() { echo "package-check: FAILED: $*" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# An install prints nothing but npm's summary: any `npm warn` line fails it (npm 11 warns, for one,
# about an install script the package carries that allowScripts does not cover: the package must
# carry none it does not need; scripts/pack-manifest.mjs). Runs "$@", shows its output.
quiet_install() {
  local out="$work/npm-install.out" status=0
  "$@" > "$out" 2>&1 || status=$?
  sed 's/^/  | /' "$out"
  [ "$status" = 0 ] || return "$status"
  if grep -qi '^npm warn' "$out"; then
    echo "package-check: npm warned:" >&2
    grep -i '^npm warn' "$out" >&2
    return 1
  fi
}

tarball="$work/$(npm pack --silent --pack-destination "$work" | tail -n 1)"
[ -f "$tarball" ] || fail "npm pack made no tarball"
packed=$(du -k "$tarball" | cut -f1)
unpacked=$(tar -xzOf "$tarball" | wc -c)
echo "package-check: $(basename "$tarball"): ${packed} kB packed, $((unpacked / 1024)) kB unpacked"

# A compiler that is not there: any native build during the install fails it.
noc="$work/no-compiler"
mkdir -p "$noc"
for tool in cc gcc g++ c++ make python3 python; do printf '#!/bin/sh\necho "%s: not on this machine" >&2; exit 127\n' "$tool" > "$noc/$tool"; chmod +x "$noc/$tool"; done

first_prefix=""
for node in "$@"; do
  bindir=$(dirname "$node")
  version=$("$node" -v)
  major=${version#v}; major=${major%%.*}
  prefix="$work/prefix-$major"
  home="$work/home-$major"
  mkdir -p "$home"
  echo "package-check: Node $version: npm install -g $(basename "$tarball")"
  PATH="$noc:$bindir:$PATH" CC=false CXX=false quiet_install npm install -g --prefix "$prefix" --no-audit --no-fund --loglevel=warn "$tarball" \
    || fail "Node $version: npm install -g of the tarball failed, or warned"
  native=$(find "$prefix" -name '*.node' | head -n 1)
  [ -z "$native" ] || fail "Node $version: the install holds a native addon: $native"
  if [ "$major" -lt 22 ]; then
    # Node 20 has no node:sqlite: local mode needs better-sqlite3 beside habits (README, Runtimes).
    echo "package-check: Node $version: npm install -g better-sqlite3@12 (compiled: Node 20 only)"
    # Its install script is the compile, allowed by name where npm asks for that (npm 11's allowScripts).
    allow=()
    PATH="$bindir:$PATH" npm config ls -l 2>/dev/null | grep -q '^allow-scripts ' && allow=(--allow-scripts=better-sqlite3)
    PATH="$bindir:$PATH" quiet_install npm install -g --prefix "$prefix" --no-audit --no-fund --loglevel=warn "${allow[@]}" better-sqlite3@12 \
      || fail "Node $version: better-sqlite3 12 did not install, or npm warned"
  fi
  habits="$prefix/bin/habits"
  page="$prefix/lib/node_modules/habits-cli/man/habits.1"
  # As cron runs it: no inherited environment, PATH with this Node first.
  clean() { env -i PATH="$bindir:/usr/bin:/bin" HOME="$home" HABITS_TIMEZONE=UTC "$@"; }
  check() {
    local status=0
    clean "$@" > "$work/out" 2> "$work/err" || status=$?
    [ "$status" = 0 ] || { cat "$work/err" >&2; fail "Node $version: \`$*\` exited $status"; }
  }
  check "$habits" --version
  [ "$(cat "$work/out")" = "$(node -p "require('./package.json').version")" ] || fail "Node $version: --version printed $(cat "$work/out")"
  check "$habits" --local habit add Walk --daily
  check "$habits" --local log done Walk
  check "$habits" --local journal
  grep -q 'Walk.*completed' "$work/out" || fail "Node $version: the journal does not show Walk completed: $(cat "$work/out")"
  [ ! -s "$work/err" ] || fail "Node $version: the journal wrote to stderr: $(cat "$work/err")"
  check env MANPAGER=cat MANWIDTH=80 man -l "$page"
  grep -q 'habits' "$work/out" || fail "Node $version: man -l $page printed no page"
  check "$habits" completion bash
  grep -q 'complete ' "$work/out" || fail "Node $version: completion bash printed no completion script"
  PATH="$bindir:$PATH" node .ci/proxy-check.mjs "$habits" || fail "Node $version: the proxy check failed"
  echo "package-check: Node $version: install, local mode, man page, completion and proxy: ok"
  [ -n "$first_prefix" ] || first_prefix="$prefix"
done

# The load tests, each line running the installed CLI (the first prefix is Node 20's, which has
# better-sqlite3 beside habits; 22 and 24 use node:sqlite from the same files).
HABITS_TEST_BIN="$first_prefix/bin/habits" npx vitest run test/server/store/runtimes.test.ts \
  || fail "the load tests against the installed package failed"
echo "package-check: ok"
