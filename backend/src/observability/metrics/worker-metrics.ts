import type { ProjectionRunner } from '@escrow/projections';
import type { Pool } from 'pg';

import { EscrowMetrics } from './escrow-metrics';
import { startMetricsServer, stopMetricsServer } from './metrics-server';
import { watchPool, watchProjectors } from './scrape-gauges';

/**
 * The projection worker's metrics (`projections run` with METRICS_PORT): its projectors'
 * batches, every projector's position and lag, its pool and the process. Answers a function
 * that stops serving them.
 */
export async function serveWorkerMetrics(runner: ProjectionRunner, pool: Pool, port: number, host: string): Promise<() => Promise<void>> {
  const metrics = new EscrowMetrics('worker');
  watchPool(metrics, { main: pool });
  watchProjectors(metrics, runner);
  const unfollow = metrics.followProjectors(runner);
  const server = await startMetricsServer(metrics, port, host);
  return async () => {
    unfollow();
    await stopMetricsServer(server);
  };
}
