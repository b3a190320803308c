import type { AddressInfo } from 'node:net';

import type { ProjectionRunner } from '@escrow/projections';
import type { Pool } from 'pg';

import { EscrowMetrics } from './escrow-metrics';
import { startMetricsServer, stopMetricsServer } from './metrics-server';
import { watchPool, watchProjectors } from './scrape-gauges';

/**
 * The projection worker's metrics (`projections run` with METRICS_PORT): its projectors'
 * batches, every projector's position and lag, its pool and the process. Answers the port it
 * listens on (port 0 picks a free one) and how to stop.
 */
export async function serveWorkerMetrics(
  runner: ProjectionRunner,
  pool: Pool,
  port: number,
  host: string,
): Promise<{ port: number; stop: () => Promise<void> }> {
  const metrics = new EscrowMetrics('worker');
  watchPool(metrics, { main: pool });
  watchProjectors(metrics, runner);
  const unfollow = metrics.followProjectors(runner);
  const server = await startMetricsServer(metrics, port, host);
  return {
    port: (server.address() as AddressInfo).port,
    stop: async () => {
      unfollow();
      await stopMetricsServer(server);
    },
  };
}
