import { Module, type DynamicModule } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import type { AppConfig } from './config/app-config';
import { DatabaseModule } from './infrastructure/database/database.module';
import { HealthController } from './health/health.controller';

@Module({})
export class AppModule {
  static register(config: AppConfig, pool: Pool, dataSource: DataSource): DynamicModule {
    return {
      module: AppModule,
      imports: [DatabaseModule.register(config, pool, dataSource), CqrsModule.forRoot()],
      controllers: [HealthController],
    };
  }
}
