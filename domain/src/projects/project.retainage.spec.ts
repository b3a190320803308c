import { domainErrorOf } from '../milestones/milestone.test-kit';
import type { CommandMetadata } from '../shared/command';
import type { MilestoneRetainageFacts, ProjectCommand } from './commands';
import type { ProjectEvent } from './events';
import { type ActiveProject, decideProject, foldProject } from './project.decider';

const at = (minute: number) => `2026-11-22T10:${String(minute).padStart(2, '0')}:00.000Z`;
const buyer = (minute = 1): CommandMetadata => ({ now: at(minute), actorId: 12, actorRole: 'customer' as const, actorCompanyId: null });
const seller = (minute = 1): CommandMetadata => ({ now: at(minute), actorId: 7, actorRole: 'company' as const, actorCompanyId: 3 });
const admin = (minute = 1): CommandMetadata => ({ now: at(minute), actorId: 1, actorRole: 'admin' as const, actorCompanyId: null });
const outsider = (): CommandMetadata => ({ now: at(1), actorId: 99, actorRole: 'company' as const, actorCompanyId: 77 });

const created: ProjectEvent = {
  type: 'JobDraftCreated',
  data: { jobId: 41, customerId: 12, primaryCompanyId: 3, service: 'Roofing', customerInitiated: false, createdBy: 7, createdAt: at(0) },
};
const submitted: ProjectEvent[] = [created, { type: 'JobSubmitted', data: { jobId: 41, submittedBy: 7, at: at(0) } }];
const closed: MilestoneRetainageFacts[] = [
  { originalId: 500, closed: true, retainageHeld: '497.19' },
  { originalId: 600, closed: true, retainageHeld: '0.00' },
  { originalId: 700, closed: true, retainageHeld: '2.81' },
];

const decide = (history: ProjectEvent[], command: ProjectCommand) => decideProject(command, foldProject(history));
const then = (history: ProjectEvent[], command: ProjectCommand) => [...history, ...decide(history, command)];

const request = (metadata = seller(), milestones = closed): ProjectCommand => ({
  type: 'RequestRetainageRelease',
  data: { milestones },
  metadata,
});
const approve = (metadata = buyer(), milestones = closed): ProjectCommand => ({
  type: 'ApproveRetainageRelease',
  data: { milestones },
  metadata,
});
const dispute = (metadata = buyer(), milestones = closed): ProjectCommand => ({
  type: 'DisputeRetainage',
  data: { disputeId: 88, statement: 'The punch list is not done.', milestones },
  metadata,
});
const resolve = (resolution: unknown, metadata = admin()): ProjectCommand => ({
  type: 'ResolveRetainageDispute',
  data: { resolution, note: 'Inspected.', milestones: closed },
  metadata,
});

describe('project terms', () => {
  const setTerms = (retainagePercent: unknown, siteState: unknown, metadata: CommandMetadata = seller()): ProjectCommand => ({
    type: 'SetProjectTerms',
    data: { retainagePercent, siteState },
    metadata,
  });

  it('lets either party set the retainage percentage and the job site state', () => {
    expect(decide([created], setTerms('5', 'AZ'))).toEqual([
      { type: 'ProjectTermsSet', data: { jobId: 41, retainagePercent: '5.00', siteState: 'AZ', setBy: 7, at: at(1) } },
    ]);
    const state = foldProject(then([created], setTerms(2.5, 'UT', buyer()))) as ActiveProject;
    expect(state.terms).toEqual({ retainagePercent: '2.50', siteState: 'UT' });
    expect(decide(then([created], setTerms('2.5', 'UT')), setTerms('2.50', 'UT'))).toEqual([]); // nothing changes
  });

  it('refuses strangers, more than 10%, and states the product does not serve', () => {
    expect(domainErrorOf(() => decide([created], setTerms('5', 'AZ', outsider()))).kind).toBe('forbidden');
    expect(domainErrorOf(() => decide([created], setTerms('10.5', 'AZ'))).message).toBe('Retainage can be at most 10% of each payment.');
    expect(domainErrorOf(() => decide([created], setTerms('5', 'CA'))).message).toBe("The job site's state is one of AZ, ID, NV, UT (or none).");
  });

  it('keeps a named job-site state once the project is submitted, while the retainage for new versions may change', () => {
    const named = [...then([created], setTerms('5', 'NV')), submitted[1]!];
    expect(domainErrorOf(() => decide(named, setTerms('5', 'AZ'))).code).toBe('site_state_fixed');
    expect(domainErrorOf(() => decide(named, setTerms('5', null))).code).toBe('site_state_fixed');
    expect(decide(named, setTerms('3', 'NV'))).toHaveLength(1);
    expect(decide(then([created], setTerms('5', 'NV')), setTerms('5', 'ID'))).toHaveLength(1); // a draft may still change it
  });

  it('does not let a job-site state be named after submission when none was: the milestones were agreed without waivers', () => {
    const refused = domainErrorOf(() => decide(submitted, setTerms('0', 'AZ')));
    expect(refused).toMatchObject({ code: 'site_state_fixed', kind: 'conflict' });
    expect(refused.message).toBe("The job site's state can only be named before the project is submitted: its milestones were agreed without lien waivers.");
    expect(decide(submitted, setTerms('5', null))).toHaveLength(1); // the retainage for new versions may still change
  });
});

