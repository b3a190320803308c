import { FastifyOtelInstrumentation } from '@fastify/otel';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { NodeSDK, type NodeSDKConfiguration } from '@opentelemetry/sdk-node';
// The processors the standard OTEL_TRACES_EXPORTER settings choose, as NodeSDK builds them when
// given none: the package's root does not export the function (it has no exports map to forbid this path).
import { getSpanProcessorsFromEnv } from '@opentelemetry/sdk-node/build/src/utils';

import { RedactingSpanProcessor } from './span-redaction';
import { type InstrumentationName, instrumentationsWanted, withTracingDefaults } from './tracing-settings';

type Instrumentation = NonNullable<NodeSDKConfiguration['instrumentations']>[number];

/**
 * The OpenTelemetry SDK with the HTTP server and client, fastify and pg instrumentations. The
 * exporter, endpoint, sampler and service name come from the standard OTEL_* settings, with this
 * deployment's defaults where they say nothing (withTracingDefaults: one trace in ten). pg spans only inside another span: the
 * runner's and workers' polling would otherwise be a root trace twice a second. Every span passes
 * through RedactingSpanProcessor on its way to the exporter: only route templates, statuses,
 * hosts and statements leave the process, never a URL, query, client address or user agent.
 * OTEL_NODE_DISABLED_INSTRUMENTATIONS leaves out any of the three (instrumentationsWanted).
 */
export function startTracingSdk(): () => Promise<void> {
  withTracingDefaults(process.env);
  const instrumentations: Record<InstrumentationName, () => Instrumentation> = {
    // The UI's files are served by the same server: traces are for the API.
    http: () => new HttpInstrumentation({ ignoreIncomingRequestHook: (request) => !request.url?.startsWith('/api') }),
    fastify: () => new FastifyOtelInstrumentation({ registerOnInitialization: true, ignorePaths: (route) => !route.url.startsWith('/api') }),
    pg: () => new PgInstrumentation({ requireParentSpan: true }),
  };
  const sdk = new NodeSDK({
    spanProcessors: [new RedactingSpanProcessor(getSpanProcessorsFromEnv(undefined))],
    instrumentations: instrumentationsWanted(process.env).map((name) => instrumentations[name]()),
  });
  sdk.start();
  return () => sdk.shutdown();
}
