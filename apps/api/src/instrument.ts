/**
 * Loaded before the server (`node --import ./src/instrument.ts src/server.ts`, the start script) so that
 * the instrumentations hook pg, http and Fastify before they are imported. Does nothing, and loads no
 * OpenTelemetry code, unless OTEL_EXPORTER_OTLP_ENDPOINT is set (the standard OTEL_* variables then apply:
 * OTEL_SERVICE_NAME, OTEL_EXPORTER_OTLP_HEADERS …). Spans go out over OTLP/HTTP (JSON).
 */
import { register } from 'node:module';

let tracing: { shutdown(): Promise<void> } | undefined;

if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) {
  // ES modules are instrumented through this loader hook (import-in-the-middle), CommonJS ones by require.
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
  const { startTracing } = await import('./lib/telemetry.ts');
  tracing = startTracing({ exporter: new OTLPTraceExporter() });
}

/** Sends the spans still waiting in the batch; the server calls it before it exits. */
export async function flushTraces(): Promise<void> {
  await tracing?.shutdown().catch(() => undefined);
}
