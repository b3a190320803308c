import type { MilestoneTerms } from '../money/fees';
import { DomainError } from '../shared/errors';
import type { CreateJobDraft, ProjectCommand, SignProjectAgreement } from './commands';
import type { ProjectEvent } from './events';
import { decideProject, foldProject } from './project.decider';

const metadata = { now: '2026-11-22T10:00:00.000Z', actorId: 7, actorRole: 'company' as const, actorCompanyId: 3 };
const createDraft: CreateJobDraft = {
  type: 'CreateJobDraft',
  data: { jobId: 41, customerId: 12, primaryCompanyId: 3, service: ' Roofing ', customerInitiated: false },
  metadata,
};

const given = (events: ProjectEvent[]) => ({ when: (command: ProjectCommand) => () => decideProject(command, foldProject(events)) });

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
    expect(given([]).when({ ...createDraft, data: { ...createDraft.data, service: '  ' } })).toThrow(
      'Choose the main service provided before creating the project.',
    );
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
    expect(() => decideProject({ type: 'SubmitJob', data: { milestoneCount: 0 }, metadata: seller }, draft)).toThrow(
      'Add at least one milestone before submitting the project.',
    );
    expect(decideProject({ type: 'SubmitJob', data: { milestoneCount: 1 }, metadata: seller }, draft)).toEqual([
      expect.objectContaining({ type: 'JobSubmitted' }),
    ]);
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
    expect(given([]).when({ ...createDraft, data: { ...createDraft.data, service: 'Roof \ud800' } })).toThrow(
      'The service contains a character that cannot be stored',
    );
  });

  describe('recording a milestone version both parties agreed, as the agreement lists it', () => {
    const terms: MilestoneTerms = {
      amount: '100.00',
      payees: [],
      payeeTotal: '100.00',
      feeTotal: '2.25',
      depositTotal: '102.25',
      netTotal: '100.00',
      retainagePercent: '0.00',
      retainageTotal: '0.00',
      lienWaiverState: null,
    };
    const record = (versionId: number): ProjectCommand => ({
      type: 'RecordAgreedMilestone',
      data: { originalId: 500, versionId, title: 'Frame', definition: 'Framed.', position: 1, terms },
      metadata: buyer,
    });

    it('records each version agreed after the one it lists, once', () => {
      const first = given(submitted()).when(record(500))();
      expect(first).toEqual([
        {
          type: 'ProjectMilestoneAgreed',
          data: { jobId: 41, originalId: 500, versionId: 500, title: 'Frame', definition: 'Framed.', position: 1, terms, at: metadata.now },
        },
      ]);
      // A retried approval, or one that lost a race with a later edit's, records nothing.
      expect(given([...submitted(), ...first]).when(record(500))()).toEqual([]);
      const edit = given([...submitted(), ...first]).when(record(507))();
      expect(edit).toEqual([expect.objectContaining({ type: 'ProjectMilestoneAgreed', data: expect.objectContaining({ versionId: 507 }) })]);
      expect(given([...submitted(), ...first, ...edit]).when(record(500))()).toEqual([]);
      expect(foldProject([...submitted(), ...first, ...edit])).toMatchObject({ agreedMilestones: { 500: { versionId: 507 } } });
    });

    it('knows no milestone of a project that is not there', () => {
      expect(given([]).when(record(500))).toThrow('There is no such project.');
    });
  });

  describe('signing the escrow agreement', () => {
    const buyer = { now: '2026-11-22T11:00:00.000Z', actorId: 12, actorRole: 'customer' as const, actorCompanyId: null };
    const drafted = given([]).when(createDraft)();
    const sign = (signedName: string, agreementHash = 'a'.repeat(64)): SignProjectAgreement => ({
      type: 'SignProjectAgreement',
      data: { party: 'customer', signedName, legalName: 'Olivia  Owner', agreementHash, contractName: 'escrow-agreement-41' },
      metadata: buyer,
    });

    it("takes the signer's own legal name, whatever its case and spacing", () => {
      expect(given(drafted).when(sign('  olivia   OWNER '))()).toEqual([
        {
          type: 'ProjectAgreementSigned',
          data: {
            jobId: 41,
            party: 'customer',
            signedBy: 12,
            signedName: 'olivia OWNER',
            agreementHash: 'a'.repeat(64),
            contractName: 'escrow-agreement-41',
            at: buyer.now,
          },
        },
      ]);
    });

    it('refuses any other name with a message that says which name to sign with', () => {
      for (const name of ['Somebody Else Entirely', '<script>alert(1)</script>', 'Olivia', 'Olivia Owner Jr']) {
        const attempt = given(drafted).when(sign(name));
        expect(attempt).toThrow('Sign with your own legal name as it is on your account: Olivia Owner.');
        try {
          attempt();
        } catch (error) {
          expect((error as DomainError).kind).toBe('invalid');
        }
      }
    });

    it('refuses a second signature of the same text by the same party as a conflict', () => {
      const signed = [...drafted, ...given(drafted).when(sign('Olivia Owner'))()];
      const again = given(signed).when(sign('Olivia Owner'));
      expect(again).toThrow('You have already signed this agreement.');
      try {
        again();
      } catch (error) {
        expect((error as DomainError).kind).toBe('conflict');
      }
      // A changed agreement is another text: it is signed again.
      expect(given(signed).when(sign('Olivia Owner', 'b'.repeat(64)))()).toHaveLength(1);
    });
  });
});
