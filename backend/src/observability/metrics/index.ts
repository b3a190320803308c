export { MetricsModule } from './metrics.module';
export { serveWorkerMetrics } from './worker-metrics';
