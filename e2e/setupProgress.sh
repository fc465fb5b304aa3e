#!/usr/bin/env bash
# The console progress of e2e/setup.sh (sourced by it), so that the first `npm start`, which sets up code-server
# for minutes, is never silent: each phase says when it starts (with what it is likely to take) and when it ends
# (with its seconds), and a long phase says every SETUP_PROGRESS_EVERY seconds (default 30) that it is still going.
# With SETUP_DRY_RUN=1 a phase prints the same lines and runs nothing (the test of these lines uses it).

SETUP_PROGRESS_EVERY="${SETUP_PROGRESS_EVERY:-30}"

progress() { echo "[e2e setup] $*"; }

# phase TITLE ESTIMATE COMMAND...: runs COMMAND (its output is the caller's to redirect), printing
#   "[e2e setup] TITLE: started (ESTIMATE)", "[e2e setup]   TITLE: still going, N s so far" and
#   "[e2e setup] TITLE: done in N s" (or "failed after N s", returning COMMAND's status).
phase() {
  local title="$1" estimate="$2"
  shift 2
  local started
  started=$(date +%s)
  progress "$title: started${estimate:+ ($estimate)}"
  # The ticker's sleep writes nowhere, so that a sleep left running after the ticker is stopped holds no pipe open.
  (
    while sleep "$SETUP_PROGRESS_EVERY" >/dev/null 2>&1; do
      progress "  $title: still going, $(($(date +%s) - started)) s so far"
    done
  ) &
  local ticker=$! status=0
  if [ "${SETUP_DRY_RUN:-0}" != 1 ]; then "$@" || status=$?; fi
  kill "$ticker" 2>/dev/null || true
  wait "$ticker" 2>/dev/null || true
  if [ "$status" = 0 ]; then
    progress "$title: done in $(($(date +%s) - started)) s"
  else
    progress "$title: failed after $(($(date +%s) - started)) s"
  fi
  return "$status"
}
