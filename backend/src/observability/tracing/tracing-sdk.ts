import { FastifyOtelInstrumentation } from '@fastify/otel';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { NodeSDK } from '@opentelemetry/sdk-node';

/**
 * The OpenTelemetry SDK with the HTTP server and client, fastify and pg instrumentations. The
 * exporter, endpoint, sampler and service name come from the standard OTEL_* settings
 * (OTEL_SERVICE_NAME defaults to escrow-ledger here). pg spans only inside another span: the
 * runner's and workers' polling would otherwise be a root trace twice a second.
 */
export function startTracingSdk(): () => Promise<void> {
  process.env.OTEL_SERVICE_NAME ||= 'escrow-ledger';
  // Traces only: metrics are prom-client's (METRICS_PORT), logs are pino's. Left to the SDK's
  // defaults, it would also push metrics and logs over OTLP to localhost:4318, and wait out the
  // time-out of those sends at every stop.
  process.env.OTEL_METRICS_EXPORTER ||= 'none';
  process.env.OTEL_LOGS_EXPORTER ||= 'none';
  const sdk = new NodeSDK({
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
