import { BankAccountOwnerRow, LinkedBankAccountRow } from './bank-accounts/bank-account.entity';
import { BankAccountsProjector } from './bank-accounts/bank-accounts.projector';
import { BankAccountsReadModelWithoutPersonalData1763800633000, CreateBankAccountsReadModel1763800630000 } from './bank-accounts/migrations';
import { CreateEventChainChecks1763800300100, EventChainChecksHoldFiles1763800700000 } from './integrity/chain-checks';
import { LedgerProjector } from './ledger/ledger.projector';
import { LedgerEntryRow } from './ledger/ledger-entry.entity';
import {
  CreateLedgerAndAudit1763800006000,
  DropAuditTrail1763800500000,
  LedgerEntriesNameTheActor1763804200100,
  LedgerEntriesNameThePaidAccount1763800632000,
} from './ledger/migrations';
import {
  CreateMilestoneReadModels1763800004000,
  milestoneEntities,
  MilestonesProjector,
  MilestoneVersionAuthorRole1763804200000,
  RetainageAndWaiverReadModels1763800200000,
} from './milestones';
import {
  CreatePaymentInstructions1763800007000,
  PaymentInstructionsByEventId1763800042000,
  PaymentInstructionsCorrelation1763800800100,
  PaymentInstructionsProgressBilling1763804100000,
  PaymentInstructionsProgressRefund1764400000000,
  PaymentInstructionsRetainageAndWaivers1763800202000,
} from './payments/migrations';
import { PaymentInstructionRow } from './payments/payment-instruction.entity';
import { PaymentInstructionsProjector } from './payments/payment-instructions.projector';
import { billingEntities, BillingProjector, CreateBillingReadModels1763803838100, PayApplicationsPeriodFigures1763804300000 } from './progress-billing';
import {
  CreateJobsReadModel1763800002000,
  ExtendJobsReadModel1763800005000,
  JobRow,
  JobsDiscardedDrafts1763800041000,
  JobsProjectTerms1763800201000,
  ProjectsProjector,
} from './projects';
import { AddRebuildComparison1763800031000, CreateProjectionRunnerTables1763800001000 } from './runner/migrations';
import { CreateParkedStreams1763800043000 } from './runner/parked-streams';
import type { Projector } from './runner/projector';
import { MoneyColumnsHoldEveryAmount1763800040000 } from './shared/money-columns.migration';
import type { EntityClass, MigrationClass } from './shared/typeorm-classes';

export * from './integrity';
export * from './milestones';
export * from './projects';
/** @public bench/orm.mjs loads it from the build (dist/index.js), where knip cannot follow. */
export { LedgerEntryRow } from './ledger/ledger-entry.entity';
export { PAYMENT_INSTRUCTIONS_PROJECTOR } from './payments/payment-instructions.projector';
export * from './runner';
export { MONEY, POSITION } from './shared/entity-columns';
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
  RetainageAndWaiverReadModels1763800200000,
  JobsProjectTerms1763800201000,
  PaymentInstructionsRetainageAndWaivers1763800202000,
  CreateEventChainChecks1763800300100,
  DropAuditTrail1763800500000,
  CreateBankAccountsReadModel1763800630000,
  LedgerEntriesNameThePaidAccount1763800632000,
  BankAccountsReadModelWithoutPersonalData1763800633000,
  EventChainChecksHoldFiles1763800700000,
  PaymentInstructionsCorrelation1763800800100,
  CreateBillingReadModels1763803838100,
  PaymentInstructionsProgressBilling1763804100000,
  MilestoneVersionAuthorRole1763804200000,
  LedgerEntriesNameTheActor1763804200100,
  PayApplicationsPeriodFigures1763804300000,
  PaymentInstructionsProgressRefund1764400000000,
];
/** The read-model tables as TypeORM entities (the runner's bookkeeping stays plain SQL). */
export const projectionEntities: EntityClass[] = [
  JobRow,
  ...milestoneEntities,
  LedgerEntryRow,
  PaymentInstructionRow,
  LinkedBankAccountRow,
  BankAccountOwnerRow,
  ...billingEntities,
];

/** Every projector of the product; the runner and the operator CLI work on this list. */
export function createProjectors(): Projector[] {
  return [
    new ProjectsProjector(),
    new MilestonesProjector(),
    new LedgerProjector(),
    new PaymentInstructionsProjector(),
    new BankAccountsProjector(),
    new BillingProjector(),
  ];
}
