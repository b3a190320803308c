export interface ProjectSummary {
  job_id: number;
  service: string;
  customer_id: number;
  customer_name: string | null;
  primary_company_id: number | null;
  primary_company_name: string | null;
  customerInitiated: boolean;
  /** The user who started the project: only they resume or discard it while it is a draft. */
  created_by: number;
  is_draft: boolean;
  your_role: 'buyer' | 'seller' | 'admin' | null;
  status: 'Draft' | 'Active' | 'Complete';
  created_at: string;
  submitted_at: string | null;
  updated_at: string;
  signatures: { buyer: string | null; seller: string | null };
  milestone_count: number;
  totals: { agreed: string; deposited: string; held: string; released: string; fees: string; refunded: string; to_fund: string; retainage_held?: string };
  /** The project's terms of now (retainage percentage, job-site state). */
  terms?: { retainagePercent: string; siteState: 'AZ' | 'ID' | 'NV' | 'UT' | null };
  next_action: string | null;
  waiting_on_you: number;
  waiting_on: { buyer: number; seller: number };
}

export interface HistoryEntry {
  event_id: string;
  position: string;
  at: string;
  type: string;
  milestone_id: number | null;
  actor_id: number | null;
  actor_name: string | null;
  actor_role: string | null;
  summary: string;
  changes: { field: string; from: string | null; to: string | null }[];
  /** The event's own data (a waiver's name links to its printable page). */
  data?: Record<string, unknown>;
}

export const projectKeys = {
  all: ['projects'] as const,
  list: () => [...projectKeys.all, 'list'] as const,
  detail: (jobId: number) => [...projectKeys.all, jobId] as const,
  summary: (jobId: number) => [...projectKeys.detail(jobId), 'summary'] as const,
  history: (jobId: number) => [...projectKeys.detail(jobId), 'history'] as const,
  payments: (jobId: number) => [...projectKeys.detail(jobId), 'payments'] as const,
  agreement: (jobId: number) => [...projectKeys.detail(jobId), 'agreement'] as const,
  signed: (name: string) => [...projectKeys.all, 'signed', name] as const,
  newJobForm: (customer: boolean) => [...projectKeys.all, 'new-job-form', customer] as const,
  bankAccounts: () => ['bank-accounts'] as const,
};
