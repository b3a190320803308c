import type { ProjectHistoryEntry, ProjectSummary } from '@escrow/domain';

/** A project as GET /api/projects and GET /api/job/{id} answer it, and an event of its history: the API contract's. */
export type { ProjectSummary };
export type HistoryEntry = ProjectHistoryEntry;

export const projectKeys = {
  all: ['projects'] as const,
  list: () => [...projectKeys.all, 'list'] as const,
  detail: (projectId: number) => [...projectKeys.all, projectId] as const,
  summary: (projectId: number) => [...projectKeys.detail(projectId), 'summary'] as const,
  history: (projectId: number) => [...projectKeys.detail(projectId), 'history'] as const,
  payments: (projectId: number) => [...projectKeys.detail(projectId), 'payments'] as const,
  agreement: (projectId: number) => [...projectKeys.detail(projectId), 'agreement'] as const,
  signed: (name: string) => [...projectKeys.all, 'signed', name] as const,
  newProjectForm: (customer: boolean) => [...projectKeys.all, 'new-project-form', customer] as const,
  bankAccounts: () => ['bank-accounts'] as const,
};
