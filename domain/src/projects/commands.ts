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
/** `milestoneCount`: how many milestones the project has (read models); submitting needs one. */
export type SubmitJob = Command<'SubmitJob', { milestoneCount: number }>;
/** The creator throws a draft away; it then exists for nobody. */
export type DiscardJobDraft = Command<'DiscardJobDraft', Record<string, never>>;
/** legalName: the signer's own name on their account (first and last), which the signature must be. */
export type SignProjectAgreement = Command<
  'SignProjectAgreement',
  { party: 'customer' | 'company'; signedName: string; legalName: string; agreementHash: string; contractName: string }
>;

export type ProjectCommand = CreateJobDraft | UpdateJobBasics | SubmitJob | DiscardJobDraft | SignProjectAgreement;
