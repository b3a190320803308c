import { ChainChecks } from '@escrow/projections';
import { Module } from '@nestjs/common';
import type { Pool } from 'pg';

import { fileStoreProvider } from '../attachments';
import { PG_POOL } from '../infrastructure/database/database.tokens';
import { ProjectionsRuntimeModule } from '../projections-runtime/projections-runtime.module';
import { ReadModelsModule } from '../read-models';
import { AuditSigningKey } from './audit-signing-key';
import { CheckChainsController } from './check-chains/check-chains.http.controller';
import { AuditBundles } from './export-bundle/audit-bundles';
import { ExportBundleController } from './export-bundle/export-bundle.http.controller';

/** Proof for auditors: the hash chain check and signed audit exports (admins only). */
@Module({
  imports: [ProjectionsRuntimeModule, ReadModelsModule],
  providers: [AuditSigningKey, AuditBundles, fileStoreProvider, { provide: ChainChecks, inject: [PG_POOL], useFactory: (pool: Pool) => new ChainChecks(pool) }],
  controllers: [CheckChainsController, ExportBundleController],
})
export class AuditModule {}
