import type { EventStore } from '@escrow/domain';
import { Global, Inject, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import type { Pool } from 'pg';

import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.tokens';
import { DATABASE_URL, PG_POOL } from '../infrastructure/database/database.tokens';
import { createStoredEventStore, upcasting } from './event-store.factory';
import { EVENT_STORE, STORED_EVENT_STORE } from './event-store.tokens';

const logger = new Logger('EventStore');

@Global()
@Module({
  providers: [
    {
      provide: STORED_EVENT_STORE,
      inject: [APP_CONFIG, PG_POOL, DATABASE_URL],
      useFactory: (config: AppConfig, pool: Pool, url: string) => createStoredEventStore(config, pool, url, (line) => logger.warn(line)),
    },
    { provide: EVENT_STORE, inject: [STORED_EVENT_STORE], useFactory: (stored: EventStore) => upcasting(stored) },
  ],
  exports: [EVENT_STORE, STORED_EVENT_STORE],
})
export class EventStoreModule implements OnApplicationShutdown {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}
