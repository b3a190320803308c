import type { CommandMetadata } from '@escrow/domain';

/** Starts a project as a draft once its buyer is known (spec §4). The job id is allocated here. */
export class CreateJobDraftCommand {
  constructor(
    readonly input: {
      customerId: number;
      primaryCompanyId: number | null;
      service: string;
      customerInitiated: boolean;
    },
    readonly metadata: CommandMetadata,
  ) {}
}

export interface CreateJobDraftResult {
  jobId: number;
}
