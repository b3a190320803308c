import { Module, type DynamicModule } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import type { AppConfig } from './config/app-config';
import { DatabaseModule } from './infrastructure/database/database.module';
import { HealthController } from './health/health.controller';
import { EventStoreModule } from './event-store/event-store.module';
import { ProjectionsRuntimeModule } from './projections-runtime/projections-runtime.module';
import { CommandSideModule } from './command-side/command-side.module';
import { ProjectsModule } from './projects/projects.module';
import { MailModule } from './mail/mail.module';
import { IdentityModule } from './identity/identity.module';
import { DirectoryModule } from './directory/directory.module';
import { EscrowModule } from './escrow/escrow.module';
import { PaymentsModule } from './payments/payments.module';
import { AdminModule } from './admin/admin.module';

@Module({})
export class AppModule {
  static register(config: AppConfig, pool: Pool, dataSource: DataSource, databaseUrl: string): DynamicModule {
    return {
      module: AppModule,
      imports: [
        DatabaseModule.register(config, pool, dataSource, databaseUrl),
        CqrsModule.forRoot(),
        EventStoreModule,
        ProjectionsRuntimeModule,
        MailModule,
        IdentityModule,
        DirectoryModule,
        CommandSideModule,
        ProjectsModule,
        PaymentsModule,
        EscrowModule,
        AdminModule,
      ],
      controllers: [HealthController],
    };
  }
}