describe('releasing the retainage', () => {
  it('is asked for by one party and approved by the other, for the milestones that hold retainage', () => {
    const asked = then(submitted, request());
    expect(asked.at(-1)).toEqual({ type: 'RetainageReleaseRequested', data: { jobId: 41, party: 'company', by: 7, amount: '500.00', at: at(1) } });
    const [approved] = decide(asked, approve(buyer(2)));
    expect(approved).toEqual({
      type: 'RetainageReleaseApproved',
      data: { jobId: 41, party: 'customer', by: 12, amount: '500.00', milestoneIds: [500, 700], at: at(2) },
    });
    const state = foldProject([...asked, approved!]) as ActiveProject;
    expect(state.retainage.request).toBeNull();
    expect(state.retainage.decisions).toEqual([
      { decidedBy: 'parties', resolution: 'release', amount: '500.00', milestoneIds: [500, 700], disputeId: null, at: at(2) },
    ]);
  });

  it('waits until every milestone of the project is closed', () => {
    const open = [...closed, { originalId: 800, closed: false, retainageHeld: '0.00' }];
    expect(domainErrorOf(() => decide(submitted, request(seller(), open))).message).toBe(
      'Retainage is released once every milestone of the project is complete and paid out; 1 milestone is still open. Open a retainage dispute if you cannot agree.',
    );
    const asked = then(submitted, request());
    expect(domainErrorOf(() => decide(asked, approve(buyer(), open))).code).toBe('milestones_open');
  });

  it('refuses the requester approving its own request, a second request, strangers, drafts and a project holding nothing', () => {
    const asked = then(submitted, request());
    expect(domainErrorOf(() => decide(asked, approve(seller()))).message).toBe('You asked for this release; the buyer approves it.');
    expect(domainErrorOf(() => decide(asked, request(buyer()))).message).toBe('The seller has already asked for the release: approve it instead.');
    expect(domainErrorOf(() => decide(submitted, approve())).code).toBe('no_request');
    expect(domainErrorOf(() => decide(asked, approve({ ...outsider() }))).kind).toBe('forbidden');
    expect(domainErrorOf(() => decide(asked, approve(admin()))).kind).toBe('forbidden');
    expect(domainErrorOf(() => decide([created], request())).code).toBe('project_draft');
    expect(domainErrorOf(() => decide(submitted, request(seller(), [{ originalId: 500, closed: true, retainageHeld: '0.00' }]))).code).toBe('no_retainage');
  });

  it('goes to an administrator when a party disputes it, who releases it or refunds it', () => {
    const asked = then(submitted, request());
    const disputed = then(asked, dispute());
    const state = foldProject(disputed) as ActiveProject;
    expect(state.retainage.request).toBeNull(); // the dispute replaces the request
    expect(state.retainage.dispute).toMatchObject({ disputeId: 88, party: 'customer', statement: 'The punch list is not done.' });
    expect(domainErrorOf(() => decide(disputed, approve())).code).toBe('retainage_disputed');
    expect(domainErrorOf(() => decide(disputed, dispute(seller()))).code).toBe('retainage_disputed');
    expect(domainErrorOf(() => decide(disputed, resolve('release', seller()))).kind).toBe('forbidden');
    expect(domainErrorOf(() => decide(disputed, resolve('split'))).kind).toBe('invalid');
    const [resolved] = decide(disputed, resolve('refund', admin(3)));
    expect(resolved).toEqual({
      type: 'RetainageDisputeResolved',
      data: { jobId: 41, disputeId: 88, by: 1, resolution: 'refund', amount: '500.00', milestoneIds: [500, 700], note: 'Inspected.', at: at(3) },
    });
    expect(domainErrorOf(() => decide([...disputed, resolved!], resolve('release'))).code).toBe('no_dispute');
  });

  it('refuses a dispute, a new request or a second approval that follows a decision its milestones have not applied yet', () => {
    // The decision is recorded on the project stream first; until its milestones' streams apply
    // it they still report the retainage held. A command decided in that moment (or retried
    // after losing the race for the stream) must not act on money that is already leaving.
    const approved = then(then(submitted, request()), approve(buyer(2)));
    for (const party of [buyer(3), seller(3)]) {
      const refused = domainErrorOf(() => decide(approved, dispute(party)));
      expect(refused.code).toBe('no_retainage');
      expect(refused.message).toBe('The retainage was already released to the payees by both parties; it is being paid out.');
      expect(domainErrorOf(() => decide(approved, request(party))).code).toBe('no_retainage');
    }
    // Once the milestones applied it they hold nothing more: the plain message.
    const applied = closed.map((m) => ({ ...m, retainageHeld: '0.00' }));
    expect(domainErrorOf(() => decide(approved, dispute(buyer(4), applied))).message).toBe('No retainage is held on this project.');
    // An administrator's refund is a decision too.
    const refunded = then(then(submitted, dispute()), resolve('refund', admin(3)));
    expect(domainErrorOf(() => decide(refunded, dispute(seller(4)))).message).toBe(
      'The retainage was already refunded to the buyer by an administrator; it is being paid out.',
    );
    // Retainage a later milestone holds is not covered by the earlier decision: it can be asked for.
    const later = [...closed, { originalId: 900, closed: true, retainageHeld: '12.50' }];
    expect(decide(approved, request(seller(5), later))).toEqual([
      { type: 'RetainageReleaseRequested', data: { jobId: 41, party: 'company', by: 7, amount: '12.50', at: at(5) } },
    ]);
    const [second] = decide(then(approved, request(seller(5), later)), approve(buyer(6), later));
    expect(second).toMatchObject({ type: 'RetainageReleaseApproved', data: { amount: '12.50', milestoneIds: [900] } });
  });

  it('lets a party dispute the retainage while milestones are still open, but not with nothing held or no statement', () => {
    const open = [{ originalId: 500, closed: false, retainageHeld: '10.00' }];
    expect(decide(submitted, dispute(seller(), open))).toHaveLength(1);
    expect(domainErrorOf(() => decide(submitted, dispute(seller(), [{ originalId: 500, closed: true, retainageHeld: '0.00' }]))).code).toBe('no_retainage');
    expect(
      domainErrorOf(() => decide(submitted, { type: 'DisputeRetainage', data: { disputeId: 1, statement: ' ', milestones: closed }, metadata: buyer() })).kind,
    ).toBe('invalid');
  });
});

