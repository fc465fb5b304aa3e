#!/usr/bin/env bash
# CI: the README's `npm start`, exactly as written, from this clean checkout (no desktop `code` here, so it
# sets up and starts code-server). Waits for the URL it prints, checks the URL answers over HTTP, then stops
# it with SIGTERM (what Ctrl-C does) and checks that the URL no longer answers (code-server went with it).
set -euo pipefail
cd "$(dirname "$0")/.."

LOG="$(mktemp -t npm-start.XXXXXX.log)"
answers() { node -e 'fetch(process.argv[1], { signal: AbortSignal.timeout(15000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))' "$1"; }
fail() { echo "== npm start: $*" >&2; echo "--- npm start output:" >&2; cat "$LOG" >&2; exit 1; }

# Its own process group, so the whole tree can be signalled at once.
setsid npm start >"$LOG" 2>&1 &
PID=$!
stop() { kill -TERM -- "-$PID" 2>/dev/null || true; }
trap stop EXIT

url=""
for _ in $(seq 1 900); do # setup.sh from scratch takes a few minutes
  url="$(grep -o 'http://127\.0\.0\.1:[0-9]*/[^ ]*' "$LOG" | head -1 || true)"
  [[ -n "$url" ]] && break
  kill -0 "$PID" 2>/dev/null || fail "exited before printing its URL"
  sleep 1
done
[[ -n "$url" ]] || fail "printed no URL within 15 min"
echo "== npm start printed $url"
answers "$url" || fail "$url does not answer"
echo "== $url answers"

stop
for _ in $(seq 1 30); do kill -0 "$PID" 2>/dev/null || break; sleep 1; done
kill -0 "$PID" 2>/dev/null && fail "still running 30 s after SIGTERM"
for _ in $(seq 1 30); do answers "$url" || break; sleep 1; done
answers "$url" && fail "$url still answers after npm start stopped"
trap - EXIT
echo "== npm start stopped; $url no longer answers"
