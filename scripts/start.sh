#!/usr/bin/env bash
# Installs everything from nothing, builds, and starts the gateway: the embedded PostgreSQL (under
# .data/) unless DATABASE_URL is set, migrations, workers, and the API on PORT (default 3000), on
# 127.0.0.1 only unless HOST is set (HOST=0.0.0.0 accepts other machines).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh
export PATH="$HOME/.local/bin:$PATH"
pnpm build
exec pnpm start
