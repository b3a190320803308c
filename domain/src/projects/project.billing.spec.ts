import { domainErrorOf } from '../milestones/milestone.test-kit';
import type { CommandMetadata } from '../shared/command';
import type { ProjectCommand } from './commands';
import type { ProjectEvent } from './events';
import { type ActiveProject, billingOf, decideProject, foldProject } from './project.decider';

const at = (minute: number) => `2026-11-22T10:${String(minute).padStart(2, '0')}:00.000Z`;
const buyer: CommandMetadata = { now: at(1), actorId: 12, actorRole: 'customer', actorCompanyId: null };
const seller: CommandMetadata = { now: at(1), actorId: 7, actorRole: 'company', actorCompanyId: 3 };
const outsider: CommandMetadata = { now: at(1), actorId: 99, actorRole: 'company', actorCompanyId: 77 };

const created: ProjectEvent = {
  type: 'JobDraftCreated',
  data: { jobId: 41, customerId: 12, primaryCompanyId: 3, service: 'Framing', customerInitiated: false, createdBy: 7, createdAt: at(0) },
};
const submitted: ProjectEvent = { type: 'JobSubmitted', data: { jobId: 41, submittedBy: 7, at: at(0) } };
const choose = (method: unknown, metadata: CommandMetadata = seller, milestoneCount = 0): ProjectCommand => ({
  type: 'ChooseBillingMethod',
  data: { method, milestoneCount },
  metadata,
});
const decide = (history: ProjectEvent[], command: ProjectCommand) => decideProject(command, foldProject(history));

describe('the billing method of a project', () => {
  it('bills by milestones until a party chooses progress billing on the draft', () => {
    expect(billingOf(foldProject([created]) as ActiveProject)).toBe('milestones');
    const events = decide([created], choose('progress', buyer));
    expect(events).toEqual([{ type: 'ProjectBillingChosen', data: { jobId: 41, billing: 'progress', by: 12, at: at(1) } }]);
    expect(billingOf(foldProject([created, ...events]) as ActiveProject)).toBe('progress');
  });

  it('changes nothing when the method chosen is the one the project has', () => {
    expect(decide([created], choose('milestones'))).toEqual([]);
  });

  it('refuses another method, an outsider, and any change once submitted', () => {
    expect(domainErrorOf(() => decide([created], choose('hourly')))).toMatchObject({ kind: 'invalid', code: 'billing_method' });
    expect(domainErrorOf(() => decide([created], choose('progress', outsider)))).toMatchObject({ kind: 'forbidden', code: 'not_a_party' });
    expect(domainErrorOf(() => decide([created, submitted], choose('progress')))).toMatchObject({ kind: 'conflict', code: 'billing_fixed' });
    expect(domainErrorOf(() => decide([created], choose('progress', seller, 1)))).toMatchObject({
      kind: 'conflict',
      code: 'milestones_exist',
      // Milestones cannot be removed: the way out it names is one a person can take.
      message: 'This project already has milestones, so it bills by milestones; to bill by progress, start a new project.',
    });
  });

  it('submits a progress-billed project without milestones, and a milestone-billed one only with one', () => {
    const submit: ProjectCommand = { type: 'SubmitJob', data: { milestoneCount: 0 }, metadata: seller };
    expect(domainErrorOf(() => decide([created], submit))).toMatchObject({ code: 'milestone_required' });
    const progress = [created, ...decide([created], choose('progress'))];
    expect(decide(progress, submit)).toEqual([{ type: 'JobSubmitted', data: { jobId: 41, submittedBy: 7, at: at(1) } }]);
  });

  describe("the milestones the project's stream lists", () => {
    const add = (originalId: number, metadata: CommandMetadata = seller): ProjectCommand => ({ type: 'AddProjectMilestone', data: { originalId }, metadata });
    const submit: ProjectCommand = { type: 'SubmitJob', data: { milestoneCount: 0 }, metadata: seller };

    it('lists a milestone added by a party once, however often the addition is repeated', () => {
      const added = decide([created], add(501, buyer));
      expect(added).toEqual([{ type: 'ProjectMilestoneAdded', data: { jobId: 41, originalId: 501, addedBy: 12, at: at(1) } }]);
      expect((foldProject([created, ...added]) as ActiveProject).milestoneIds).toEqual([501]);
      expect(decide([created, ...added], add(501))).toEqual([]);
    });

    it('submits on a milestone the read models do not show yet, and refuses progress billing once one was added', () => {
      const listed = [created, ...decide([created], add(501))];
      expect(decide(listed, submit)).toEqual([{ type: 'JobSubmitted', data: { jobId: 41, submittedBy: 7, at: at(1) } }]);
      expect(domainErrorOf(() => decide(listed, choose('progress', buyer)))).toMatchObject({ kind: 'conflict', code: 'milestones_exist' });
    });

    it('does not submit on a listed milestone the caller found never started, and counts the others', () => {
      const listed = [created, ...decide([created], add(501)), ...decide([created], add(502))];
      const cut = (unstartedMilestones: number): ProjectCommand => ({ type: 'SubmitJob', data: { milestoneCount: 0, unstartedMilestones }, metadata: seller });
      expect(domainErrorOf(() => decide(listed, cut(2)))).toMatchObject({ kind: 'conflict', code: 'milestone_required' });
      expect(decide(listed, cut(1))).toEqual([{ type: 'JobSubmitted', data: { jobId: 41, submittedBy: 7, at: at(1) } }]);
      // A proposal between its two appends is on its way: progress billing still waits for it.
      expect(domainErrorOf(() => decide(listed, choose('progress', buyer)))).toMatchObject({ code: 'milestones_exist' });
    });

    it("refuses a milestone on a progress-billed project, an outsider's, and one before the project names its seller", () => {
      const progress = [created, ...decide([created], choose('progress'))];
      expect(domainErrorOf(() => decide(progress, add(501)))).toMatchObject({ kind: 'conflict', code: 'progress_billed' });
      expect(domainErrorOf(() => decide([created], add(501, outsider)))).toMatchObject({ kind: 'forbidden', code: 'not_a_party' });
      const sellerless: ProjectEvent = {
        type: 'JobDraftCreated',
        data: { jobId: 41, customerId: 12, primaryCompanyId: null, service: 'Framing', customerInitiated: true, createdBy: 12, createdAt: at(0) },
      };
      expect(domainErrorOf(() => decide([sellerless], add(501, buyer)))).toMatchObject({ kind: 'invalid', code: 'seller_required' });
      const discarded: ProjectEvent = { type: 'JobDraftDiscarded', data: { jobId: 41, discardedBy: 7, at: at(0) } };
      expect(domainErrorOf(() => decide([created, discarded], add(501)))).toMatchObject({ kind: 'not_found', code: 'job_discarded' });
    });
  });
});
