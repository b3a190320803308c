import type { ProjectHistoryEntry, ProjectSummary } from '@escrow/domain';

/** A project as GET /api/projects and GET /api/job/{id} answer it, and an event of its history: the API contract's. */
export type { ProjectSummary };
export type HistoryEntry = ProjectHistoryEntry;

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
