/**
 * A statement counter for the benches' API process: loaded with `--import` before the server, it wraps
 * node-postgres's `Client.prototype.query` (every statement of the pool and of its transactions goes
 * through it: one call, one round trip) and, when the process exits, writes to the file named by
 * BENCH_STATEMENTS_FILE each distinct statement's count and total time, with the statement's text
 * (parameters as $n, so one statement is one line whatever its values).
 */
import { writeFileSync } from 'node:fs';
import pg from 'pg';

export type StatementFigures = { text: string; calls: number; totalMs: number };

const target = process.env.BENCH_STATEMENTS_FILE;

if (target) {
  const seen = new Map<string, StatementFigures>();
  const record = (text: string, started: number) => {
    const key = text.replace(/\s+/g, ' ').trim();
    const figures = seen.get(key) ?? { text: key, calls: 0, totalMs: 0 };
    figures.calls += 1;
    figures.totalMs += performance.now() - started;
    seen.set(key, figures);
  };
  type Query = (this: pg.Client, ...args: unknown[]) => unknown;
  const proto = pg.Client.prototype as unknown as { query: Query };
  const original = proto.query;
  proto.query = function query(this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === 'string' ? first : (first?.text ?? '');
    const started = performance.now();
    const last = args.length - 1;
    // The pool's own `pool.query` passes a callback; drizzle's transactions use the promise.
    if (typeof args[last] === 'function') {
      const callback = args[last] as (...result: unknown[]) => void;
      args[last] = (...result: unknown[]) => {
        record(text, started);
        callback(...result);
      };
      return original.apply(this, args);
    }
    const answer = original.apply(this, args);
    if (answer instanceof Promise) return answer.finally(() => record(text, started));
    return answer;
  };
  process.on('exit', () => {
    const statements = [...seen.values()].sort((a, b) => b.calls - a.calls);
    writeFileSync(target, JSON.stringify(statements));
  });
}
