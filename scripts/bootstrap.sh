#!/usr/bin/env bash
# Installs the Node toolchain and every workspace package from nothing: corepack's pnpm (pinned by
# package.json's packageManager, with its hash) and the locked dependencies.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v node >/dev/null 2>&1; then
  echo "Node.js >= 20.19 is required (https://nodejs.org)." >&2
  exit 1
fi
node -e 'const [a,b]=process.versions.node.split(".").map(Number); if (a<20||(a===20&&b<19)) { console.error("Node >= 20.19 required, found "+process.versions.node); process.exit(1); }'

export COREPACK_ENABLE_DOWNLOAD_PROMPT=0
if ! command -v pnpm >/dev/null 2>&1 || ! pnpm --version 2>/dev/null | grep -q '^10\.'; then
  # corepack ships with Node; enabling it puts the pinned pnpm on PATH. Without write access to
  # Node's bin folder, install the shims into a user folder instead.
  corepack enable 2>/dev/null || {
    mkdir -p "$HOME/.local/bin"
    corepack enable --install-directory "$HOME/.local/bin"
    export PATH="$HOME/.local/bin:$PATH"
  }
fi

pnpm install --frozen-lockfile
