#!/usr/bin/env bash
# CI: the README's `npm start`, exactly as written, from this clean checkout (no desktop `code` here, so it
# sets up and starts code-server), twice. Each time: waits for the URL it prints, checks the URL answers over
# HTTP, then stops it with SIGTERM (what Ctrl-C does) and checks that the URL no longer answers (code-server
# went with it).
# Between the two, what a user set must survive (issue 29 #1): the second start prints the same profile folder
# and the same URL (code-server keeps globalState and SecretStorage in the browser, per origin), a setting
# written into the profile's User/settings.json during the first start is still there, and code-server hands
# out the same server half of the key that seals the browser's stored secrets (POST /mint-key, which reads
# the profile's serve-web-key-half). Run outside CI it uses this checkout's own profile: the marker setting
# is removed again at the end.
set -euo pipefail
cd "$(dirname "$0")/.."

LOG="$(mktemp -t npm-start.XXXXXX.log)"
MARKER="evalAdjudicator.startCheckMarker"
NONCE="start-check-$$-$RANDOM"
SETTINGS=""
answers() { node -e 'fetch(process.argv[1], { signal: AbortSignal.timeout(15000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))' "$1"; }
# sha256 of the bytes POST ORIGIN/mint-key returns (what the workbench XORs with its client key half).
key_half() {
  node -e '
    fetch(process.argv[1] + "/mint-key", { method: "POST", signal: AbortSignal.timeout(15000) })
      .then(async (r) => { if (!r.ok) throw new Error(`HTTP ${r.status}`); const b = Buffer.from(await r.arrayBuffer()); if (b.length !== 32) throw new Error(`${b.length} bytes`); console.log(require("node:crypto").createHash("sha256").update(b).digest("hex")); })
      .catch((e) => { console.error(`mint-key: ${e.message}`); process.exit(1); })' "$1"
}
# Adds (add) or removes (remove) the marker line, as text, so a settings.json with comments stays as it was.
marker() {
  node -e '
    const fs = require("node:fs"); const [action, file, key, nonce] = process.argv.slice(1);
    const line = `  ${JSON.stringify(key)}: ${JSON.stringify(nonce)},`;
    const text = fs.readFileSync(file, "utf8");
    if (action === "add") { const at = text.indexOf("{"); if (at < 0) throw new Error(`${file} has no {`); fs.writeFileSync(file, `${text.slice(0, at + 1)}\n${line}${text.slice(at + 1)}`); }
    else if (action === "has") process.exit(text.includes(line) ? 0 : 1);
    else fs.writeFileSync(file, text.split(`\n${line}`).join(""));' "$1" "$SETTINGS" "$MARKER" "$NONCE"
}
fail() { echo "== npm start: $*" >&2; echo "--- npm start output:" >&2; cat "$LOG" >&2; exit 1; }

PID=""
stop() { [[ -n "$PID" ]] && kill -TERM -- "-$PID" 2>/dev/null || true; }
cleanup() { stop; if [[ -n "$SETTINGS" && -f "$SETTINGS" ]]; then marker remove || true; fi; }
trap cleanup EXIT

# Starts `npm start` in its own process group (so the whole tree can be signalled at once) and waits for its
# URL; sets PID, url, origin and profile.
start_and_wait() {
  : >"$LOG"
  setsid npm start >"$LOG" 2>&1 &
  PID=$!
  url=""
  for _ in $(seq 1 900); do # setup.sh from scratch takes a few minutes
    url="$(grep -o 'http://127\.0\.0\.1:[0-9]*/[^ ]*' "$LOG" | head -1 || true)"
    [[ -n "$url" ]] && break
    kill -0 "$PID" 2>/dev/null || fail "exited before printing its URL"
    sleep 1
  done
  [[ -n "$url" ]] || fail "printed no URL within 15 min"
  origin="$(grep -o '^http://127\.0\.0\.1:[0-9]*' <<<"$url")"
  profile="$(sed -n 's/^code-server profile of this checkout[^:]*: //p' "$LOG" | head -1)"
  [[ -n "$profile" ]] || fail "printed no 'code-server profile of this checkout: FOLDER' line"
  echo "== npm start printed $url (profile $profile)"
  answers "$url" || fail "$url does not answer"
  echo "== $url answers"
}

stop_and_check_gone() {
  stop
  for _ in $(seq 1 30); do kill -0 "$PID" 2>/dev/null || break; sleep 1; done
  kill -0 "$PID" 2>/dev/null && fail "still running 30 s after SIGTERM"
  for _ in $(seq 1 30); do answers "$url" || break; sleep 1; done
  answers "$url" && fail "$url still answers after npm start stopped"
  PID=""
  echo "== npm start stopped; $url no longer answers"
}

start_and_wait
first_url="$url" first_profile="$profile"
SETTINGS="$profile/user-data/User/settings.json"
[[ -f "$SETTINGS" ]] || fail "the profile has no $SETTINGS"
first_key="$(key_half "$origin")" || fail "POST $origin/mint-key failed"
marker add
echo "== wrote $MARKER into $SETTINGS"
stop_and_check_gone

start_and_wait
[[ "$profile" == "$first_profile" ]] || fail "the second start uses profile $profile, the first used $first_profile"
[[ "$url" == "$first_url" ]] || fail "the second start serves $url, the first served $first_url: the browser's globalState and SecretStorage are per origin"
marker has || fail "$MARKER written into $SETTINGS during the first start is gone at the second"
second_key="$(key_half "$origin")" || fail "POST $origin/mint-key failed"
[[ "$second_key" == "$first_key" ]] || fail "code-server hands out another key half at the second start: the secrets the browser sealed during the first are lost"
echo "== the second start kept the profile, the URL, the setting and the secret key half"
stop_and_check_gone
marker remove
trap - EXIT
