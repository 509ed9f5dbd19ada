/**
 * `npm run typecheck`: the compiler over each TypeScript project, as many at once as there are cores (one
 * after the other they took about a minute of CI on two cores). Prints each project's errors, and exits
 * non-zero when any project has one.
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const PROJECTS = ['apps/api', 'bench', 'apps/web', 'e2e', 'packages/contracts'];

function check(project: string): Promise<{ project: string; ok: boolean; output: string; seconds: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('npx', ['tsc', '--noEmit', '--pretty', '-p', project], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('close', (code) =>
      resolve({ project, ok: code === 0, output, seconds: (performance.now() - started) / 1000 }),
    );
  });
}

const queue = [...PROJECTS];
const results: Awaited<ReturnType<typeof check>>[] = [];
await Promise.all(
  Array.from({ length: Math.min(availableParallelism(), queue.length) }, async () => {
    for (let project = queue.shift(); project; project = queue.shift()) {
      const result = await check(project);
      results.push(result);
      console.log(`${result.ok ? 'ok  ' : 'FAIL'} ${project} (${result.seconds.toFixed(1)} s)`);
      if (!result.ok) console.log(result.output);
    }
  }),
);
if (results.some((result) => !result.ok)) process.exit(1);
