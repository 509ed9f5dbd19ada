/**
 * Manual spans around service calls, so a trace shows the business step between the route and its queries.
 * Without a tracer provider (OTEL_EXPORTER_OTLP_ENDPOINT unset) the API is a no-op and costs next to nothing.
 */
import { type Attributes, SpanStatusCode, trace } from '@opentelemetry/api';

const tracer = trace.getTracer('cubierto');

export function inSpan<T>(name: string, attributes: Attributes, run: () => Promise<T>): Promise<T> {
  return tracer.startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await run();
    } catch (error) {
      span.recordException(error instanceof Error ? error : String(error));
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}
