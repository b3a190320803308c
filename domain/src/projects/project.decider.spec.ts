import { DomainError } from '../shared/errors';
import type { CreateJobDraft } from './commands';
import type { ProjectEvent } from './events';
import { decideProject, foldProject } from './project.decider';

const metadata = { now: '2026-11-22T10:00:00.000Z', actorId: 7, actorRole: 'company' as const, actorCompanyId: 3 };
const createDraft: CreateJobDraft = {
  type: 'CreateJobDraft',
  data: { jobId: 41, customerId: 12, primaryCompanyId: 3, service: ' Roofing ', customerInitiated: false },
  metadata,
};

const given = (events: ProjectEvent[]) => ({ when: (command: CreateJobDraft) => () => decideProject(command, foldProject(events)) });

describe('project decider', () => {
  it('creates a draft with the trimmed service and the actor as creator', () => {
    expect(given([]).when(createDraft)()).toEqual([
      {
        type: 'JobDraftCreated',
        data: { jobId: 41, customerId: 12, primaryCompanyId: 3, service: 'Roofing', customerInitiated: false, createdBy: 7, createdAt: metadata.now },
      },
    ]);
  });

  it('refuses to create the same draft twice', () => {
    const history = given([]).when(createDraft)();
    expect(given(history).when(createDraft)).toThrow(DomainError);
    expect(given(history).when(createDraft)).toThrow('Project 41 already exists.');
  });

  it('needs a service', () => {
    expect(given([]).when({ ...createDraft, data: { ...createDraft.data, service: '  ' } })).toThrow('Choose the main service provided before creating the project.');
  });
});
