/**
 * Traces (OpenTelemetry): the HTTP server, Fastify's routes and hooks, every PostgreSQL query (node-postgres)
 * and the manual spans of lib/tracing.ts, one trace per request. Started by src/instrument.ts before the
 * server imports pg and Fastify, and only when OTEL_EXPORTER_OTLP_ENDPOINT is set; tests start it with an
 * in-memory exporter. PGlite is not node-postgres: on the embedded database queries get no spans.
 */
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { context, propagation, trace } from '@opentelemetry/api';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { NodeSDK } from '@opentelemetry/sdk-node';
import {
  BatchSpanProcessor,
  SimpleSpanProcessor,
  type SpanExporter,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { redactUrl, SECRET_QUERY_PARAMETERS } from './log-redaction.ts';

export type Tracing = { shutdown(): Promise<void> };

/** What the HTTP instrumentation redacts by default (signed storage URLs); setting our list replaces it. */
const HTTP_REDACTED_DEFAULTS = [
  'sig',
  'Signature',
  'AWSAccessKeyId',
  'X-Goog-Signature',
  'X-Amz-Signature',
  'X-Amz-Credential',
  'X-Amz-Security-Token',
];

export function startTracing(options: {
  exporter: SpanExporter;
  /** Export each span as it ends (tests) instead of in batches (the server). */
  immediate?: boolean;
  serviceName?: string;
}): Tracing {
  const processor: SpanProcessor = options.immediate
    ? new SimpleSpanProcessor(options.exporter)
    : new BatchSpanProcessor(options.exporter);
  const instrumentations = [
    new HttpInstrumentation({
      // Probes and metrics scrapes would be most of the traces and say nothing.
      ignoreIncomingRequestHook: (request) => /^\/(livez|readyz|metrics)\b/.test(request.url ?? ''),
      // No credential in a span, served or sent: a reset link's token, an OAuth code … (the library's list and ours).
      redactedQueryParamsServer: [...HTTP_REDACTED_DEFAULTS, ...SECRET_QUERY_PARAMETERS],
      redactedQueryParams: [...HTTP_REDACTED_DEFAULTS, ...SECRET_QUERY_PARAMETERS],
    }),
    new PgInstrumentation({ requireParentSpan: true }),
    // Registers itself on every Fastify instance as it is created (no plugin to add in app.ts). Its
    // request span records the URL with its query: redacted like the request log's.
    new FastifyOtelInstrumentation({
      registerOnInitialization: true,
      requestHook: (span, request) => span.setAttribute('url.path', redactUrl(request.url)),
    }),
  ];
  const sdk = new NodeSDK({
    serviceName: options.serviceName ?? process.env.OTEL_SERVICE_NAME ?? 'cubierto-api',
    spanProcessors: [processor],
    // Traces only: no log exporter (the logs are stdout's JSON lines).
    logRecordProcessors: [],
    instrumentations,
  });
  sdk.start();
  return {
    async shutdown() {
      await sdk.shutdown();
      // Unhooked and unregistered, so a test worker that goes on to other files runs them untraced.
      for (const instrumentation of instrumentations) instrumentation.disable();
      trace.disable();
      context.disable();
      propagation.disable();
    },
  };
}
