import type { Server } from 'node:http';

import { ProjectionRunner } from '@escrow/projections';
import { Global, Inject, Injectable, Logger, Module, type OnApplicationBootstrap, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';

import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.tokens';
import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { CheckReadiness } from '../../operations';
import { ProjectionsRuntimeModule } from '../../projections-runtime/projections-runtime.module';
import { EscrowMetrics } from './escrow-metrics';
import { startMetricsServer, stopMetricsServer } from './metrics-server';
import { watchLedger, watchPool, watchProjectors, watchReadiness } from './scrape-gauges';
import { ScrapeMetricsController } from './scrape-metrics/scrape-metrics.http.controller';
import { ScrapeMetricsHandler } from './scrape-metrics/scrape-metrics.query';

/**
 * Wires the instruments to what they measure, once per application: every HTTP response (by the
 * route's pattern), every command on the CommandBus, this process's projectors, the pools and
 * the scrape-time gauges; serves them on METRICS_PORT when it is set.
 */
@Injectable()
class MetricsWiring implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private server: Server | null = null;
  private unfollow: (() => void) | null = null;

  constructor(
    private readonly metrics: EscrowMetrics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly dataSource: DataSource,
    private readonly runner: ProjectionRunner,
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  onModuleInit(): void {
    const { metrics } = this;
    if (!metrics.recording) return;
    const execute = this.commandBus.execute.bind(this.commandBus) as (command: object, context?: unknown) => Promise<unknown>;
    // Every command passes here, whichever handler runs it: one hook instead of one per handler.
    (this.commandBus as { execute: typeof execute }).execute = (command, context) => metrics.observeCommand(command, () => execute(command, context));

    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    fastify.addHook('onResponse', (request, reply, done) => {
      // The route's pattern (`/api/milestone/:id/deposits`), never the URL: bounded, and no ids.
      const route = request.routeOptions.url ?? 'unmatched';
      metrics.httpRequestDuration.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
      done();
    });

    const ormPool = (this.dataSource.driver as { master?: Pool }).master;
    watchPool(metrics, ormPool ? { main: this.pool, orm: ormPool } : { main: this.pool });
    watchProjectors(metrics, this.runner);
    watchLedger(metrics, this.pool);
    watchReadiness(metrics, () => this.queryBus.execute(new CheckReadiness()));
    this.unfollow = metrics.followProjectors(this.runner);
  }

  async onApplicationBootstrap(): Promise<void> {
    const port = this.config.metrics.port;
    if (port === null) return;
    this.server = await startMetricsServer(this.metrics, port, this.config.host);
    new Logger('Metrics').log(`Prometheus metrics on http://${this.config.host}:${port}/metrics`);
  }

  async onApplicationShutdown(): Promise<void> {
    this.unfollow?.();
    this.unfollow = null;
    await stopMetricsServer(this.server);
    this.server = null;
  }
}

/** Prometheus metrics of this API process (docs/operations.md, "Metrics"). */
@Global()
@Module({
  imports: [ProjectionsRuntimeModule],
  controllers: [ScrapeMetricsController],
  providers: [
    { provide: EscrowMetrics, useFactory: (config: AppConfig) => new EscrowMetrics('api', { record: config.metrics.record }), inject: [APP_CONFIG] },
    MetricsWiring,
    ScrapeMetricsHandler,
  ],
  exports: [EscrowMetrics],
})
export class MetricsModule {}
