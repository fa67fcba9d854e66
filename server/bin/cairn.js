#!/usr/bin/env -S node --max-semi-space-size=32
// The `cairn` command: runs the compiled gateway and operator CLI (dist/cli.js, built by `pnpm build`).
// Production runs this compiled JavaScript; development runs the sources with `pnpm --filter
// @cairn/server cairn:dev` (tsx).
import { existsSync } from 'node:fs';

const entry = new URL('../dist/cli.js', import.meta.url);
if (!existsSync(entry)) {
  console.error('Cairn is not built yet: run `pnpm build` in the repository first.');
  process.exit(1);
}
await import(entry.href);
