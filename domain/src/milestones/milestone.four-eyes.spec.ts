import type { MilestoneCommand } from './commands';
import type { MilestoneEvent } from './events';
import { held } from './milestone.money';
import type { ActiveMilestone } from './milestone.state';
import { ADMIN, as, given, ORIGINAL, PROJECT, propose, refusal, run, SIGNED } from './milestone.test-kit';

/** Four eyes on large resolutions (docs/administrators.md): given(events) / when(command) / then(events). */
const OTHER_ADMIN = 2;
const asOther = () => ({ ...as.admin(), actorId: OTHER_ADMIN });
const approveVersion = (meta = as.buyer()): MilestoneCommand => ({
  type: 'ApproveMilestoneVersion',
  data: { versionId: ORIGINAL },
  metadata: meta,
  project: PROJECT,
});
/** A milestone of $10,168.75 held (deposit settled and cleared), its dispute opened by the buyer. */
const opened = (): MilestoneEvent[] =>
  run(
    propose(),
    approveVersion(as.buyer()),
    approveVersion(as.seller()),
    { type: 'RequestDeposit', data: { depositId: 1, bankAccountLast4: '6789', agreement: SIGNED() }, metadata: as.buyer(), project: PROJECT },
    {
      type: 'SettleDeposit',
      data: { depositId: 1, providerReference: 'sandbox-1', responseDays: 30, clearsAt: '2026-01-01T00:00:00.000Z' },
      metadata: as.system(),
    },
    { type: 'ClearDeposit', data: { depositId: 1 }, metadata: as.system() },
    { type: 'OpenDispute', data: { disputeId: 3, statement: 'Framing is not to code.' }, metadata: as.buyer(), project: PROJECT },
  );
const resolve = (
  fourEyesAbove: string | null,
  meta = as.admin(),
  resolution: 'release' | 'refund' | 'split' = 'refund',
  refundAmount?: string,
): MilestoneCommand => ({
  type: 'ResolveDispute',
  data: { resolution, refundAmount, note: 'Work not done.', fourEyesAbove },
  metadata: meta,
});
const approve = (meta = asOther(), proposalId?: number): MilestoneCommand => ({ type: 'ApproveResolution', data: { proposalId }, metadata: meta });
const reject = (meta = asOther()): MilestoneCommand => ({ type: 'RejectResolution', data: { note: 'The buyer sent photos.' }, metadata: meta });
const types = (events: MilestoneEvent[]) => events.map((e) => e.type);
const heldIn = (events: MilestoneEvent[]) => held(given(events).state as ActiveMilestone).toFixed(2);

describe('four eyes on dispute resolutions', () => {
  it('resolves in one step at or below the threshold', () => {
    expect(types(given(opened()).when(resolve('10168.75')))).toEqual(['DisputeResolved', 'RefundRequested']);
    expect(types(given(opened()).when(resolve(null)))).toEqual(['DisputeResolved', 'RefundRequested']);
  });

  it('only proposes a resolution moving more than the threshold, with the whole resolution and its proposer; nothing moves', () => {
    const proposed = given(opened()).when(resolve('10000.00', as.admin(), 'split', '4068.75'));
    expect(proposed).toEqual([
      {
        type: 'ResolutionProposed',
        data: expect.objectContaining({
          disputeId: 3,
          proposalId: 1,
          by: ADMIN,
          resolution: 'split',
          releaseAmount: '6100.00',
          refundAmount: '4068.75',
          note: 'Work not done.',
          fourEyesAbove: '10000.00',
        }),
      },
    ]);
    expect(heldIn([...opened(), ...proposed])).toBe('10168.75');
  });

  it('refuses the proposer as approver, then lets a different administrator approve: the resolution takes effect once', () => {
    const proposed = given(opened()).then(resolve('10000.00', as.admin(), 'split', '4068.75'));
    expect(refusal(() => given(proposed).when(approve(as.admin())))).toEqual({
      kind: 'forbidden',
      message: 'A different administrator must approve a resolution you proposed.',
    });
    const approved = given(proposed).when(approve(asOther(), 1));
    expect(types(approved)).toEqual([
      'ResolutionApproved',
      'DisputeResolved',
      'DisbursementRequested',
      'DisbursementRequested',
      'DisbursementRequested',
      'RefundRequested',
    ]);
    expect(approved[0]!.data).toMatchObject({ proposalId: 1, by: OTHER_ADMIN, proposedBy: ADMIN });
    expect(approved[1]!.data).toMatchObject({ by: ADMIN, releaseAmount: '6100.00', refundAmount: '4068.75' });
    const after = [...proposed, ...approved];
    expect(heldIn(after)).toBe('0.00');
    // A second approval (the other of two approvers at once, decided again) finds nothing to approve.
    expect(refusal(() => given(after).when(approve({ ...as.admin(), actorId: 3 })))).toMatchObject({ kind: 'conflict' });
  });

  it('keeps one open proposal per dispute: another is refused until it is rejected or withdrawn', () => {
    const proposed = given(opened()).then(resolve('10000.00'));
    expect(refusal(() => given(proposed).when(resolve('10000.00', asOther(), 'release')))).toMatchObject({ kind: 'conflict' });
    const rejected = given(proposed).then(reject(asOther()));
    expect(rejected.at(-1)).toMatchObject({
      type: 'ResolutionRejected',
      data: { proposalId: 1, by: OTHER_ADMIN, proposedBy: ADMIN, note: 'The buyer sent photos.' },
    });
    const again = given(rejected).when(resolve('10000.00', asOther(), 'release'));
    expect(again).toEqual([{ type: 'ResolutionProposed', data: expect.objectContaining({ proposalId: 2, by: OTHER_ADMIN, resolution: 'release' }) }]);
    // The proposer withdraws their own.
    expect(given(proposed).when(reject(as.admin()))[0]).toMatchObject({ type: 'ResolutionRejected', data: { by: ADMIN, proposedBy: ADMIN } });
  });

  it('refuses to approve a proposal whose dispute changed since, or one the approver did not see', () => {
    const proposed = given(opened()).then(resolve('10000.00'));
    const responded = given(proposed).then({ type: 'RespondToDispute', data: { statement: 'It passed inspection.' }, metadata: as.seller(), project: PROJECT });
    expect(refusal(() => given(responded).when(approve()))).toEqual({
      kind: 'conflict',
      message: 'The dispute changed after this resolution was proposed: reject it and propose a resolution again.',
    });
    expect(types(given(responded).when(reject()))).toEqual(['ResolutionRejected']);
    expect(refusal(() => given(proposed).when(approve(asOther(), 7)))).toMatchObject({ kind: 'conflict' });
  });

  it('refuses approvals and rejections without a proposal, and by anyone but an administrator', () => {
    expect(refusal(() => given(opened()).when(approve()))).toEqual({ kind: 'conflict', message: 'No resolution of this dispute is waiting for approval.' });
    const proposed = given(opened()).then(resolve('10000.00'));
    expect(refusal(() => given(proposed).when(approve(as.seller())))).toMatchObject({ kind: 'forbidden' });
    expect(refusal(() => given(proposed).when(reject(as.buyer())))).toMatchObject({ kind: 'forbidden' });
  });
});
