#!/usr/bin/env bash
# The whole test suite from a fresh clone: install, build, type-check, test every package, lint,
# check the OpenAPI document and the published packages.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh
export PATH="$HOME/.local/bin:$PATH"
pnpm test
