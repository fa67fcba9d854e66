#!/usr/bin/env bash
# Installs everything from nothing, builds, and starts what exists.
# The gateway server is not built yet; until it is, this runs the merchant examples: the SDK creates
# a payment against the in-memory contract fixture (a test double of the API, not the gateway).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh
export PATH="$HOME/.local/bin:$PATH"
pnpm build
echo
echo "The gateway server is not built yet; running the create-payment example against the contract fixture."
pnpm --silent --filter @cairn/example-create-payment demo
