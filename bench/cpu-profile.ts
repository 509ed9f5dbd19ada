/**
 * Where a process's CPU went, from a V8 CPU profile (`--cpu-prof`; bench:wallet writes the API's with
 * BENCH_CPU_PROF=dir and summarises it with this): the functions with the most self time, and each module's
 * self and inclusive time (a package of node_modules, a file of the repository, `node:…`, or native).
 * Only the samples from the first one inside a file whose path contains `from` on are counted, so that
 * the process's start (loading its modules) is left out.
 *   npx tsx bench/cpu-profile.ts <file.cpuprofile> [from]
 *
 * V8 samples on a wall clock: time the thread spent preempted inside a system call (a socket's `writev`
 * waking the database's backend on a busy machine) is counted to that call, so read native calls'
 * shares with that in mind; the process's CPU time is what bench:wallet reads from /proc.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

type CallFrame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

export type ProfileSummary = {
  totalMs: number;
  functions: { name: string; selfMs: number }[];
  modules: { name: string; selfMs: number; inclusiveMs: number }[];
};

/** The module a frame belongs to: a package of node_modules, a repository file, a `node:` module, native. */
function moduleOf(url: string): string {
  if (!url) return '(native)';
  const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (dependency) return dependency[1]!;
  if (url.startsWith('node:')) return url;
  return url.replace(/^file:\/\/.*?\/(apps|bench|packages)\//, '$1/');
}

export function summariseProfile(file: string, from = 'payment-service.ts'): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const stackOf = (id: number) => {
    const stack: CallFrame[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at))
      stack.push(nodes.get(at)!.callFrame);
    return stack;
  };
  const first = Math.max(
    0,
    profile.samples.findIndex((id) => stackOf(id).some((frame) => frame.url.includes(from))),
  );
  const functions = new Map<string, number>();
  const selfByModule = new Map<string, number>();
  const inclusiveByModule = new Map<string, number>();
  const add = (map: Map<string, number>, key: string, us: number) => map.set(key, (map.get(key) ?? 0) + us);
  let totalUs = 0;
  profile.samples.forEach((id, index) => {
    if (index < first) return;
    const us = profile.timeDeltas[index] ?? 0;
    totalUs += us;
    const stack = stackOf(id);
    const top = stack[0]!;
    const topModule = moduleOf(top.url);
    add(functions, `${top.functionName || '(anonymous)'} ${topModule}:${top.lineNumber + 1}`, us);
    add(selfByModule, topModule, us);
    for (const name of new Set(stack.map((frame) => moduleOf(frame.url)))) add(inclusiveByModule, name, us);
  });
  const ms = (us: number) => Number((us / 1000).toFixed(1));
  return {
    totalMs: ms(totalUs),
    functions: [...functions].sort((a, b) => b[1] - a[1]).map(([name, us]) => ({ name, selfMs: ms(us) })),
    modules: [...inclusiveByModule]
      .sort((a, b) => b[1] - a[1])
      .map(([name, us]) => ({ name, selfMs: ms(selfByModule.get(name) ?? 0), inclusiveMs: ms(us) })),
  };
}

/** The summary as two tables, the first `top` rows of each, shares of the counted samples. */
export function printProfileSummary(summary: ProfileSummary, top = 25): void {
  const share = (ms: number) => `${((100 * ms) / summary.totalMs).toFixed(1)} %`;
  console.log(`\nCPU profile: ${summary.totalMs} ms of samples counted (from the first payment on)`);
  console.table(summary.functions.slice(0, top).map((f) => ({ self: share(f.selfMs), function: f.name })));
  console.table(
    summary.modules
      .slice(0, top)
      .map((m) => ({ self: share(m.selfMs), inclusive: share(m.inclusiveMs), module: m.name })),
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [file, from] = process.argv.slice(2);
  if (!file) throw new Error('usage: tsx bench/cpu-profile.ts <file.cpuprofile> [from]');
  printProfileSummary(summariseProfile(file, from), 40);
}
