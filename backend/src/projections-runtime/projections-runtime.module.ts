import type { EventStore } from '@escrow/domain';
import { createProjectors, ProjectionRunner } from '@escrow/projections';
import { Inject, Logger, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Pool } from 'pg';

import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.tokens';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { DATABASE_URL, PG_POOL } from '../infrastructure/database/database.tokens';

const logger = new Logger('Projections');

/**
 * The projection runner of this process. It always exists (status, rebuilds, read-your-writes
 * waits); it runs the projectors only when RUN_PROJECTIONS is on, otherwise a separate worker does.
 */
@Module({
  providers: [
    {
      provide: ProjectionRunner,
      inject: [PG_POOL, EVENT_STORE, DATABASE_URL],
      useFactory: (pool: Pool, eventStore: EventStore, databaseUrl: string) =>
        new ProjectionRunner({
          pool,
          eventStore,
          databaseUrl,
          projectors: createProjectors(),
          log: (line, fields) => logger.log(fields ? { msg: line, ...fields } : line),
        }),
    },
  ],
  exports: [ProjectionRunner],
})
export class ProjectionsRuntimeModule implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    private readonly runner: ProjectionRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.runProjections) this.runner.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.runner.stop();
  }
}
