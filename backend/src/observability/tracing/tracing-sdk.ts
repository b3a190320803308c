import { FastifyOtelInstrumentation } from '@fastify/otel';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { NodeSDK } from '@opentelemetry/sdk-node';
// The processors the standard OTEL_TRACES_EXPORTER settings choose, as NodeSDK builds them when
// given none: the package's root does not export the function (it has no exports map to forbid this path).
import { getSpanProcessorsFromEnv } from '@opentelemetry/sdk-node/build/src/utils';

import { RedactingSpanProcessor } from './span-redaction';

/**
 * The OpenTelemetry SDK with the HTTP server and client, fastify and pg instrumentations. The
 * exporter, endpoint, sampler and service name come from the standard OTEL_* settings
 * (OTEL_SERVICE_NAME defaults to escrow-ledger here). pg spans only inside another span: the
 * runner's and workers' polling would otherwise be a root trace twice a second. Every span passes
 * through RedactingSpanProcessor on its way to the exporter: only route templates, statuses,
 * hosts and statements leave the process, never a URL, query, client address or user agent.
 */
export function startTracingSdk(): () => Promise<void> {
  process.env.OTEL_SERVICE_NAME ||= 'escrow-ledger';
  // Traces only: metrics are prom-client's (METRICS_PORT), logs are pino's. Left to the SDK's
  // defaults, it would also push metrics and logs over OTLP to localhost:4318, and wait out the
  // time-out of those sends at every stop.
  process.env.OTEL_METRICS_EXPORTER ||= 'none';
  process.env.OTEL_LOGS_EXPORTER ||= 'none';
  const sdk = new NodeSDK({
    spanProcessors: [new RedactingSpanProcessor(getSpanProcessorsFromEnv(undefined))],
    instrumentations: [
      // The UI's files are served by the same server: traces are for the API.
      new HttpInstrumentation({ ignoreIncomingRequestHook: (request) => !request.url?.startsWith('/api') }),
      new FastifyOtelInstrumentation({ registerOnInitialization: true, ignorePaths: (route) => !route.url.startsWith('/api') }),
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });
  sdk.start();
  return () => sdk.shutdown();
}
