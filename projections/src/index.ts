import { AuditTrailProjector } from './audit/audit-trail.projector';
import { CreateEventChainChecks1763800300100 } from './integrity/chain-checks';
import { CreateJobsReadModel1763800002000, ExtendJobsReadModel1763800005000, JobRow, JobsDiscardedDrafts1763800041000, JobsProjector } from './jobs';
import { LedgerProjector } from './ledger/ledger.projector';
import { CreateLedgerAndAudit1763800006000 } from './ledger/migrations';
import { CreateMilestoneReadModels1763800004000, MilestonesProjector } from './milestones';
import { CreatePaymentInstructions1763800007000, PaymentInstructionsByEventId1763800042000 } from './payments/migrations';
import { PaymentInstructionsProjector } from './payments/payment-instructions.projector';
import { AddRebuildComparison1763800031000, CreateProjectionRunnerTables1763800001000 } from './runner/migrations';
import { CreateParkedStreams1763800043000 } from './runner/parked-streams';
import type { Projector } from './runner/projector';
import { MoneyColumnsHoldEveryAmount1763800040000 } from './shared/money-columns.migration';
import type { EntityClass, MigrationClass } from './shared/typeorm-classes';

export { AuditTrailProjector } from './audit/audit-trail.projector';
export * from './integrity';
export * from './jobs';
export { LedgerProjector } from './ledger/ledger.projector';
export * from './milestones';
export { instructionKey, PAYMENT_INSTRUCTIONS_PROJECTOR, PaymentInstructionsProjector } from './payments/payment-instructions.projector';
export * from './runner';
export type { EntityClass, MigrationClass } from './shared/typeorm-classes';

export const projectionMigrations: MigrationClass[] = [
  CreateProjectionRunnerTables1763800001000,
  CreateJobsReadModel1763800002000,
  CreateMilestoneReadModels1763800004000,
  ExtendJobsReadModel1763800005000,
  CreateLedgerAndAudit1763800006000,
  CreatePaymentInstructions1763800007000,
  AddRebuildComparison1763800031000,
  MoneyColumnsHoldEveryAmount1763800040000,
  JobsDiscardedDrafts1763800041000,
  PaymentInstructionsByEventId1763800042000,
  CreateParkedStreams1763800043000,
  CreateEventChainChecks1763800300100,
];
export const projectionEntities: EntityClass[] = [JobRow];

/** Every projector of the product; the runner and the operator CLI work on this list. */
export function createProjectors(): Projector[] {
  return [new JobsProjector(), new MilestonesProjector(), new LedgerProjector(), new AuditTrailProjector(), new PaymentInstructionsProjector()];
}
