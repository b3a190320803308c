import { assertNever } from '../shared/command';
import { conflict, invalid } from '../shared/errors';
import type { ProjectCommand } from './commands';
import type { ProjectEvent } from './events';

export type ProjectState =
  | { status: 'none' }
  | {
      status: 'draft';
      jobId: number;
      customerId: number;
      primaryCompanyId: number | null;
      service: string;
      customerInitiated: boolean;
      createdBy: number;
    };

export const initialProjectState: ProjectState = { status: 'none' };

export function evolveProject(state: ProjectState, event: ProjectEvent): ProjectState {
  switch (event.type) {
    case 'JobDraftCreated':
      return {
        status: 'draft',
        jobId: event.data.jobId,
        customerId: event.data.customerId,
        primaryCompanyId: event.data.primaryCompanyId,
        service: event.data.service,
        customerInitiated: event.data.customerInitiated,
        createdBy: event.data.createdBy,
      };
    default:
      return assertNever(event.type);
  }
}

export function decideProject(command: ProjectCommand, state: ProjectState): ProjectEvent[] {
  switch (command.type) {
    case 'CreateJobDraft': {
      if (state.status !== 'none') throw conflict('job_exists', `Project ${command.data.jobId} already exists.`);
      const service = command.data.service.trim();
      if (!service) throw invalid('service_required', 'Choose the main service provided before creating the project.');
      return [
        {
          type: 'JobDraftCreated',
          data: { ...command.data, service, createdBy: command.metadata.actorId, createdAt: command.metadata.now },
        },
      ];
    }
    default:
      return assertNever(command.type);
  }
}

export const foldProject = (events: readonly ProjectEvent[]): ProjectState => events.reduce(evolveProject, initialProjectState);
