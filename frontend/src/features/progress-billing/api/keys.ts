import { projectKeys } from '../../../api/projects';

/** Progress billing's queries sit under the project's, so a project-wide refresh reaches them. */
export const billingKeys = {
  ofProject: (projectId: number) => [...projectKeys.detail(projectId), 'billing'] as const,
  schedule: (projectId: number) => [...billingKeys.ofProject(projectId), 'schedule'] as const,
  applications: (projectId: number) => [...billingKeys.ofProject(projectId), 'applications'] as const,
  application: (projectId: number, number: number) => [...billingKeys.applications(projectId), number] as const,
};
