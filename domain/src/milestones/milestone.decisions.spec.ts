import type { MilestoneCommand } from './commands';
import { asVersionId } from './ids';
import { type VersionDecisions, versionStanding } from './milestone.decisions';
import { foldMilestone } from './milestone.evolve';
import { decisionsOf, nextAction } from './milestone.labels';
import type { ActiveMilestone } from './milestone.state';
import { as, ORIGINAL, payees, PROJECT, propose, run } from './milestone.test-kit';

const EDIT = 501;
const SECOND_EDIT = 502;
const approve = (meta: ReturnType<typeof as.buyer>, versionId: number = ORIGINAL): MilestoneCommand => ({
  type: 'ApproveMilestoneVersion',
  data: { versionId: asVersionId(versionId) },
  metadata: meta,
  project: PROJECT,
});
const reject = (meta: ReturnType<typeof as.buyer>, versionId: number = ORIGINAL): MilestoneCommand => ({
  type: 'RejectMilestoneVersion',
  data: { versionId: asVersionId(versionId), reason: null },
  metadata: meta,
  project: PROJECT,
});
const edit = (meta: ReturnType<typeof as.buyer>, versionId: number): MilestoneCommand => ({
  type: 'ProposeMilestoneEdit',
  data: {
    versionId: asVersionId(versionId),
    title: 'Framing (revised)',
    definition: 'Walls framed.',
    position: 1,
    payees: payees(),
    amount: '9000.00',
    payeeIds: [versionId * 10 + 1, versionId * 10 + 2, versionId * 10 + 3],
  },
  metadata: meta,
  project: PROJECT,
});
const state = (...commands: MilestoneCommand[]) => foldMilestone(run(...commands)) as ActiveMilestone;
const next = (s: ActiveMilestone) => ({ buyer: nextAction(s, 'customer'), seller: nextAction(s, 'company') });
const facts = (s: ActiveMilestone, versionId: number): VersionDecisions => decisionsOf(s.versions.find((x) => x.versionId === versionId)!);

describe('the next step names the version it is about (docs/product.md#approval-and-funding: each party approves or rejects a version, its author included)', () => {
  it('asks both parties to approve or reject the original', () => {
    expect(next(state(propose()))).toEqual({ buyer: 'Approve or reject the original', seller: 'Approve or reject the original' });
  });

  it("after the seller proposes an edit of its own original, names both versions for each side, the edit as 'your edit' to its author", () => {
    const s = state(propose(), edit(as.seller(), EDIT));
    expect(next(s)).toEqual({
      buyer: "Approve the original or the seller's edit, or reject them",
      seller: 'Approve the original or your edit, or reject them',
    });
    expect(versionStanding(facts(s, EDIT), 'company')).toBe("Your edit waits for your approval and the buyer's.");
    expect(versionStanding(facts(s, EDIT), 'customer')).toBe("The seller's edit waits for your approval and the seller's.");
    expect(versionStanding(facts(s, ORIGINAL), 'company')).toBe("The original waits for your approval and the buyer's.");
  });

  it('says whose approval a version still waits for once one side approved it', () => {
    const s = state(propose(), edit(as.seller(), EDIT), approve(as.seller(), EDIT));
    expect(next(s)).toEqual({ buyer: "Approve the original or the seller's edit, or reject them", seller: null });
    expect(versionStanding(facts(s, EDIT), 'company')).toBe("You approved your edit; it waits for the buyer's approval.");
    expect(versionStanding(facts(s, EDIT), 'customer')).toBe("The seller's edit waits for your approval; the seller approved it.");
  });

  it('after the original and its edit are both rejected, offers the way on: approve again what the other side approved, or an edit', () => {
    // The seller approves its original, the buyer rejects it and proposes an edit, the seller rejects the edit.
    const s = state(propose(), approve(as.seller()), reject(as.buyer()), edit(as.buyer(), EDIT), reject(as.seller(), EDIT));
    expect(next(s)).toEqual({ buyer: 'Approve the original, or propose an edit', seller: 'Propose an edit' });
    expect(versionStanding(facts(s, ORIGINAL), 'customer')).toBe('You rejected the original; the seller approved it.');
    expect(versionStanding(facts(s, ORIGINAL), 'company')).toBe('You approved the original; the buyer rejected it.');
    expect(versionStanding(facts(s, EDIT), 'customer')).toBe('The seller rejected your edit.');
    expect(versionStanding(facts(s, EDIT), 'company')).toBe("You rejected the buyer's edit; the buyer has not decided yet.");
  });

  it('names an edit of the agreed version, and an edit the other side rejected no longer holds up the deposit', () => {
    const agreed = [propose(), approve(as.seller()), approve(as.buyer()), edit(as.buyer(), SECOND_EDIT)];
    expect(next(state(...agreed))).toEqual({ buyer: 'Approve or reject your edit', seller: "Approve or reject the buyer's edit" });
    expect(next(state(...agreed, reject(as.seller(), SECOND_EDIT)))).toEqual({ buyer: 'Deposit funds', seller: null });
  });
});
