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

export type ProjectCommand = CreateJobDraft;
