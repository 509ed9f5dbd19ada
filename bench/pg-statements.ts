/**
 * A statement counter for the benches' API process: loaded with `--import` before the server, it wraps
 * node-postgres's `Client.prototype.query` (every statement of the pool and of its transactions goes
 * through it: one call, one round trip; a hot transaction's `begin` travels with its first statement,
 * db/client.ts) and, when the process exits, writes to the file named by BENCH_STATEMENTS_FILE each
 * distinct statement's count and total time, with the statement's text (parameters as $n, so one
 * statement is one line whatever its values).
 */
import { writeFileSync } from 'node:fs';
import pg from 'pg';

export type StatementFigures = { text: string; calls: number; totalMs: number };

const target = process.env.BENCH_STATEMENTS_FILE;

if (target) {
  // By the text as sent: its spacing is made one only when the file is written (a regular expression over
  // every statement's text, kilobytes for a payment's, was part of the API's CPU the bench measures).
  const seen = new Map<string, StatementFigures>();
  const record = (text: string, started: number) => {
    let figures = seen.get(text);
    if (!figures) {
      figures = { text, calls: 0, totalMs: 0 };
      seen.set(text, figures);
    }
    figures.calls += 1;
    figures.totalMs += performance.now() - started;
  };
  type Query = (this: pg.Client, ...args: unknown[]) => unknown;
  const proto = pg.Client.prototype as unknown as { query: Query };
  const original = proto.query;
  proto.query = function query(this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === 'string' ? first : (first?.text ?? '');
    const started = performance.now();
    const last = args.length - 1;
    // A query object of its own (a statement sent with its transaction's begin, db/client.ts): answered
    // through its callback; node-postgres returns the object itself.
    const submittable = first as { submit?: unknown; callback?: (...result: unknown[]) => void } | undefined;
    if (typeof submittable?.submit === 'function' && typeof submittable.callback === 'function') {
      const callback = submittable.callback;
      submittable.callback = (...result: unknown[]) => {
        record(text, started);
        callback(...result);
      };
      return original.apply(this, args);
    }
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
    const merged = new Map<string, StatementFigures>();
    for (const figures of seen.values()) {
      const text = figures.text.replace(/\s+/g, ' ').trim();
      const into = merged.get(text) ?? { text, calls: 0, totalMs: 0 };
      into.calls += figures.calls;
      into.totalMs += figures.totalMs;
      merged.set(text, into);
    }
    const statements = [...merged.values()].sort((a, b) => b.calls - a.calls);
    writeFileSync(target, JSON.stringify(statements));
  });
}
