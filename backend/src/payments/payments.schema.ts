import type { ContextSchema } from '../infrastructure/database/context-schema';
import { BankAccountEntity } from './infrastructure/bank-account.entity';
import { BankAccountHolderEntity, RequestOriginEntity } from './infrastructure/bank-account-personal-data.entity';
import { PaymentSubmissionEntity, SandboxAchSubmissionEntity } from './infrastructure/submissions.entity';
import {
  BankAccountIdempotencyKeys1763800032000,
  BankAccountPersonalData1763800634000,
  BankAccountsAsEvents1763800631000,
  BankAccountSecurityLogCheckpoint1763803500100,
  CreateBankAccounts1763800009000,
  CreateSandboxAchSubmissions1763800044000,
} from './payments.migrations';

/** The tables this context owns (src/schema.ts gathers every context's). */
export const paymentsSchema: ContextSchema = {
  entities: [BankAccountEntity, BankAccountHolderEntity, RequestOriginEntity, PaymentSubmissionEntity, SandboxAchSubmissionEntity],
  migrations: [
    CreateBankAccounts1763800009000,
    BankAccountIdempotencyKeys1763800032000,
    CreateSandboxAchSubmissions1763800044000,
    BankAccountsAsEvents1763800631000,
    BankAccountPersonalData1763800634000,
    BankAccountSecurityLogCheckpoint1763803500100,
  ],
};
