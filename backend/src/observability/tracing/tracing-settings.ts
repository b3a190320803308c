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
