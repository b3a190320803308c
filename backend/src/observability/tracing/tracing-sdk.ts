import { FastifyOtelInstrumentation } from '@fastify/otel';
import { context } from '@opentelemetry/api';
import { CompositePropagator, isTracingSuppressed, W3CBaggagePropagator, W3CTraceContextPropagator } from '@opentelemetry/core';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { NodeSDK, type NodeSDKConfiguration } from '@opentelemetry/sdk-node';
// The processors the standard OTEL_TRACES_EXPORTER settings choose, as NodeSDK builds them when
// given none: the package's root does not export the function (it has no exports map to forbid this path).
import { getPropagatorFromEnv, getSpanProcessorsFromEnv } from '@opentelemetry/sdk-node/build/src/utils';

import { trustedProxyList } from '../../http/trusted-proxies';
import { LET_IN_AT_THE_DOOR, SamplingAtTheDoor } from './door-sampling';
import { RedactingSpanProcessor } from './span-redaction';
import { doorSamplingRatio, type InstrumentationName, instrumentationsWanted, withTracingDefaults } from './tracing-settings';
import { TraceContextFromTrustedProxies } from './trusted-trace-context';

type Instrumentation = NonNullable<NodeSDKConfiguration['instrumentations']>[number];

/**
 * The OpenTelemetry SDK with the HTTP server and client, fastify and pg instrumentations. The
 * exporter, endpoint, sampler and service name come from the standard OTEL_* settings, with this
 * deployment's defaults where they say nothing (withTracingDefaults: one trace in ten). pg spans only inside another span: the
 * runner's and workers' polling would otherwise be a root trace twice a second. Every span passes
 * through RedactingSpanProcessor on its way to the exporter: only route templates, statuses,
 * hosts and statements leave the process, never a URL, query, client address or user agent.
 * OTEL_NODE_DISABLED_INSTRUMENTATIONS leaves out any of the three (instrumentationsWanted). With
 * the default sampler, a request is sampled before its first span (door-sampling.ts). A caller's
 * trace context counts only from TRUSTED_PROXIES (trusted-trace-context.ts).
 */
export function startTracingSdk(): () => Promise<void> {
  withTracingDefaults(process.env);
  const wanted = instrumentationsWanted(process.env);
  const ratio = doorSamplingRatio(process.env, wanted);
  const door = ratio === null ? null : new SamplingAtTheDoor(ratio);
  const callersContext = traceContextFromTrustedProxies(process.env);
  const instrumentations: Record<InstrumentationName, () => Instrumentation> = {
    http: () =>
      new HttpInstrumentation({
        // The UI's files are served by the same server: traces are for the API.
        ignoreIncomingRequestHook: (request) => {
          if (!request.url?.startsWith('/api')) return true;
          // Asked before the instrumentation and the door read the caller's traceparent.
          callersContext?.admit(request);
          return door !== null && !door.letsIn(request.headers);
        },
        ...(door ? { startIncomingSpanHook: () => ({ [LET_IN_AT_THE_DOOR]: true }) } : {}),
      }),
    fastify: () =>
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        // The request and handler spans only: a kept approval's trace held 19 spans of lifecycle
        // hooks (11 onRequest spans named by the plugin chain, not by the hook) of its 37, and a
        // kept trace's spans were most of tracing's CPU (docs/performance.md, issue 40). The gap
        // between the request span and its handler span is the hooks' time.
        instrumentHooks: false,
        // Asked for each route at start, and for each request and hook: a request the door left
        // out runs under suppressed tracing, and its hooks and handler are then not wrapped at all.
        ignorePaths: (route) => !route.url.startsWith('/api') || isTracingSuppressed(context.active()),
      }),
    // No span for taking a client from the pool or connecting it: 7 of a kept approval's 37 spans,
    // each telling only that a statement waited for a client, which its own span's start shows.
    pg: () => new PgInstrumentation({ requireParentSpan: true, ignoreConnectSpans: true }),
  };
  const sdk = new NodeSDK({
    spanProcessors: [new RedactingSpanProcessor(getSpanProcessorsFromEnv(undefined))],
    instrumentations: wanted.map((name) => instrumentations[name]()),
    // Without a door, the SDK builds the sampler the OTEL_TRACES_SAMPLER settings name.
    ...(door ? { sampler: door.sampler() } : {}),
    textMapPropagator: callersContext,
  });
  sdk.start();
  return () => sdk.shutdown();
}

/**
 * The propagators OTEL_PROPAGATORS names (W3C trace context and baggage when it names none), as
 * the SDK would set them, reading an incoming request's context only when a trusted proxy sent
 * it; null when OTEL_PROPAGATORS is `none`.
 */
function traceContextFromTrustedProxies(env: NodeJS.ProcessEnv): TraceContextFromTrustedProxies | null {
  const named = getPropagatorFromEnv();
  if (named === null) return null;
  const inner = named ?? new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] });
  return new TraceContextFromTrustedProxies(inner, trustedProxyList(env.TRUSTED_PROXIES));
}
