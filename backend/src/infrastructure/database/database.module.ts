import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';

import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.tokens';
import { DATABASE_URL, PG_POOL } from './database.tokens';

/** Hands the resources opened before Nest started (pool, TypeORM data source, config) to the app. */
@Global()
@Module({})
export class DatabaseModule {
  static register(config: AppConfig, pool: Pool, dataSource: DataSource, databaseUrl: string): DynamicModule {
    return {
      module: DatabaseModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: PG_POOL, useValue: pool },
        { provide: DataSource, useValue: dataSource },
        { provide: DATABASE_URL, useValue: databaseUrl },
      ],
      exports: [APP_CONFIG, PG_POOL, DataSource, DATABASE_URL],
    };
  }
}
