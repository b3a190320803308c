export class GetJobQuery {
  constructor(readonly jobId: number) {}
}

export interface JobView {
  job_id: number;
  customer_id: number;
  primary_company_id: number | null;
  service: string;
  customerInitiated: boolean;
  is_draft: boolean;
  created_by: number;
  created_at: string;
}
