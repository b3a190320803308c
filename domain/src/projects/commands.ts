import type { Command } from '../shared/command';

export type CreateJobDraft = Command<
  'CreateJobDraft',
  {
    jobId: number;
    customerId: number;
    primaryCompanyId: number | null;
    service: string;
    customerInitiated: boolean;
  }
>;

export type UpdateJobBasics = Command<'UpdateJobBasics', { customerId: number; primaryCompanyId: number | null; service: string }>;
export type SubmitJob = Command<'SubmitJob', Record<string, never>>;
/** legalName: the signer's own name on their account (first and last), which the signature must be. */
export type SignProjectAgreement = Command<'SignProjectAgreement', { party: 'customer' | 'company'; signedName: string; legalName: string; agreementHash: string; contractName: string }>;

export type ProjectCommand = CreateJobDraft | UpdateJobBasics | SubmitJob | SignProjectAgreement;
