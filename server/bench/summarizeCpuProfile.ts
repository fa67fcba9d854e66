/**
 * Summarises a V8 `.cpuprofile` (written by a benchmark target run with
 * `BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"`): self time by package (or source folder)
 * and the hottest functions, as shares of the non-idle time.
 *
 * `pnpm exec tsx bench/summarizeCpuProfile.ts /tmp/prof/CPU.<...>.cpuprofile [top functions, default 30] [--from=<s>]`
 *
 * `--from` skips the first seconds of the profile (the process's start-up, before the load). Note that
 * samples are taken on wall-clock time: on a busy machine, time the process waits for a CPU while in a
 * syscall (typically `writev`, which wakes the peer that then takes the CPU) counts as busy there.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
  parent?: number;
}

interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a function lives: an npm package, a folder of ours, Node's internals or a V8 pseudo-frame. */
function bucketOf(url: string, functionName: string): string {
  if (url === '') return `(${functionName || 'native'})`;
  if (url.startsWith('node:')) return url.replace(/^node:internal\/(deps\/)?/, 'node:');
  const pnpm = /node_modules\/\.pnpm\/[^/]+\/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pnpm) return pnpm[1]!;
  const plain = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (plain) return plain[1]!;
  const ours = /\/(server|contract|sdk|packages\/[^/]+)\/(src|bench)\/([^/]+)/.exec(url);
  if (ours) return `${ours[1]}/${ours[2]}/${ours[3]!.replace(/\.[cm]?[jt]s$/, '')}`;
  return url;
}

function main(): void {
  const args = process.argv.slice(2);
  const fromArg = args.find((a) => a.startsWith('--from='));
  const [file, topRaw] = args.filter((a) => !a.startsWith('--'));
  if (!file) throw new Error('usage: summarizeCpuProfile.ts <file.cpuprofile> [top] [--from=<s>]');
  const top = Number(topRaw ?? 30);
  const fromUs = fromArg ? Number(fromArg.slice('--from='.length)) * 1e6 : 0;
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  for (const node of profile.nodes)
    for (const child of node.children ?? []) byId.get(child)!.parent = node.id;
  const selfUs = new Map<number, number>();
  let elapsed = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    elapsed += delta;
    if (elapsed >= fromUs) selfUs.set(id, (selfUs.get(id) ?? 0) + delta);
  });
  const buckets = new Map<string, number>();
  const functions = new Map<string, number>();
  let total = 0;
  let idle = 0;
  for (const [id, us] of selfUs) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    if (functionName === '(idle)') {
      idle += us;
      continue;
    }
    total += us;
    const bucket = bucketOf(url, functionName);
    buckets.set(bucket, (buckets.get(bucket) ?? 0) + us);
    const name = `${functionName || '(anonymous)'} ${bucket}:${lineNumber + 1}`;
    functions.set(name, (functions.get(name) ?? 0) + us);
  }
  // Inclusive time: every function on a sample's stack (once per sample), and every package.
  const inclusive = new Map<string, number>();
  for (const [id, us] of selfUs) {
    if (byId.get(id)!.callFrame.functionName === '(idle)') continue;
    const seen = new Set<string>();
    for (
      let node = byId.get(id);
      node;
      node = node.parent === undefined ? undefined : byId.get(node.parent)
    ) {
      const { functionName, url, lineNumber } = node.callFrame;
      if (url === '' && functionName === '(root)') continue;
      const bucket = bucketOf(url, functionName);
      seen.add(`${functionName || '(anonymous)'} ${bucket}:${lineNumber + 1}`);
      seen.add(`[${bucket}]`);
    }
    for (const name of seen) inclusive.set(name, (inclusive.get(name) ?? 0) + us);
  }
  const pct = (us: number) => `${((us / total) * 100).toFixed(1).padStart(5)}%`;
  console.log(
    `${file}: busy ${(total / 1e6).toFixed(2)} s, idle ${(idle / 1e6).toFixed(2)} s (${((total / (total + idle)) * 100).toFixed(0)}% busy)`,
  );
  console.log('\nself time by package / source file:');
  for (const [bucket, us] of [...buckets].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
    console.log(`  ${pct(us)}  ${bucket}`);
  }
  console.log(`\ntop ${top} functions and [packages] by inclusive time (self and callees):`);
  for (const [name, us] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`  ${pct(us)}  ${name}`);
  }
  console.log(`\ntop ${top} functions by self time:`);
  for (const [name, us] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`  ${pct(us)}  ${name}`);
  }
}

main();
