import { DomainError } from '../shared/errors';
import type { CreateJobDraft, ProjectCommand } from './commands';
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

  const seller = metadata;
  const buyer = { now: metadata.now, actorId: 12, actorRole: 'customer' as const, actorCompanyId: null };
  const submitted = () => [...given([]).when(createDraft)(), { type: 'JobSubmitted' as const, data: { jobId: 41, submittedBy: 7, at: metadata.now } }];

  it('freezes the buyer and the seller once the project is submitted', () => {
    const move: ProjectCommand = { type: 'UpdateJobBasics', data: { customerId: 13, primaryCompanyId: 3, service: 'Roofing' }, metadata: seller };
    expect(decideProject(move, foldProject(given([]).when(createDraft)()))).toEqual([expect.objectContaining({ type: 'JobBasicsUpdated' })]);
    expect(() => decideProject(move, foldProject(submitted()))).toThrow('The project has been submitted; its buyer, seller and service can no longer change.');
  });

  it('submits only with at least one milestone', () => {
    const draft = foldProject(given([]).when(createDraft)());
    expect(() => decideProject({ type: 'SubmitJob', data: { milestoneCount: 0 }, metadata: seller }, draft)).toThrow('Add at least one milestone before submitting the project.');
    expect(decideProject({ type: 'SubmitJob', data: { milestoneCount: 1 }, metadata: seller }, draft)).toEqual([expect.objectContaining({ type: 'JobSubmitted' })]);
  });

  it('lets only the creator discard, and only a draft', () => {
    const draft = foldProject(given([]).when(createDraft)());
    const discard = (by: typeof seller | typeof buyer): ProjectCommand => ({ type: 'DiscardJobDraft', data: {}, metadata: by });
    expect(() => decideProject(discard(buyer), draft)).toThrow('Only the person who started this draft can discard it.');
    const events = decideProject(discard(seller), draft);
    expect(events).toEqual([expect.objectContaining({ type: 'JobDraftDiscarded' })]);
    expect(foldProject([...given([]).when(createDraft)(), ...events]).status).toBe('discarded');
    expect(() => decideProject(discard(seller), foldProject(submitted()))).toThrow('The project has been submitted; it can no longer be discarded.');
  });

  it('refuses texts no event can hold', () => {
    expect(given([]).when({ ...createDraft, data: { ...createDraft.data, service: 'Roof \ud800' } })).toThrow('The service contains a character that cannot be stored');
  });
});
