/**
 * The graceful stop of an instance (SIGTERM from the orchestrator, or Ctrl-C): /readyz turns 503 at
 * once; on SIGTERM requests keep being served for the grace period so the load balancer sees the 503
 * and stops sending new ones; then the server stops accepting and waits for the requests in flight,
 * and the rest (outbox worker, database, traces) is closed. Whatever is still running when the
 * deadline passes is cut: the process ends with code 1.
 */
import type { FastifyInstance } from 'fastify';

export type StopOptions = {
  app: FastifyInstance;
  signal: string;
  graceMs: number;
  timeoutMs: number;
  /** Closed in order after the server stopped serving (outbox worker, database, trace exporter …). */
  afterClose: Array<() => Promise<void>>;
  exit?: (code: number) => void;
};

export async function stopGracefully(options: StopOptions): Promise<void> {
  const { app, signal } = options;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  app.lifecycle.startDraining();
  const grace = signal === 'SIGTERM' ? options.graceMs : 0;
  app.log.info({ signal, graceMs: grace, timeoutMs: options.timeoutMs }, 'draining: /readyz answers 503');
  const deadline = setTimeout(() => {
    app.log.error({ timeoutMs: options.timeoutMs }, 'shutdown deadline passed: stopping now');
    exit(1);
  }, options.timeoutMs);
  try {
    await new Promise((resolve) => setTimeout(resolve, grace));
    app.log.info('no longer accepting requests; waiting for those in flight');
    await app.close();
    for (const step of options.afterClose) await step();
    clearTimeout(deadline);
    exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    clearTimeout(deadline);
    exit(1);
  }
}
