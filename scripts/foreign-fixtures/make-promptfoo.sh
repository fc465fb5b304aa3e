#!/usr/bin/env bash
# Makes test/fixtures/foreign-logs/promptfoo/results.json by running promptfoo itself (`promptfoo eval -o`)
# against the project's OpenAI-compatible test server (test/server, its scripted model).
# promptfoo is not a dependency of the project: install it outside the repository and name its binary:
#   mkdir -p /tmp/pf && (cd /tmp/pf && npm install promptfoo@0.119.0)   # 0.120+ needs Node 22
#   PROMPTFOO=/tmp/pf/node_modules/.bin/promptfoo scripts/foreign-fixtures/make-promptfoo.sh
# With an argument, another config: `make-promptfoo.sh graded` runs promptfooconfig-graded.yaml into
# results-graded.json (numeric scores and a test threshold).
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
promptfoo="${PROMPTFOO:-promptfoo}"
work="$(mktemp -d)"
trap 'kill "$server" 2>/dev/null || true; rm -rf "$work"' EXIT

cd "$repo"
node --import tsx test/server/main.ts --port 0 --model-seed 7 > "$work/server.out" &
server=$!
for _ in $(seq 1 100); do grep -q '"url"' "$work/server.out" 2>/dev/null && break; sleep 0.1; done
url="$(sed -n 's/.*"url":"\([^"]*\)".*/\1/p' "$work/server.out" | head -1)"
[ -n "$url" ] || { echo "the test server did not start" >&2; exit 1; }

suffix="${1:+-$1}"
cp "$repo/scripts/foreign-fixtures/promptfooconfig$suffix.yaml" "$work/promptfooconfig.yaml"
sed -i "s#TEST_SERVER_URL#$url#" "$work/promptfooconfig.yaml"
cd "$work"
export PROMPTFOO_DISABLE_TELEMETRY=1 PROMPTFOO_DISABLE_UPDATE=1 PROMPTFOO_CACHE_ENABLED=false PROMPTFOO_CONFIG_DIR="$work/.promptfoo" OPENAI_API_KEY=test-key
# promptfoo exits 100 when some assertion failed, which this fixture wants.
"$promptfoo" eval -c promptfooconfig.yaml -o results.json --no-progress-bar --no-table || [ $? -eq 100 ]
mkdir -p "$repo/test/fixtures/foreign-logs/promptfoo"
cp results.json "$repo/test/fixtures/foreign-logs/promptfoo/results$suffix.json"
echo "wrote test/fixtures/foreign-logs/promptfoo/results$suffix.json"
