/**
 * Imported first by main.ts and projections-cli.ts, before anything that loads http, fastify or
 * pg: OpenTelemetry's instrumentations patch those modules as they are required, so they must be
 * in place first. With tracing off (the default) nothing of the SDK is even loaded.
 */
import type { startTracingSdk as StartTracingSdk } from './tracing-sdk';
import { tracingWanted } from './tracing-settings';

let stop: (() => Promise<void>) | null = null;

if (tracingWanted(process.env)) {
  // Required only when wanted: loading the SDK, its exporters and instrumentations costs ~0.3 s of start-up.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { startTracingSdk } = require('./tracing-sdk') as { startTracingSdk: typeof StartTracingSdk };
  stop = startTracingSdk();
}

/** A collector that is down or slow must not hold a stop (the exporter's own time-out is 10 s). */
const STOP_WAIT_MS = 2000;

/** Sends the spans still buffered, waiting at most STOP_WAIT_MS (the stop sequence calls it last; a no-op when tracing is off). */
export async function stopTracing(): Promise<void> {
  if (!stop) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([stop().catch(() => undefined), new Promise((resolve) => (timer = setTimeout(resolve, STOP_WAIT_MS)))]);
  clearTimeout(timer);
}
