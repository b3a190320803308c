/**
 * Tracing is off unless the standard OpenTelemetry settings ask for it: an exporter
 * (OTEL_TRACES_EXPORTER other than "none") or an OTLP endpoint (OTEL_EXPORTER_OTLP_ENDPOINT,
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT), and not OTEL_SDK_DISABLED=true. Everything else (service
 * name, sampler, headers, protocol) is the SDK's own reading of OTEL_*.
 */
export function tracingWanted(env: Record<string, string | undefined>): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  const exporter = env.OTEL_TRACES_EXPORTER?.trim().toLowerCase();
  if (exporter) return exporter !== 'none';
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

/** The share of new traces kept when the settings name no sampler (docs/operations.md, "Traces"). */
const DEFAULT_TRACE_RATIO = '0.1';

/**
 * Fills in this deployment's defaults where the OTEL_* settings say nothing, before the SDK reads
 * them. Traces are sampled one in ten: exporting every span was a fifth of the API's CPU under
 * load (docs/performance.md, issue 40), and one trace in ten still shows where time goes. A
 * request whose caller sent a sampled `traceparent` is kept whole (parent-based). An operator who
 * follows one request sets OTEL_TRACES_SAMPLER_ARG=1; any OTEL_TRACES_SAMPLER given is the SDK's
 * to read as it documents, with its own default argument.
 */
export function withTracingDefaults(env: Record<string, string | undefined>): void {
  env.OTEL_SERVICE_NAME ||= 'escrow-ledger';
  // Traces only: metrics are prom-client's (METRICS_PORT), logs are pino's. Left to the SDK's
  // defaults, it would also push metrics and logs over OTLP to localhost:4318, and wait out the
  // time-out of those sends at every stop.
  env.OTEL_METRICS_EXPORTER ||= 'none';
  env.OTEL_LOGS_EXPORTER ||= 'none';
  if (!env.OTEL_TRACES_SAMPLER?.trim()) {
    env.OTEL_TRACES_SAMPLER = 'parentbased_traceidratio';
    env.OTEL_TRACES_SAMPLER_ARG ||= DEFAULT_TRACE_RATIO;
  }
}

/** The instrumentations this process installs, by the names OTEL_NODE_DISABLED_INSTRUMENTATIONS uses. */
const INSTRUMENTATIONS = ['http', 'fastify', 'pg'] as const;
export type InstrumentationName = (typeof INSTRUMENTATIONS)[number];

/**
 * The instrumentations to install: all three, less those OTEL_NODE_DISABLED_INSTRUMENTATIONS names
 * (comma-separated, as `@opentelemetry/auto-instrumentations-node` reads it). Each costs CPU on
 * every request, sampled or not (docs/performance.md, issue 40); an operator who never reads
 * fastify's hook spans, say, turns that one off. A name this process does not know is refused at
 * start, so a typo does not leave an instrumentation on unnoticed.
 */
export function instrumentationsWanted(env: Record<string, string | undefined>): InstrumentationName[] {
  const disabled = (env.OTEL_NODE_DISABLED_INSTRUMENTATIONS ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  const unknown = disabled.filter((name) => !(INSTRUMENTATIONS as readonly string[]).includes(name));
  if (unknown.length > 0)
    throw new Error(`OTEL_NODE_DISABLED_INSTRUMENTATIONS names ${unknown.join(', ')}: the instrumentations here are ${INSTRUMENTATIONS.join(', ')}`);
  return INSTRUMENTATIONS.filter((name) => !disabled.includes(name));
}

/**
 * The ratio at which requests are sampled at the door (door-sampling.ts), or null to leave every
 * decision to the SDK: only for the sampler this deployment defaults to,
 * `parentbased_traceidratio`, with a ratio below 1 that the SDK would read as given (a missing or
 * out-of-range argument it reads as 1: every trace, nothing to decide early), and only when the
 * HTTP instrumentation, which asks the door, is installed.
 */
export function doorSamplingRatio(env: Record<string, string | undefined>, instrumentations: readonly InstrumentationName[]): number | null {
  if (!instrumentations.includes('http')) return null;
  if (env.OTEL_TRACES_SAMPLER?.trim().toLowerCase() !== 'parentbased_traceidratio') return null;
  const argument = env.OTEL_TRACES_SAMPLER_ARG?.trim();
  const ratio = argument ? Number(argument) : NaN;
  return Number.isFinite(ratio) && ratio >= 0 && ratio < 1 ? ratio : null;
}
