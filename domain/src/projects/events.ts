/** Events of the project stream `job-<jobId>`. Type strings are stored: never rename them. */
export interface JobDraftCreated {
  type: 'JobDraftCreated';
  data: {
    jobId: number;
    customerId: number;
    /** The seller's company; null until the buyer picks one in the buyer-started flow. */
    primaryCompanyId: number | null;
    service: string;
    customerInitiated: boolean;
    createdBy: number;
    createdAt: string;
  };
}

export type ProjectEvent = JobDraftCreated;
export type ProjectEventType = ProjectEvent['type'];

export const projectStreamId = (jobId: number): string => `job-${jobId}`;