describe('four eyes on retainage resolutions', () => {
  // $500.00 held (497.19 + 2.81); the threshold below it makes a second administrator necessary.
  const disputed = () => then(submitted, dispute());
  const otherAdmin = (minute = 2): CommandMetadata => ({ ...admin(minute), actorId: 2 });
  const propose = (fourEyesAbove: string | null, metadata = admin()): ProjectCommand => ({
    type: 'ResolveRetainageDispute',
    data: { resolution: 'refund', note: 'Punch list undone.', milestones: closed, fourEyesAbove },
    metadata,
  });
  const approveIt = (metadata = otherAdmin(), milestones = closed): ProjectCommand => ({ type: 'ApproveRetainageResolution', data: { milestones }, metadata });
  const rejectIt = (metadata = otherAdmin()): ProjectCommand => ({ type: 'RejectRetainageResolution', data: { note: 'Wait for photos.' }, metadata });

  it('resolves in one step at or below the threshold', () => {
    expect(decide(disputed(), propose('500.00')).map((e) => e.type)).toEqual(['RetainageDisputeResolved']);
  });

  it('only proposes above it; the proposer cannot approve; another administrator approves and the resolution takes effect in the proposer name', () => {
    const proposed = then(disputed(), propose('499.99'));
    expect(proposed.at(-1)).toEqual({
      type: 'RetainageResolutionProposed',
      data: expect.objectContaining({ proposalId: 1, by: 1, resolution: 'refund', amount: '500.00', milestoneIds: [500, 700], fourEyesAbove: '499.99' }),
    });
    expect((foldProject(proposed) as ActiveProject).retainage.decisions).toEqual([]);
    expect(domainErrorOf(() => decide(proposed, approveIt(admin(3)))).message).toBe('A different administrator must approve a resolution you proposed.');
    const approved = decide(proposed, approveIt());
    expect(approved).toEqual([
      { type: 'RetainageResolutionApproved', data: expect.objectContaining({ proposalId: 1, by: 2, proposedBy: 1 }) },
      { type: 'RetainageDisputeResolved', data: expect.objectContaining({ by: 1, resolution: 'refund', amount: '500.00', milestoneIds: [500, 700] }) },
    ]);
    expect(domainErrorOf(() => decide([...proposed, ...approved], approveIt({ ...admin(4), actorId: 3 }))).kind).toBe('conflict');
  });

  it('keeps one proposal open; a rejection lets another be proposed; a proposal whose retainage changed cannot be approved', () => {
    const proposed = then(disputed(), propose('100.00'));
    expect(domainErrorOf(() => decide(proposed, propose('100.00', otherAdmin()))).kind).toBe('conflict');
    const rejected = then(proposed, rejectIt());
    expect(rejected.at(-1)).toMatchObject({ type: 'RetainageResolutionRejected', data: { by: 2, proposedBy: 1, note: 'Wait for photos.' } });
    expect(decide(rejected, propose('100.00', otherAdmin()))[0]).toMatchObject({ type: 'RetainageResolutionProposed', data: { proposalId: 2, by: 2 } });
    const changed = closed.map((m) => (m.originalId === 700 ? { ...m, retainageHeld: '0.00' } : m));
    expect(domainErrorOf(() => decide(proposed, approveIt(otherAdmin(), changed))).kind).toBe('conflict');
    expect(domainErrorOf(() => decide(proposed, approveIt(seller()))).kind).toBe('forbidden');
  });
});
