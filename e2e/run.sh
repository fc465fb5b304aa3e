#!/usr/bin/env bash
# CI entry point for the end-to-end tier: setup (idempotent) + every tests/**/*.e2e.ts. Same as `node e2e/run.mjs`.
set -euo pipefail
exec node "$(dirname "${BASH_SOURCE[0]}")/run.mjs" "$@"
