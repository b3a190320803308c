import { existsSync } from 'node:fs';

import { type DynamicModule, Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';

import { AdminModule } from './admin';
import { AgreementsModule } from './agreements';
import { AttachmentsModule } from './attachments';
import { AuditModule } from './audit';
import { CommandSideModule } from './command-side';
import type { AppConfig } from './config/app-config';
import { DirectoryModule } from './directory';
import { DisputesModule } from './disputes';
import { EventStoreModule } from './event-store/event-store.module';
import { globalEnhancers } from './global-enhancers';
import { HeldFundsModule } from './held-funds';
import { IdentityModule } from './identity';
import { DatabaseModule } from './infrastructure/database/database.module';
import { LienWaiversModule } from './lien-waivers';
import { MilestonesModule } from './milestones';
import { MetricsModule } from './observability/metrics';
import { TracingModule } from './observability/tracing/tracing.module';
import { OperationsModule } from './operations';
import { PaymentsModule } from './payments';
import { ProgressBillingModule } from './progress-billing';
import { ProjectionsRuntimeModule } from './projections-runtime/projections-runtime.module';
import { ProjectsModule } from './projects';
import { ReadModelsModule } from './read-models';
import { RetainageModule } from './retainage';
import { TeamsModule } from './teams';
import { WebhooksModule } from './webhooks';

/**
 * One module per context. The database (with the configuration), the event store, the metrics
 * and the CQRS buses are the only global ones; every other dependency is imported where it is used.
 */
@Module({})
export class AppModule {
  static register(config: AppConfig, pool: Pool, dataSource: DataSource, databaseUrl: string): DynamicModule {
    return {
      module: AppModule,
      imports: [
        DatabaseModule.register(config, pool, dataSource, databaseUrl),
        CqrsModule.forRoot(),
        EventStoreModule,
        // Started with the application (it runs the projectors unless RUN_PROJECTIONS=false).
        ProjectionsRuntimeModule,
        MetricsModule,
        IdentityModule,
        // Its BuyerStepUpGuard is one of the global guards.
        ReadModelsModule,
        CommandSideModule,
        DirectoryModule,
        ProjectsModule,
        MilestonesModule,
        AttachmentsModule,
        AgreementsModule,
        DisputesModule,
        PaymentsModule,
        RetainageModule,
        ProgressBillingModule,
        LienWaiversModule,
        HeldFundsModule,
        AdminModule,
        OperationsModule,
        AuditModule,
        WebhooksModule,
        TeamsModule,
        TracingModule,
      ],
      providers: globalEnhancers(existsSync(config.frontendDist) ? config.frontendDist : null),
    };
  }
}
